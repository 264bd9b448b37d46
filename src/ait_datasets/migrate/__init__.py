"""`datasets migrate`: named, idempotent migrations of legacy agent datasets.

Each migration proposes :class:`~ait_datasets.diagnostics.Edit` s on the original text,
so every byte it does not touch stays as it was (comments, quoting, anchors, CRLF, a
BOM). The result is parsed again and compared with the same migration done on plain
data; when they differ nothing is written.
"""

from ait_datasets.migrate.files import (
    FAILED,
    MIGRATED,
    SKIPPED,
    UP_TO_DATE,
    FileResult,
    encoded,
    migrate_bytes,
    migrate_file,
)
from ait_datasets.migrate.model import (
    MIGRATIONS,
    Change,
    MigrationOptions,
    MigrationPlan,
)
from ait_datasets.migrate.planner import plan_migration

__all__ = [
    "FAILED",
    "MIGRATED",
    "MIGRATIONS",
    "SKIPPED",
    "UP_TO_DATE",
    "Change",
    "FileResult",
    "MigrationOptions",
    "MigrationPlan",
    "encoded",
    "migrate_bytes",
    "migrate_file",
    "plan_migration",
]

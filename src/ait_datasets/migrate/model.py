"""The values a migration works with: options, one reported change, and a plan."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from ait_datasets.diagnostics import Edit

# The named migrations, in the order they apply to a test. Each is idempotent: running it
# on its own output changes nothing.
FLAT_TO_TURNS = "flat-to-turns"
QUESTION_TEXT = "question-text-to-query"
QUESTION_OBJECT = "question-object-to-query"
TEST_SETUP = "test-setup-to-turn-setup"
ADD_FROM = "add-from"
AL_GET_QUERY = "al-get-query"

MIGRATIONS: tuple[str, ...] = (
    FLAT_TO_TURNS,
    QUESTION_TEXT,
    QUESTION_OBJECT,
    TEST_SETUP,
    ADD_FROM,
    AL_GET_QUERY,
)

KIND_AUTO = "auto"
KIND_AGENT = "agent"


class Unsupported(Exception):
    """A layout the planner will not rewrite; the message says where and why."""


@dataclass(frozen=True, slots=True)
class MigrationOptions:
    """What the user asked for.

    ``sender`` is the ``--from`` name given to task queries that have no ``from``;
    ``kind`` is ``auto`` (decide from the file) or ``agent`` (treat it as an agent dataset).
    """

    sender: str | None = None
    kind: str = KIND_AUTO


class Change(NamedTuple):
    """One line of the migration report: what changed (or must be done by hand) and where.

    ``line`` is the line in the original file; ``turn`` is 1-based, None for changes that
    are about the test as a whole. A named tuple (immutable, compared field by field):
    a large legacy file has several per test, and a frozen dataclass takes about six
    times as long to make.
    """

    migration: str
    line: int
    test: str | None
    turn: int | None
    message: str


@dataclass(slots=True)
class MigrationPlan:
    """Edits on the original text plus the report.

    ``skipped`` says why a file is left alone (not an agent dataset); ``problems`` say why
    a file that needs migration cannot be migrated safely (then nothing may be written);
    ``followups`` are things the author must still do by hand (not fatal).
    """

    edits: list[Edit] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)
    followups: list[Change] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    skipped: str | None = None

    @property
    def needed(self) -> bool:
        return bool(self.edits)

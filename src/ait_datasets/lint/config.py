"""Lint configuration: what to check and how strictly.

Loading it from ``pyproject.toml`` / ``.ait-datasets.toml`` lives in ``config_files``;
this module is only the value type and its defaults, so rules can read it cheaply.
"""

from __future__ import annotations

import datetime as dt

from ait_datasets.diagnostics import Severity
from ait_datasets.records import Record, field, replace
from ait_datasets.schema.vocabulary import INTERVENTION_TYPES

# In select, extend-select and ignore: every rule (as in ruff).
ALL = "ALL"


def matches(code: str, prefixes: tuple[str, ...]) -> bool:
    """Whether ``code`` is one of ``prefixes`` or starts with one (``ALL``: every code)."""
    return any(p == ALL or code.startswith(p) for p in prefixes)


class LintConfig(Record):
    """The settings of one file's lint (every argument optional: the defaults check all)."""

    select: tuple[str, ...] = ()  # codes or prefixes (or ALL); empty = all
    ignore: tuple[str, ...] = ()
    # Per-rule severity: exact codes or prefixes (the longest match wins).
    severity: dict[str, Severity] = field(default_factory=dict)
    work_date: dt.date | None = None
    intervention_types: tuple[str, ...] = INTERVENTION_TYPES
    fail_level: Severity = Severity.ERROR
    # Discovery filters, as globs relative to ``root`` (the config file's folder).
    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    root: str = ""
    # Safety limits for reading files (see ait_datasets.source.load).
    max_file_size: int = 100 * 1024 * 1024
    max_line_length: int = 1_000_000
    # Where this configuration came from (for messages), or "" for the defaults.
    source: str = ""

    def copy(self) -> LintConfig:
        """A copy with its own severity table (to change without touching this one)."""
        return replace(self, severity=dict(self.severity))

    def severity_for(self, code: str) -> Severity | None:
        best: str | None = None
        for key in self.severity:
            if code.startswith(key) and (best is None or len(key) > len(best)):
                best = key
        return None if best is None else self.severity[best]

    def enabled(self, code: str) -> bool:
        if self.select and not matches(code, self.select):
            return False
        return not matches(code, self.ignore)

    def effective_work_date(self) -> dt.date:
        return self.work_date or dt.date.today()

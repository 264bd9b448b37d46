"""The one diagnostic type every command reports with.

A diagnostic points at a span of a file (1-based line and column, end inclusive of the
last character's column + 1, as editors expect) and carries a stable rule code, a
severity, a message written for dataset authors, and optionally a fix made of text edits.
"""

from __future__ import annotations

import enum
from typing import Protocol

from ait_datasets.records import FrozenRecord, replace


class Severity(str, enum.Enum):
    """How bad a finding is. Ordered: error > warning > info."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    @property
    def rank(self) -> int:
        return _RANK[self]


_RANK = {Severity.ERROR: 2, Severity.WARNING: 1, Severity.INFO: 0}


class Positioned(Protocol):
    """Anything with a 1-based start and (exclusive) end position, such as a span."""

    @property
    def line(self) -> int: ...
    @property
    def column(self) -> int: ...
    @property
    def end_line(self) -> int: ...
    @property
    def end_column(self) -> int: ...


class Edit(FrozenRecord):
    """Replace ``text[start:end]`` (character offsets into the decoded file) by ``replacement``.

    One edit type serves `lint --fix`, `migrate` and the TUI's save, so that untouched
    bytes stay untouched whoever changes the file.
    """

    start: int
    end: int
    replacement: str


class Fix(FrozenRecord):
    """A proposed change. ``safe`` fixes never change what the framework reads."""

    description: str
    edits: tuple[Edit, ...] = ()
    safe: bool = True


class Diagnostic(FrozenRecord):
    """One finding about one file (two findings are equal whatever their fixes)."""

    _uncompared = ("fix",)
    path: str
    line: int
    column: int
    end_line: int
    end_column: int
    code: str
    severity: Severity
    message: str
    fix: Fix | None = None

    def with_fix(self, fix: Fix | None) -> Diagnostic:
        """The same finding with ``fix`` instead of its own."""
        return replace(self, fix=fix)

    @classmethod
    def at(
        cls,
        path: str,
        span: Positioned | None,
        code: str,
        severity: Severity,
        message: str,
        fix: Fix | None = None,
    ) -> Diagnostic:
        """A diagnostic covering ``span``; ``None`` means the whole file (line 1, column 1)."""
        if span is None:
            return cls(path, 1, 1, 1, 1, code, severity, message, fix)
        return cls(
            path,
            span.line,
            span.column,
            span.end_line,
            span.end_column,
            code,
            severity,
            message,
            fix,
        )

    def sort_key(self) -> tuple[str, int, int, str, str]:
        return (self.path, self.line, self.column, self.code, self.message)

    def to_dict(self) -> dict[str, object]:
        """The JSON shape of a diagnostic (field names are part of the public contract)."""
        fix: dict[str, object] | None = None
        if self.fix is not None:
            fix = {
                "description": self.fix.description,
                "safe": self.fix.safe,
                "edits": [
                    {"start": e.start, "end": e.end, "replacement": e.replacement}
                    for e in self.fix.edits
                ],
            }
        return {
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "end_line": self.end_line,
            "end_column": self.end_column,
            "code": self.code,
            "severity": self.severity.value,
            "message": self.message,
            "fix": fix,
        }


def apply_edits(text: str, edits: list[Edit] | tuple[Edit, ...]) -> str:
    """Apply non-overlapping edits to ``text``; raises ValueError when two edits overlap."""
    ordered = sorted(edits, key=lambda e: (e.start, e.end))
    out: list[str] = []
    pos = 0
    for edit in ordered:
        if edit.start < pos:
            raise ValueError(f"overlapping edits at offset {edit.start}")
        if edit.start > len(text) or edit.end > len(text) or edit.end < edit.start:
            raise ValueError(f"edit out of range: {edit.start}..{edit.end}")
        out.append(text[pos : edit.start])
        out.append(edit.replacement)
        pos = edit.end
    out.append(text[pos:])
    return "".join(out)

"""Reporters turn diagnostics into text for people or machines; one module per format.

Each module has ``render(report: Report) -> str``. Validation knows nothing of them.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from ait_datasets.diagnostics import Diagnostic
from ait_datasets.records import Record

FORMATS: tuple[str, ...] = (
    "text",
    "concise",
    "json",
    "sarif",
    "github",
    "azure",
    "gitlab",
    "junit",
)


class Report(Record):
    """What a reporter renders: the findings of a run and what it looked at."""

    _fields = (
        "diagnostics",
        "files",
        "sources",
        "color",
        "statistics",
        "paths",
        "fixed",
        "unsafe_fixes",
    )
    __slots__ = _fields
    diagnostics: list[Diagnostic]
    files: int
    # The text of each file that has findings, for showing the offending line.
    sources: dict[str, str]
    color: bool
    statistics: bool
    # Every linted file, with or without findings (the JUnit report has a case per file).
    paths: list[str]
    # With --fix: how many findings were fixed (the summary says "N fixed, M remaining").
    fixed: int | None
    # Whether --unsafe-fixes was given (otherwise the summary counts what it would add).
    unsafe_fixes: bool

    def __init__(
        self,
        diagnostics: list[Diagnostic],
        files: int,
        sources: dict[str, str] | None = None,
        color: bool = False,
        statistics: bool = False,
        paths: list[str] | None = None,
        fixed: int | None = None,
        unsafe_fixes: bool = False,
    ) -> None:
        self.diagnostics = diagnostics
        self.files = files
        self.sources = {} if sources is None else sources
        self.color = color
        self.statistics = statistics
        self.paths = [] if paths is None else paths
        self.fixed = fixed
        self.unsafe_fixes = unsafe_fixes


def fix_kind(diag: Diagnostic) -> str | None:
    """``safe``, ``unsafe`` or None: the fix `--fix` can apply to this finding.

    A fix without edits is a rule saying it knows the repair but cannot make it here
    (its description says why): it is not counted as fixable.
    """
    if diag.fix is None or not diag.fix.edits:
        return None
    return "safe" if diag.fix.safe else "unsafe"


def renderer(fmt: str) -> Callable[[Report], str]:
    module = importlib.import_module(f"ait_datasets.lint.reporters.{fmt}_reporter")
    render: Callable[[Report], str] = module.render
    return render

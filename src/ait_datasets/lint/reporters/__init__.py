"""Reporters turn diagnostics into text for people or machines; one module per format.

Each module has ``render(report: Report) -> str``. Validation knows nothing of them.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from ait_datasets.diagnostics import Diagnostic
from ait_datasets.records import Record, field

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

    diagnostics: list[Diagnostic]
    files: int
    # The text of each file that has findings, for showing the offending line.
    sources: dict[str, str] = field(default_factory=dict)
    color: bool = False
    statistics: bool = False
    # Every linted file, with or without findings (the JUnit report has a case per file).
    paths: list[str] = field(default_factory=list)
    # With --fix: how many findings were fixed (the summary says "N fixed, M remaining").
    fixed: int | None = None
    # Whether --unsafe-fixes was given (otherwise the summary counts what it would add).
    unsafe_fixes: bool = False


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

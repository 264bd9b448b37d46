"""Reporters turn diagnostics into text for people or machines; one module per format.

Each module has ``render(report: Report) -> str``. Validation knows nothing of them.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field

from ait_datasets.diagnostics import Diagnostic

FORMATS: tuple[str, ...] = ("text", "json", "sarif", "github", "junit")


@dataclass(slots=True)
class Report:
    diagnostics: list[Diagnostic]
    files: int
    # The text of each file that has findings, for showing the offending line.
    sources: dict[str, str] = field(default_factory=dict)
    color: bool = False
    statistics: bool = False
    # Every linted file, with or without findings (the JUnit report has a case per file).
    paths: list[str] = field(default_factory=list)


def renderer(fmt: str) -> Callable[[Report], str]:
    module = importlib.import_module(f"ait_datasets.lint.reporters.{fmt}_reporter")
    render: Callable[[Report], str] = module.render
    return render

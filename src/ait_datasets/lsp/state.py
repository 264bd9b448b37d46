"""What the server knows about one open document, and its latest lint."""

from __future__ import annotations

from ait_datasets.diagnostics import Diagnostic
from ait_datasets.lint.config import LintConfig
from ait_datasets.records import Record


class Linted(Record):
    """The findings of one version of a buffer (so actions match what the user sees)."""

    _fields = ("version", "text", "config", "diagnostics", "error")
    __slots__ = _fields
    version: int | None
    text: str
    config: LintConfig
    diagnostics: list[Diagnostic]
    # A configuration problem, shown instead of silently linting with the defaults.
    error: str | None

    def __init__(
        self,
        version: int | None,
        text: str,
        config: LintConfig,
        diagnostics: list[Diagnostic],
        error: str | None = None,
    ) -> None:
        self.version = version
        self.text = text
        self.config = config
        self.diagnostics = diagnostics
        self.error = error

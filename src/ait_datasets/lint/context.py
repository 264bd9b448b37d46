"""What a rule gets besides the document: configuration and what the file is."""

from __future__ import annotations

from ait_datasets.lint.config import LintConfig
from ait_datasets.records import Record


class LintContext(Record):
    """The configuration of the file being linted, and what kind of file it is."""

    _fields = ("config", "kind")
    __slots__ = _fields
    config: LintConfig
    # "dataset", "suite-setup", "jsonl", "unknown" (see ait_datasets.lint.kinds).
    # Cross-file rules get the project in their own phase (``check_project``).
    kind: str

    def __init__(self, config: LintConfig | None = None, kind: str = "dataset") -> None:
        self.config = LintConfig() if config is None else config
        self.kind = kind

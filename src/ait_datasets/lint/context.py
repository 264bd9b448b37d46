"""What a rule gets besides the document: configuration and what the file is."""

from __future__ import annotations

from dataclasses import dataclass, field

from ait_datasets.lint.config import LintConfig


@dataclass(slots=True)
class LintContext:
    config: LintConfig = field(default_factory=LintConfig)
    # "dataset", "suite-setup", "jsonl", "unknown" (see ait_datasets.lint.kinds).
    kind: str = "dataset"
    # Cross-file rules get the project in their own phase (``check_project``).

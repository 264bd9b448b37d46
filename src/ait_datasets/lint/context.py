"""What a rule gets besides the document: configuration and what the file is."""

from __future__ import annotations

from dataclasses import dataclass, field

from ait_datasets.lint.config import LintConfig


@dataclass(slots=True)
class LintContext:
    config: LintConfig = field(default_factory=LintConfig)
    # "dataset", "suite-setup", "jsonl", "unknown" (see ait_datasets.lint.kinds).
    kind: str = "dataset"
    # Cross-file knowledge (suite-setup names, dataset files of the app); None when
    # linting a single document in isolation.
    project: object | None = None

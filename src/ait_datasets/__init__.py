"""ait-datasets: tools for Business Central AI Test Toolkit datasets.

The public API is small and typed; heavy parts (Textual, ruamel, pydantic) are imported
only by the commands that need them. What a script needs is here:

    import ait_datasets

    for finding in ait_datasets.lint_text(text, "datasets/orders.yaml"):
        print(finding)

The lint names are resolved on first use (see :mod:`ait_datasets.lint`).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from ait_datasets.diagnostics import Diagnostic, Edit, Fix, Severity, apply_edits
from ait_datasets.version import __version__

if TYPE_CHECKING:
    from ait_datasets.lint import LintConfig, LintRun, Rule, all_rules, lint_paths, lint_text

_LINT = frozenset({"LintConfig", "LintRun", "Rule", "all_rules", "lint_paths", "lint_text"})

__all__ = [
    "Diagnostic",
    "Edit",
    "Fix",
    "LintConfig",
    "LintRun",
    "Rule",
    "Severity",
    "__version__",
    "all_rules",
    "apply_edits",
    "lint_paths",
    "lint_text",
]


# At run time only: type checkers see the imports above, and so catch a misspelt name.
if not TYPE_CHECKING:

    def __getattr__(name: str) -> Any:
        if name in _LINT:
            return getattr(importlib.import_module("ait_datasets.lint"), name)
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

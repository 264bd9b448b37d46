"""Linting Business Central AI Test Toolkit datasets: the public API.

    from ait_datasets.lint import LintConfig, lint_text, lint_paths

    for finding in lint_text(text, ".resources/datasets/orders.yaml"):
        print(finding.line, finding.column, finding.code, finding.message)

    run = lint_paths(["."], LintConfig(ignore=("PH",)))
    print(run.files, len(run.diagnostics))

Every surface (the command line, ``--fix``, the editor, the language server) calls these
same functions, so they report the same findings for the same bytes and the same app,
cross-file rules included. Names are resolved on first use, so importing one submodule
(``ait_datasets.lint.config``) does not load every rule family.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ait_datasets.lint.config import LintConfig
    from ait_datasets.lint.engine import LintRun, lint_document, lint_paths, lint_text
    from ait_datasets.lint.rule import Rule
    from ait_datasets.lint.rules import all_rules

_WHERE = {
    "LintConfig": "ait_datasets.lint.config",
    "LintRun": "ait_datasets.lint.engine",
    "lint_document": "ait_datasets.lint.engine",
    "lint_paths": "ait_datasets.lint.engine",
    "lint_text": "ait_datasets.lint.engine",
    "Rule": "ait_datasets.lint.rule",
    "all_rules": "ait_datasets.lint.rules",
}

__all__ = ["LintConfig", "LintRun", "Rule", "all_rules", "lint_document", "lint_paths", "lint_text"]


# At run time only: type checkers see the imports above, and so catch a misspelt name.
if not TYPE_CHECKING:

    def __getattr__(name: str) -> Any:
        module = _WHERE.get(name)
        if module is None:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        return getattr(importlib.import_module(module), name)

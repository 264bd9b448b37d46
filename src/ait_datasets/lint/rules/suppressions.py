"""Suppressions (``SUP``): findings about `# datasets: disable=...` comments.

The engine applies suppressions after all other rules (see ``ait_datasets.lint.suppressions``);
this family only registers their rules so `datasets rules` documents them.
"""

from __future__ import annotations

from collections.abc import Iterator

from ait_datasets.diagnostics import Diagnostic
from ait_datasets.lint.context import LintContext
from ait_datasets.lint.suppressions import RULES
from ait_datasets.source.document import Document

__all__ = ["RULES", "check"]


def check(doc: Document, ctx: LintContext) -> Iterator[Diagnostic]:
    return iter(())

"""Suppressions (``SUP``): findings about `# datasets: disable=...` comments.

The engine applies suppressions after all other rules (see ``ait_datasets.lint.suppressions``);
this family only registers their rules so `datasets rules` documents them.
"""

from __future__ import annotations

from ait_datasets.lint.family import ALL_FORMATS, Family
from ait_datasets.lint.suppressions import RULES

__all__ = ["FAMILY", "RULES"]


FAMILY = Family(prefix="SUP", rules=RULES, formats=ALL_FORMATS)

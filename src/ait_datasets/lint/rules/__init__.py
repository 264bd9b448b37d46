"""The rule families. Each is a module with ``RULES`` and ``check(doc, ctx)``.

Registering a family is adding its module name to ``FAMILIES``; `datasets rules`, the
README's rule table and the engine all read this one list.
"""

from __future__ import annotations

import importlib
from functools import cache
from types import ModuleType

from ait_datasets.lint.rule import Rule

FAMILIES: tuple[str, ...] = (
    "syntax",
    "file",
    "structure",
    "tests",
    "turns",
    "query",
    "expectations",
    "flow",
    "legacy",
    "placeholders",
    "references",
    "suite_xml",
    "al_code",
    "suppressions",
)


@cache
def family_modules() -> tuple[ModuleType, ...]:
    return tuple(importlib.import_module(f"ait_datasets.lint.rules.{name}") for name in FAMILIES)


@cache
def all_rules() -> tuple[Rule, ...]:
    rules = [rule for module in family_modules() for rule in module.RULES]
    return tuple(sorted(rules, key=lambda r: r.code))


@cache
def rules_by_code() -> dict[str, Rule]:
    return {rule.code: rule for rule in all_rules()}

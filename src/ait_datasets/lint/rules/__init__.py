"""The rule families, each a module ending with its :class:`~ait_datasets.lint.family.Family`.

Registering a family is importing its module here and adding its ``FAMILY`` to
``FAMILIES``; `datasets rules`, the README's rule table and the engine all read this one
tuple. Imported statically: the lint path loads every family anyway, and a static import
lets type checkers and readers follow it.
"""

from __future__ import annotations

from functools import cache

from ait_datasets.lint.family import Family
from ait_datasets.lint.rule import Rule
from ait_datasets.lint.rules import (
    al_code,
    expectations,
    file,
    flow,
    legacy,
    placeholders,
    query,
    references,
    structure,
    suite_xml,
    suppressions,
    syntax,
    tests,
    turns,
)

FAMILIES: tuple[Family, ...] = (
    syntax.FAMILY,
    file.FAMILY,
    structure.FAMILY,
    tests.FAMILY,
    turns.FAMILY,
    query.FAMILY,
    expectations.FAMILY,
    flow.FAMILY,
    legacy.FAMILY,
    placeholders.FAMILY,
    references.FAMILY,
    suite_xml.FAMILY,
    suppressions.FAMILY,
    al_code.FAMILY,
)


@cache
def all_rules() -> tuple[Rule, ...]:
    rules = [rule for family in FAMILIES for rule in family.rules]
    return tuple(sorted(rules, key=lambda r: r.code))


@cache
def rules_by_code() -> dict[str, Rule]:
    return {rule.code: rule for rule in all_rules()}

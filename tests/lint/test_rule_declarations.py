"""Rules and families are declared by keyword, with typed fix availability and file kinds."""

from __future__ import annotations

import json

import pytest

from ait_datasets.dataset.shape import FileKind
from ait_datasets.diagnostics import Severity
from ait_datasets.lint.rule import Example, FixAvailability, Rule
from ait_datasets.lint.rules import FAMILIES, all_rules
from ait_datasets.lint.rules_table import rules_json, rules_text


def test_a_rule_takes_its_fields_by_keyword_only() -> None:
    with pytest.raises(TypeError):
        Rule(  # type: ignore[misc]
            "XXX001", "name", "family", Severity.INFO, "s", "w", "y", Example("a: 1\n"), "f"
        )
    rule = Rule(
        code="XXX001",
        name="name",
        family="family",
        severity=Severity.INFO,
        summary="s",
        what="w",
        why="y",
        bad=Example("a: 1\n"),
        fix="f",
    )
    assert rule.fixable is FixAvailability.NONE


def test_every_rule_and_family_uses_the_enums() -> None:
    assert {type(rule.fixable) for rule in all_rules()} == {FixAvailability}
    for family in FAMILIES:
        assert family.kinds is None or all(type(kind) is FileKind for kind in family.kinds)


def test_the_rule_tables_show_fix_availability_as_before() -> None:
    safe = next(r for r in all_rules() if r.fixable is FixAvailability.SAFE)
    none = next(r for r in all_rules() if r.fixable is FixAvailability.NONE)
    rows = {line.split()[0]: line for line in rules_text(all_rules()).splitlines()[1:]}
    assert rows[safe.code].split()[2] == "safe"
    assert rows[none.code].split()[2] == none.name  # the Fix column is blank
    data = {d["code"]: d for d in json.loads(rules_json([safe, none]))}
    assert data[safe.code]["fixable"] == "safe"
    assert data[none.code]["fixable"] is None

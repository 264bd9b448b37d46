"""Every rule says what in the framework's AL code it relies on, or that it relies on none.

The project follows the framework's code, so each rule's "why" cites the AL object and
the lines it relies on (an object with its number, or an `.al` file, and a line or line
range); a rule about plain YAML/JSON syntax or this linter's own configuration says
"No AL:" and names what it follows instead (a YAML 1.2 or RFC section, a setting).
"""

from __future__ import annotations

import re

import pytest

from ait_datasets.lint.rule import Rule
from ait_datasets.lint.rules import all_rules

# `codeunit 130561 ... lines 534-536`, `XmlPort 149031 ... line 42`,
# `TestInputJson.Codeunit.al:25-34`, `AITTestSuite.Table.al` line 46.
_OBJECT = (
    r"(?:(?:codeunit|XmlPort|table|enum|page)\s+\d{4,}"
    r"|\w+\.(?:Codeunit|Table|XmlPort|Enum|Page)\.al)"
)
_LINES = r"(?:\blines?\s+\d+|:\d+)"
AL_CITATION = re.compile(_OBJECT + r"[^.]*?" + _LINES)
NO_AL = "No AL:"

RULES = all_rules()


@pytest.mark.parametrize("rule", RULES, ids=[r.code for r in RULES])
def test_rule_why_cites_the_al_it_relies_on_or_says_it_relies_on_none(rule: Rule) -> None:
    assert AL_CITATION.search(rule.why) or NO_AL in rule.why, (
        f"{rule.code}: its 'why' must cite the AL object and line it relies on "
        f"(e.g. 'Test Inputs Management codeunit 130458 lines 222-223') or say '{NO_AL} ...'"
    )


def test_the_citation_pattern_tells_a_citation_from_a_mention() -> None:
    assert AL_CITATION.search("Library - Agent Impl. codeunit 130561 lines 534-536")
    assert AL_CITATION.search("(`TestInputJson.Codeunit.al:25-34`)")
    assert AL_CITATION.search("`AITTestSuite.Table.al` line 46")
    # An object without a line, or a line without an object, is not a citation.
    assert not AL_CITATION.search("The suite import (`ImportAITestSuite`, XmlPort 149031) fails.")
    assert not AL_CITATION.search("the turn fails at line 12")

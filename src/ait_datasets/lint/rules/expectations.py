"""Expectations: ``expected_data.intervention_request`` as FinalizeTurn validates it (``EXP``)."""

from __future__ import annotations

from collections.abc import Iterator

from ait_datasets.dataset import shape
from ait_datasets.diagnostics import Diagnostic, Fix, Severity
from ait_datasets.lint.context import LintContext
from ait_datasets.lint.family import TEST_KINDS, Family
from ait_datasets.lint.rule import Example, FixAvailability, Rule
from ait_datasets.lint.rules.common import (
    WRONG_TYPE,
    replace_scalar,
    spelling_fix,
    unknown_keys,
)
from ait_datasets.lint.rules.example_datasets import ASSISTANCE_YAML
from ait_datasets.lint.suggest import did_you_mean
from ait_datasets.schema.vocabulary import INTERVENTION_REQUEST_KEYS
from ait_datasets.source.document import Document
from ait_datasets.source.tree import Mapping, Node, Scalar, Sequence, type_name

TYPE = Rule(
    code="EXP001",
    name="intervention-type",
    family="expectations",
    severity=Severity.ERROR,
    summary="`intervention_request.type` is not a name of the intervention request type enum.",
    what="Reports types other than `Assistance`, `ReviewRecord` and `ReviewMessage` (exact case; "
    "the list is configurable with `intervention-types`).",
    why="The framework matches the text against the enum's value names exactly "
    "(`Names.IndexOf`, case-sensitive) and fails with 'The user intervention request type "
    "\"...\" does not exist.' The documentation's `Review` and `Message` are not names."
    " (`ParseUserInterventionRequestType`, Library - Agent Impl. codeunit 130561 "
    "(`LibraryAgentImpl.Codeunit.al`) lines 171-183; label line 731.)",
    bad=Example(
        """
        tests:
          - name: RELEASE-ORDER
            turns:
              - query:
                  from: Jane Doe
                  title: Release order 101
                  message: Please release sales order 101.
                expected_data:
                  intervention_request:
                    type: Asistance
                    suggestions: [RELEASE, CANCEL]
              - query:
                  intervention: {suggestion: RELEASE}
                expected_data: {}
        """,
        line=10,
    ),
    fix="Use `Assistance`, `ReviewRecord` or `ReviewMessage`. A wrong case, or a spelling one "
    "edit from one name only (`Asistance`), is fixed safely; a further misspelling and "
    "`Message` -> `ReviewMessage` are unsafe fixes; `Review` needs you to choose.",
    fixable=FixAvailability.SAFE,
    good=Example(ASSISTANCE_YAML),
)
SUGGESTIONS = Rule(
    code="EXP002",
    name="intervention-suggestions",
    family="expectations",
    severity=Severity.ERROR,
    summary="`intervention_request.suggestions` is not a list of codes, or repeats a code.",
    what="Reports `suggestions` that is not a list, items that are neither text nor numbers "
    "(lists, mappings, null, booleans), and duplicate codes (compared as text: `1` and "
    "`'1'` are the same code).",
    why="FinalizeTurn reads each item with `ValueAsText()` and checks that the suggestion "
    "exists AND that the count equals the actual number of suggestions ('Expected %1 "
    "suggestions but found %2 actual suggestions.'), Library - Agent Impl. codeunit 130561 "
    "lines 642-654: list every suggestion the agent offers, each once. Numbers are read as "
    "their text, so numeric codes work.",
    bad=Example(
        """
        tests:
          - name: RELEASE-ORDER
            turns:
              - query:
                  from: Jane Doe
                  title: Release order 101
                  message: Please release sales order 101.
                expected_data:
                  intervention_request:
                    type: Assistance
                    suggestions: RELEASE
              - query:
                  intervention: {suggestion: RELEASE}
                expected_data: {}
        """,
        line=11,
    ),
    fix="Write `suggestions: [APPROVE, REJECT]` with every code the agent offers, once each.",
    good=Example(ASSISTANCE_YAML),
)

RULES = (TYPE, SUGGESTIONS)

# Keys of `intervention_request` proposed upstream but not read on BCApps main: reported
# by STR001 (a warning: the key is dropped, the turn still runs) with what they are.
_PROPOSED_KEYS = {
    "intent": (
        "`intent` is not read on BCApps main: it is an open upstream proposal (microsoft/"
        "BCApps pull request #8375, an intent an LLM judges the intervention against), not "
        "merged. Today FinalizeTurn validates only `type` and `suggestions` "
        "(`ValidateInterventionDetails`), so this intent is silently ignored and nothing "
        "checks it."
    )
}


def check(doc: Document, ctx: LintContext) -> Iterator[Diagnostic]:
    found: list[Diagnostic] = []
    if ctx.kind not in (shape.DATASET, shape.JSONL):
        return iter(found)
    allowed = ctx.config.intervention_types
    for turn in ctx.agent_turns(doc):
        expected = turn.node.children.get("expected_data")
        if not isinstance(expected, Mapping):
            continue
        request = expected.children.get("intervention_request")
        if request is None:
            continue
        if not isinstance(request, Mapping):
            found.append(
                WRONG_TYPE.at(
                    doc,
                    request.span,
                    f"`intervention_request` (turn {turn.index + 1}) must be a mapping with "
                    f"`type` and `suggestions`, not {type_name(request)}.",
                )
            )
            continue
        # One pass over the request, each check a lookup or two for a well-formed one.
        children = request.children
        if not INTERVENTION_REQUEST_KEYS.issuperset(children):
            found += unknown_keys(
                doc,
                request,
                INTERVENTION_REQUEST_KEYS,
                f"the intervention_request of turn {turn.index + 1}",
                _PROPOSED_KEYS,
            )
        node = children.get("type")
        if node is not None:
            _type(doc, node, allowed, found)
        suggestions = children.get("suggestions")
        if suggestions is not None:
            _suggestions(doc, suggestions, found)
    return iter(found)


def _type(doc: Document, node: Node, allowed: tuple[str, ...], found: list[Diagnostic]) -> None:
    if not isinstance(node, Scalar) or not isinstance(node.data, str):
        found.append(
            TYPE.at(
                doc,
                node.span,
                f"`type` must be one of {', '.join(allowed)}, not {type_name(node)}.",
            )
        )
        return
    value = node.data
    if value in allowed:
        return
    same_case = [a for a in allowed if a.lower() == value.lower()]
    fix: Fix | None = None
    if same_case:
        right = same_case[0]
        advice = f"Write '{right}' (exact case)."
        fix = Fix(f"Replace '{value}' with '{right}'", (replace_scalar(node, right),), safe=True)
    elif value.lower() == "message" and "ReviewMessage" in allowed:
        advice = "The documentation's 'Message' is the enum name 'ReviewMessage'."
        fix = Fix(
            "Replace 'Message' with 'ReviewMessage'",
            (replace_scalar(node, "ReviewMessage"),),
            safe=False,
        )
    elif value.lower() == "review":
        advice = (
            "The documentation's 'Review' is not an enum name: use 'ReviewRecord' (the agent "
            "asks to review a record) or 'ReviewMessage' (it asks to review a message)."
        )
        # A fix without edits: its description says why there is no automatic fix.
        fix = Fix(
            "'Review' could be 'ReviewRecord' or 'ReviewMessage': which pause the agent "
            "makes is yours to choose",
            (),
            safe=False,
        )
    elif (best := did_you_mean(value, allowed)) is not None:
        advice = f"Did you mean '{best}'?"
        fix = spelling_fix(node, value, best, allowed)
    else:
        advice = f"Use one of: {', '.join(allowed)}."
        fix = Fix(
            f"'{value}' is close to none of the names: which one is meant is yours to choose",
            (),
            safe=False,
        )
    found.append(
        TYPE.at(
            doc,
            node.span,
            f'The framework fails with \'The user intervention request type "{value}" does '
            f"not exist.' {advice}",
            fix,
        )
    )


def _suggestions(doc: Document, node: Node, found: list[Diagnostic]) -> None:
    if not isinstance(node, Sequence):
        found.append(
            SUGGESTIONS.at(
                doc,
                node.span,
                f"`suggestions` must be a list of suggestion codes, not {type_name(node)}.",
            )
        )
        return
    # Code -> the item that first listed it; its line is worked out only for a duplicate.
    seen: dict[str, Scalar] = {}
    for item in node.items:
        if not isinstance(item, Scalar) or not _is_code(item.data):
            found.append(
                SUGGESTIONS.at(
                    doc,
                    item.span,
                    f"Each suggestion must be a code (text or a number), not {type_name(item)}.",
                )
            )
            continue
        # ValueAsText: a number is its text (so 1 and '1' are one code).
        code = item.data if isinstance(item.data, str) else shape.scalar_text(item) or ""
        if code in seen:
            found.append(
                SUGGESTIONS.at(
                    doc,
                    item.span,
                    f"Suggestion '{code}' is listed twice (first at line "
                    f"{seen[code].span.line}); FinalizeTurn compares the count with the "
                    "agent's actual suggestions, so a duplicate makes the turn fail.",
                )
            )
        else:
            seen[code] = item


def _is_code(data: object) -> bool:
    """Text or a number: what `ValueAsText()` reads as a suggestion code."""
    return isinstance(data, (str, int, float)) and not isinstance(data, bool)


FAMILY = Family(prefix="EXP", rules=RULES, check=check, kinds=TEST_KINDS)

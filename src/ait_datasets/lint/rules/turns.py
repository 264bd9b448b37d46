"""Turns: the multi-turn shape Library - Agent requires (``TRN``)."""

from __future__ import annotations

import os
from collections.abc import Iterator

from ait_datasets.diagnostics import Diagnostic, Severity
from ait_datasets.lint import kinds
from ait_datasets.lint.context import LintContext
from ait_datasets.lint.rule import Example, Rule
from ait_datasets.lint.rules.common import WRONG_TYPE, head_span, unknown_keys
from ait_datasets.schema.vocabulary import FLAT_TURN_KEYS, LEGACY_TURN_KEYS, TURN_KEYS
from ait_datasets.source.document import Document
from ait_datasets.source.tree import Mapping, Sequence, type_name

FLAT_TEST = Rule(
    "TRN001",
    "agent-test-without-turns",
    "turns",
    Severity.ERROR,
    "An agent test puts `query`/`expected_data` directly under the test instead of in `turns:`.",
    "Reports agent tests (tests that use `query` or `intervention_request`) with turn keys "
    "directly under the test.",
    "Library - Agent's `RunTurnAndWait`, intervention continuations and automatic intervention "
    "validation work per turn; in a test with `turns:` the framework reads only the turns, "
    "so keys beside them are ignored.",
    Example(
        """
        tests:
          - name: RELEASE-ORDER
            query:
              from: Jane Doe
              title: Release order 101
              message: Please release sales order 101.
            expected_data: {}
        """,
        line=3,
    ),
    "Wrap the keys in a one-turn list: `turns:\\n  - query: ...\\n    expected_data: ...` "
    "(`datasets migrate` does it for you).",
    good=Example(
        """
        tests:
          - name: RELEASE-ORDER
            description: Jane asks the agent to release sales order 101
            turns:
              - query:
                  from: Jane Doe
                  title: Release order 101
                  message: Please release sales order 101.
                expected_data: {}
        """,
    ),
)
TURN_WITHOUT_QUERY = Rule(
    "TRN002",
    "turn-without-query",
    "turns",
    Severity.ERROR,
    "An agent turn has no `query`.",
    "Reports turns of agent tests with neither `query` nor the legacy `question`.",
    "`GetQuery()` fails the turn with 'DataInput - The element question does not exist.'",
    Example(
        """
        tests:
          - name: RELEASE-ORDER
            turns:
              - query:
                  from: Jane Doe
                  title: Release order 101
                  message: Please release sales order 101.
                expected_data: {}
              - expected_data: {}
        """,
        line=9,
    ),
    "Add a `query` (a task input with `from`/`title`/`message`, or an `intervention` reply).",
    good=Example(
        """
        tests:
          - name: RELEASE-ORDER
            description: Jane asks the agent to release sales order 101
            turns:
              - query:
                  from: Jane Doe
                  title: Release order 101
                  message: Please release sales order 101.
                expected_data: {}
        """,
    ),
)
TURN_WITHOUT_EXPECTED = Rule(
    "TRN003",
    "turn-without-expected-data",
    "turns",
    Severity.ERROR,
    "An agent turn has no `expected_data`.",
    "Reports turns of agent tests without `expected_data`.",
    "`Library - Agent.FinalizeTurn` always reads it and fails the turn with 'DataInput - The "
    "element expected_data does not exist.'; `expected_data: {}` is enough.",
    Example(
        """
        tests:
          - name: RELEASE-ORDER
            turns:
              - query:
                  from: Jane Doe
                  title: Release order 101
                  message: Please release sales order 101.
        """,
        line=4,
    ),
    "Add `expected_data:` (use `{}` when the turn checks nothing).",
    good=Example(
        """
        tests:
          - name: RELEASE-ORDER
            description: Jane asks the agent to release sales order 101
            turns:
              - query:
                  from: Jane Doe
                  title: Release order 101
                  message: Please release sales order 101.
                expected_data: {}
        """,
    ),
)

RULES = (FLAT_TEST, TURN_WITHOUT_QUERY, TURN_WITHOUT_EXPECTED)


# Keys an agent turn may have: the current ones and the legacy ones (reported by LEG).
_ALL_TURN_KEYS = TURN_KEYS | LEGACY_TURN_KEYS


def check(doc: Document, ctx: LintContext) -> Iterator[Diagnostic]:
    if ctx.kind not in (kinds.DATASET, kinds.JSONL):
        return
    for test in kinds.agent_tests(doc):
        node = test.node
        if not FLAT_TURN_KEYS.isdisjoint(node.children):
            yield _flat_test(doc, node)
        turns = node.children.get("turns")
        if turns is None:
            continue
        if not isinstance(turns, Sequence):
            yield WRONG_TYPE.at(
                doc,
                turns.span,
                f"`turns` must be a list of turns, not {type_name(turns)}; the framework fails "
                "with 'DataInput - The element is not an array, use a different method.'",
            )
            continue
        for i, turn in enumerate(turns.items):
            if not isinstance(turn, Mapping):
                yield WRONG_TYPE.at(
                    doc, turn.span, f"Turn {i + 1} must be a mapping, not {type_name(turn)}."
                )
                continue
            children = turn.children
            # Nearly every turn is complete and spelt right: one check in C each.
            if (
                _ALL_TURN_KEYS.issuperset(children)
                and "expected_data" in children
                and ("query" in children or "question" in children)
            ):
                continue
            yield from _turn(doc, turn, i)


def _flat_test(doc: Document, node: Mapping) -> Diagnostic:
    flat = [k for k in node.children if k in FLAT_TURN_KEYS]
    key_node = node.key_node(flat[0])
    assert key_node is not None
    where = (
        "beside `turns:`, where the framework ignores them"
        if "turns" in node.children
        else "directly under the test"
    )
    suite = doc.cache.get(kinds.AGENT_SUITE)
    why = (
        f" (the suite {os.path.basename(str(suite))} runs this dataset as an agent dataset)"
        if suite
        else ""
    )
    return FLAT_TEST.at(
        doc,
        key_node.span,
        f"Agent test keys ({', '.join(flat)}) are {where}{why}; agent tests must put "
        "each turn under `turns:`, even a single one. `datasets migrate` can rewrite "
        "this.",
    )


def _turn(doc: Document, turn: Mapping, index: int) -> Iterator[Diagnostic]:
    where = f"turn {index + 1}"
    yield from unknown_keys(doc, turn, _ALL_TURN_KEYS, f"agent {where}")
    if "query" not in turn.children and "question" not in turn.children:
        yield TURN_WITHOUT_QUERY.at(
            doc,
            head_span(turn),
            f"The {where} has no `query`; the framework fails it with 'DataInput - The element "
            "question does not exist.'",
        )
    if "expected_data" not in turn.children:
        yield TURN_WITHOUT_EXPECTED.at(
            doc,
            head_span(turn),
            f"The {where} has no `expected_data`; FinalizeTurn fails it with 'DataInput - The "
            "element expected_data does not exist.' Add `expected_data: {}` if nothing is "
            "checked.",
        )

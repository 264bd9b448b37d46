"""Turns: the multi-turn shape Library - Agent requires (``TRN``)."""

from __future__ import annotations

import os
from collections.abc import Iterator

from ait_datasets.dataset import shape
from ait_datasets.diagnostics import Diagnostic, Fix, Severity
from ait_datasets.lint.context import LintContext
from ait_datasets.lint.family import TEST_KINDS, Family
from ait_datasets.lint.rule import Example, FixAvailability, Rule
from ait_datasets.lint.rules.add_key import add_key_edit
from ait_datasets.lint.rules.common import WRONG_TYPE, head_span, misspelt_key_fix, unknown_keys
from ait_datasets.lint.rules.example_datasets import ORDERS_YAML
from ait_datasets.lint.suggest import did_you_mean
from ait_datasets.schema.vocabulary import FLAT_TURN_KEYS, LEGACY_TURN_KEYS, TURN_KEYS
from ait_datasets.source.document import Document
from ait_datasets.source.tree import Mapping, Node, Scalar, Sequence, type_name

FLAT_TEST = Rule(
    code="TRN001",
    name="agent-test-without-turns",
    family="turns",
    severity=Severity.WARNING,
    summary="A single-turn agent test puts `query`/`expected_data` directly under the test.",
    what="Reports agent tests (tests that use `query` or `intervention_request`, or every test of "
    "a dataset an agent suite runs) that have turn keys directly under the test and no "
    "`turns:`.",
    why="The framework runs such a test as one turn: without `turns` every getter reads the test "
    "object and `NextTurn()` returns false (AIT Test Context Impl. codeunit 149043, "
    "`InitializeGlobalVariables` lines 402-407, `GetTestInput` lines 467-475, `NextTurn` "
    "lines 325-326), and `RunTurnAndWait`/`FinalizeTurn` work on it. Only Microsoft's "
    "authoring guide demands `turns:`; a test written with it can grow a second turn "
    "without being rewritten.",
    bad=Example(
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
    fix="Wrap the keys in a one-turn list: `turns:\\n  - query: ...\\n    expected_data: ...` "
    "(`datasets migrate` does it for you).",
    good=Example(ORDERS_YAML),
)
KEYS_BESIDE_TURNS = Rule(
    code="TRN004",
    name="turn-keys-beside-turns",
    family="turns",
    severity=Severity.WARNING,
    summary="A test has `turns:` and also `query`/`expected_data`/... directly under the test.",
    what="Reports turn keys (`query`, `question`, `expected_data`, `turn_setup`, `test_setup`) "
    "beside `turns:` in a test.",
    why="With `turns` present the framework reads every turn key from the current turn "
    "(`TestInput.GetTestInput(TurnsTok).ElementAt(CurrentTurn - 1)`, AIT Test Context Impl. "
    "codeunit 149043 lines 467-475 and 483-490): the keys beside `turns` are never read, so "
    "what they expect is never checked. A warning: that data is dropped while the turns "
    "run; a turn that lacks the key is reported as an error by TRN002/TRN003.",
    bad=Example(
        """
        tests:
          - name: RELEASE-ORDER
            expected_data: {agent_released_orders: 1}
            turns:
              - query:
                  from: Jane Doe
                  title: Release order 101
                  message: Please release sales order 101.
                expected_data: {}
        """,
        line=3,
    ),
    fix="Move the keys into the turn they belong to (here: the turn's `expected_data`).",
    good=Example(
        """
        tests:
          - name: RELEASE-ORDER
            turns:
              - query:
                  from: Jane Doe
                  title: Release order 101
                  message: Please release sales order 101.
                expected_data: {agent_released_orders: 1}
        """,
    ),
)
EMPTY_TURNS = Rule(
    code="TRN005",
    name="empty-turns",
    family="turns",
    severity=Severity.ERROR,
    summary="`turns` is an empty list, or a turn is null.",
    what="Reports `turns: []` and turn items that are null (`- ` with nothing after it), in agent "
    "and Copilot datasets alike.",
    why="With `turns: []` the test has zero turns but the framework starts at turn 1: the first "
    "getter reads element 0 of the empty array (`ElementAt(CurrentTurn - 1)`, AIT Test "
    "Context Impl. codeunit 149043 lines 400-405 and 472; Test Input Json codeunit 130464 "
    "line 62, where `JsonArray.Get` fails). A null turn has no keys, so its first getter "
    "fails with 'DataInput - The element question does not exist.' (Test Input Json lines "
    "30-32, 44-45).",
    bad=Example(
        """
        tests:
          - name: RELEASE-ORDER
            turns: []
        """,
        line=3,
    ),
    fix="Give the test at least one turn, or remove the empty item.",
    good=Example(ORDERS_YAML),
)
AGENT_TEST_WITHOUT_QUERY = Rule(
    code="TRN006",
    name="agent-test-without-query",
    family="turns",
    severity=Severity.ERROR,
    summary="A test of an agent dataset has neither `turns` nor `query`.",
    what="Reports a test without `turns`, `query` or `question` in a file that is an agent "
    "dataset: one of its tests is an agent test, or an agent suite XML runs it. The file "
    "decides, since a test with nothing to send carries no agent marker of its own.",
    why="The test runs as one turn; `GetQuery()` falls back to `question`, finds neither and "
    "returns an empty object (AIT Test Context Impl. codeunit 149043 lines 114-124; Test "
    "Input codeunit 130460 `GetTestInput` lines 72-80), so `RunTurnAndWait` fails the test "
    "with \"Query must contain either a 'title' (task input) or 'intervention' element.\" "
    "(Library - Agent Impl. codeunit 130561 lines 466-467).",
    bad=Example(
        """
        tests:
          - name: RELEASE-ORDER
            turns:
              - query:
                  from: Jane Doe
                  title: Release order 101
                  message: Please release sales order 101.
                expected_data: {}
          - name: CANCEL-ORDER
            expected_data: {agent_released_orders: 0}
        """,
        line=9,
    ),
    fix="Add the turns the test should run (`turns:` with a `query` each), or remove the test.",
    good=Example(
        """
        tests:
          - name: RELEASE-ORDER
            turns:
              - query:
                  from: Jane Doe
                  title: Release order 101
                  message: Please release sales order 101.
                expected_data: {}
          - name: CANCEL-ORDER
            turns:
              - query:
                  from: Jane Doe
                  title: Cancel order 102
                  message: Please cancel sales order 102.
                expected_data: {agent_released_orders: 0}
        """,
    ),
)
TURN_WITHOUT_QUERY = Rule(
    code="TRN002",
    name="turn-without-query",
    family="turns",
    severity=Severity.ERROR,
    summary="An agent turn has no `query`.",
    what="Reports turns of agent tests with neither `query` nor the legacy `question`.",
    why="`GetQuery()` fails the turn with 'DataInput - The element question does not exist.'"
    " (`GetQuery`, AIT Test Context Impl. codeunit 149043 "
    "(`AITTestContextImpl.Codeunit.al`) lines 114-124, reads `question` with "
    "`Element` in a turn, line 472; `TestInputJson.Codeunit.al` lines 30-32.)",
    bad=Example(
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
    fix="Add a `query` (a task input with `from`/`title`/`message`, or an `intervention` reply).",
    good=Example(ORDERS_YAML),
)
TURN_WITHOUT_EXPECTED = Rule(
    code="TRN003",
    name="turn-without-expected-data",
    family="turns",
    severity=Severity.ERROR,
    summary="An agent turn has no `expected_data`.",
    what="Reports turns of agent tests without `expected_data`.",
    why="`Library - Agent.FinalizeTurn` always reads it and fails the turn with 'DataInput - The "
    "element expected_data does not exist.'; `expected_data: {}` is enough."
    " (`GetExpectedInterventionRequest`, Library - Agent Impl. codeunit 130561 "
    "(`LibraryAgentImpl.Codeunit.al`) line 664, called by `FinalizeTurn` through "
    "lines 589 and 611; `GetExpectedData`, AIT Test Context Impl. codeunit 149043 "
    "(`AITTestContextImpl.Codeunit.al`) lines 151-154 and 472.)",
    bad=Example(
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
    fix="Add `expected_data:` (use `{}` when the turn checks nothing). The fix renames a key "
    "misspelt from `expected_data` (`expected_date:`) when the turn has one, as STR001's "
    "fix does; otherwise it adds `expected_data: {}`, an unsafe fix: `{}` says the agent "
    "must not stop for an intervention on this turn (FinalizeTurn fails the turn if it "
    "stops for Assistance or ReviewRecord), which only you know to be what the turn expects.",
    fixable=FixAvailability.UNSAFE,
    good=Example(ORDERS_YAML),
)

RULES = (
    FLAT_TEST,
    TURN_WITHOUT_QUERY,
    TURN_WITHOUT_EXPECTED,
    KEYS_BESIDE_TURNS,
    EMPTY_TURNS,
    AGENT_TEST_WITHOUT_QUERY,
)


# Keys an agent turn may have: the current ones and the legacy ones (reported by LEG).
_ALL_TURN_KEYS = TURN_KEYS | LEGACY_TURN_KEYS


def check(doc: Document, ctx: LintContext) -> Iterator[Diagnostic]:
    agent = ctx.agent_tests(doc)
    agent_nodes = {id(test.node) for test in agent}
    # Agent detection looks at the file: a test with nothing to send has no marker itself.
    agent_file = bool(agent)
    for test in shape.tests_of(doc):
        node = test.node
        turns = node.children.get("turns")
        if turns is not None:
            yield from _turns_shape(doc, turns)
        if id(node) in agent_nodes:
            yield from _agent_test(doc, node, turns, ctx)
        elif agent_file and turns is None and not _SENDS.intersection(node.children):
            yield AGENT_TEST_WITHOUT_QUERY.at(
                doc,
                head_span(node),
                "This test has neither `turns` nor `query` in an agent dataset: it runs as one "
                "turn and `RunTurnAndWait` fails it with \"Query must contain either a 'title' "
                "(task input) or 'intervention' element.\"",
            )


# The keys through which a flat test gives the agent something to do.
_SENDS = frozenset({"query", "question"})


def _turns_shape(doc: Document, turns: Node) -> Iterator[Diagnostic]:
    """What the framework does with `turns` before any turn is read (every dataset)."""
    if not isinstance(turns, Sequence):
        yield WRONG_TYPE.at(
            doc,
            turns.span,
            f"`turns` must be a list of turns, not {type_name(turns)}; the framework fails "
            "with 'DataInput - The element is not an array, use a different method.'",
        )
        return
    if not turns.items:
        yield EMPTY_TURNS.at(
            doc,
            turns.span,
            "`turns` is empty: the framework starts at turn 1 and its first getter reads "
            "element 0 of the empty array, a run-time error. Add a turn.",
        )
        return
    for i, turn in enumerate(turns.items):
        if isinstance(turn, Scalar) and turn.data is None:
            yield EMPTY_TURNS.at(
                doc,
                turn.span,
                f"Turn {i + 1} is null: its first getter fails with 'DataInput - The element "
                "question does not exist.' Remove the empty item or fill it in.",
            )


def _agent_test(
    doc: Document, node: Mapping, turns: Node | None, ctx: LintContext
) -> Iterator[Diagnostic]:
    if not FLAT_TURN_KEYS.isdisjoint(node.children):
        yield _flat_test(doc, node, ctx)
    if not isinstance(turns, Sequence):
        return
    for i, turn in enumerate(turns.items):
        if not isinstance(turn, Mapping):
            if not (isinstance(turn, Scalar) and turn.data is None):  # null: TRN005
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


def _flat_test(doc: Document, node: Mapping, ctx: LintContext) -> Diagnostic:
    flat = [k for k in node.children if k in FLAT_TURN_KEYS]
    key_node = node.key_node(flat[0])
    assert key_node is not None
    if "turns" in node.children:
        return KEYS_BESIDE_TURNS.at(
            doc,
            key_node.span,
            f"Turn keys ({', '.join(flat)}) beside `turns:` are never read: with `turns` the "
            "framework reads every key from the current turn. Move them into a turn.",
        )
    suite = ctx.agent_suite
    why = (
        f" (the suite {os.path.basename(str(suite))} runs this dataset as an agent dataset)"
        if suite
        else ""
    )
    return FLAT_TEST.at(
        doc,
        key_node.span,
        f"Agent test keys ({', '.join(flat)}) are directly under the test{why}: the framework "
        "runs it as one turn, but Microsoft's authoring guide asks for `turns:`, even for a "
        "single turn. `datasets migrate` can rewrite this.",
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
            _expected_data_fix(doc, turn),
        )


def _expected_data_fix(doc: Document, turn: Mapping) -> Fix | None:
    """Rename a key misspelt from `expected_data`, else add `expected_data: {}` (unsafe)."""
    for key, (key_node, _) in turn.entries.items():
        if key not in _ALL_TURN_KEYS and did_you_mean(key, _ALL_TURN_KEYS) == "expected_data":
            return misspelt_key_fix(turn, key_node, key, _ALL_TURN_KEYS)
    edit = add_key_edit(doc, turn, "expected_data", "{}")
    if edit is None:
        return None
    return Fix(
        "Add `expected_data: {}` (the turn then expects no intervention)", (edit,), safe=False
    )


FAMILY = Family(prefix="TRN", rules=RULES, check=check, kinds=TEST_KINDS)

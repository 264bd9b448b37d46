"""Legacy forms in agent datasets, with a pointer to `datasets migrate` (``LEG``)."""

from __future__ import annotations

from collections.abc import Iterator

from ait_datasets.diagnostics import Diagnostic, Edit, Fix, Severity
from ait_datasets.lint.context import LintContext
from ait_datasets.lint.family import TEST_KINDS, Family
from ait_datasets.lint.rule import Example, FixAvailability, Rule
from ait_datasets.lint.rules.example_datasets import ORDERS_SUITE, ORDERS_YAML, with_turn_setup
from ait_datasets.schema.vocabulary import LEGACY_TURN_KEYS
from ait_datasets.source.document import Document
from ait_datasets.source.tree import Mapping, Scalar

QUESTION = Rule(
    code="LEG001",
    name="legacy-question",
    family="legacy",
    severity=Severity.WARNING,
    summary="An agent turn uses the legacy `question:` instead of `query:`.",
    what="Reports `question` in turns of agent tests.",
    why="`GetQuery()` still falls back to `question`, but `GetQuestion()` is obsolete since "
    "version 29 and the current tooling and docs expect `query:`; a plain-text `question` "
    "also fails in `RunTurnAndWait` (see QRY002)."
    " (`GetQuery`, AIT Test Context Impl. codeunit 149043 "
    "(`AITTestContextImpl.Codeunit.al`) lines 114-124; `GetQuestion`'s `Obsolete('Use "
    "GetQuery() instead.', '29.0')`, AIT Test Context codeunit 149044, "
    "`AITTestContext.Codeunit.al` lines 95-99.)",
    bad=Example(
        """
        tests:
          - name: RELEASE-ORDER
            turns:
              - question:
                  from: Jane Doe
                  title: Release order 101
                  message: Please release sales order 101.
                expected_data: {}
        """,
        neighbours={"suites/orders.xml": ORDERS_SUITE},
        line=4,
    ),
    fix="Run `datasets migrate` on the file, which rewrites `question` as `query` and keeps "
    "everything else as it is. When `question` is already the query object (and the turn "
    "has no `query`), the fix renames the key; it is unsafe: `SetAnswerForQnAEvaluation` "
    "copies `question`, not `query`, to the output (AIT Test Context Impl. codeunit 149043 "
    "lines 178-188), and the app's code may read `question` by name.",
    fixable=FixAvailability.UNSAFE,
    good=Example(
        ORDERS_YAML,
        neighbours={"suites/orders.xml": ORDERS_SUITE},
    ),
)
TEST_SETUP = Rule(
    code="LEG002",
    name="legacy-test-setup",
    family="legacy",
    severity=Severity.WARNING,
    summary="An agent turn uses the legacy `test_setup:` instead of `turn_setup:`.",
    what="Reports `test_setup` in turns of agent tests.",
    why="`turn_setup` replaced `test_setup` for agent turns; `GetTurnSetup()` does not read "
    "`test_setup`, so test code using the current API finds no setup."
    " (`GetTurnSetup` reads only `turn_setup`, AIT Test Context Impl. codeunit 149043 "
    "(`AITTestContextImpl.Codeunit.al`) lines 80-86 and label line 36; "
    "`GetTestSetup`, lines 94-97, is kept for old code.)",
    bad=Example(
        """
        tests:
          - name: RELEASE-ORDER
            description: Jane asks the agent to release sales order 101
            turns:
              - query:
                  from: Jane Doe
                  title: Release order 101
                  message: Please release sales order 101.
                test_setup:
                  Sales Header: {No.: "101"}
                expected_data: {}
        """,
        line=9,
    ),
    fix="Rename the key to `turn_setup` (and call `GetTurnSetup()` in the AL test), or run "
    "`datasets migrate`.",
    fixable=FixAvailability.UNSAFE,
    good=Example(with_turn_setup('Sales Header: {No.: "101"}')),
)

RULES = (QUESTION, TEST_SETUP)


def check(doc: Document, ctx: LintContext) -> Iterator[Diagnostic]:
    for turn in ctx.agent_turns(doc):
        if LEGACY_TURN_KEYS.isdisjoint(turn.node.children):
            continue  # nearly every turn: one check in C
        where = f"turn {turn.index + 1}"
        key = turn.node.key_node("question")
        if key is not None:
            also = (
                " (it is ignored: this turn also has `query`)"
                if "query" in turn.node.children
                else ""
            )
            yield QUESTION.at(
                doc,
                key.span,
                f"Legacy `question:` in agent {where}{also}; use `query:`. Run "
                f"`datasets migrate {doc.path}` to convert the file.",
                _query_fix(turn.node, key),
            )
        key = turn.node.key_node("test_setup")
        if key is not None and "turn_setup" not in turn.node.children:
            fix = None
            if key.style == "":
                fix = Fix(
                    "Rename `test_setup` to `turn_setup`",
                    (Edit(key.start_offset, key.end_offset, "turn_setup"),),
                    safe=False,
                )
            yield TEST_SETUP.at(
                doc,
                key.span,
                f"Legacy `test_setup:` in agent {where}; agent turns use `turn_setup:` "
                f"(`datasets migrate {doc.path}` converts it).",
                fix,
            )


def _query_fix(turn: Mapping, key: Scalar) -> Fix | None:
    """`question:` renamed `query:` when that is all the conversion is: its value is
    already the query object, and the turn has no `query` (which would be read instead).
    A text `question` becomes an object, which is `datasets migrate`'s work. Unsafe:
    `SetAnswerForQnAEvaluation` copies `question`, not `query`, to the output, and the
    app's code may read `question` by name."""
    if "query" in turn.children or key.style != "":
        return None
    if not isinstance(turn.children.get("question"), Mapping):
        return None
    edit = Edit(key.start_offset, key.end_offset, "query")
    return Fix("Rename `question` to `query`", (edit,), safe=False)


FAMILY = Family(prefix="LEG", rules=RULES, check=check, kinds=TEST_KINDS)

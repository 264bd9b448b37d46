"""Turn flow: how the turns of one agent test follow each other (``FLW``).

The framework runs turn N's query against the task that turn N-1 left behind: a task
input creates a new task, an intervention reply answers a paused one. FinalizeTurn
fails a turn whose agent pauses without a declared `intervention_request` (for the
Assistance and ReviewRecord types), so the declarations tell us when a task is waiting.
"""

from __future__ import annotations

from collections.abc import Iterator

from ait_datasets.dataset import shape
from ait_datasets.diagnostics import Diagnostic, Severity
from ait_datasets.lint.context import LintContext
from ait_datasets.lint.family import TEST_KINDS, Family
from ait_datasets.lint.rule import Example, FixAvailability, Rule
from ait_datasets.lint.rules.common import spelling_fix
from ait_datasets.lint.rules.example_datasets import ASSISTANCE_YAML, ORDERS_YAML
from ait_datasets.lint.suggest import did_you_mean, hint
from ait_datasets.source.document import Document
from ait_datasets.source.tree import Mapping, Node, Scalar, Sequence

FIRST_TURN_REPLY = Rule(
    code="FLW001",
    name="intervention-first-turn",
    family="flow",
    severity=Severity.ERROR,
    summary="The first turn of a test is an intervention reply.",
    what="Reports `query.intervention` in turn 1.",
    why="An intervention answers a task that paused in the previous turn; in the first turn no "
    "task exists yet, so there is nothing to continue."
    " The reply is sent to the task of the previous turn: "
    '`UserInterventionRequestEntry.Get(AgentTask.ID, AgentTask."Last Log Entry '
    'ID")` (Library - Agent Impl. codeunit 130561 (`LibraryAgentImpl.Codeunit.al`) '
    "lines 236 and 260) fails when there is none.",
    bad=Example(
        """
        tests:
          - name: RELEASE-ORDER
            turns:
              - query:
                  intervention: {instruction: Release it.}
                expected_data: {}
        """,
        line=5,
    ),
    fix="Start the test with a task input (`from`/`title`/`message`).",
    good=Example(ORDERS_YAML),
)
REPLY_WITHOUT_PAUSE = Rule(
    code="FLW002",
    name="intervention-without-pause",
    family="flow",
    severity=Severity.WARNING,
    summary="An intervention reply follows a turn that does not expect the agent to pause.",
    what="Reports `query.intervention` when the previous turn's `expected_data` declares no "
    "`intervention_request`.",
    why="FinalizeTurn fails a turn whose agent pauses for an Assistance or ReviewRecord "
    "intervention without a declared `intervention_request`; if the previous turn passes, "
    "the agent was not waiting and there is nothing to answer."
    " (`ValidateInterventionExpectation`, Library - Agent Impl. codeunit 130561 "
    "(`LibraryAgentImpl.Codeunit.al`) lines 596-622; the reply needs the paused "
    "task's log entry, lines 236 and 260.)",
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
              - query:
                  intervention: {instruction: Use Monday.}
                expected_data: {}
        """,
        line=10,
    ),
    fix="Declare the pause in the previous turn: `expected_data: {intervention_request: "
    "{type: Assistance}}`.",
    good=Example(
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
                    suggestions: [RELEASE, CANCEL]
              - query:
                  intervention: {instruction: Use Monday.}
                expected_data: {}
        """,
    ),
)
UNKNOWN_SUGGESTION = Rule(
    code="FLW003",
    name="suggestion-not-offered",
    family="flow",
    severity=Severity.WARNING,
    summary="A suggestion reply names a code the previous turn does not expect the agent to offer.",
    what="Reports `query.intervention.suggestion` values missing from the previous turn's "
    "`intervention_request.suggestions` (when it lists any).",
    why="The framework sends the suggestion code to the paused task; a code the agent did not "
    "offer cannot be chosen, and the previous turn's declared list is what it offers "
    "(FinalizeTurn checks that list exactly, count included)."
    " (`ProcessInterventionAndWait`, Library - Agent Impl. codeunit 130561 "
    "(`LibraryAgentImpl.Codeunit.al`) lines 489-494, and "
    "`CreateUserInterventionFromSuggestionCode`, line 261; "
    "`ValidateInterventionDetails`, lines 642-654.)",
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
                    suggestions: [RELEASE, CANCEL]
              - query:
                  intervention: {suggestion: RELAESE}
                expected_data: {}
        """,
        line=13,
    ),
    fix="Use one of the codes listed in the previous turn's `suggestions`. The fix writes the "
    "code the message suggests: safe when it is the only code a letter's case or one edit "
    "away, unsafe otherwise.",
    fixable=FixAvailability.SAFE,
    good=Example(ASSISTANCE_YAML),
)
TASK_WHILE_PAUSED = Rule(
    code="FLW004",
    name="task-input-while-paused",
    family="flow",
    severity=Severity.WARNING,
    summary="A task input follows a turn that expects the agent to pause.",
    what="Reports a task-input query (`title`) right after a turn that declares an "
    "`intervention_request`.",
    why="The previous task is left waiting for an answer and a new task starts; usually the "
    "turn was meant to answer with `intervention:`."
    " A `title` always builds a new task (`RunTurnAndWait`, Library - Agent Impl. "
    "codeunit 130561 (`LibraryAgentImpl.Codeunit.al`) lines 469-470; "
    "`CreateTaskAndWait`, line 49).",
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
                    suggestions: [RELEASE, CANCEL]
              - query:
                  from: Jane Doe
                  title: Release order 102
                  message: Please release sales order 102.
                expected_data: {}
        """,
        line=14,
    ),
    fix="Answer the pause with `query: {intervention: {instruction: ...}}`, or remove the "
    "expected pause.",
    good=Example(ASSISTANCE_YAML),
)

RULES = (FIRST_TURN_REPLY, REPLY_WITHOUT_PAUSE, UNKNOWN_SUGGESTION, TASK_WHILE_PAUSED)


def check(doc: Document, ctx: LintContext) -> Iterator[Diagnostic]:
    for test in ctx.agent_tests(doc):
        previous: Mapping | None = None
        for index, turn in enumerate(shape.turns_of(test.node)):
            if not isinstance(turn, Mapping):
                previous = None
                continue
            found = _turn(doc, turn, index, previous)
            if found is not None:
                yield found
            previous = turn


def _query(turn: Mapping) -> Mapping | None:
    children = turn.children
    query = children.get("query") if "query" in children else children.get("question")
    return query if isinstance(query, Mapping) else None


def _request(turn: Mapping) -> Mapping | None:
    expected = turn.children.get("expected_data")
    if not isinstance(expected, Mapping):
        return None
    request = expected.children.get("intervention_request")
    return request if isinstance(request, Mapping) else None


def _turn(doc: Document, turn: Mapping, index: int, previous: Mapping | None) -> Diagnostic | None:
    """The finding (at most one) about how ``turn`` follows ``previous``."""
    query = _query(turn)
    if query is None:
        return None
    children = query.children
    intervention = children.get("intervention")
    is_reply = intervention is not None and "title" not in children
    if index == 0:
        if is_reply:
            key = query.key_node("intervention")
            assert key is not None
            return FIRST_TURN_REPLY.at(
                doc,
                key.span,
                "The first turn answers an intervention, but no task exists yet to continue. "
                "Start with a task input (`from`, `title`, `message`).",
            )
        return None
    if previous is None:
        return None
    if is_reply:
        assert intervention is not None
        request = _request(previous)
        if request is None:
            key = query.key_node("intervention")
            assert key is not None
            return REPLY_WITHOUT_PAUSE.at(
                doc,
                key.span,
                f"Turn {index + 1} answers an intervention, but turn {index} declares no "
                "`intervention_request`: the agent is not expected to be waiting. Declare "
                f"the pause in turn {index}'s `expected_data`.",
            )
        if isinstance(intervention, Mapping):
            return _suggestion(doc, intervention, request, index)
        return None
    if "title" in children and _request(previous) is not None:
        key = query.key_node("title")
        assert key is not None
        return TASK_WHILE_PAUSED.at(
            doc,
            key.span,
            f"Turn {index} expects the agent to pause, but turn {index + 1} starts a new task "
            "instead of answering; did you mean `intervention:`?",
        )
    return None


def _suggestion(
    doc: Document, intervention: Mapping, request: Mapping, index: int
) -> Diagnostic | None:
    chosen: Node | None = intervention.children.get("suggestion")
    if not isinstance(chosen, Scalar):
        return None
    offered = request.children.get("suggestions")
    if not isinstance(offered, Sequence) or not offered.items:
        return None
    # Both sides are read with ValueAsText (Library - Agent Impl. codeunit 130561 lines 493
    # and 646): a number and its text are the same code.
    codes = [shape.scalar_text(i) or "" for i in offered.items if isinstance(i, Scalar)]
    value = shape.scalar_text(chosen) or ""
    if value in codes:
        return None
    best = did_you_mean(value, codes)
    return UNKNOWN_SUGGESTION.at(
        doc,
        chosen.span,
        f"Suggestion '{value}' is not among the suggestions turn {index} expects "
        f"({', '.join(codes)}).{hint(value, codes)}",
        spelling_fix(chosen, value, best, codes) if best is not None else None,
    )


FAMILY = Family(prefix="FLW", rules=RULES, check=check, kinds=TEST_KINDS)

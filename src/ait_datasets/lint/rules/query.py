"""Queries: task inputs and intervention replies as Library - Agent reads them (``QRY``)."""

from __future__ import annotations

from collections.abc import Iterator

from ait_datasets.diagnostics import Diagnostic, Severity
from ait_datasets.lint import kinds
from ait_datasets.lint.context import LintContext
from ait_datasets.lint.rule import Example, Rule
from ait_datasets.lint.rules.common import WRONG_TYPE, expect_text, is_whole_number, unknown_keys
from ait_datasets.schema.vocabulary import ATTACHMENT_KEYS, INTERVENTION_KEYS, QUERY_KEYS
from ait_datasets.source.document import Document
from ait_datasets.source.tree import Mapping, Node, Scalar, Sequence, type_name

BOTH_TEXT = "Query cannot contain both 'title' and 'intervention' elements."
NEITHER_TEXT = "Query must contain either a 'title' (task input) or 'intervention' element."
INTERVENTION_TEXT = "Intervention must contain either a 'suggestion' or 'instruction' element."

QUERY_BOTH = Rule(
    "QRY001",
    "query-title-and-intervention",
    "query",
    Severity.ERROR,
    "A query has both `title` and `intervention`.",
    "Reports queries that are at once a task input and an intervention reply.",
    f'`RunTurnAndWait` fails the turn: "{BOTH_TEXT}"',
    Example(
        """
        tests:
          - name: RELEASE-ORDER
            description: Jane asks the agent to release sales order 101
            turns:
              - query:
                  from: Jane Doe
                  title: Release order 101
                  message: Please release sales order 101.
                  intervention: {instruction: Release it.}
                expected_data: {}
        """,
        line=9,
    ),
    "Keep `title` (with `from`/`message`) to start a task, or `intervention` to answer a "
    "pause — one per turn.",
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
QUERY_NEITHER = Rule(
    "QRY002",
    "query-without-title-or-intervention",
    "query",
    Severity.ERROR,
    "A query has neither `title` nor `intervention`.",
    "Reports queries (or legacy `question` values read through the fallback) without "
    "`title` and `intervention`, including plain-text queries.",
    f'`RunTurnAndWait` fails the turn: "{NEITHER_TEXT}" A plain-text `question: "..."` '
    "fails the same way.",
    Example(
        """
        tests:
          - name: RELEASE-ORDER
            description: Jane asks the agent to release sales order 101
            turns:
              - query:
                  from: Jane Doe
                  message: Please release sales order 101.
                expected_data: {}
        """,
        line=6,
    ),
    "Add a `title` (a task input), or use `intervention:` to answer a paused task.",
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
QUERY_FROM = Rule(
    "QRY003",
    "task-input-without-from",
    "query",
    Severity.ERROR,
    "A task input has no `from`.",
    "Reports task-input queries (with `title`) that have no `from`.",
    "Without `from`, `CreateTaskFromQueryAndWait` exits right after creating the task "
    "builder: no message, no attachments, and no task is created or waited for — the turn "
    "silently tests nothing.",
    Example(
        """
        tests:
          - name: RELEASE-ORDER
            description: Jane asks the agent to release sales order 101
            turns:
              - query:
                  title: Release order 101
                  message: Please release sales order 101.
                expected_data: {}
        """,
        line=6,
    ),
    "Add the sender: `from: Jane Doe`.",
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
QUERY_TIMEOUT = Rule(
    "QRY004",
    "query-timeout",
    "query",
    Severity.ERROR,
    "`query.timeout` is not a non-negative whole number of milliseconds.",
    "Reports a `timeout` that is negative, fractional or not a number.",
    "The framework reads it with `ValueAsInteger()`; a negative value fails with 'The task "
    "timeout cannot be negative.', text fails to convert.",
    Example(
        """
        tests:
          - name: RELEASE-ORDER
            description: Jane asks the agent to release sales order 101
            turns:
              - query:
                  from: Jane Doe
                  title: Release order 101
                  timeout: 2.5m
                  message: Please release sales order 101.
                expected_data: {}
        """,
        line=8,
    ),
    "Write the timeout in milliseconds: `timeout: 150000`.",
    good=Example(
        """
        tests:
          - name: RELEASE-ORDER
            description: Jane asks the agent to release sales order 101
            turns:
              - query:
                  from: Jane Doe
                  title: Release order 101
                  timeout: 150000
                  message: Please release sales order 101.
                expected_data: {}
        """,
    ),
)
ATTACHMENTS = Rule(
    "QRY005",
    "query-attachments",
    "query",
    Severity.ERROR,
    "`query.attachments` is not a list of `{file: ...}` entries.",
    "Reports `attachments` that is not a list, items that are not mappings, and items "
    "without `file`.",
    "Attachments are read as an array of objects with `file` (a resource path, or an object "
    "with `action_type`/`action_data`); items without `file` are silently skipped.",
    Example(
        """
        tests:
          - name: RELEASE-ORDER
            description: Jane asks the agent to release sales order 101
            turns:
              - query:
                  from: Jane Doe
                  title: Release order 101
                  message: Please release sales order 101.
                  attachments:
                    - scan.png
                expected_data: {}
        """,
        line=10,
    ),
    "Write each attachment as `- file: path/inside/resources.pdf`.",
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
                  attachments:
                    - file: datasets/scan.png
                expected_data: {}
        """,
        neighbours={
            "datasets/scan.png": """
                (an image)
                """,
        },
    ),
)
INTERVENTION_NEITHER = Rule(
    "QRY006",
    "intervention-without-reply",
    "query",
    Severity.ERROR,
    "An intervention has neither `suggestion` nor `instruction`.",
    "Reports `query.intervention` mappings without `suggestion` and `instruction`.",
    f'`RunTurnAndWait` fails the turn: "{INTERVENTION_TEXT}"',
    Example(
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
                  intervention: {}
                expected_data: {}
        """,
        line=13,
    ),
    "Add `suggestion: CODE` (one of the agent's suggestions) or `instruction: text`.",
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
                  intervention: {suggestion: RELEASE}
                expected_data: {}
        """,
    ),
)
INTERVENTION_BOTH = Rule(
    "QRY007",
    "intervention-suggestion-and-instruction",
    "query",
    Severity.WARNING,
    "An intervention has both `suggestion` and `instruction`.",
    "Reports interventions with both keys.",
    "The framework silently uses the `suggestion` and ignores the `instruction` (the docs "
    "claim this is an error; the code does not check it).",
    Example(
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
                  intervention:
                    suggestion: RELEASE
                    instruction: Release it anyway.
                expected_data: {}
        """,
        line=15,
    ),
    "Keep one of the two.",
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
                  intervention: {suggestion: RELEASE}
                expected_data: {}
        """,
    ),
)

RULES = (
    QUERY_BOTH,
    QUERY_NEITHER,
    QUERY_FROM,
    QUERY_TIMEOUT,
    ATTACHMENTS,
    INTERVENTION_NEITHER,
    INTERVENTION_BOTH,
)


def check(doc: Document, ctx: LintContext) -> Iterator[Diagnostic]:
    found: list[Diagnostic] = []
    if ctx.kind not in (kinds.DATASET, kinds.JSONL):
        return iter(found)
    for turn in kinds.agent_turns(doc):
        children = turn.node.children
        key = "query" if "query" in children else "question"
        query = children.get(key)
        if query is None:
            continue
        if not isinstance(query, Mapping):
            found.append(
                QUERY_NEITHER.at(
                    doc,
                    query.span,
                    f"The `{key}` of turn {turn.index + 1} is {type_name(query)}; the framework "
                    f'fails the turn: "{NEITHER_TEXT}" Write it as a mapping with `from`, '
                    "`title` and `message`.",
                )
            )
            continue
        _query(doc, query, key, turn.index, found)
    return iter(found)


_TEXT_KEYS = ("title", "from", "message")


def _query(doc: Document, query: Mapping, key: str, index: int, found: list[Diagnostic]) -> None:
    """Every rule of the family on one query, appended to ``found``.

    Nearly every query is a well-formed task input or reply: each check below costs a
    lookup or two in C for it, no generator is started, and the text naming the query is
    built only for a finding.
    """
    children = query.children
    if not QUERY_KEYS.issuperset(children):
        found += unknown_keys(doc, query, QUERY_KEYS, f"the `{key}` of turn {index + 1}")
    has_title = "title" in children
    intervention = children.get("intervention")
    if has_title and intervention is not None:
        intervention_key = query.key_node("intervention")
        assert intervention_key is not None
        found.append(
            QUERY_BOTH.at(
                doc, intervention_key.span, f"{BOTH_TEXT} (the `{key}` of turn {index + 1})"
            )
        )
    elif not has_title and intervention is None:
        found.append(
            QUERY_NEITHER.at(doc, query.span, f"{NEITHER_TEXT} (the `{key}` of turn {index + 1})")
        )
    for text_key in _TEXT_KEYS:
        value = children.get(text_key)
        if value is not None and not isinstance(value, Scalar):
            found += expect_text(doc, query, text_key, f"the `{key}` of turn {index + 1}")
    if has_title and "from" not in children:
        title_key = query.key_node("title")
        assert title_key is not None
        found.append(
            QUERY_FROM.at(
                doc,
                title_key.span,
                f"This task input (`{key}` of turn {index + 1}) has no `from`: the framework "
                "then creates no task and sends no message, so the turn tests nothing. Add "
                "`from: <sender>`.",
            )
        )
    timeout = children.get("timeout")
    if timeout is not None:
        found += _timeout(doc, timeout)
    attachments = children.get("attachments")
    if attachments is not None:
        found += _attachments(doc, attachments, f"`{key}` of turn {index + 1}")
    if intervention is not None:
        if isinstance(intervention, Mapping):
            _reply(doc, intervention, key, index, found)
        else:
            found.append(
                WRONG_TYPE.at(
                    doc,
                    intervention.span,
                    f"`intervention` in the `{key}` of turn {index + 1} must be a mapping "
                    f"with `suggestion` or `instruction`, not {type_name(intervention)}.",
                )
            )


def _timeout(doc: Document, timeout: Node) -> Iterator[Diagnostic]:
    value = timeout.data if isinstance(timeout, Scalar) else None
    if not is_whole_number(value) or (isinstance(value, (int, float)) and value < 0):
        shown = value if isinstance(timeout, Scalar) else type_name(timeout)
        yield QUERY_TIMEOUT.at(
            doc,
            timeout.span,
            f"`timeout` must be a non-negative whole number of milliseconds, not {shown!r}.",
        )


def _attachments(doc: Document, node: Node, where: str) -> Iterator[Diagnostic]:
    if not isinstance(node, Sequence):
        yield ATTACHMENTS.at(
            doc,
            node.span,
            f"`attachments` in the {where} must be a list of `- file: ...` entries, not "
            f"{type_name(node)}.",
        )
        return
    for item in node.items:
        if not isinstance(item, Mapping):
            yield ATTACHMENTS.at(
                doc,
                item.span,
                f"Each attachment must be a mapping with `file`, not {type_name(item)}; write "
                "`- file: <path>`.",
            )
            continue
        yield from unknown_keys(doc, item, ATTACHMENT_KEYS, "an attachment")
        if "file" not in item.children:
            yield ATTACHMENTS.at(
                doc,
                item.span,
                "This attachment has no `file`; the framework skips it silently.",
            )


def _reply(doc: Document, node: Mapping, key: str, index: int, found: list[Diagnostic]) -> None:
    """The rules on an intervention reply (a mapping), appended to ``found``."""
    reply = node.children
    if not INTERVENTION_KEYS.issuperset(reply):
        found += unknown_keys(
            doc, node, INTERVENTION_KEYS, f"the intervention of the `{key}` of turn {index + 1}"
        )
    has_suggestion = "suggestion" in reply
    has_instruction = "instruction" in reply
    if not has_suggestion and not has_instruction:
        found.append(
            INTERVENTION_NEITHER.at(
                doc, node.span, f"{INTERVENTION_TEXT} (the `{key}` of turn {index + 1})"
            )
        )
    elif has_suggestion and has_instruction:
        instruction_key = node.key_node("instruction")
        assert instruction_key is not None
        found.append(
            INTERVENTION_BOTH.at(
                doc,
                instruction_key.span,
                "Both `suggestion` and `instruction` are given; the framework uses the "
                "suggestion and silently ignores this instruction.",
            )
        )
    for text_key in ("suggestion", "instruction"):
        value = reply.get(text_key)
        if value is not None and not isinstance(value, Scalar):
            found += expect_text(
                doc, node, text_key, f"the intervention of the `{key}` of turn {index + 1}"
            )

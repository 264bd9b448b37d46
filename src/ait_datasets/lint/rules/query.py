"""Queries: task inputs and intervention replies as Library - Agent reads them (``QRY``).

The rules are defined (with their documentation) in ``query_rules``.
"""

from __future__ import annotations

from collections.abc import Iterator

from ait_datasets.dataset import shape
from ait_datasets.diagnostics import Diagnostic, Severity
from ait_datasets.lint.context import LintContext
from ait_datasets.lint.family import TEST_KINDS, Family
from ait_datasets.lint.rules.common import (
    WRONG_TYPE,
    expect_text,
    is_whole_number,
    unknown_keys,
    with_severity,
)
from ait_datasets.lint.rules.query_rules import (
    ATTACHMENT_ACTION,
    ATTACHMENTS,
    BOTH_TEXT,
    EMPTY_TEXT,
    INTERVENTION_BOTH,
    INTERVENTION_NEITHER,
    INTERVENTION_TEXT,
    NEITHER_TEXT,
    QUERY_BOTH,
    QUERY_FROM,
    QUERY_NEITHER,
    QUERY_TIMEOUT,
    RULES,
    TEXT_TOO_LONG,
    TIMEOUT_ABOVE_MAXIMUM,
)

__all__ = ["RULES", "check"]
from ait_datasets.schema.vocabulary import (
    ATTACHMENT_KEYS,
    INTERVENTION_KEYS,
    MAX_TASK_TITLE,
    QUERY_KEYS,
)
from ait_datasets.source.document import Document
from ait_datasets.source.tree import Mapping, Node, Scalar, Sequence, type_name


def check(doc: Document, ctx: LintContext) -> Iterator[Diagnostic]:
    found: list[Diagnostic] = []
    if ctx.kind not in (shape.DATASET, shape.JSONL):
        return iter(found)
    for turn in ctx.agent_turns(doc):
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
# The task input texts the framework stores in fixed-length text (Library - Agent Impl.:
# `FromValue: Text[250]`, line 515; the agent task's Title is Text[150]).
_LIMITS = {"from": 250, "title": MAX_TASK_TITLE}
# Online, VerifyTimeout refuses more than GetMaximumTimeout() (Library - Agent Impl. 383-386).
MAX_TIMEOUT_MS = 3_600_000


def _task_text(doc: Document, key: str, value: Scalar, found: list[Diagnostic]) -> None:
    """`from`/`title` of a task input: not empty, within its field's length."""
    data = value.data
    text = data if isinstance(data, str) else shape.scalar_text(value) or ""
    limit = _LIMITS[key]
    if len(text) > limit:
        found.append(
            TEXT_TOO_LONG.at(
                doc,
                value.span,
                f"`{key}` is {len(text)} characters; the framework holds at most {limit} "
                f"({'a Text[250] variable' if key == 'from' else 'the task title field'}), so "
                "the turn fails at run time. Shorten it; put detail in `message`.",
            )
        )
    elif not text.strip():
        found.append(
            EMPTY_TEXT.at(
                doc,
                value.span,
                f"`{key}` is empty: the framework only checks that the key exists and starts "
                f"a task with an empty {'sender' if key == 'from' else 'title'}.",
            )
        )


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
        if value is None:
            continue
        if not isinstance(value, Scalar):
            found += expect_text(doc, query, text_key, f"the `{key}` of turn {index + 1}")
        elif has_title and text_key in _LIMITS:
            _task_text(doc, text_key, value, found)
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
    elif isinstance(value, (int, float)) and value > MAX_TIMEOUT_MS:
        yield TIMEOUT_ABOVE_MAXIMUM.at(
            doc,
            timeout.span,
            f"`timeout` is {int(value):,} ms; online the maximum is {MAX_TIMEOUT_MS:,} ms (one "
            "hour) and the turn fails with 'The specified timeout ... exceeds the maximum "
            "allowed timeout'. `0` or no timeout means the 30-minute default.",
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
        file = item.children.get("file")
        if isinstance(file, Mapping):
            missing = [k for k in ("action_type", "action_data") if k not in file.children]
            if missing:
                yield ATTACHMENT_ACTION.at(
                    doc,
                    file.span,
                    f"This `file:` object has no `{missing[0]}`: "
                    + (
                        "the framework then reads the object itself as a resource path "
                        "(`ValueAsText()` on an object), a run-time error."
                        if missing[0] == "action_type"
                        else "the framework fails with 'DataInput - The element action_data "
                        "does not exist.'"
                    ),
                )
        if "file" not in item.children:
            # Skipped without an error: dropped data, a warning (the rule's page says so).
            yield with_severity(
                ATTACHMENTS.at(
                    doc,
                    item.span,
                    "This attachment has no `file`; the framework skips it silently, so the "
                    "agent never gets it.",
                ),
                Severity.WARNING,
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
        if value is None:
            continue
        if not isinstance(value, Scalar):
            found += expect_text(
                doc, node, text_key, f"the intervention of the `{key}` of turn {index + 1}"
            )
        elif not (value.data if isinstance(value.data, str) else shape.scalar_text(value)):
            sent = "a suggestion code no agent offers" if text_key == "suggestion" else "nothing"
            found.append(
                EMPTY_TEXT.at(
                    doc,
                    value.span,
                    f"The `{text_key}` is empty: the framework sends it as it is ({sent}).",
                )
            )


FAMILY = Family(prefix="QRY", rules=RULES, check=check, kinds=TEST_KINDS)

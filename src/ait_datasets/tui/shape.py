"""The shape of tests and turns, read and changed on round-trip (ruamel) data.

A test either has a ``turns:`` list or is *flat*: its query/expected_data sit on the
test itself and it counts as one turn. A turn's query is a **task input** (``title``,
``from``, ``message``, ``attachments``, ``timeout``) or an **intervention reply**
(``intervention: {suggestion | instruction}``); see the framework's Library - Agent.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import CommentMark
from ruamel.yaml.scalarstring import (
    DoubleQuotedScalarString,
    FoldedScalarString,
    LiteralScalarString,
    ScalarString,
)
from ruamel.yaml.tokens import CommentToken

from ait_datasets.schema.vocabulary import LEGACY_TURN_KEYS, TURN_KEYS
from ait_datasets.tui.scalars import has_placeholder

TASK = "task"
REPLY = "reply"
QUESTION = "question"
NONE = "none"

# Keys that live on a turn (or on a flat test): with turns:, the getters of AIT Test
# Context Impl. (codeunit 149043) read them from the current turn, not the test (see
# schema.vocabulary), so a flat test that gets turns moves them into its first turn.
TURN_LEVEL_KEYS = TURN_KEYS | LEGACY_TURN_KEYS
TASK_KEYS = ("title", "from", "message", "attachments")


@dataclass(frozen=True, slots=True)
class TurnSummary:
    """What the tree shows for a turn."""

    kind: str  # task / reply / question / none
    pause: bool
    reply_kind: str = ""  # suggestion / instruction for replies


@dataclass(frozen=True, slots=True)
class TestSummary:
    """What the tree shows for a test."""

    name: str
    turns: tuple[TurnSummary, ...]
    flat: bool
    is_test: bool = True
    # A Copilot AI test (not an agent test, see dataset/shape.is_agent_test), flat or with
    # turns: it and its turns are edited with the Copilot form (question, context,
    # ground_truth, ...), not the agent's turn form.
    copilot: bool = False


# How much of a question or a first value a nameless test's label shows.
LABEL_CHARS = 60


def row_label(test: Mapping[Any, Any]) -> str:
    """What names a test in the tree: its ``name``, else its question, else its first
    field (``key: value``), as a JSONL row of a Copilot dataset often has no name."""
    name = test.get("name")
    if name is not None:
        return str(name)
    question = test.get("question")
    if isinstance(question, (str, int, float)) and str(question).strip():
        return _one_line(str(question))
    for key, value in test.items():
        if not isinstance(value, (dict, list)) and value is not None:
            return _one_line(f"{key}: {value}")
    return "(unnamed)"


def _one_line(text: str) -> str:
    line = " ".join(text.split())
    return line if len(line) <= LABEL_CHARS else line[: LABEL_CHARS - 1] + "…"


def test_map(item: Any) -> Any:
    """The test mapping of a list item (the legacy ``testInput:`` wrapper unwrapped)."""
    if isinstance(item, dict):
        inner = item.get("testInput")
        if isinstance(inner, dict):
            return inner
    return item


def test_prefix(item: Any) -> tuple[str, ...]:
    if isinstance(item, dict) and isinstance(item.get("testInput"), dict):
        return ("testInput",)
    return ()


def is_flat(test: Any) -> bool:
    return isinstance(test, dict) and "turns" not in test


def turn_list(test: Any) -> list[Any]:
    """The turns of a test; a flat test is its own single turn."""
    if not isinstance(test, dict):
        return []
    turns = test.get("turns")
    if "turns" not in test:
        return [test]
    return list(turns) if isinstance(turns, list) else []


def turn_at(test: Any, index: int) -> Any:
    """Turn ``index`` of a test (a flat test is its own turn 0), or None past the last."""
    turns = turn_list(test)
    return turns[index] if index < len(turns) else None


def query_kind(turn: Any) -> str:
    if not isinstance(turn, dict):
        return NONE
    query = turn.get("query")
    if isinstance(query, dict):
        if "intervention" in query:
            return REPLY
        return TASK
    if "question" in turn:
        return QUESTION
    return NONE


def expects_pause(turn: Any) -> bool:
    expected = turn.get("expected_data") if isinstance(turn, dict) else None
    return isinstance(expected, dict) and "intervention_request" in expected


def summarize(item: Any, *, agent: bool = True) -> TestSummary:
    """Summary of a test from its plain or round-trip data; ``agent``: whether it is an
    agent test (see :func:`ait_datasets.dataset.shape.is_agent_test`)."""
    test = test_map(item)
    if not isinstance(test, dict):
        return TestSummary("(not a test)", (), False, is_test=False)
    turns = []
    test_turns = turn_list(test)
    for turn in test_turns:
        reply_kind = ""
        query = turn.get("query") if isinstance(turn, dict) else None
        if isinstance(query, dict) and isinstance(query.get("intervention"), dict):
            intervention = query["intervention"]
            reply_kind = "suggestion" if "suggestion" in intervention else "instruction"
        turns.append(TurnSummary(query_kind(turn), expects_pause(turn), reply_kind))
    flat = is_flat(test)
    # A legacy agent turn asks with a question *object* (from/title/message): not Copilot.
    legacy = any(isinstance(t, dict) and isinstance(t.get("question"), dict) for t in test_turns)
    copilot = not agent and not legacy
    return TestSummary(row_label(test), tuple(turns), flat, copilot=copilot)


def put_key(mapping: CommentedMap, key: str, value: Any) -> None:
    """Set ``key`` to ``value`` (a typed text with a placeholder quoted; several lines a
    ``|`` block), or remove it when ``value`` is None."""
    if value is None:
        mapping.pop(key, None)
    elif isinstance(value, str) and "\n" in value:
        put_text(mapping, (key,), value)
    else:
        set_key(mapping, key, typed(value) if isinstance(value, str) else value)


def restyled(old: Any, new: Any) -> Any:
    """``new`` in the scalar style of ``old`` (quoted stays quoted, ``>`` stays folded)."""
    if isinstance(old, ScalarString) and isinstance(new, str):
        return type(old)(new)
    return new


def set_key(mapping: CommentedMap, key: str, value: Any, *, position: int | None = None) -> None:
    """Set ``mapping[key]``; a new key goes at ``position`` (default: the end)."""
    if key in mapping:
        mapping[key] = restyled(mapping[key], value)
    elif position is not None and position < len(mapping):
        mapping.insert(position, key, value)
    else:
        append_key(mapping, key, value)


def set_or_remove(mapping: CommentedMap, key: str, value: Any) -> None:
    """Set ``mapping[key]`` (see :func:`set_key`), or remove it when ``value`` is None."""
    if value is None:
        mapping.pop(key, None)
    else:
        set_key(mapping, key, value)


def _last_holder(mapping: Any) -> tuple[CommentedMap, Any] | None:
    """The (mapping, key) whose value is written last under ``mapping``, at any depth."""
    if not isinstance(mapping, CommentedMap) or not mapping:
        return None
    key = list(mapping)[-1]
    value = mapping[key]
    if isinstance(value, CommentedSeq) and value:
        value = value[-1]
    deeper = _last_holder(value) if isinstance(value, CommentedMap) else None
    return deeper or (mapping, key)


def _comment_after(mapping: CommentedMap, key: Any) -> CommentToken | None:
    """The comment after ``mapping[key]``'s value: its end-of-line comment, followed by
    the full-line comments below it (ruamel keeps both in one token)."""
    slots = mapping.ca.items.get(key)
    return slots[2] if slots and len(slots) > 2 else None


def append_key(
    mapping: CommentedMap, key: str, value: Any, comment: CommentToken | None = None
) -> None:
    """Add ``key`` (with an optional end-of-line ``comment``) at the end, moving the
    full-line comments that followed the old last value (they introduce what comes next,
    e.g. the next turn) after the new one."""
    before = _last_holder(mapping)
    mapping[key] = value
    if comment is not None:
        mapping.ca.items[key] = [None, None, comment, None]
    if before is None:
        return
    holder, old_key = before
    token = _comment_after(holder, old_key)
    if token is None or "\n" not in token.value:
        return
    cut = token.value.index("\n") + 1
    rest = token.value[cut:]
    if not rest.strip():
        return
    after = _last_holder(mapping)
    if after is None or (after[0] is holder and after[1] == old_key):
        return
    token.value = token.value[:cut]
    new_holder, new_key = after
    new_slots = new_holder.ca.items.setdefault(new_key, [None, None, None, None])
    if new_slots[2] is not None and new_slots[2].value.endswith("\n"):
        new_slots[2].value += rest
    else:
        new_slots[2] = CommentToken("\n" + rest, CommentMark(token.column), None)


def put_text(mapping: CommentedMap, path: tuple[str | int, ...], text: str) -> None:
    """Set the multi-line ``text`` at ``path``: a block scalar keeps its style (``>``
    stays folded), anything else becomes a literal block (``|``)."""
    target: Any = mapping
    for part in path[:-1]:
        target = target[part]
    old = target.get(path[-1])
    if isinstance(old, (LiteralScalarString, FoldedScalarString)):
        set_key(target, str(path[-1]), text)
    else:
        target[path[-1]] = LiteralScalarString(text)


def typed(text: str) -> str:
    """A text the author typed, as it is written: a placeholder (``$DateFormula-<CD>$``)
    in double quotes, as the framework's docs ask (PH007 reports it bare), else as is."""
    return DoubleQuotedScalarString(text) if has_placeholder(text) else text


def new_turn(kind: str = TASK, texts: Mapping[str, str] | None = None) -> CommentedMap:
    """A turn in the canonical shape: query + expected_data (required on agent turns).

    ``texts`` are what the author typed for it (see :mod:`.prompts`): ``from``/``title``/
    ``message`` of a task input, ``instruction`` of a reply, ``question`` of a Copilot
    turn; an optional text left blank is not written. Without ``texts`` the required keys
    are written empty.
    """
    turn = CommentedMap()
    if kind == QUESTION:
        turn["question"] = typed((texts or {}).get("question", ""))
        turn["expected_data"] = CommentedMap()
        return turn
    query = CommentedMap()
    if kind == REPLY:
        intervention = CommentedMap()
        code = (texts or {}).get("suggestion", "").strip()
        if code:
            intervention["suggestion"] = typed(code)
        else:
            intervention["instruction"] = typed((texts or {}).get("instruction", ""))
        query["intervention"] = intervention
    elif texts is None:
        query["from"] = ""
        query["title"] = ""
        query["message"] = ""
    else:
        query["from"] = typed(texts.get("from", ""))
        query["title"] = typed(texts.get("title", ""))
        if texts.get("message", "").strip():
            query["message"] = typed(texts["message"])
    turn["query"] = query
    turn["expected_data"] = CommentedMap()
    return turn


def new_test(name: str, texts: Mapping[str, str] | None = None, kind: str = TASK) -> CommentedMap:
    """A test with one turn of ``kind`` (``texts`` as for :func:`new_turn`, plus an
    optional ``description``); a Copilot test (``QUESTION``) is flat, as those files are."""
    test = CommentedMap()
    test["name"] = typed(name)
    if texts is None:
        test["description"] = ""
    elif texts.get("description", "").strip():
        test["description"] = typed(texts["description"])
    if kind == NONE:
        return test  # a row of a file whose tests have no query: its keys are the author's
    if kind == QUESTION:
        for key, value in new_turn(QUESTION, texts).items():
            test[key] = value
        return test
    turns = CommentedSeq()
    turns.append(new_turn(kind, texts))
    test["turns"] = turns
    return test


def ensure_turns(test: CommentedMap) -> CommentedSeq:
    """Turn a flat test into one with a ``turns:`` list (its turn keys move into turn 1)."""
    turns = test.get("turns")
    if isinstance(turns, CommentedSeq):
        return turns
    first = CommentedMap()
    for key in [k for k in test if k in TURN_LEVEL_KEYS]:
        first[key] = test.pop(key)
        # The key's comments (end of line, and the lines after its value) move with it.
        comment = test.ca.items.pop(key, None)
        if comment is not None:
            first.ca.items[key] = comment
    seq = CommentedSeq()
    if first:
        seq.append(first)
    test["turns"] = seq
    return seq


def add_turn(
    test: CommentedMap,
    after: int | None,
    kind: str | None = None,
    texts: Mapping[str, str] | None = None,
) -> int:
    """Insert a new turn after ``after`` (None: at the end); returns its index.

    Without ``kind``, a turn that follows another one is usually the reply to a pause, so
    it starts as an intervention reply; the first turn starts as a task input.
    """
    turns = ensure_turns(test)
    index = len(turns) if after is None else after + 1
    chosen = kind or (TASK if index == 0 else REPLY)
    turns.insert(index, new_turn(chosen, texts))
    return index


def new_turn_kind(test: Any, index: int) -> str:
    """What a turn added at ``index`` of ``test`` is: a question in a Copilot test (one
    asked with ``question:``), else a task input first and an intervention reply after."""
    turns = turn_list(test)
    kinds = {query_kind(t) for t in turns}
    if QUESTION in kinds and not kinds & {TASK, REPLY}:
        return QUESTION
    return TASK if index == 0 else REPLY


def offered_suggestions(test: Any, index: int) -> tuple[str, ...]:
    """The suggestion codes the turn before ``index`` expects its intervention request to
    offer (what a reply added at ``index`` may answer with), in their order."""
    turns = turn_list(test)
    if not 0 < index <= len(turns) or not isinstance(turns[index - 1], dict):
        return ()
    expected = turns[index - 1].get("expected_data")
    request = expected.get("intervention_request") if isinstance(expected, dict) else None
    codes = request.get("suggestions") if isinstance(request, dict) else None
    if not isinstance(codes, list):
        return ()
    return tuple(dict.fromkeys(str(c) for c in codes if isinstance(c, (str, int))))


def duplicate_turn(test: CommentedMap, index: int) -> int:
    """Copy turn ``index`` after itself; the copy does not repeat the comment lines that
    follow the original (they introduce the next turn, which now follows the copy)."""
    turns = ensure_turns(test)
    original = turns[index]
    clone = copy.deepcopy(original)
    _move_trailing_lines(original, clone)
    turns.insert(index + 1, clone)
    return index + 1


def _move_trailing_lines(source: Any, target: Any) -> None:
    """Move the full-line comments after ``source``'s last value to after ``target``'s."""
    src, dst = _last_holder(source), _last_holder(target)
    if src is None or dst is None:
        return
    token, copied = _comment_after(*src), _comment_after(*dst)
    if token is None or "\n" not in token.value:
        return
    cut = token.value.index("\n") + 1
    if copied is not None:
        copied.value = copied.value[:cut]
    token.value, rest = token.value[:cut], token.value[cut:]
    if rest.strip() and copied is not None:
        copied.value += rest


def delete_turn(test: CommentedMap, index: int) -> None:
    turns = ensure_turns(test)
    del turns[index]


def move_turn(test: CommentedMap, index: int, delta: int) -> int:
    turns = ensure_turns(test)
    target = index + delta
    if not 0 <= target < len(turns):
        return index
    item = turns.pop(index)
    turns.insert(target, item)
    return target


def switch_kind(turn: CommentedMap, kind: str, stash: dict[str, Any]) -> None:
    """Make the turn's query a task input or an intervention reply, keeping what fits.

    The message and an instruction are the same words in both shapes, and ``timeout``
    applies to both; the rest goes into ``stash`` so switching back restores it.
    """
    query = turn.get("query")
    if not isinstance(query, CommentedMap):
        query = CommentedMap()
        turn.insert(0, "query", query)
    if kind == REPLY and "intervention" not in query:
        text = query.get("message", "")
        for key in TASK_KEYS:
            if key in query:
                stash[key] = query.pop(key)
        old = stash.pop("intervention", None)
        intervention = old if isinstance(old, CommentedMap) else CommentedMap()
        if not intervention:
            intervention["instruction"] = str(text or "")
        query.insert(0, "intervention", intervention)
    elif kind == TASK and "intervention" in query:
        intervention = query.pop("intervention")
        stash["intervention"] = intervention
        words = intervention.get("instruction", "") if isinstance(intervention, dict) else ""
        for position, key in enumerate(("from", "title", "message")):
            default = str(words or "") if key == "message" else ""
            query.insert(position, key, stash.pop(key, default))
        if "attachments" in stash:
            query.insert(3, "attachments", stash.pop("attachments"))


def set_reply(turn: CommentedMap, reply_kind: str, text: str) -> None:
    """Set the intervention reply to a suggestion code or a free-text instruction."""
    query = turn["query"]
    intervention = query.get("intervention")
    if not isinstance(intervention, CommentedMap):
        intervention = CommentedMap()
        query["intervention"] = intervention
    other = "instruction" if reply_kind == "suggestion" else "suggestion"
    old = intervention.get(reply_kind, intervention.get(other))
    intervention.pop(other, None)
    set_key(intervention, reply_kind, restyled(old, text), position=0)


def expected_data(turn: CommentedMap) -> CommentedMap:
    expected = turn.get("expected_data")
    if not isinstance(expected, CommentedMap):
        expected = CommentedMap()
        set_key(turn, "expected_data", expected)
    return expected


def set_pause(turn: CommentedMap, on: bool, default_type: str | None) -> None:
    """Declare (or stop declaring) that the turn ends in an intervention request."""
    expected = expected_data(turn)
    if on and "intervention_request" not in expected:
        request = CommentedMap()
        if default_type:
            request["type"] = default_type
        expected.insert(0, "intervention_request", request)
    elif not on:
        expected.pop("intervention_request", None)


def set_request_field(turn: CommentedMap, key: str, value: Any) -> None:
    """Set ``type`` or ``suggestions`` of the intervention request (None removes it)."""
    request = expected_data(turn).get("intervention_request")
    if not isinstance(request, CommentedMap):
        request = CommentedMap()
        expected_data(turn).insert(0, "intervention_request", request)
    set_or_remove(request, key, value)


def other_expected(turn: Any) -> CommentedMap:
    """``expected_data`` without ``intervention_request`` (what the YAML field shows)."""
    expected = turn.get("expected_data") if isinstance(turn, dict) else None
    out = CommentedMap()
    if isinstance(expected, dict):
        for key, value in expected.items():
            if key != "intervention_request":
                out[key] = value
    return out


def replace_other_expected(turn: CommentedMap, others: CommentedMap) -> None:
    """Make ``expected_data`` (but ``intervention_request``) hold ``others``, changing only
    the keys whose values differ, so comments on unchanged keys stay where they are."""
    expected = expected_data(turn)
    for key in [k for k in expected if k != "intervention_request" and k not in others]:
        del expected[key]
    for key, value in others.items():
        if key in expected:
            if expected[key] != value:
                expected[key] = restyled(expected[key], value)
        else:
            # An end-of-line comment typed in the field travels with its key.
            append_key(expected, key, value, _comment_after(others, key))

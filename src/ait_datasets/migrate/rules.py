"""The migrations on plain data: what a migrated test must look like.

This is the reference the text edits are checked against. It works on the plain values
(dict/list/str/...) the framework would see, knows nothing about text, and keeps key
order, because the edits must keep it too.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ait_datasets.schema.vocabulary import FLAT_TURN_KEYS, MAX_TASK_TITLE

# The order in which flat keys are recognised does not matter; the file's order is kept.
FLAT_KEYS = FLAT_TURN_KEYS

_TOKEN = re.compile(r"\$(?:DateTimeFormula|DateFormula)-[^$]*\$")

QUESTION_TEXT = "text"
QUESTION_OBJECT = "object"
QUESTION_OTHER = "other"


class Title(NamedTuple):
    """A title taken from a message: its text, and whether it was shortened or split."""

    text: str
    cut: bool
    first_line_only: bool


def title_from(message: str) -> Title:
    """The task title for a message: its first non-empty line, cut to the framework's limit.

    A cut never splits a ``$DateFormula-...$`` placeholder: the title stops before it.
    """
    text = plain_title(message)
    if text is not None:
        return Title(text, False, False)
    return title_from_lines(message)


def plain_title(message: str) -> str | None:
    """:func:`title_from`'s text when it is neither cut nor the first of several lines
    (the common case, one short line), else None."""
    if len(message) <= MAX_TASK_TITLE and message.isprintable():
        # Every line break `splitlines` knows is a character that is not printable.
        # (What title_from_lines says: a test checks.)
        return message.strip()
    return None


def title_from_lines(message: str) -> Title:
    """:func:`title_from` for any message, line by line."""
    lines = [line.strip() for line in message.splitlines()]
    non_empty = [line for line in lines if line]
    first = non_empty[0] if non_empty else ""
    first_line_only = len(non_empty) > 1
    if len(first) <= MAX_TASK_TITLE:
        return Title(first, False, first_line_only)
    cut_at = MAX_TASK_TITLE
    for match in _TOKEN.finditer(first):
        if match.start() < cut_at < match.end():
            cut_at = match.start()
            break
    if first[cut_at : cut_at + 1] not in ("", " "):
        # Prefer ending at a word boundary when one is reasonably close.
        space = first.rfind(" ", 0, cut_at)
        if space >= cut_at * 2 // 3:
            cut_at = space
    return Title(first[:cut_at].rstrip(), True, first_line_only)


def question_kind(value: object) -> str:
    """``text`` (non-empty text), ``object`` (a mapping) or ``other`` (left alone)."""
    if isinstance(value, str) and value.strip():
        return QUESTION_TEXT
    if isinstance(value, dict):
        return QUESTION_OBJECT
    return QUESTION_OTHER


def needs_title(query: dict[str, object]) -> bool:
    """A question object that is neither a task input (title) nor a continuation."""
    return "title" not in query and "intervention" not in query


def message_for_title(query: dict[str, object]) -> str | None:
    message = query.get("message")
    if isinstance(message, str) and message.strip():
        return message
    return None


def is_task_query(query: dict[str, object]) -> bool:
    return "title" in query and "intervention" not in query


def is_flat(test: dict[str, object]) -> bool:
    return "turns" not in test and not FLAT_KEYS.isdisjoint(test)


def migrate_test(test: dict[str, object], sender: str | None) -> dict[str, object]:
    """The migrated form of one agent test (a new dict; ``test`` is not changed)."""
    if is_flat(test):
        moved: dict[str, object] = {}
        out: dict[str, object] = {}
        for key, value in test.items():
            if key in FLAT_KEYS:
                if not moved:
                    out["turns"] = [moved]
                moved[key] = value
            else:
                out[key] = value
        # Its one turn is the moved keys (what the loop below would do, without it).
        out["turns"] = [migrate_turn(moved, sender)]
        return out
    test = dict(test)
    turns = test.get("turns")
    if isinstance(turns, list):
        test["turns"] = [
            migrate_turn(turn, sender) if isinstance(turn, dict) else turn for turn in turns
        ]
    return test


def migrate_turn(turn: dict[str, object], sender: str | None) -> dict[str, object]:
    out: dict[str, object] = {}
    for key, value in turn.items():
        if key == "question" and "query" not in turn:
            kind = question_kind(value)
            if kind == QUESTION_TEXT:
                assert isinstance(value, str)
                out["query"] = _query_from_text(value, sender)
            elif kind == QUESTION_OBJECT:
                assert isinstance(value, dict)
                out["query"] = _query_from_object(value, sender)
            else:
                out[key] = value
        elif key == "test_setup" and "turn_setup" not in turn:
            out["turn_setup"] = value
        elif key == "query" and isinstance(value, dict):
            out[key] = _with_sender(value, sender)
        else:
            out[key] = value
    return out


def _query_from_text(text: str, sender: str | None) -> dict[str, object]:
    query: dict[str, object] = {}
    if sender is not None:
        query["from"] = sender
    title = plain_title(text)
    query["title"] = title if title is not None else title_from_lines(text).text
    query["message"] = text
    return query


def _query_from_object(question: dict[str, object], sender: str | None) -> dict[str, object]:
    query = question
    message = message_for_title(question)
    if needs_title(question) and message is not None:
        query = {}
        for key, value in question.items():
            if key == "message":
                query["title"] = title_from(message).text
            query[key] = value
    return _with_sender(query, sender)


def _with_sender(query: dict[str, object], sender: str | None) -> dict[str, object]:
    if sender is None or "from" in query or not is_task_query(query):
        return dict(query)
    return {"from": sender, **query}


def migrate_tests_in(data: object, sender: str | None) -> object:
    """Migrate every test of a YAML/JSON document's data, found as the importer finds them.

    Nothing in ``data`` is changed (it may be a tree's cached data, and YAML aliases share
    parts of it): every migrated test is a new dict, and only the top level, copied, is
    assigned to. Unchanged parts are shared with the result, not copied.
    """
    if isinstance(data, dict):
        data = dict(data)
    if isinstance(data, list):
        return [_migrate_wrapped(item, sender) for item in data]
    if not isinstance(data, dict):
        return data
    setup = data.get("suite_setup")
    if isinstance(setup, (dict, list)):
        return data
    tests = data.get("tests")
    if tests is None and "tests" not in data:
        return _migrate_wrapped(data, sender)
    if isinstance(tests, list):
        data["tests"] = [_migrate_wrapped(item, sender) for item in tests]
    elif isinstance(tests, dict):
        data["tests"] = _migrate_wrapped(tests, sender)
    return data


def _migrate_wrapped(item: object, sender: str | None) -> object:
    """A test, or the legacy ``testInput:`` wrapper around one (only its value is the test)."""
    if not isinstance(item, dict):
        return item
    inner = item.get("testInput")
    if isinstance(inner, dict):
        return {**item, "testInput": migrate_test(inner, sender)}
    return migrate_test(item, sender)

"""Inserting, deleting and moving tests among the file's chunks, and where the comments
around them go.

A comment before a test goes with it (the first test's ends the text before the tests:
:func:`lead_in` splits it off); the comments closing the list stay at its end.
JSON elements and JSONL rows (``rows``) have no comments: what follows one (a separator,
blank lines) stays with it. Each function returns a new list; the one given is not
changed.
"""

from __future__ import annotations

import re

from ait_datasets.tui.chunks import push_tail, split_chunk

_LINE = re.compile(r"[^\n]*\n|[^\n]+\Z")
# The `tests:` key's line: the key up to its colon, then spaces, a comment, a line break.
_KEY_LINE = re.compile(r"(?P<key>.*?:)(?P<rest>(?:[ \t]+#[^\n]*)?[ \t]*\r?\n?)\Z")


def with_newlines(chunks: list[str], newline: str) -> list[str]:
    """``chunks`` each ending with a line break (the file's last may not)."""
    return [c if c.endswith("\n") else c + newline for c in chunks]


def inserted(
    chunks: list[str], after: int | None, chunk: str, *, rows: bool, newline: str
) -> tuple[list[str], int]:
    """``(chunks, index)``: ``chunk`` inserted after test ``after`` (None: at the end),
    and where it is."""
    index = len(chunks) if after is None else after + 1
    out = with_newlines(chunks, newline)
    if after is not None and not rows:
        push_tail(out, after)
    out.insert(index, chunk)
    return out, index


def deleted(chunks: list[str], index: int, *, rows: bool, newline: str) -> list[str]:
    """Test ``index`` deleted with the comments before it; the ones after it stay."""
    out = list(chunks)
    if not rows:
        if index > 0:
            # The comments introducing this test end the previous chunk: they go with it.
            push_tail(out, index - 1)
        if index + 1 < len(out):
            push_tail(out, index)
        elif index > 0:
            # The last test: the comments closing the list stay, after the new last test.
            head, body, closing = split_chunk(out[index])
            out[index] = head + body
            out[index - 1] = with_newlines([out[index - 1]], newline)[0] + closing
    del out[index]
    return out


def moved(chunks: list[str], index: int, target: int, *, rows: bool, newline: str) -> list[str]:
    """Test ``index`` moved to the neighbouring place ``target``, with the comments
    before it."""
    out = with_newlines(chunks, newline)
    first, second = min(index, target), max(index, target)
    if rows:
        # An element moves with what follows it (see :mod:`.json_array`).
        out[first], out[second] = out[second], out[first]
        return out
    last = len(out) - 1
    if first > 0:
        # The comments introducing the first of the two end the chunk before it (the
        # first test's end the text before the tests: see lead_in).
        push_tail(out, first - 1)
    push_tail(out, first)
    # What follows the last test (comments closing the list) stays at the end.
    closing = ""
    if second == last:
        head, body, closing = split_chunk(out[second])
        out[second] = head + body
    else:
        push_tail(out, second)
    out[first], out[second] = out[second], out[first]
    out[last] += closing
    return out


def lead_in(prefix: str) -> tuple[str, str]:
    """``(prefix, lead-in)``: the blank and comment lines that end the text before the
    tests (after its last line with content, the ``tests:`` key) split off. They
    introduce the first test, as the lines between two tests introduce the second, and
    go with it when it is moved or deleted."""
    lines = _LINE.findall(prefix)
    end = len(lines)
    while end > 0 and (not lines[end - 1].strip() or lines[end - 1].lstrip().startswith("#")):
        end -= 1
    if end == 0:
        return prefix, ""  # no line with content: nothing introduces the list itself
    cut = sum(map(len, lines[:end]))
    return prefix[:cut], prefix[cut:]


def emptied(prefix: str) -> str | None:
    """The text before the tests once the last test is gone: its ``tests:`` key given the
    empty list (``tests: []``; ``tests:`` alone is null, which STR002 reports), or
    None when the key's line is not plain ``key:`` with perhaps a comment."""
    core, lead = lead_in(prefix)
    lines = _LINE.findall(core)
    if not lines:
        return None
    match = _KEY_LINE.match(lines[-1])
    if match is None:
        return None
    line = match["key"] + " []" + match["rest"]
    return "".join(lines[:-1]) + line + lead

"""A fast, text-only cut of a large dataset into test chunks.

Parsing ten thousand tests takes seconds even with libyaml; an author should not wait
for that to start editing. For the usual shape (a root ``tests:`` line followed by a
block list whose dashes share one column) the chunk boundaries can be read off the
lines. Anything unusual returns None and the exact event scan is used instead. The app
checks the cut against the full parse that lint makes in the background and refuses to
save if they ever disagree.
"""

from __future__ import annotations

import re

_TESTS_LINE = re.compile(r"^tests:[ \t]*(?:#[^\n]*)?\r?\n", re.M)
_ROOT_CONTENT = re.compile(r"^[^\s#\-]", re.M)
_DOC_MARKERS = re.compile(r"^(?:---|\.\.\.)(?:\s|$)", re.M)
_SUITE_SETUP_OBJECT = re.compile(
    r"^suite_setup:[ \t]*(?:[{\[]|(?:#[^\n]*)?\r?\n[ \t]+[^\s#])", re.M
)
_FIRST_CONTENT = re.compile(r"^([ \t]*)([^\s#])", re.M)
_SIMPLE_NAME = re.compile(r"- name:[ \t]+([^\s\"'#&*!|>{}\[\]%@`][^#\r\n]*?)[ \t]*\r?$")
_QUOTED_NAME = re.compile(r"- name:[ \t]+\"([^\"\\\r\n]*)\"[ \t]*\r?$")


def fast_chunks(text: str) -> tuple[int, int, int, list[int]] | None:
    """``(region_start, region_end, dash_column, item_offsets)`` or None when unsure."""
    if _DOC_MARKERS.search(text) or _SUITE_SETUP_OBJECT.search(text) or "\t" in text:
        return None
    found = list(_TESTS_LINE.finditer(text))
    if len(found) != 1:
        return None
    body = found[0].end()
    first = _FIRST_CONTENT.search(text, body)
    if first is None or first.group(2) != "-":
        return None
    dash_column = len(first.group(1))
    if "\t" in first.group(1):
        return None
    end_match = _ROOT_CONTENT.search(text, first.start())
    end = end_match.start() if end_match else len(text)
    if dash_column > 0:
        # A line less indented than the dashes (other than a comment) is unexpected here.
        shallow = re.compile(rf"^ {{0,{dash_column - 1}}}[^ \r\n#]", re.M)
        if shallow.search(text, first.start(), end):
            return None
    items = re.compile(rf"^ {{{dash_column}}}-(?=[ \r\n])", re.M)
    offsets = [m.start() + dash_column for m in items.finditer(text, first.start(), end)]
    if not offsets or offsets[0] != first.start() + dash_column:
        return None
    return first.start(), end, dash_column, offsets


def chunk_name(chunk: str, dash_column: int) -> str | None:
    """The test's name when its first line is a simple ``- name: X``."""
    line_end = chunk.find("\n")
    first = chunk[dash_column : line_end if line_end >= 0 else len(chunk)]
    m = _SIMPLE_NAME.match(first) or _QUOTED_NAME.match(first)
    return m.group(1) if m else None

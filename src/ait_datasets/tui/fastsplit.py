"""A fast, text-only cut of a large dataset into test chunks.

Parsing ten thousand tests takes seconds even with libyaml; an author should not wait
for that to start editing. For the usual shape (a root ``tests:`` line followed by a
block list whose dashes share one column) the chunk boundaries can be read off the
lines. Anything unusual returns None and the exact cut (the text read as lint reads it,
the tests where :func:`ait_datasets.dataset.shape.test_items` finds them) is used
instead. This is the editor's one fast path: a property test proves it equal to the
exact cut, and the app checks it against the full parse that lint makes in the
background and refuses to save if they ever disagree.
"""

from __future__ import annotations

import re
from collections.abc import Iterator


class LineStart:
    """A pattern that must start at the start of a line, found fast.

    ``^`` in MULTILINE mode makes the regex engine try every position of a 4.5 MB text
    (0.1 to 0.3 s per search); a pattern that starts with a literal ``\n`` is skipped to
    with a fast scan. So the line at ``pos`` is tried on its own, and later lines after
    their newline: the same matches, 5 to 10 times sooner (a property test compares them
    with the ``^`` pattern).
    """

    def __init__(self, body: str) -> None:
        self.at = re.compile(body, re.M)
        self.after = re.compile("\n(?:" + body + ")", re.M)

    def finditer(
        self, text: str, pos: int = 0, endpos: int | None = None
    ) -> Iterator[tuple[int, re.Match[str]]]:
        """``(line start, match)`` of each match (as ``^`` would find them)."""
        end = len(text) if endpos is None else endpos
        if pos == 0 or text[pos - 1] == "\n":
            m = self.at.match(text, pos, end)
            if m is not None:
                yield pos, m
                pos = max(m.end(), pos + 1) - 1
        while True:
            m = self.after.search(text, pos, end)
            if m is None:
                return
            yield m.start() + 1, m
            # The next line start may be this match's last newline.
            pos = max(m.end() - 1, m.start() + 1)

    def search(
        self, text: str, pos: int = 0, endpos: int | None = None
    ) -> tuple[int, re.Match[str]] | None:
        return next(self.finditer(text, pos, endpos), None)


_TESTS_LINE = LineStart(r"tests:[ \t]*(?:#[^\n]*)?\r?\n")
_ROOT_CONTENT = LineStart(r"[^\s#\-]")
_DOC_MARKERS = LineStart(r"(?:---|\.\.\.)(?:\s|$)")
_SUITE_SETUP_OBJECT = LineStart(r"suite_setup:[ \t]*(?:[{\[]|(?:#[^\n]*)?\r?\n[ \t]+[^\s#])")
_FIRST_CONTENT = LineStart(r"([ \t]*)([^\s#])")
_SIMPLE_NAME = re.compile(r"- name:[ \t]+([^\s\"'#&*!|>{}\[\]%@`][^#\r\n]*?)[ \t]*\r?$")
_QUOTED_NAME = re.compile(r"- name:[ \t]+\"([^\"\\\r\n]*)\"[ \t]*\r?$")


def fast_chunks(text: str) -> tuple[int, int, int, list[int]] | None:
    """``(region_start, region_end, dash_column, item_offsets)`` or None when unsure."""
    if "\t" in text or _DOC_MARKERS.search(text) or _SUITE_SETUP_OBJECT.search(text):
        return None
    found = list(_TESTS_LINE.finditer(text))
    if len(found) != 1:
        return None
    body = found[0][1].end()
    first_found = _FIRST_CONTENT.search(text, body)
    if first_found is None or first_found[1].group(2) != "-":
        return None
    first_start, first = first_found
    dash_column = len(first.group(1))
    if "\t" in first.group(1):
        return None
    end_found = _ROOT_CONTENT.search(text, first_start)
    end = end_found[0] if end_found else len(text)
    if dash_column > 0:
        # A line less indented than the dashes (other than a comment) is unexpected here.
        shallow = LineStart(rf" {{0,{dash_column - 1}}}[^ \r\n#]")
        if shallow.search(text, first_start, end):
            return None
    items = LineStart(rf" {{{dash_column}}}-(?=[ \r\n])")
    offsets = [start + dash_column for start, _ in items.finditer(text, first_start, end)]
    if not offsets or offsets[0] != first_start + dash_column:
        return None
    return first_start, end, dash_column, offsets


def chunk_name(chunk: str, dash_column: int) -> str | None:
    """The test's name when its first line is a simple ``- name: X``."""
    line_end = chunk.find("\n")
    first = chunk[dash_column : line_end if line_end >= 0 else len(chunk)]
    m = _SIMPLE_NAME.match(first) or _QUOTED_NAME.match(first)
    return m.group(1) if m else None

"""Text prefilters: can this text or subtree contain X? The one place that reasons about
escapes and aliases, so that rules skip work without restating YAML's or JSON's rules.

Finding the few scalars a rule cares about in a large tree, without visiting the rest.

The placeholder rules look at values holding a `$` and at values that may hold a date.
Most mappings and lists of a large dataset hold neither, and a search of their source
text (in C) is much cheaper than visiting their nodes, so whole subtrees are skipped on
what their text cannot contain. A scalar itself is always judged by its value: escapes
(`"\\x24"`) and aliases give values that are not in the scalar's own text.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable

from ait_datasets.source.tree import Mapping, Node, Scalar, Sequence

# Every date literal has a digit, a separator and a digit in a row; most values have none.
MAYBE_DATE = re.compile(r"\d[-/.]\d")


def text_may_contain(text: str, literal: str) -> bool:
    """Whether a key or value spelled ``literal`` can occur in ``text``.

    It can when the literal is written out, or when an escape could spell it (YAML's
    ``\\x61``/``\\u0061`` in double quotes, JSON's ``\\u0061``). An alias never adds
    text of its own: it names a node whose anchor, and so its text, is earlier in the
    file.
    """
    return literal in text or "\\" in text


def dollar_scalars(root: Node, source: str) -> list[Scalar]:
    """Every scalar under ``root`` whose text value holds a `$`, in file order.

    A mapping or list whose text has neither a `$` nor a backslash (a `$` can come from
    an escape: `\\x24` in YAML, `\\u0024` in JSON) is skipped whole.
    """
    if isinstance(root, Scalar):
        data = root.data
        return [root] if isinstance(data, str) and "$" in data else []
    if not _may_hold_dollar(source, root):
        return []
    try:
        return _dollar_scalars_recursive(root, source)
    except RecursionError:
        # Only aliases nest deeper than the loader's depth limit; walk those with a stack.
        return _dollar_scalars_with_stack(root, source)


def _may_hold_dollar(source: str, node: Mapping | Sequence) -> bool:
    start, end = node.start_offset, node.end_offset
    return source.find("$", start, end) >= 0 or source.find("\\", start, end) >= 0


def _dollar_scalars_recursive(root: Mapping | Sequence, source: str) -> list[Scalar]:
    """:func:`dollar_scalars` for a mapping or list that may hold a `$`.

    This runs over nearly every value of a large file, so it is written for speed: a
    recursive visit (nested calls are cheap, and recursion keeps file order) with the
    searches bound to local names, judging each scalar where its parent is visited.
    """
    found: list[Scalar] = []
    add = found.append
    find = source.find
    has_backslash = "\\" in source

    def visit(node: Mapping | Sequence) -> None:
        for child in node.children.values() if isinstance(node, Mapping) else node.items:
            if isinstance(child, Scalar):
                if isinstance(child.data, str) and "$" in child.data:
                    add(child)
            # _may_hold_dollar(source, child), written out: this is the innermost loop.
            elif find("$", child.start_offset, child.end_offset) >= 0 or (
                has_backslash and find("\\", child.start_offset, child.end_offset) >= 0
            ):
                visit(child)

    visit(root)
    return found


def _dollar_scalars_with_stack(root: Mapping | Sequence, source: str) -> list[Scalar]:
    """:func:`dollar_scalars` for a mapping or list that may hold a `$`, without recursion."""
    found: list[Scalar] = []
    stack = [root]
    while stack:
        node = stack.pop()
        for child in node.children.values() if isinstance(node, Mapping) else node.items:
            if isinstance(child, Scalar):
                if isinstance(child.data, str) and "$" in child.data:
                    found.append(child)
            elif _may_hold_dollar(source, child):
                stack.append(child)
    # The stack takes lists in reverse; sort so that findings come in file order.
    found.sort(key=_start)
    return found


def text_scalars(root: Node, may_hold: Callable[[int, int], bool]) -> list[Scalar]:
    """Every scalar holding text under ``root``, in file order, skipping each mapping or
    list whose source text ``may_hold(start, end)`` says cannot hold what we look for."""
    if isinstance(root, Scalar):
        return [root] if isinstance(root.data, str) else []
    found: list[Scalar] = []
    stack: list[Mapping | Sequence] = [root]
    while stack:
        node = stack.pop()
        if not may_hold(node.start_offset, node.end_offset):
            continue
        for child in node.children.values() if isinstance(node, Mapping) else node.items:
            if isinstance(child, Scalar):
                if isinstance(child.data, str):
                    found.append(child)
            else:
                stack.append(child)
    found.sort(key=_start)
    return found


def _start(node: Scalar) -> int:
    return node.start_offset


class DateSearch:
    """Where in one large text a date may be, asked for many ranges of it.

    A regular expression scans a few nanoseconds a character. For ASCII text (nearly
    every dataset) the characters that matter are mapped to marker bytes once (digits to
    `0`, date separators to `-`, `*` and `\\` to `!`) and the few places of `0-0` and `!`
    are listed, so each range is answered by a binary search.
    """

    __slots__ = ("_bring_in_at", "_date_at", "_text")

    def __init__(self, text: str) -> None:
        self._text = text
        self._date_at: list[int] | None = None
        self._bring_in_at: list[int] | None = None
        if text.isascii():
            self._date_at, self._bring_in_at = [], []
            # In slices: marking a large file whole would hold two more copies of it.
            for start in range(0, len(text), _SLICE):
                # Two characters of overlap, so that a `0-0` across the cut is found once.
                marks = text[start : start + _SLICE + 2].encode("ascii").translate(_MARKERS)
                self._date_at += _places(marks, b"0-0", start, _SLICE)
                self._bring_in_at += _places(marks, b"!", start, _SLICE)

    def nowhere(self) -> bool:
        """Whether no range of the text can hold a date or bring one in."""
        return self._date_at == [] and self._bring_in_at == []

    def may_hold(self, start: int, end: int) -> bool:
        """Whether ``text[start:end]`` matches :data:`MAYBE_DATE`."""
        places = self._date_at
        if places is None:
            # `\d` also matches other scripts' digits: search with the pattern itself.
            return MAYBE_DATE.search(self._text, start, end) is not None
        i = bisect_left(places, start)
        return i < len(places) and places[i] + 3 <= end

    def may_yield(self, start: int, end: int) -> bool:
        """Whether a value parsed from ``text[start:end]`` can hold a date: the text may
        hold one, or has an escape or an alias (whose value is written elsewhere)."""
        if self.may_hold(start, end):
            return True
        places = self._bring_in_at
        if places is None:
            text = self._text
            return text.find("*", start, end) >= 0 or text.find("\\", start, end) >= 0
        i = bisect_left(places, start)
        return i < len(places) and places[i] < end


def _places(marks: bytes, needle: bytes, offset: int, before: int) -> list[int]:
    """Every place where ``needle`` starts in ``marks`` (overlapping ones included) before
    ``before``, plus ``offset`` (where ``marks`` starts in the text)."""
    places = []
    at = marks.find(needle, 0, before + len(needle) - 1)
    while at >= 0:
        places.append(offset + at)
        at = marks.find(needle, at + 1, before + len(needle) - 1)
    return places


# Characters marked at a time (see DateSearch).
_SLICE = 1 << 20


def _markers() -> bytes:
    """The translation table behind :class:`DateSearch` (every other byte becomes ` `)."""
    table = bytearray(b" " * 256)
    for digit in b"0123456789":
        table[digit] = ord("0")
    for separator in b"-/.":
        table[separator] = ord("-")
    for bring_in in b"*\\":
        table[bring_in] = ord("!")
    return bytes(table)


_MARKERS = _markers()

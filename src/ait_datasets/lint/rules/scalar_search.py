"""Finding the few scalars a rule cares about in a large tree, without visiting the rest.

The placeholder rules look at values holding a `$` and at values that may hold a date.
Most mappings and lists of a large dataset hold neither, and a search of their source
text (in C) is much cheaper than visiting their nodes, so whole subtrees are skipped on
what their text cannot contain. A scalar itself is always judged by its value: escapes
(`"\\x24"`) and aliases give values that are not in the scalar's own text.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ait_datasets.source.tree import Mapping, Node, Scalar, Sequence

# Every date literal has a digit, a separator and a digit in a row; most values have none.
MAYBE_DATE = re.compile(r"\d[-/.]\d")


def dollar_scalars(root: Node, source: str) -> list[Scalar]:
    """Every scalar under ``root`` whose text value holds a `$`, in file order.

    A mapping or list whose text has neither a `$` nor a backslash (a `$` can come from
    an escape: `\\x24` in YAML, `\\u0024` in JSON) is skipped whole.

    This runs over nearly every value of a large file, so it is written for speed: a
    recursive visit (nested calls are cheap, and recursion keeps file order) with the
    searches bound to local names, judging each scalar where its parent is visited. Very
    deep (or deeply aliased) subtrees are handed to an explicit stack.
    """
    if isinstance(root, Scalar):
        data = root.data
        return [root] if isinstance(data, str) and "$" in data else []
    found: list[Scalar] = []
    add = found.append
    find = source.find
    has_backslash = "\\" in source

    def may_hold(node: Mapping | Sequence) -> bool:
        start, end = node.start_offset, node.end_offset
        return find("$", start, end) >= 0 or (has_backslash and find("\\", start, end) >= 0)

    def visit(node: Mapping | Sequence, depth: int) -> None:
        children = node.children.values() if isinstance(node, Mapping) else node.items
        for child in children:
            if isinstance(child, Scalar):
                data = child.data
                if isinstance(data, str) and "$" in data:
                    add(child)
                continue
            # may_hold(child), written out: this is the innermost loop.
            start, end = child.start_offset, child.end_offset
            if find("$", start, end) >= 0 or (has_backslash and find("\\", start, end) >= 0):
                if depth < _MAX_RECURSION:
                    visit(child, depth + 1)
                else:
                    found.extend(_deep_dollar_scalars(child, may_hold))

    if may_hold(root):
        visit(root, 0)
    return found


# Deeper than this (only aliases nest further than the loader's depth limit), a walk uses
# an explicit stack instead of recursion.
_MAX_RECURSION = 100


def _deep_dollar_scalars(
    top: Mapping | Sequence, may_hold: Callable[[Mapping | Sequence], bool]
) -> list[Scalar]:
    """:func:`dollar_scalars` for a subtree known to hold a `$`, without recursion."""
    found: list[Scalar] = []
    stack = [top]
    while stack:
        node = stack.pop()
        children = node.children.values() if isinstance(node, Mapping) else node.items
        for child in children:
            if isinstance(child, Scalar):
                if isinstance(child.data, str) and "$" in child.data:
                    found.append(child)
            elif may_hold(child):
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
        children = node.children.values() if isinstance(node, Mapping) else node.items
        for child in children:
            if isinstance(child, Scalar):
                if isinstance(child.data, str):
                    found.append(child)
            else:
                stack.append(child)
    found.sort(key=_start)
    return found


def _start(node: Scalar) -> int:
    return node.start_offset


class DateFilter:
    """``filter(start, end)``: whether ``text[start:end]`` matches :data:`MAYBE_DATE`.

    Asked for many ranges of one large text. A regular expression scans a few nanoseconds
    a character; for ASCII text (nearly every dataset) the digits and separators are
    mapped to two marker bytes once, and each range is then searched with ``bytes.find``,
    which runs at memory speed.
    """

    __slots__ = ("_mask", "_text")

    def __init__(self, text: str) -> None:
        self._text = text
        self._mask: bytes | None = None

    def __call__(self, start: int, end: int) -> bool:
        mask = self._mask
        if mask is None:
            if not self._text.isascii():
                # `\d` also matches other scripts' digits: search with the pattern itself.
                return MAYBE_DATE.search(self._text, start, end) is not None
            mask = self._mask = self._text.encode("ascii").translate(_MARKERS)
        return mask.find(b"0-0", start, end) >= 0


def _markers() -> bytes:
    """The translation table: ASCII digits to `0`, date separators to `-`, all else ` `."""
    table = bytearray(b" " * 256)
    for digit in b"0123456789":
        table[digit] = ord("0")
    for separator in b"-/.":
        table[separator] = ord("-")
    return bytes(table)


_MARKERS = _markers()

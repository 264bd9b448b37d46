"""Read a YAML dataset again after an edit, re-reading only the test that changed.

An editor lints its buffer on every keystroke, and reading a 2,000-test file takes
most of a lint. An edit usually changes one test: when the edit lies inside one item of
the top-level ``tests:`` list, that item's lines are read again by the line reader
(:func:`~ait_datasets.source.block_yaml.read_list_item`, the reader's own code for a list
item) and put in place of the old item in the previous tree; the nodes after it move by
the edit's length. The result is the tree :func:`~ait_datasets.source.load.load_bytes`
would build from the new text, node for node (``tests/source/test_reparse.py`` checks
that on generated edits). Anything else (an edit outside the tests, across two tests, one
that makes the item something the line reader leaves to libyaml, a file libyaml read,
limits) returns None, and the caller reads the whole text as before.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable
from itertools import accumulate

from ait_datasets.source.block_lexicon import handles_characters
from ait_datasets.source.block_yaml import read_list_item
from ait_datasets.source.document import Document
from ait_datasets.source.tree import Mapping, Node, Scalar, Sequence, offsets_array

# Text compared in slices of this many characters when looking for where an edit starts
# and ends (a slice comparison runs in C; no large copy is made).
_CHUNK = 4096


def reparse_after_edit(
    previous: Document, text: str, *, max_bytes: int, max_line_length: int
) -> Document | None:
    """The document ``load_bytes(previous.path, text.encode(), ...)`` would give, built by
    re-reading only the edited test of ``previous``; None when that cannot be done.

    ``previous`` must have been loaded under the same limits. Its tree is reused: after a
    call that returns a document, ``previous`` must not be used again (its nodes now belong
    to the new document).
    """
    root = previous.root
    if (
        previous.format != "yaml"
        or previous.bom
        or previous.diagnostics
        or root is None
        or not root.lines.single_line_scalars  # read by libyaml, not by the line reader
        or not isinstance(root, Mapping)
        or root.flow
        or text.startswith("\ufeff")
    ):
        return None
    old = previous.text
    if text == old:
        return Document(previous.path, text, "yaml", root, newline=previous.newline)
    tests = root.children.get("tests")
    if not isinstance(tests, Sequence) or tests.flow or not tests.items:
        return None
    start, old_end, _new_end = changed_range(old, text)
    index = root.lines
    starts = index.starts
    k = _item_holding(tests, start)
    if k is None:
        return None
    item = tests.items[k]
    before = tests.items[k - 1] if k > 0 else None
    if not _block_mapping(item) or (before is not None and not _block_mapping(before)):
        return None
    # The item's lines: from its '-' (where the list starts, or where the item before it
    # ends) to the line before the next content.
    first = _line_of(starts, tests.start_offset if before is None else before.end_offset)
    line_start = starts[first]
    column = tests.start_offset - starts[_line_of(starts, tests.start_offset)]
    if start < line_start:
        return None
    # The first line with content after the item (the next item's '-', or what follows
    # the list), or the end of the text.
    after = item.end_offset
    delta = len(text) - len(old)
    if after < len(old):
        next_line = _line_of(starts, after)
        window_end = starts[next_line]
        # The edit must end before that line, and leave a line break just before it.
        if old_end >= window_end or text[window_end + delta - 1] != "\n":
            return None
    else:
        next_line, window_end = len(starts), len(old)
    crlf = "\r" in old
    fragment = text[line_start : window_end + delta]
    if not handles_characters(fragment, crlf) or not _within_limits(
        text, fragment, max_bytes, max_line_length
    ):
        return None
    separator = "\r\n" if crlf else "\n"
    lines = fragment.split(separator)
    if after < len(old):
        lines.pop()  # the fragment ends with a line break: no line after it is in it
    new_starts = offsets_array(len(text), starts[:first])
    new_starts.extend(
        accumulate((len(line) + len(separator) for line in lines[:-1]), initial=line_start)
    )
    if after < len(old):
        new_starts.append(window_end + delta)
        later = starts[next_line + 1 :]
        if delta == 0:
            new_starts.extend(later)
        else:
            new_starts.extend(s + delta for s in later)
        sentinel_end = text.find(separator, window_end + delta)
        lines.append(text[window_end + delta : len(text) if sentinel_end < 0 else sentinel_end])
    window_starts = new_starts[first : first + len(lines)]
    if _indent(lines[0]) != column or not _is_dash(lines[0], column):
        return None
    read = read_list_item(text, index, lines, window_starts, column, 2)
    if read is None:
        return None
    node, stop = read
    # The item must end where the old one did: at the line after the window (the next
    # item or the end of the list), having read every line of the window.
    if stop != (len(lines) - 1 if after < len(old) else len(lines)):
        return None
    # Nothing can fail from here on: the previous tree becomes the new one.
    index.text = text
    index.starts = new_starts
    tests.items[k] = node
    for following in tests.items[k + 1 :]:
        _shift(following, delta)
    _grow(tests, delta)
    _grow(root, delta)
    seen_tests = False
    for value in root.children.values():
        if seen_tests:
            _shift(value, delta)
        seen_tests = seen_tests or value is tests
    if root.key_nodes is not None:
        for key_node in root.key_nodes:
            if key_node.start_offset > tests.start_offset:
                key_node.start_offset += delta
    return Document(previous.path, text, "yaml", root, newline=previous.newline)


def changed_range(old: str, new: str) -> tuple[int, int, int]:
    """Where ``old`` and ``new`` differ: the common prefix's length, and where the rest
    ends in ``old`` and in ``new`` once the longest common suffix (not overlapping the
    prefix) is set apart."""
    shortest = min(len(old), len(new))
    start = 0
    while start < shortest:
        step = min(_CHUNK, shortest - start)
        if old[start : start + step] != new[start : start + step]:
            # The first difference is in this slice: halve it until it is found.
            low, high = start, start + step
            while high - low > 1:
                middle = (low + high) // 2
                if old[low:middle] == new[low:middle]:
                    low = middle
                else:
                    high = middle
            start = low
            break
        start += step
    end_old, end_new = len(old), len(new)
    room = min(end_old, end_new) - start  # the suffix may not overlap the prefix
    same = 0
    while same < room:
        step = min(_CHUNK, room - same)
        if (
            old[end_old - same - step : end_old - same]
            != new[end_new - same - step : end_new - same]
        ):
            low, high = same, same + step  # low characters are known equal, high are not
            while high - low > 1:
                middle = (low + high) // 2
                if old[end_old - middle : end_old - low] == new[end_new - middle : end_new - low]:
                    low = middle
                else:
                    high = middle
            same = low
            break
        same += step
    return start, end_old - same, end_new - same


def _item_holding(tests: Sequence, offset: int) -> int | None:
    """The number of the item whose lines hold ``offset``, from the item's first line to
    the line before the next item; None for an offset before the first item's line."""
    items = tests.items
    starts = tests.lines.starts
    low, high = 0, len(items)
    while low < high:  # the last item whose first line starts at or before offset
        middle = (low + high) // 2
        if starts[_line_of(starts, items[middle].start_offset)] <= offset:
            low = middle + 1
        else:
            high = middle
    return low - 1 if low > 0 else None


def _line_of(starts: array[int], offset: int) -> int:
    """The 0-based line holding ``offset``."""
    from bisect import bisect_right

    return bisect_right(starts, offset) - 1


def _block_mapping(node: Node) -> bool:
    return isinstance(node, Mapping) and not node.flow


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _is_dash(line: str, column: int) -> bool:
    return line[column : column + 1] == "-" and line[column + 1 : column + 2] in ("", " ")


def _within_limits(text: str, fragment: str, max_bytes: int, max_line_length: int) -> bool:
    """Whether the loader's size and line-length limits let ``text`` through (the lines
    outside ``fragment`` did in the previous text, under the same limits)."""
    try:
        size = len(text.encode("utf-8"))
    except UnicodeEncodeError:
        return False
    if size > max_bytes:
        return False
    return all(len(line) <= max_line_length for line in fragment.split("\n"))


def _shift(node: Node, delta: int) -> None:
    """Move ``node`` and everything under it by ``delta`` characters (the hot loop of an
    edit that changes the text's length: scalars, most of the nodes, are moved in place
    rather than stacked)."""
    if delta == 0:
        return
    node.start_offset += delta
    if isinstance(node, Scalar):
        return
    stack: list[Mapping | Sequence] = [node]
    push = stack.append
    children: Iterable[Node]
    while stack:
        current = stack.pop()
        if isinstance(current, Mapping):
            children = current.children.values()
            if current.key_nodes is not None:
                for key_node in current.key_nodes:
                    key_node.start_offset += delta
        else:
            children = current.items
        for child in children:
            child.start_offset += delta
            if not isinstance(child, Scalar):
                push(child)


def _grow(container: Mapping | Sequence, delta: int) -> None:
    """A container holding the edit: longer by ``delta``, and its plain value made again."""
    container.end_offset += delta
    container._data = None

"""Where a mapping entry's text is: its value's extent, leading comments, trailing lines.

The positioned tree gives each node's span, but a migration moves *entries* with the
comments that belong to them, so the extents are widened here by the text's lines:

- a comment line directly above a key (no blank line between, not indented deeper than
  the key) belongs to that key and moves with it;
- the entry ends after its value's last line, plus any following comment lines indented
  deeper than the key (they comment on the value); trailing blank lines stay in place.

An alias (``*name``) shares the anchored node, whose span is where the anchor is; its own
text is found after its key.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ait_datasets.migrate.text import column_of, line_end, line_start
from ait_datasets.source.tree import Mapping, Node, Scalar, Sequence, block_content_end

_ALIAS = re.compile(r"\*[^\s,\[\]{}]+")
_BLOCK_HEADER = re.compile(r"[|>][0-9+-]*")


@dataclass(frozen=True, slots=True)
class Extent:
    start: int
    end: int
    alias: bool = False


def is_alias_at(node: Node, after: int) -> bool:
    """True when ``node`` occurs after ``after`` only as an alias of an earlier anchor."""
    return node.start_offset < after


def alias_extent(text: str, after: int) -> Extent:
    """The ``*name`` token following ``after`` (a key's end or a sequence dash)."""
    match = _ALIAS.search(text, after)
    if match is None:  # the tree said alias, so this cannot happen in parsed text
        return Extent(after, after, True)
    return Extent(match.start(), match.end(), True)


def value_extent(text: str, node: Node, after: int) -> Extent:
    """Start and end of ``node``'s own text (the end stops at its last content line)."""
    if is_alias_at(node, after):
        return alias_extent(text, after)
    start = node.start_offset
    if isinstance(node, Scalar):
        if node.data is None and node.style == "" and start == node.end_offset:
            return Extent(after, after)  # an empty value: nothing after the key
        return Extent(start, _scalar_end(text, node))
    if node.flow:
        return Extent(start, node.end_offset)
    if isinstance(node, Mapping):
        if not node.children:
            return Extent(start, node.end_offset)
        last = len(node.children) - 1
        name, value = next(reversed(node.children.items()))
        key = node.key_node_at(last, name)
        return Extent(start, value_extent(text, value, key.end_offset).end)
    return Extent(start, _sequence_end(text, node))


def _sequence_end(text: str, node: Sequence) -> int:
    if not node.items:
        return node.end_offset
    if text.find("*", node.start_offset, node.end_offset) < 0:
        # No alias in the list's text: every item is its own text, the last one ends it.
        last = node.items[-1]
        return value_extent(text, last, last.start_offset).end
    after = node.start_offset
    for item in node.items:
        # An item starts after the previous one (or its dash); earlier means alias.
        after = value_extent(text, item, after).end
    return after


def _scalar_end(text: str, node: Scalar) -> int:
    start, end = node.start_offset, node.end_offset
    if node.style in ("|", ">"):
        header = _BLOCK_HEADER.search(text, start, end)
        if header is not None and "+" in header.group():
            return end  # keep-chomping: trailing blank lines are content
        last = len(text[start:end].rstrip())
        return min(end, line_end(text, start + max(last - 1, 0)))
    return end


def on_shared_line(text: str, offset: int) -> bool:
    """Something other than spaces precedes ``offset`` on its line (e.g. ``- `` of an item)."""
    return bool(text[line_start(text, offset) : offset].strip())


def leading_comment_start(text: str, key: Scalar, lower: int) -> int:
    """Start of the comment lines directly above ``key`` that belong to it (or its line)."""
    offset = key.start_offset
    start = text.rfind("\n", 0, offset) + 1
    if text[start:offset].strip():  # on a shared line (e.g. after the ``- `` of an item)
        return offset
    col = offset - start
    while start > lower and start > 0:
        prev = text.rfind("\n", 0, start - 1) + 1
        if prev < lower:
            break
        line = text[prev:start]
        # A comment line (not blank, `#` first) no deeper than the key.
        if line.lstrip()[:1] != "#" or len(line) - len(line.lstrip(" ")) > col:
            break
        start = prev
    return start


def entry_start(text: str, key: Scalar, previous: tuple[Scalar, Node] | None) -> int:
    """Where the entry of ``key`` starts: the comment lines directly above it that belong
    to it, else its line (or ``key`` itself, on a shared line). ``previous`` is the entry
    before it (key and value), which keeps its own deeper comment lines; its end is worked
    out only when a comment is above ``key`` (most keys have none)."""
    start = leading_comment_start(text, key, 0)
    line = line_start(text, key.start_offset)
    if start < line and previous is not None:
        start = leading_comment_start(text, key, entry_end(text, *previous, line))
    return start


def entry_end(text: str, key: Scalar, value: Node, upper: int) -> int:
    """End (after the newline) of an entry's last line, with deeper comment lines after it."""
    key_end = key.end_offset
    last = max(_content_end(text, value, key_end), key_end)
    end = line_end(text, last - 1)
    col = -1
    probe = end
    stop = min(upper, len(text))
    while probe < stop:
        nxt = line_end(text, probe)
        line = text[probe:nxt]
        content = line.lstrip()
        if not content:  # a blank line: it stays unless a deeper comment follows
            probe = nxt
            continue
        if content[0] != "#":
            break  # the next entry or the block's end: the common case
        if col < 0:
            col = column_of(text, key.start_offset)
        if len(line) - len(line.lstrip(" ")) <= col:
            break  # a comment no deeper than the key: the next entry's
        end = probe = nxt
    return min(end, upper) if upper > 0 else end


def _content_end(text: str, value: Node, after: int) -> int:
    """Where the last line of ``value``'s text (after a key ending at ``after``) ends.

    For a block mapping or list, the tree may tell it from the text alone
    (:func:`~ait_datasets.source.tree.block_content_end`); otherwise
    :func:`value_extent` works it out from the tree.
    """
    if type(value) is Scalar and value.style not in ("|", ">") and value.start_offset >= after:
        # value_extent's answer for a one-line scalar that is not an alias, without a call.
        if value.data is None and value.style == "" and value.start_offset == value.end_offset:
            return after  # an empty value: nothing after the key
        return value.end_offset
    if isinstance(value, (Mapping, Sequence)):
        end = block_content_end(value)
        if end is not None:
            return end
    return value_extent(text, value, after).end

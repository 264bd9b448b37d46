"""Adding and deleting a turn as a cut or an insertion in the test's own text.

Re-dumping a test (even through the minimal line patch) re-wraps the long plain scalars an
author wrapped over lines and may re-indent irregular blocks. A turn is a run of whole
lines, so deleting one is cutting those lines and adding one is inserting new lines after
a turn: every other line of the test stays byte for byte. The caller checks that the
result means exactly what the round-trip change means, and falls back to it otherwise.
"""

from __future__ import annotations

from ait_datasets.source.load import load_text
from ait_datasets.source.tree import Mapping, Node, walk
from ait_datasets.source.tree import Sequence as SeqNode
from ait_datasets.tui.chunks import is_leaf


def _line_start(text: str, offset: int) -> int:
    return text.rfind("\n", 0, offset) + 1


def _line_end(text: str, offset: int) -> int:
    """The offset just past the newline of the line holding ``offset``."""
    newline = text.find("\n", offset)
    return len(text) if newline < 0 else newline + 1


def _test_mapping(body: str) -> Mapping | None:
    doc = load_text("test.yaml", body)
    root = doc.root
    if doc.has_errors or not isinstance(root, SeqNode) or len(root.items) != 1:
        return None
    test = root.items[0]
    inner = test.get("testInput") if isinstance(test, Mapping) else None
    test = inner if isinstance(inner, Mapping) else test
    return test if isinstance(test, Mapping) else None


def _last_char(node: Node) -> int:
    ends = [n.end_offset for _, n in walk(node) if is_leaf(n)]
    return max(ends, default=node.end_offset) - 1


def turn_blocks(body: str) -> tuple[list[tuple[int, int]], int] | None:
    """``(blocks, dash_column)``: for each turn of the test in ``body`` (one list item),
    the offsets of its lines, from the comment lines just above its dash to the newline
    of its last value; and the column of the turns' dashes. None when the turns are not a
    block list of items that each start a line."""
    test = _test_mapping(body)
    turns = test.children.get("turns") if test is not None else None
    if not isinstance(turns, SeqNode) or turns.flow or not turns.items:
        return None
    blocks: list[tuple[int, int]] = []
    column = -1
    for item in turns.items:
        pos = item.start_offset - 1
        while pos >= 0 and body[pos] in " \t":
            pos -= 1
        if pos < 0 or body[pos] != "-":
            return None
        start = _line_start(body, pos)
        if body[start:pos].strip() or (column >= 0 and pos - start != column):
            return None
        column = pos - start
        # Full-line comments right above the dash introduce this turn (above the first
        # turn they introduce the list, and stay with it).
        while blocks and start > 0:
            above = _line_start(body, start - 1)
            line = body[above:start].strip()
            if not line.startswith("#") or above < blocks[-1][1]:
                break
            start = above
        blocks.append((start, _line_end(body, _last_char(item))))
    return blocks, column


def delete_turn_text(body: str, index: int) -> str | None:
    """``body`` without turn ``index``'s lines (None when that cannot be done by a cut)."""
    found = turn_blocks(body)
    if found is None or len(found[0]) < 2 or not 0 <= index < len(found[0]):
        return None
    start, end = found[0][index]
    return body[:start] + body[end:]


def insert_turn_text(body: str, after: int, turn_text: str) -> str | None:
    """``body`` with ``turn_text`` (a list item whose dash is at column 0) inserted after
    turn ``after``, its dash at the column of the other turns' dashes."""
    found = turn_blocks(body)
    if found is None or not 0 <= after < len(found[0]):
        return None
    blocks, column = found
    end = blocks[after][1]
    newline = "\r\n" if "\r\n" in body else "\n"
    lines = [
        (" " * column + line if line.strip() else line)
        for line in turn_text.splitlines(keepends=True)
    ]
    insert = "".join(lines)
    head = body[:end]
    if head and not head.endswith("\n"):
        head += newline
    return head + insert + body[end:]

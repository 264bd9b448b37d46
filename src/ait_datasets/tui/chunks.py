"""One test's chunk of the file's text: its data, its parts, and the comments that pass
between neighbouring chunks.

A chunk holds the comment lines before a test's dash, the test, and the blank and
comment lines after its last value; those last introduce the next test, so an edit of
the list moves them to the next chunk first (:func:`push_tail`).
"""

from __future__ import annotations

import json
from typing import Any

from ait_datasets.source.load import load_text
from ait_datasets.source.tree import Mapping, Node, Scalar, walk
from ait_datasets.source.tree import Sequence as SeqNode
from ait_datasets.tui.json_array import is_json_object


def chunk_data(chunk: str) -> Any:
    """The data of the one test in ``chunk`` read as YAML, or None when it does not parse."""
    doc = load_text("row.yaml", chunk)
    root = doc.root
    if doc.has_errors or not isinstance(root, SeqNode) or not root.items:
        return None
    return root.items[0].data


def json_row(chunk: str, newline: str) -> str:
    """A changed JSONL row as a chunk: kept when it is still one JSON object (a value
    typed in place), else the row's data written as one JSON line."""
    if is_json_object(chunk[2:]):
        return chunk
    data = chunk_data(chunk)
    if data is None:
        return chunk  # the save refuses a row that does not parse
    # The blank lines after the row stay after it.
    blank = max(chunk[len(chunk.rstrip()) :].count("\n") - 1, 0)
    row = json.dumps(data, ensure_ascii=False)
    return "- " + row + newline * (1 + blank)


def split_chunk(chunk: str) -> tuple[str, str, str]:
    """``(head, body, tail)``: comment lines before the test's dash, the test, and the
    blank and comment lines after its last value (they introduce the next test)."""
    lines = chunk.splitlines(keepends=True)
    start = 0
    while start < len(lines) and not lines[start].lstrip().startswith("-"):
        start += 1
    head = "".join(lines[:start])
    rest = chunk[len(head) :]
    doc = load_text("chunk.yaml", rest)
    root = doc.root
    if not isinstance(root, SeqNode) or not root.items:
        return head, rest, ""
    end = max(
        (n.end_offset for _, n in walk(root.items[0]) if is_leaf(n)),
        default=len(rest),
    )
    if end > 0 and rest[end - 1] != "\n":
        newline = rest.find("\n", end)
        end = len(rest) if newline < 0 else newline + 1
    return head, rest[:end], rest[end:]


def is_leaf(node: Node) -> bool:
    """A scalar, or a collection written on one line (flow or empty): where text ends."""
    if isinstance(node, Scalar):
        return True
    if isinstance(node, Mapping):
        return node.flow or not node.entries
    return node.flow or not node.items


def push_tail(chunks: list[str], index: int) -> None:
    """Move the comments after test ``index`` to the start of the next chunk, where they
    belong to the test they introduce (the text stays the same)."""
    if index + 1 >= len(chunks):
        return
    head, body, tail = split_chunk(chunks[index])
    if tail:
        chunks[index] = head + body
        chunks[index + 1] = tail + chunks[index + 1]

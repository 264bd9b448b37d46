"""A dataset file's tests as the text they are written in, for the rerun plan.

The rerun plan copies tests byte for byte: never parsed and written again, so nothing the
author wrote (comments, quoting, placeholders, key order) changes. This module finds each
test's *own text span* in its file (the tests themselves come from the dataset layer,
through :mod:`ait_datasets.report.sources`):

- JSONL: the test's line (without its line break);
- a JSON array: the element, ``{`` to ``}``;
- a YAML ``tests:`` list in block style: from the start of the item's line (its
  indentation and ``-``) to the end of the line of the test's last value (a comment on
  that line included; comment lines after it belong to what follows and are left);
- a file that is one test (a YAML or JSON object without a ``tests:`` list): the file.

A test written in flow style inside a YAML list has no lines of its own: it is reported,
not copied. Offsets are checked against the file's bytes; text that does not read back
the same is reported too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ait_datasets.report.sources import coded_tests, dataset_document

if TYPE_CHECKING:
    from ait_datasets.source.document import Document
    from ait_datasets.source.tree import Node

_ITEM_PREFIX = re.compile(r"[ \t]*-[ \t]+\Z")


@dataclass(frozen=True, slots=True)
class DatasetText:
    """The parts of one dataset file a subset is made of, as bytes of the file."""

    path: str
    format: str  # "yaml" | "json" | "jsonl"
    raw: bytes
    newline: bytes
    bom: bool
    # Test code -> its own bytes (see the module docstring); the first test of a code.
    tests: dict[str, bytes] = field(default_factory=dict)
    # Test code -> why it cannot be copied on its own.
    problems: dict[str, str] = field(default_factory=dict)
    # YAML: the top-level entries other than ``tests`` and ``name`` (e.g. ``language``,
    # ``suite_setup``), as written.
    header: tuple[bytes, ...] = ()
    # The file is one test: the subset is the whole file.
    whole: bool = False


def dataset_text(path: str) -> DatasetText | None:
    """The tests of the dataset file at ``path`` as bytes; None when it is not one."""
    doc = dataset_document(path)
    if doc is None:
        return None
    with open(path, "rb") as fh:
        raw = fh.read()
    bytes_of = _ByteOffsets(doc.text, raw[3:] if doc.bom else raw)
    newline = (doc.newline or "\n").encode()
    tests: dict[str, bytes] = {}
    problems: dict[str, str] = {}
    whole = False
    for code, test, node in coded_tests(doc):
        if code in tests or code in problems:
            continue
        if doc.format != "jsonl" and test.path in ((), ("tests",)):
            whole = True
            tests[code] = raw
            continue
        span = _own_span(doc, node)
        if span is None:
            problems[code] = "written in flow style inside the list: no lines of its own"
            continue
        copied = bytes_of.slice(*span)
        if copied is None:
            problems[code] = "its text does not read back the same from the file's bytes"
        else:
            tests[code] = copied
    header = () if whole else _header(doc, bytes_of)
    return DatasetText(path, doc.format, raw, newline, doc.bom, tests, problems, header, whole)


def _own_span(doc: Document, node: Node) -> tuple[int, int] | None:
    if doc.format != "yaml":
        return node.start_offset, node.end_offset
    text = doc.text
    line_start = text.rfind("\n", 0, node.start_offset) + 1
    if not _ITEM_PREFIX.match(text, line_start, node.start_offset):
        return None
    return line_start, _line_end(text, _content_end(node))


def _header(doc: Document, bytes_of: _ByteOffsets) -> tuple[bytes, ...]:
    from ait_datasets.source.tree import Mapping

    root = doc.root
    if doc.format != "yaml" or not isinstance(root, Mapping):
        return ()
    out: list[bytes] = []
    for key, value in root.children.items():
        if key in ("tests", "name"):
            continue
        key_node = root.key_node(key)
        if key_node is None:
            continue
        start = doc.text.rfind("\n", 0, key_node.start_offset) + 1
        if doc.text[start : key_node.start_offset].strip():
            continue  # a flow-style root: no lines of its own either
        copied = bytes_of.slice(start, _line_end(doc.text, _content_end(value)))
        if copied is not None:
            out.append(copied)
    return tuple(out)


def _content_end(node: Node) -> int:
    """Where the node's last value ends: a block mapping's span also holds the comment
    lines and indentation up to the next item, which belong to what follows."""
    from ait_datasets.source.tree import Mapping, Sequence

    while True:
        if isinstance(node, (Mapping, Sequence)) and _is_flow(node):
            return node.end_offset  # at its closing bracket
        if isinstance(node, Mapping) and node.children:
            node = list(node.children.values())[-1]
        elif isinstance(node, Sequence) and node.items:
            node = node.items[-1]
        else:
            return node.end_offset


def _is_flow(node: Node) -> bool:
    return node.lines.text[node.start_offset : node.start_offset + 1] in ("[", "{")


def _line_end(text: str, end: int) -> int:
    """The end of the line holding ``text[end - 1]``, without its line break."""
    if end > 0 and text[end - 1] == "\n":
        end -= 1
        return end - 1 if end > 0 and text[end - 1] == "\r" else end
    stop = text.find("\n", end)
    stop = len(text) if stop < 0 else stop
    return stop - 1 if stop > 0 and text[stop - 1] == "\r" else stop


class _ByteOffsets:
    """Character offsets of the decoded text -> the file's bytes, counted forward."""

    def __init__(self, text: str, body: bytes) -> None:
        self.text = text
        self.body = body
        self._char = 0
        self._byte = 0

    def byte(self, char: int) -> int:
        if char < self._char:
            self._char = self._byte = 0
        self._byte += len(self.text[self._char : char].encode("utf-8", "surrogatepass"))
        self._char = char
        return self._byte

    def slice(self, start: int, end: int) -> bytes | None:
        """The bytes of ``text[start:end]``, or None when they do not decode to it."""
        first = self.byte(start)
        copied = self.body[first : self.byte(end)]
        return copied if copied == self.text[start:end].encode("utf-8", "surrogatepass") else None

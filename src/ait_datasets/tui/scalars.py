"""Surgical edits of one scalar in a test's text.

Typing into a single-line field replaces just the characters of that value, so the rest
of the test (indentation, comments, quoting) stays byte for byte. When that is not
possible (the key is missing, the value is a block scalar or spans lines) the caller
falls back to a round-trip re-dump of the test.

The value is written in its author's style (see :mod:`.author_style`): plain stays plain
unless YAML needs quotes for the text, quoted stays quoted.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import NamedTuple

from ait_datasets.source.load import load_text
from ait_datasets.source.scalars import resolve_plain
from ait_datasets.source.tree import Mapping, Node, Scalar
from ait_datasets.source.tree import Sequence as SeqNode

PLACEHOLDER_PREFIXES = ("$DateFormula-", "$DateTimeFormula-")
_PLAIN_BAD_START = set("-?:,[]{}#&*!|>'\"%@`")


def has_placeholder(value: str) -> bool:
    return any(p in value for p in PLACEHOLDER_PREFIXES)


def plain_is_safe(value: str) -> bool:
    """Whether ``value`` can be written unquoted and still read back as the same text."""
    if not value or value != value.strip() or value[0] in _PLAIN_BAD_START:
        return False
    if any(c in value for c in "\n\r\t") or ": " in value or " #" in value:
        return False
    if value.endswith(":") or has_placeholder(value):
        return False
    return resolve_plain(value) == value


def format_scalar(value: object, style: str = "") -> str:
    """YAML text for a scalar value, keeping ``style`` (``""``, ``'`` or ``"``) for text."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    text = str(value)
    if style == "'" and "\n" not in text:
        return "'" + text.replace("'", "''") + "'"
    if style == "" and plain_is_safe(text):
        return text
    return json.dumps(text, ensure_ascii=False)


def find_node(root: Node | None, path: Sequence[str | int]) -> Node | None:
    node = root
    for part in path:
        if isinstance(node, Mapping) and isinstance(part, str):
            node = node.get(part)
        elif isinstance(node, SeqNode) and isinstance(part, int) and 0 <= part < len(node.items):
            node = node.items[part]
        else:
            return None
    return node


class Spliced(NamedTuple):
    """A scalar written in place: the new text, the scalar's author's style and the style
    it was written in (they differ when the text needs quotes its author did not write)."""

    text: str
    author: str
    written: str


def written_style(scalar_text: str) -> str:
    """The style of a one-line scalar as :func:`format_scalar` wrote it."""
    first = scalar_text[:1]
    return first if first in ("'", '"') else ""


def splice_scalar(
    chunk: str, path: Sequence[str | int], value: object, author: str | None = None
) -> Spliced | None:
    """``chunk`` with the scalar at ``path`` (below the test item) replaced, or None.

    ``author``: the style the author gave the scalar when the editor wrote it otherwise
    (see :mod:`.author_style`); None: the style it is written in is the author's. None
    means a surgical edit is not possible and the caller must re-dump the test.
    """
    doc = load_text("chunk.yaml", chunk)
    if doc.root is None or doc.has_errors or not isinstance(doc.root, SeqNode):
        return None
    if len(doc.root.items) != 1:
        return None
    node = find_node(doc.root.items[0], path)
    if not isinstance(node, Scalar) or node.span.line != node.span.end_line:
        return None
    if node.style not in ("", "'", '"') or node.tag is not None:
        return None
    if node.data is None and node.start_offset == node.end_offset:
        return None  # `key:` with nothing after it: no characters to replace
    style = node.style if author is None else author
    # A placeholder is always quoted (the framework's docs ask for it): format_scalar
    # writes it in double quotes when the author's style is plain.
    text = format_scalar(value, style)
    return Spliced(
        chunk[: node.start_offset] + text + chunk[node.end_offset :], style, written_style(text)
    )

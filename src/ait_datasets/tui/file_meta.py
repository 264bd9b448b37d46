"""The file's own keys (``name``, ``description``, ``language``, ``suite_setup``), read and
changed in the text around the tests.

A change replaces just the characters of the value when it is a one-line scalar, adds a
missing key on a line of its own (in the canonical order, before ``tests:``), or removes
the key's lines when the field is emptied; the result must parse to exactly the intended
data, else nothing changes.
"""

from __future__ import annotations

from typing import Any

from ait_datasets.source.load import load_text
from ait_datasets.source.tree import Mapping, Node, Scalar
from ait_datasets.tui.scalars import format_scalar

META_KEYS = ("name", "description", "language", "suite_setup")


class MetaError(Exception):
    """The key cannot be changed in this text (the message says why)."""


def _root(text: str) -> Mapping | None:
    doc = load_text("meta.yaml", text)
    if doc.has_errors:
        return None
    return doc.root if isinstance(doc.root, Mapping) else None


def read_meta(text: str) -> dict[str, Any]:
    """The file keys' values in ``text`` (missing keys are absent)."""
    root = _root(text)
    if root is None:
        return {}
    data = root.data if isinstance(root.data, dict) else {}
    return {k: data[k] for k in META_KEYS if k in data}


def has_key(text: str, key: str) -> bool:
    root = _root(text)
    return root is not None and key in root.children


def _line_start(text: str, offset: int) -> int:
    return text.rfind("\n", 0, offset) + 1


def _line_end(text: str, offset: int) -> int:
    end = text.find("\n", offset)
    return len(text) if end < 0 else end + 1


def _block(value: str, column: int, newline: str) -> str:
    """A literal block scalar (``|-`` / ``|``) holding ``value``, indented under ``column``."""
    pad = " " * (column + 2)
    chomp = "" if value.endswith("\n") else "-"
    lines = value[:-1].split("\n") if value.endswith("\n") else value.split("\n")
    body = newline.join(pad + line if line else "" for line in lines)
    return f"|{chomp}{newline}{body}{newline}"


def _value_text(value: str, column: int, newline: str, style: str = "") -> str:
    if "\n" in value:
        return _block(value, column, newline)
    return format_scalar(value, style) + newline


def set_meta(
    text: str, key: str, value: str, newline: str = "\n", *, style: str | None = None
) -> str:
    """``text`` with the file key ``key`` set to ``value`` ('' removes the key); a one-line
    value is written in ``style`` (the author's, see :mod:`.author_style`; None: the
    style it is written in).

    Raises :class:`MetaError` when ``text`` is not a mapping, or the change would not
    mean exactly that.
    """
    root = _root(text)
    if root is None:
        raise MetaError("the text before the tests is not a YAML mapping")
    entry = root.entries.get(key)
    if entry is None:
        if not value:
            return text
        out = _insert(text, root, key, value, newline)
    else:
        out = _replace(text, root, entry[0], entry[1], value, newline, style)
    _check(text, out, key, value)
    return out


def _replace(
    text: str,
    root: Mapping,
    key_node: Scalar,
    node: Node,
    value: str,
    newline: str,
    style: str | None = None,
) -> str:
    start = _line_start(text, key_node.start_offset)
    if not value:
        # The key's lines go, up to the next key (or the end of the value).
        return text[:start] + text[_line_end(text, max(node.end_offset - 1, start)) :]
    one_line = isinstance(node, Scalar) and node.span.line == node.span.end_line
    if (
        one_line
        and "\n" not in value
        and isinstance(node, Scalar)
        and node.style in ("", "'", '"')
        and node.tag is None
        and not (node.data is None and node.start_offset == node.end_offset)
    ):
        new = format_scalar(value, node.style if style is None else style)
        return text[: node.start_offset] + new + text[node.end_offset :]
    # A block scalar, a value over several lines, or one becoming so: rewrite the value.
    after_colon = text.index(":", key_node.end_offset) + 1
    end = _line_end(text, max(node.end_offset - 1, after_colon))
    column = key_node.start_offset - start
    return text[:after_colon] + " " + _value_text(value, column, newline) + text[end:]


def _insert(text: str, root: Mapping, key: str, value: str, newline: str) -> str:
    """A new ``key: value`` line after the file key that comes before it in
    :data:`META_KEYS`, else before the first root key that is not one of them."""
    order = META_KEYS.index(key)
    entries = list(root.entries.items())
    column = entries[0][1][0].start_offset - _line_start(text, entries[0][1][0].start_offset)
    line = " " * column + f"{key}: " + _value_text(value, column, newline)
    before = [e for e in entries if e[0] in META_KEYS[:order]]
    if before:
        node = before[-1][1][1]
        at = _line_end(text, max(node.end_offset - 1, before[-1][1][0].end_offset))
        if not text[:at].endswith("\n"):
            line = newline + line
        return text[:at] + line + text[at:]
    first = entries[0][1][0]
    at = _line_start(text, first.start_offset)
    return text[:at] + line + text[at:]


def _check(old: str, new: str, key: str, value: str) -> None:
    before, after = _root(old), _root(new)
    if before is None or after is None:
        raise MetaError(f"changing {key} would break the file")
    want = dict(before.data)
    if value:
        want[key] = value
    else:
        want.pop(key, None)
    got = dict(after.data)
    if got != want:
        raise MetaError(f"{key} cannot be changed here safely; use the raw text")

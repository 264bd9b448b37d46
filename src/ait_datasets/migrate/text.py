"""Line and scalar helpers for editing YAML text without reflowing it."""

from __future__ import annotations

import json
import re

from ait_datasets.source.scalars import plain_reads_as_text

_PLAIN_SAFE = re.compile(r"[A-Za-z0-9_(][^\n\r\t#:\[\]{},]*\Z")


def line_start(text: str, offset: int) -> int:
    """Offset of the start of the line holding ``offset``."""
    return text.rfind("\n", 0, offset) + 1


def line_end(text: str, offset: int) -> int:
    """Offset just after the newline ending the line holding ``offset`` (or the text's end)."""
    nl = text.find("\n", offset)
    return len(text) if nl < 0 else nl + 1


def column_of(text: str, offset: int) -> int:
    """0-based column of ``offset``."""
    return offset - line_start(text, offset)


def split_lines(text: str) -> list[str]:
    """Lines with their own endings (``\\n`` or ``\\r\\n``); only ``\\n`` ends a line."""
    parts = text.split("\n")
    lines = [part + "\n" for part in parts[:-1]]
    if parts[-1]:
        lines.append(parts[-1])
    return lines


def body(line: str) -> str:
    """A line without its line ending."""
    return line.rstrip("\n").rstrip("\r")


def is_blank(line: str) -> bool:
    return not body(line).strip()


def is_comment(line: str) -> bool:
    return body(line).lstrip().startswith("#")


def indent_of(line: str) -> int:
    content = body(line)
    return len(content) - len(content.lstrip(" "))


def shift(lines: list[str], by: int) -> list[str]:
    """Indent every non-empty line by ``by`` spaces.

    Empty lines stay empty: inside a block scalar an empty line means the same at any
    indentation, while a line of spaces keeps its spaces beyond the new indentation.
    """
    pad = " " * by
    return [pad + line if body(line) else line for line in lines]


def quote(text: str, style: str) -> str:
    """``text`` as a YAML scalar in ``style`` ('"', "'" or '' for plain) when that is safe.

    Falls back to double quotes, written so that the result is also valid JSON.
    """
    if style == "" and _plain_ok(text):
        return text
    if style == "'" and text.isprintable():
        return "'" + text.replace("'", "''") + "'"
    return double_quoted(text)


def double_quoted(text: str) -> str:
    out = json.dumps(text, ensure_ascii=False)
    # YAML reads these as line breaks inside double quotes; JSON leaves them raw.
    return out.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029").replace("\x85", "\\u0085")


def _plain_ok(text: str) -> bool:
    if not _PLAIN_SAFE.match(text) or text != text.strip() or not text.isprintable():
        return False
    return plain_reads_as_text(text)


def key_text(name: str, style: str) -> str:
    """A mapping key written in the quoting ``style`` of its neighbours."""
    if style == '"':
        return f'"{name}"'
    if style == "'":
        return f"'{name}'"
    return name

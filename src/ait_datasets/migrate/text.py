"""Line and scalar helpers for editing YAML text without reflowing it."""

from __future__ import annotations

import json
import re

from ait_datasets.source.scalars import plain_reads_as_text
from ait_datasets.source.tree import LineIndex

_JSON_TEXT = json.JSONEncoder(ensure_ascii=False).encode
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


class LineCounter:
    """Line numbers of offsets asked for mostly in file order (a plan's report): counted
    on from the last one, which costs less than a search of the file's line index.

    Counting LF is right for the line reader's trees (their only line breaks are LF and
    CRLF); a tree libyaml built may count CR, NEL, LS and PS too: its own index answers
    then, as it does for an offset before the last one.
    """

    __slots__ = ("_line", "_offset")

    def __init__(self) -> None:
        self._offset = 0
        self._line = 1

    def line(self, index: LineIndex, offset: int) -> int:
        if offset < self._offset or not index.single_line_scalars:
            line = index.position(offset)[0]
        else:
            line = self._line + index.text.count("\n", self._offset, offset)
        self._offset = offset
        self._line = line
        return line


def shift(text: str, by: int) -> str:
    """Indent every line of ``text`` that is not empty by ``by`` spaces.

    Empty lines stay empty: inside a block scalar an empty line means the same at any
    indentation, while a line of spaces keeps its spaces beyond the new indentation.
    Only ``\\n`` ends a line (a CRLF line ends in it too).
    """
    pad = " " * by
    return "\n".join([pad + line if line.strip("\r") else line for line in text.split("\n")])


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
    out = _JSON_TEXT(text)
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

"""Positions between our findings and the client.

Our findings count lines from 1 and columns from 1 in code points (Python string
indices); LSP counts both from 0, columns in the encoding the client and server agreed
on: UTF-16 code units by default (an emoji is two), UTF-8 bytes or UTF-32 code points when
negotiated. Each conversion reads one line, so it is linear in that line's length.
"""

from __future__ import annotations

import re
from itertools import accumulate

UTF8 = "utf-8"
UTF16 = "utf-16"
UTF32 = "utf-32"
_BREAK = re.compile(r"\r\n|\r|\n")


class Lines:
    """A text split into lines the way LSP counts them (``\\n``, ``\\r\\n`` or ``\\r``)."""

    __slots__ = ("_starts", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        # C-level scans only: a Python loop over the characters took a second on 2 MB.
        if "\r" not in text:
            lengths = (len(part) + 1 for part in text.split("\n")[:-1])
            self._starts = list(accumulate(lengths, initial=0))
        else:
            self._starts = [0, *(m.end() for m in _BREAK.finditer(text))]

    @classmethod
    def _of(cls, text: str, starts: list[int]) -> Lines:
        lines = cls.__new__(cls)
        lines.text, lines._starts = text, starts
        return lines

    def edited(self, start: int, end: int, new: str) -> Lines:
        """The lines of the text with ``[start, end)`` replaced by ``new``.

        An editor sends a keystroke at a time: the table is updated (the line starts
        before the edit kept, those after it shifted) instead of split again, which took
        40 ms per keystroke on a 2 MB file. Texts with a carriage return are split again
        (an edit can join or part a ``\r\n``)."""
        start = min(max(start, 0), len(self.text))
        end = min(max(end, start), len(self.text))
        text = self.text[:start] + new + self.text[end:]
        if "\r" in new or "\r" in self.text:
            return Lines(text)
        import bisect

        starts = self._starts
        # Starts up to the edit stay; those from line breaks inside it go; the inserted
        # text brings its own; the rest move by the change in length.
        kept = starts[: bisect.bisect_right(starts, start)]
        inserted = [start + m.end() for m in _BREAK.finditer(new)] if "\n" in new else []
        delta = len(new) - (end - start)
        tail = starts[bisect.bisect_right(starts, end) :]
        moved = list(map(delta.__add__, tail)) if delta else tail
        return Lines._of(text, kept + inserted + moved)

    def __len__(self) -> int:
        return len(self._starts)

    def line(self, index: int) -> str:
        """Line ``index`` (0-based) without its line break; "" past the end."""
        if index < 0 or index >= len(self._starts):
            return ""
        start = self._starts[index]
        end = self._starts[index + 1] if index + 1 < len(self._starts) else len(self.text)
        return self.text[start:end].rstrip("\r\n")

    def offset(self, line: int, column: int) -> int:
        """The string offset of 0-based ``line`` and code-point ``column`` (clamped)."""
        if line >= len(self._starts):
            return len(self.text)
        line = max(line, 0)
        return self._starts[line] + min(max(column, 0), len(self.line(line)))

    def position(self, offset: int) -> tuple[int, int]:
        """0-based line and code-point column of a string offset."""
        import bisect

        offset = min(max(offset, 0), len(self.text))
        line = bisect.bisect_right(self._starts, offset) - 1
        return line, offset - self._starts[line]


def _units(ch: str, encoding: str) -> int:
    if encoding == UTF16:
        return 2 if ord(ch) > 0xFFFF else 1
    if encoding == UTF8:
        return len(ch.encode("utf-8", "surrogatepass"))
    return 1


def to_client_column(line: str, column: int, encoding: str) -> int:
    """A 0-based code-point column of ``line`` in the client's units."""
    column = min(max(column, 0), len(line))
    if encoding == UTF32:
        return column
    if encoding == UTF16 and line.isascii():
        return column
    return sum(_units(ch, encoding) for ch in line[:column])


def from_client_column(line: str, units: int, encoding: str) -> int:
    """The 0-based code-point column at ``units`` client units into ``line`` (clamped).

    A position inside a character (half of a surrogate pair) moves to its start.
    """
    if encoding == UTF32 or (encoding == UTF16 and line.isascii()):
        return min(max(units, 0), len(line))
    seen = 0
    for i, ch in enumerate(line):
        width = _units(ch, encoding)
        if seen + width > units:
            return i
        seen += width
    return len(line)

"""Where a piece of a string value is in the file's text.

A token found at offset ``i`` of a scalar's value is at the same place in the file when
the scalar is written without escapes or line folding (plain, single-line quoted, JSON
strings without escapes): then the value is a verbatim slice of the scalar's span and the
offset maps directly. Otherwise the piece is matched as the same occurrence (first,
second, ...) of its text in the value and in the span; when that cannot be done cheaply
we fall back to the scalar's own span.

Work is linear in the value however many pieces are placed in it (a title of 8,000 dates
must not cost 8,000 scans of the title): :class:`ValueInSource` checks the verbatim case
once per scalar and keeps each piece's occurrences once.
"""

from __future__ import annotations

from bisect import bisect_left

from ait_datasets.source.tree import LineIndex as _TreeLineIndex
from ait_datasets.source.tree import Span

# One definition of lines for the whole tool: the loader's (it counts the line breaks
# libyaml counts, so token positions agree with every other position).
LineIndex = _TreeLineIndex

# In a value that is not written verbatim, the distinct pieces placed by matching
# occurrences (each costs a pass over the value); later ones get the scalar's span.
MAX_MATCHED_PIECES = 32


class ValueInSource:
    """One scalar's value and the text it was read from, for placing pieces of it."""

    __slots__ = ("_occurrences", "base", "end", "source", "start", "value")

    def __init__(self, source: str, start: int, end: int, value: str) -> None:
        self.source = source
        self.start = start
        self.end = end
        self.value = value
        # Where value[0] is in the source when the value is a verbatim slice of its span
        # (a plain scalar, or one in quotes with no escapes), else None.
        self.base = _verbatim_base(source, start, end, value)
        self._occurrences: dict[str, tuple[list[int], list[int]]] = {}

    def find(self, at: int, length: int) -> int | None:
        """The offset in the source of ``value[at:at + length]``, or None."""
        if length <= 0 or at < 0 or at + length > len(self.value):
            return None
        if self.base is not None:
            return self.base + at
        piece = self.value[at : at + length]
        found = self._occurrences.get(piece)
        if found is None:
            if len(self._occurrences) >= MAX_MATCHED_PIECES:
                return None
            found = (
                _occurrences(self.value, piece, 0, len(self.value)),
                _occurrences(self.source, piece, self.start, self.end),
            )
            self._occurrences[piece] = found
        in_value, in_source = found
        nth = bisect_left(in_value, at)
        return in_source[nth] if nth < len(in_source) else None

    def span(self, lines: LineIndex, scalar: Span, at: int, length: int) -> Span:
        """The span of ``value[at:at + length]`` in the file, else the scalar's span."""
        pos = self.find(at, length)
        if pos is None:
            return scalar
        line, col = lines.position(pos)
        end_line, end_col = lines.position(pos + length)
        return Span(line, col, end_line, end_col, pos, pos + length)


def _verbatim_base(source: str, start: int, end: int, value: str) -> int | None:
    width = end - start
    if width == len(value) and source.startswith(value, start):
        return start
    if width == len(value) + 2 and source.startswith(value, start + 1):
        return start + 1
    return None


def _occurrences(text: str, piece: str, start: int, end: int) -> list[int]:
    """Every (possibly overlapping) offset of ``piece`` in ``text[start:end]``."""
    found = []
    pos = text.find(piece, start, end)
    while pos >= 0:
        found.append(pos)
        pos = text.find(piece, pos + 1, end)
    return found


def span_in_scalar(
    source: str, lines: LineIndex, scalar: Span, value: str, at: int, length: int
) -> Span:
    """The span of ``value[at:at + length]`` in the file, else the scalar's span."""
    placed = ValueInSource(source, scalar.start_offset, scalar.end_offset, value)
    return placed.span(lines, scalar, at, length)

"""Where a piece of a string value is in the file's text.

A token found at offset ``i`` of a scalar's value is at the same place in the file when
the scalar is written without escapes or line folding (plain, single-line quoted, JSON
strings without escapes): then the token text appears verbatim inside the scalar's span.
Otherwise we fall back to the scalar's own span.
"""

from __future__ import annotations

from ait_datasets.source.tree import LineIndex as _TreeLineIndex
from ait_datasets.source.tree import Span

# One definition of lines for the whole tool: the loader's (it counts the line breaks
# libyaml counts, so token positions agree with every other position).
LineIndex = _TreeLineIndex


def find_in_source(
    source: str, start: int, end: int, value: str, at: int, length: int
) -> int | None:
    """The offset in ``source[start:end]`` of ``value[at:at + length]``, or None.

    The piece is matched as the same occurrence (first, second, …) of its text in the
    value, so repeated tokens map to their own places.
    """
    piece = value[at : at + length]
    if not piece:
        return None
    nth = _count_before(value, piece, at)
    pos = start - 1
    for _ in range(nth + 1):
        pos = source.find(piece, pos + 1, end)
        if pos < 0:
            return None
    return pos


def _count_before(value: str, piece: str, at: int) -> int:
    n = 0
    pos = value.find(piece)
    while 0 <= pos < at:
        n += 1
        pos = value.find(piece, pos + 1)
    return n


def span_in_scalar(
    source: str, lines: LineIndex, scalar: Span, value: str, at: int, length: int
) -> Span:
    """The span of ``value[at:at + length]`` in the file, else the scalar's span."""
    pos = find_in_source(source, scalar.start_offset, scalar.end_offset, value, at, length)
    if pos is None:
        return scalar
    line, col = lines.position(pos)
    end_line, end_col = lines.position(pos + length)
    return Span(line, col, end_line, end_col, pos, pos + length)

"""What a line is: one model for the loader's positions, reporters, suppressions and fixes.

Line breaks are what YAML (and libyaml) count: CR LF, CR, LF, NEL, LS and PS. A column is
a 1-based count of characters (code points) from the start of the line. Every surface
that turns offsets into line:col, shows a source line, or reads a comment on a line uses
these functions, so a finding's position means the same thing everywhere.
"""

from __future__ import annotations

import re

LINE_BREAK = re.compile("\r\n|[\r\n\x85\u2028\u2029]")


def split_lines(text: str) -> list[str]:
    """The lines of ``text`` without their breaks (a final break ends the last line)."""
    lines = LINE_BREAK.split(text)
    if len(lines) > 1 and lines[-1] == "":
        lines.pop()
    return lines


def offset_to_position(text: str, offset: int) -> tuple[int, int]:
    """The 1-based (line, column) of character ``offset`` in ``text``."""
    offset = max(0, min(offset, len(text)))
    line = 1
    line_start = 0
    for match in LINE_BREAK.finditer(text, 0, offset):
        line += 1
        line_start = match.end()
    return line, offset - line_start + 1

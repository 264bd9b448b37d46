"""What a line is: one model for the loader's positions, reporters, suppressions and fixes.

Line breaks are what YAML (and libyaml) count: CR LF, CR, LF, NEL, LS and PS. A column is
a 1-based count of characters (code points) from the start of the line. Every surface
that turns offsets into line:col, shows a source line, or reads a comment on a line uses
these functions, so a finding's position means the same thing everywhere.
"""

from __future__ import annotations

import re

LINE_BREAK = re.compile("\r\n|[\r\n\x85\u2028\u2029]")
# What str.splitlines breaks at and YAML does not.
_NOT_YAML_BREAKS = "\v\f\x1c\x1d\x1e"


def split_lines(text: str) -> list[str]:
    """The lines of ``text`` without their breaks (a final break ends the last line)."""
    if text and not any(c in text for c in _NOT_YAML_BREAKS):
        # str.splitlines (8x faster than the pattern on a large file) breaks where YAML
        # does, and also at a few characters YAML does not, which this text lacks.
        return text.splitlines()
    lines = LINE_BREAK.split(text)
    if len(lines) > 1 and lines[-1] == "":
        lines.pop()
    return lines


def newline_of(text: str) -> str:
    """The line break a line added to ``text`` ends with, in the file's own style: CR LF
    when its first line ends so, else LF. Only the first line is read: fixes ask this
    once a finding, so a large file is not scanned again for each."""
    first = text.find("\n")
    return "\r\n" if first > 0 and text[first - 1] == "\r" else "\n"


def offset_to_position(text: str, offset: int) -> tuple[int, int]:
    """The 1-based (line, column) of character ``offset`` in ``text``."""
    offset = max(0, min(offset, len(text)))
    line = 1
    line_start = 0
    for match in LINE_BREAK.finditer(text, 0, offset):
        line += 1
        line_start = match.end()
    return line, offset - line_start + 1


# Suite XML positions count LF only (``source.xml_loader``: XML normalises its breaks).
XML_LINE_BREAK = re.compile("\n")
# The break a line from lines_with_breaks ends with.
_END = re.compile("(?:\r\n|[\r\n\x85\u2028\u2029])\\Z")


def lines_with_breaks(text: str, *, xml: bool = False) -> list[str]:
    """The lines of ``text`` with their line breaks, numbered as diagnostics number them
    (suite XML: at LF only)."""
    lines = []
    pos = 0
    for found in (XML_LINE_BREAK if xml else LINE_BREAK).finditer(text):
        lines.append(text[pos : found.end()])
        pos = found.end()
    if pos < len(text):
        lines.append(text[pos:])
    return lines


def line_body(line: str) -> tuple[str, str]:
    """(the line without its break, the break) of a line from :func:`lines_with_breaks`."""
    found = _END.search(line)
    return (line[: found.start()], line[found.start() :]) if found else (line, "")

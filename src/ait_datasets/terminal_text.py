"""Text made safe to show on a terminal: the one place that decides what that means.

A message quotes what a user (or an attacker) wrote: a formula, a key, a file name. Raw
control characters in it would reach the terminal as commands (an ESC starts a colour
or moves the cursor, a carriage return overwrites the line), and bidirectional controls
(U+202E and friends) reorder what is shown, so that a message can be made to say
something else ("Trojan Source"). Each such character is shown as its escape instead
(``\\x1b``, ``\\u202e``); a file name that is not valid UTF-8 shows its bytes (``\\xff``).

Only text meant for a person goes through here: messages and the text report. Data
output (``resolve``'s YAML, JSON, diffs) is written exactly.
"""

from __future__ import annotations

import re
from typing import TextIO

# C0 controls but tab and newline, DEL, C1 controls; the bidirectional marks, embeddings,
# overrides and isolates; and surrogates (a file name's undecodable bytes).
_UNSAFE = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
)


def _escape(match: re.Match[str]) -> str:
    point = ord(match.group())
    if 0xDC80 <= point <= 0xDCFF:  # a byte that os.fsdecode could not decode
        return f"\\x{point - 0xDC00:02x}"
    if point <= 0xFF:
        return f"\\x{point:02x}"
    return f"\\u{point:04x}"


def terminal_text(text: str) -> str:
    """``text`` with every character that could act on a terminal shown as its escape."""
    # The common cases without the regular expression (several times slower on a long
    # report): one printable ASCII line, or such lines (tab and newline are safe).
    if text.isascii() and (
        text.isprintable() or text.replace("\n", "").replace("\t", "").isprintable()
    ):
        return text
    return _UNSAFE.sub(_escape, text)


class TerminalStream:
    """A text stream that neutralises what is written to it (for stderr, where every
    line is a message for a person). ``terminal_raw`` is the stream underneath, for the
    one writer that draws with control characters on purpose (the progress bar)."""

    def __init__(self, raw: TextIO) -> None:
        self.raw = raw
        self.terminal_raw = raw

    def write(self, text: str) -> int:
        self.raw.write(terminal_text(text))
        return len(text)

    def __getattr__(self, name: str) -> object:  # flush, isatty, fileno, encoding ...
        return getattr(self.raw, name)

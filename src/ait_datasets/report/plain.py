"""Text from an export made safe to print in a terminal or a CI log.

Case ids, messages and call stacks come from the system under test. A control character
(an ANSI escape, a carriage return, a backspace) could rewrite what the terminal shows, and
a bidirectional control (U+202E and friends, the "Trojan Source" characters) could make a
line read differently from what it holds. Each is shown as a visible ``\\uXXXX`` escape.

One function, in one place, so that it can be swapped for the project's shared one.
"""

from __future__ import annotations

import re

# C0 and C1 controls (tab, newline and carriage return included: a report line is one
# line), DEL, and the Unicode bidirectional formatting characters.
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def neutralise(text: str) -> str:
    """``text`` with every control and bidirectional character shown as ``\\uXXXX``."""
    return _UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)

"""The time part of a ``$DateTimeFormula-<…>-HH:MM:SS$`` token (AL ``Evaluate(Time, …)``).

``Evaluate`` follows the session's locale; we accept the forms that read the same in
every locale: ``HH:MM``, ``HH:MM:SS`` and ``HH:MM:SS.fff`` (24-hour clock, one or two
digit hours, up to seven fraction digits, kept to the millisecond as AL's Time does).
An empty time text is AL's undefined time 0T, which makes midnight.
"""

from __future__ import annotations

import datetime as dt
import re
from functools import cache


@cache
def _time() -> re.Pattern[str]:
    """HH:MM[:SS[.fffffff]] (compiled on first use, not when the module loads)."""
    return re.compile(r"(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,7}))?)?\Z", re.ASCII)


class TimeTextError(ValueError):
    """A time text ``Evaluate(Time, …)`` would refuse; ``position`` is 0-based in the text."""

    def __init__(self, message: str, position: int = 0) -> None:
        super().__init__(message)
        self.message = message
        self.position = position


def parse_time_text(text: str) -> dt.time:
    """``13:30:00`` -> 13:30; raises :class:`TimeTextError` for anything else."""
    if text == "":
        return dt.time(0, 0)
    m = _time().match(text)
    if m is None:
        raise TimeTextError(
            f"'{text}' is not a time; write it as HH:MM:SS, for example 13:30:00", 0
        )
    hours, minutes = int(m.group(1)), int(m.group(2))
    seconds = int(m.group(3) or 0)
    fraction = (m.group(4) or "").ljust(3, "0")[:3]
    if hours > 23:
        raise TimeTextError(f"hour {hours} is out of range 0..23", m.start(1))
    if minutes > 59:
        raise TimeTextError(f"minute {minutes} is out of range 0..59", m.start(2))
    if seconds > 59:
        raise TimeTextError(f"second {seconds} is out of range 0..59", m.start(3))
    return dt.time(hours, minutes, seconds, int(fraction) * 1000)

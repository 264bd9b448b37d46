"""How a resolved date or datetime is written into text.

The framework writes an embedded token's value with AL's ``Format(Date)`` /
``Format(DateTime)``, which follows the session's regional settings (en-US: ``03/17/26``).
We write ISO 8601 unless asked for one of the named regional formats below (Business
Central's standard display format, two-digit year, for that language) or a pattern.

Pattern fields: ``YYYY YY MM M DD D`` for the date, ``HH H hh h mm ss fff tt`` for the
time (``hh``/``h`` 12-hour clock, ``tt`` AM/PM); any other character is copied.
"""

from __future__ import annotations

import datetime as dt
import re
from functools import cache

from ait_datasets.records import FrozenRecord

# Frozen records set their fields once, in __init__.


@cache
def _field() -> re.Pattern[str]:
    """A field of a date pattern (compiled on first use, not when the module loads)."""
    return re.compile(r"YYYY|YY|MM|M|DD|D|HH|H|hh|h|mm|ss|fff|tt")


class DateFormat(FrozenRecord):
    """A way to write dates (``date_pattern``) and datetimes (``datetime_pattern``)."""

    name: str
    date_pattern: str
    datetime_pattern: str


ISO = DateFormat("iso", "YYYY-MM-DD", "YYYY-MM-DDTHH:mm:ss")

# Business Central's standard display format (Format(value) with format 0) per
# language, as the Windows short date pattern with a two-digit year; seconds are not
# shown for datetimes.
REGIONAL: dict[str, DateFormat] = {
    f.name.lower(): f
    for f in (
        DateFormat("en-US", "MM/DD/YY", "MM/DD/YY h:mm tt"),
        DateFormat("en-GB", "DD/MM/YY", "DD/MM/YY HH:mm"),
        DateFormat("en-AU", "DD/MM/YY", "DD/MM/YY h:mm tt"),
        DateFormat("en-CA", "YY-MM-DD", "YY-MM-DD h:mm tt"),
        DateFormat("da-DK", "DD-MM-YY", "DD-MM-YY HH:mm"),
        DateFormat("de-DE", "DD.MM.YY", "DD.MM.YY HH:mm"),
        DateFormat("es-ES", "DD/MM/YY", "DD/MM/YY H:mm"),
        DateFormat("fr-FR", "DD/MM/YY", "DD/MM/YY HH:mm"),
        DateFormat("it-IT", "DD/MM/YY", "DD/MM/YY HH:mm"),
        DateFormat("nl-NL", "DD-MM-YY", "DD-MM-YY HH:mm"),
        DateFormat("sv-SE", "YY-MM-DD", "YY-MM-DD HH:mm"),
    )
}


def date_format(spec: str | None) -> DateFormat:
    """``None``/``iso`` -> ISO 8601; a language tag (``en-US``); else a pattern.

    Raises ValueError for a pattern without date fields or one containing ``$`` (a
    written value must never form a new placeholder).
    """
    if spec is None or spec.lower() == "iso":
        return ISO
    named = REGIONAL.get(spec.lower())
    if named is not None:
        return named
    if "$" in spec:
        raise ValueError("a date format cannot contain '$'")
    if not any(f in ("YYYY", "YY", "MM", "M", "DD", "D") for f in _field().findall(spec)):
        known = ", ".join(["iso", *(f.name for f in REGIONAL.values())])
        raise ValueError(
            f"unknown date format '{spec}': use one of {known}, or a pattern such as DD.MM.YYYY"
        )
    return DateFormat(spec, spec, spec + " HH:mm:ss")


def format_date(value: dt.date, fmt: DateFormat = ISO) -> str:
    return _render(fmt.date_pattern, value, None)


def format_datetime(value: dt.datetime, fmt: DateFormat = ISO) -> str:
    text = _render(fmt.datetime_pattern, value.date(), value.time())
    if fmt is ISO and value.microsecond:
        text += f".{value.microsecond // 1000:03d}"
    return text


def _render(pattern: str, d: dt.date, t: dt.time | None) -> str:
    time = t or dt.time(0, 0)

    def field(m: re.Match[str]) -> str:
        f = m.group(0)
        hour12 = time.hour % 12 or 12
        values = {
            "YYYY": f"{d.year:04d}",
            "YY": f"{d.year % 100:02d}",
            "MM": f"{d.month:02d}",
            "M": str(d.month),
            "DD": f"{d.day:02d}",
            "D": str(d.day),
            "HH": f"{time.hour:02d}",
            "H": str(time.hour),
            "hh": f"{hour12:02d}",
            "h": str(hour12),
            "mm": f"{time.minute:02d}",
            "ss": f"{time.second:02d}",
            "fff": f"{time.microsecond // 1000:03d}",
            "tt": "AM" if time.hour < 12 else "PM",
        }
        return values[f]

    return _field().sub(field, pattern)

"""Text that looks like a placeholder but is not one, and dates written out by hand.

Both are pure scans of one string value; the lint rules turn them into findings.
"""

from __future__ import annotations

import datetime as dt
import re
from functools import cache

from ait_datasets.placeholders.tokens import DATE_PREFIX, DATETIME_PREFIX
from ait_datasets.records import FrozenRecord

# Frozen records set their fields once, in __init__.

_PREFIX_WORDS = {"dateformula": DATE_PREFIX, "datetimeformula": DATETIME_PREFIX}


@cache
def _candidate() -> re.Pattern[str]:
    """A '$' and a word, optionally two words joined by '-' ($Date-Formula-)."""
    return re.compile(r"\$([A-Za-z_]{3,30})(?:-([A-Za-z_]{1,30}))?")


class Misspelt(FrozenRecord):
    """``value[start:end]`` was meant to be ``prefix`` (``$dateformula-`` -> ``$DateFormula-``)."""

    start: int
    end: int
    written: str
    prefix: str


def misspelt_prefixes(value: str) -> list[Misspelt]:
    """Prefixes in the wrong case, misspelt, or without their ``-``.

    A near miss only counts when a bracketed formula follows (``$DateFormat`` in prose is
    not a placeholder); a prefix in the wrong case or without its dash always counts.
    """
    found: list[Misspelt] = []
    for m in _candidate().finditer(value):
        start = m.start()
        if value.startswith((DATE_PREFIX, DATETIME_PREFIX), start):
            continue
        hit = _intended(value, start, m.group(1), m.group(2))
        if hit is not None:
            found.append(hit)
    return found


def _intended(value: str, start: int, first: str, second: str | None) -> Misspelt | None:
    joined = first + "-" + second if second else None
    # Exact words (in any case) first, then near misses followed by a formula.
    for exact in (True, False):
        for word in (first, joined):
            if word is None:
                continue
            normal = word.replace("-", "").replace("_", "").lower()
            end = start + 1 + len(word)
            if value.startswith("-", end):
                end += 1
            if exact:
                target = _PREFIX_WORDS.get(normal)
            else:
                if not value.startswith("<", end):
                    continue
                import difflib  # only for near misses, which are rare

                close = difflib.get_close_matches(normal, list(_PREFIX_WORDS), n=1, cutoff=0.8)
                target = _PREFIX_WORDS[close[0]] if close else None
            if target is not None:
                return Misspelt(start, end, value[start:end], target)
    return None


class DateLiteral(FrozenRecord):
    """A date written in a value: ``value[start:end]``, its date, and an optional time."""

    start: int
    end: int
    date: dt.date
    time: str | None = None


@cache
def _date_patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """The ISO, slash and dotted date patterns (compiled on first use: most runs of the
    linter never see a value that could hold a date)."""
    iso = re.compile(
        r"(?<![\w-])(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}:\d{2}(?::\d{2}(?:\.\d{1,7})?)?))?(?![\w:])"
    )
    slash = re.compile(r"(?<![\w/])(\d{1,2})/(\d{1,2})/(\d{4})(?![\w/])")
    dotted = re.compile(r"(?<![\w.])(\d{1,2})\.(\d{1,2})\.(\d{4})(?![\w.]\w)")
    return iso, slash, dotted


def date_literals(value: str) -> list[DateLiteral]:
    """Dates written as ``2026-02-15`` (optionally ``T10:00:00``), ``02/15/2026``
    (month first when that is a date, else day first) or ``15.02.2026``."""
    found: list[DateLiteral] = []
    iso, slash, dotted = _date_patterns()
    for m in iso.finditer(value):
        d = _date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
        if d is not None:
            found.append(DateLiteral(m.start(), m.end(), d, m.group(4)))
    for m in slash.finditer(value):
        a, b, year = int(m.group(1)), int(m.group(2)), int(m.group(3))
        d = _date(year, a, b) or _date(year, b, a)
        if d is not None:
            found.append(DateLiteral(m.start(), m.end(), d))
    for m in dotted.finditer(value):
        d = _date(int(m.group(3)), int(m.group(2)), int(m.group(1)))
        if d is not None:
            found.append(DateLiteral(m.start(), m.end(), d))
    return sorted(found, key=lambda f: f.start)


def _date(year: int, month: int, day: int) -> dt.date | None:
    try:
        return dt.date(year, month, day)
    except ValueError:
        return None


def relative_token(literal: DateLiteral, work_date: dt.date) -> str | None:
    """The placeholder that gives ``literal`` when the work date is ``work_date``:
    ``$DateFormula-<CD+5D>$`` (or a DateTime token when the literal has a time), or None
    when the distance is over the formula limit of 9999 days."""
    days = (literal.date - work_date).days
    if abs(days) > 9999:
        return None
    formula = "<CD>" if days == 0 else f"<CD{days:+d}D>"
    if literal.time is not None:
        time = literal.time if literal.time.count(":") == 2 else literal.time + ":00"
        return f"{DATETIME_PREFIX}{formula}-{time}$"
    return f"{DATE_PREFIX}{formula}$"

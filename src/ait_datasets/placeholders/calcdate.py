"""CalcDate: apply a parsed DateFormula to a base date, left to right, as AL does.

Semantics (see the README section "placeholders" for sources):

- ``nD``/``nW`` add days/weeks; ``nM``/``nQ``/``nY`` add 1/3/12 months keeping the day of
  the month, or the last day of the target month when it is shorter. A month-end date
  does not stay at month end (2024-02-29 + 1M = 2024-03-29).
- ``CD CW CM CQ CY`` go to the end of the current day/week/month/quarter/year; with ``-``
  to its start. Weeks run Monday to Sunday. A date already at the end (or start) stays.
- ``WDn`` is the first date strictly after the running date whose weekday is n
  (Monday = 1); ``-WDn`` the last one strictly before it.
- ``Dn`` is the first date strictly after the running date whose day of the month is n;
  ``-Dn`` the last one strictly before. Our choice where Business Central is not
  documented: months without day n are skipped (D31 from 2024-04-10 is 2024-05-31).
- A date outside 0001-01-01..9999-12-31 is an error, as is the undefined date 0D.
"""

from __future__ import annotations

import datetime as dt

from ait_datasets.placeholders.formula import Formula, Term, TermKind, parse_formula
from ait_datasets.records import FrozenRecord

# Frozen records set their fields once, in __init__.

UNDEFINED_DATE_MESSAGE = "You cannot base a date calculation on an undefined date."
_MIN = dt.date.min.toordinal()
_MAX = dt.date.max.toordinal()


class CalcDateError(ValueError):
    """CalcDate fails at run time: undefined base date, or a result out of range."""

    def __init__(self, message: str, term: Term | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.term = term


class Step(FrozenRecord):
    """One term and the running date after it (for ``datasets date --explain``)."""

    term: Term
    date: dt.date


def calc_date(formula: Formula | str, base: dt.date | None) -> dt.date:
    """``CalcDate(formula, base)``; ``base=None`` is AL's undefined date 0D.

    Raises :class:`~ait_datasets.placeholders.formula.FormulaError` for a bad formula
    and :class:`CalcDateError` when the calculation itself fails.
    """
    steps = calc_steps(formula, base)
    if steps:
        return steps[-1].date
    assert base is not None  # calc_steps raised for an undefined base
    return base


def calc_steps(formula: Formula | str, base: dt.date | None) -> list[Step]:
    """Every term of ``formula`` with the date after it, evaluated left to right."""
    parsed = parse_formula(formula) if isinstance(formula, str) else formula
    if base is None:
        raise CalcDateError(UNDEFINED_DATE_MESSAGE)
    steps: list[Step] = []
    d = base
    for term in parsed.terms:
        d = apply_term(term, d)
        steps.append(Step(term, d))
    return steps


def steps_table(base: dt.date, steps: list[Step]) -> str:
    """The resolution from ``base`` through ``steps`` as ``datasets date --explain``
    prints it and the editor's hover shows it: the work date, then each term with the
    date after it and its weekday, the labels padded to one width."""
    rows = [("work date", base)] + [(step.term.text, step.date) for step in steps]
    width = max(len(label) for label, _ in rows)
    return "\n".join(f"{label:<{width}}  {day.isoformat()}  {day:%a}" for label, day in rows)


def apply_term(term: Term, d: dt.date) -> dt.date:
    """The date after applying one term to ``d``."""
    s = term.sign
    if term.kind is TermKind.COUNT:
        if term.unit == "D":
            return _add_days(d, s * term.number, term)
        if term.unit == "W":
            return _add_days(d, 7 * s * term.number, term)
        months = {"M": 1, "Q": 3, "Y": 12}[term.unit]
        return add_months(d, s * months * term.number, term)
    if term.kind is TermKind.CURRENT:
        return period_start(d, term.unit) if s < 0 else period_end(d, term.unit, term)
    if term.kind is TermKind.WEEKDAY:
        # 1..7 days away, never the date itself.
        if s > 0:
            delta = (term.number - d.isoweekday()) % 7 or 7
        else:
            delta = -((d.isoweekday() - term.number) % 7 or 7)
        return _add_days(d, delta, term)
    return _day_of_month(d, term.number, s, term)


def add_months(d: dt.date, months: int, term: Term | None = None) -> dt.date:
    """``d`` moved by ``months``, clamped to the last day of a shorter target month."""
    index = d.year * 12 + (d.month - 1) + months
    year, month0 = divmod(index, 12)
    if not 1 <= year <= 9999:
        raise _out_of_range(term)
    month = month0 + 1
    return dt.date(year, month, min(d.day, days_in_month(year, month)))


def days_in_month(year: int, month: int) -> int:
    if month == 12:
        return 31
    return (dt.date(year, month + 1, 1) - dt.date(year, month, 1)).days


def period_start(d: dt.date, unit: str) -> dt.date:
    """The first day of the day/week/month/quarter/year containing ``d``."""
    if unit == "D":
        return d
    if unit == "W":
        # Week 0001-01-01 starts on Monday, so the start never leaves the range.
        return d - dt.timedelta(days=d.isoweekday() - 1)
    if unit == "M":
        return d.replace(day=1)
    if unit == "Q":
        return dt.date(d.year, (d.month - 1) // 3 * 3 + 1, 1)
    return dt.date(d.year, 1, 1)


def period_end(d: dt.date, unit: str, term: Term | None = None) -> dt.date:
    """The last day of the day/week/month/quarter/year containing ``d``."""
    if unit == "D":
        return d
    if unit == "W":
        return _add_days(d, 7 - d.isoweekday(), term)
    if unit == "M":
        return d.replace(day=days_in_month(d.year, d.month))
    if unit == "Q":
        last = (d.month - 1) // 3 * 3 + 3
        return dt.date(d.year, last, days_in_month(d.year, last))
    return dt.date(d.year, 12, 31)


def _day_of_month(d: dt.date, day: int, sign: int, term: Term) -> dt.date:
    # Walk month by month from d's month; skip months that have no such day.
    # At most 2 steps past a month with day n, and any 2 consecutive months include
    # one with 31 days, so this ends within a few iterations.
    index = d.year * 12 + d.month - 1
    while True:
        year, month0 = divmod(index, 12)
        if not 1 <= year <= 9999:
            raise _out_of_range(term)
        if day <= days_in_month(year, month0 + 1):
            candidate = dt.date(year, month0 + 1, day)
            if (candidate > d) if sign > 0 else (candidate < d):
                return candidate
        index += sign


def _add_days(d: dt.date, days: int, term: Term | None) -> dt.date:
    n = d.toordinal() + days
    if not _MIN <= n <= _MAX:
        raise _out_of_range(term)
    return dt.date.fromordinal(n)


def _out_of_range(term: Term | None) -> CalcDateError:
    where = f" at '{term.text}'" if term is not None else ""
    return CalcDateError(
        f"the date calculation leaves the calendar{where}: dates run from 0001-01-01 to 9999-12-31",
        term,
    )

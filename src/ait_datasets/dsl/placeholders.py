"""Date placeholders for datasets: ``$DateFormula-<CW+1M>$`` and ``$DateTimeFormula-…$``.

The formula is checked when the placeholder is built, with the same DateFormula parser
`datasets lint` and `datasets date` use, so a typo fails in your script, not in a test run.
"""

from __future__ import annotations

from ait_datasets.dsl.errors import DatasetBuildError
from ait_datasets.placeholders import (
    DATE_PREFIX,
    DATETIME_PREFIX,
    FormulaError,
    TimeTextError,
    parse_formula,
    parse_time_text,
)


class Placeholder(str):
    """A placeholder token. It is a ``str`` (the dataset stores text); YAML output quotes it."""

    __slots__ = ()


def _checked_formula(formula: str) -> str:
    text = formula.strip()
    if not text:
        raise DatasetBuildError("a date formula cannot be empty; write for example '<CW+1M>'")
    if not text.startswith("<"):
        text = f"<{text}>"
    if "$" in text:
        raise DatasetBuildError(
            f"date formula {formula!r} contains '$', which ends the placeholder early"
        )
    try:
        parse_formula(text)
    except FormulaError as exc:
        raise DatasetBuildError(f"invalid date formula {text!r}: {exc}") from None
    return text


def date_formula(formula: str) -> Placeholder:
    """``date_formula("<CW+1M>")`` -> ``$DateFormula-<CW+1M>$`` (work date + formula).

    The angle brackets may be left out: ``date_formula("CW+1M")`` is the same.
    """
    return Placeholder(f"{DATE_PREFIX}{_checked_formula(formula)}$")


def datetime_formula(formula: str, time: str | None = None) -> Placeholder:
    """``datetime_formula("<CD+1D>", "13:30:00")`` -> ``$DateTimeFormula-<CD+1D>-13:30:00$``.

    Without ``time`` the placeholder is midnight of the computed date.
    """
    text = _checked_formula(formula)
    if time is None:
        return Placeholder(f"{DATETIME_PREFIX}{text}$")
    if "$" in time:
        raise DatasetBuildError(f"time {time!r} contains '$', which ends the placeholder early")
    try:
        parse_time_text(time)
    except TimeTextError as exc:
        raise DatasetBuildError(f"invalid time {time!r}: {exc.message}") from None
    return Placeholder(f"{DATETIME_PREFIX}{text}-{time}$")

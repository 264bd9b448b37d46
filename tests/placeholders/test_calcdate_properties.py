"""Properties of CalcDate and the parser over random formulas and dates."""

from __future__ import annotations

import datetime as dt

from hypothesis import given, settings
from hypothesis import strategies as st

from ait_datasets.placeholders import CalcDateError, FormulaError, calc_date, parse_formula

# Keep clear of the calendar's ends so that the properties, not range errors, are tested.
dates = st.dates(min_value=dt.date(100, 1, 1), max_value=dt.date(9800, 12, 31))
numbers = st.integers(min_value=0, max_value=9999)
SETTINGS = settings(max_examples=200, deadline=None)


@SETTINGS
@given(dates)
def test_cm_and_minus_cm_bracket_the_date_and_are_idempotent(d: dt.date) -> None:
    end = calc_date("<CM>", d)
    start = calc_date("<-CM>", d)
    assert start <= d <= end
    assert (start.year, start.month, start.day) == (d.year, d.month, 1)
    assert (end + dt.timedelta(days=1)).day == 1
    assert calc_date("<CM>", end) == end
    assert calc_date("<-CM>", start) == start


@SETTINGS
@given(dates)
def test_cw_is_a_sunday_and_minus_cw_a_monday_of_the_same_week(d: dt.date) -> None:
    sunday = calc_date("<CW>", d)
    monday = calc_date("<-CW>", d)
    assert sunday.isoweekday() == 7
    assert monday.isoweekday() == 1
    assert (sunday - monday).days == 6
    assert monday <= d <= sunday


@SETTINGS
@given(dates, st.integers(min_value=1, max_value=7), st.sampled_from(["", "+", "-"]))
def test_wd_lands_on_weekday_within_one_to_seven_days(d: dt.date, n: int, sign: str) -> None:
    result = calc_date(f"<{sign}WD{n}>", d)
    assert result.isoweekday() == n
    distance = (result - d).days * (-1 if sign == "-" else 1)
    assert 1 <= distance <= 7


@SETTINGS
@given(dates, numbers)
def test_plus_n_days_minus_n_days_is_identity(d: dt.date, n: int) -> None:
    assert calc_date(f"<+{n}D-{n}D>", d) == d
    weeks = n // 7
    assert calc_date(f"<{weeks}W-{7 * weeks}D>", d) == d


@SETTINGS
@given(dates, st.integers(min_value=-99, max_value=99), st.sampled_from("MQY"))
def test_month_arithmetic_gives_valid_clamped_dates(d: dt.date, n: int, unit: str) -> None:
    formula = f"<{'-' if n < 0 else '+'}{abs(n)}{unit}>"
    result = calc_date(formula, d)  # a date object is always a valid date
    months = abs(n) * {"M": 1, "Q": 3, "Y": 12}[unit] * (-1 if n < 0 else 1)
    assert (result.year * 12 + result.month) - (d.year * 12 + d.month) == months
    assert result.day == d.day or (result.day < d.day and (result + dt.timedelta(days=1)).day == 1)


@SETTINGS
@given(dates, st.integers(min_value=1, max_value=31), st.sampled_from(["", "-"]))
def test_day_of_month_term_is_strict_and_lands_on_day(d: dt.date, n: int, sign: str) -> None:
    result = calc_date(f"<{sign}D{n}>", d)
    assert result.day == n
    assert (result < d) if sign == "-" else (result > d)


ALPHABET = st.sampled_from(list("<>+- 0123456789CDWMQYPcdwm$x"))


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(max_size=40), st.lists(ALPHABET, max_size=40).map("".join)), dates)
def test_any_string_gives_a_date_or_a_positioned_error(text: str, d: dt.date) -> None:
    # The 50 ms bound on each string is measured by bench/formula_latency.py: timings
    # belong to the benchmarks, not to unit tests.
    try:
        calc_date(parse_formula(text), d)
    except FormulaError as exc:
        assert 0 <= exc.position <= len(text)
        assert exc.message
    except CalcDateError as exc:
        assert exc.message

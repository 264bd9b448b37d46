"""CalcDate semantics and the formula grammar (beyond the shared vectors)."""

from __future__ import annotations

import datetime as dt

import pytest

from ait_datasets.placeholders import (
    CalcDateError,
    FormulaError,
    TermKind,
    calc_date,
    calc_steps,
    parse_formula,
)

D = dt.date


@pytest.mark.parametrize(
    ("formula", "base", "expected"),
    [
        ("CM-M+D", D(2015, 7, 10), D(2015, 7, 1)),  # bare units count one
        ("<D31>", D(2024, 4, 10), D(2024, 5, 31)),  # months without day 31 are skipped
        ("<D30>", D(2024, 1, 30), D(2024, 3, 30)),  # February has no 30th
        ("<-D31>", D(2024, 3, 15), D(2024, 1, 31)),
        ("<D29>", D(2023, 1, 31), D(2023, 3, 29)),  # 2023 has no 29 February
        ("<CW>", D(2024, 5, 13), D(2024, 5, 19)),
        ("<-CW>", D(1, 1, 1), D(1, 1, 1)),  # 0001-01-01 is a Monday
        ("< CM + 1D >", D(2024, 1, 5), D(2024, 2, 1)),
        ("  <1D>  ", D(2024, 1, 5), D(2024, 1, 6)),
        ("<1 M>", D(2024, 1, 5), D(2024, 2, 5)),  # space between number and unit
        ("<D 15>", D(2024, 1, 5), D(2024, 1, 15)),
        ("<-0D>", D(2024, 1, 5), D(2024, 1, 5)),
        ("<0M+0Y>", D(2024, 1, 31), D(2024, 1, 31)),
        ("<0007D>", D(2024, 1, 1), D(2024, 1, 8)),
        ("", D(2024, 1, 1), D(2024, 1, 1)),  # a blank formula is the base date
        ("<-WD2>", D(1996, 5, 21), D(1996, 5, 14)),
        ("<9999D-9999D>", D(2024, 1, 1), D(2024, 1, 1)),
    ],
)
def test_calc_date(formula: str, base: dt.date, expected: dt.date) -> None:
    assert calc_date(formula, base) == expected


@pytest.mark.parametrize(
    ("formula", "position", "fragment"),
    [
        ("<1M1D>", 3, "expected '+' or '-' before the next term"),
        ("<cm>", 1, "write the letter in upper case ('C')"),
        ("<1m>", 2, "write the letter in upper case ('M')"),
        ("<M1>", 1, "'M1' (a unit followed by a number) is accepted by Business Central"),
        ("<W2>", 1, "write 2W for 2 weeks"),
        ("<2WD>", 2, "'2WD' (a number of weekdays)"),
        ("<CWD>", 1, "'CWD' is not a documented term"),
        ("<CP>", 2, "accounting periods (P) are not part of date formulas"),
        ("<1P>", 2, "accounting periods"),
        ("<CM1>", 3, "'CM' takes no number"),
        ("<1D+>", 4, "'+' must be followed by a term"),
        ("<1D", 3, "expected '>' to close the '<'"),
        ("<1D>x", 4, "unexpected text after the closing '>'"),
        ("1D>", 2, "'>' may only close the formula"),
        ("1D+<2D>", 3, "'<' may only open the formula"),
        ("<D32>", 2, "day number 32 is out of range; D takes 1 to 31"),
        ("<WD>", 3, "expected a weekday number 1..7 after 'WD', found the end of the formula"),
        ("<12345D>", 1, "the number 12345 is larger than 9999"),
        ("<1²D>", 2, "expected a unit"),
        ("<+ - 1D>", 3, "two signs in a row"),
    ],
)
def test_syntax_errors_are_positioned(formula: str, position: int, fragment: str) -> None:
    with pytest.raises(FormulaError) as exc:
        parse_formula(formula)
    assert exc.value.position == position
    assert fragment in exc.value.message


def test_terms_carry_positions_and_canonical_text() -> None:
    formula = parse_formula("<CW + 1M-WD2 +D15>")
    assert [(t.kind, t.sign, t.unit, t.number) for t in formula.terms] == [
        (TermKind.CURRENT, 1, "W", 0),
        (TermKind.COUNT, 1, "M", 1),
        (TermKind.WEEKDAY, -1, "WD", 2),
        (TermKind.DAY_OF_MONTH, 1, "D", 15),
    ]
    assert [(t.start, t.end) for t in formula.terms] == [(1, 3), (4, 8), (8, 12), (13, 17)]
    assert formula.canonical == "<CW+1M-WD2+D15>"
    assert formula.bracketed


def test_steps_follow_left_to_right() -> None:
    steps = calc_steps("5M-CY+7M-1D", D(2019, 6, 15))
    assert [(s.term.text, s.date) for s in steps] == [
        ("5M", D(2019, 11, 15)),
        ("-CY", D(2019, 1, 1)),
        ("+7M", D(2019, 8, 1)),
        ("-1D", D(2019, 7, 31)),
    ]


@pytest.mark.parametrize(
    ("formula", "base"),
    [
        ("<1D>", D(9999, 12, 31)),
        ("<-1D>", D(1, 1, 1)),
        ("<1M>", D(9999, 12, 1)),
        ("<-1Y>", D(1, 6, 1)),
        ("<CW>", D(9999, 12, 31)),  # a Friday: its Sunday is past the calendar
        ("<D31>", D(9999, 12, 31)),
        ("<-D1>", D(1, 1, 1)),
        ("<WD1>", D(9999, 12, 31)),
    ],
)
def test_results_outside_the_calendar_are_errors(formula: str, base: dt.date) -> None:
    with pytest.raises(CalcDateError) as exc:
        calc_date(formula, base)
    assert "leaves the calendar" in exc.value.message


def test_undefined_base_date() -> None:
    with pytest.raises(CalcDateError) as exc:
        calc_date("<CM>", None)
    assert exc.value.message == "You cannot base a date calculation on an undefined date."

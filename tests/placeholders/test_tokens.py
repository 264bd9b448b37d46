"""Finding and resolving $DateFormula-…$ / $DateTimeFormula-…$ tokens like the framework."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ait_datasets.placeholders import (
    CalcDateError,
    FormulaError,
    TimeTextError,
    date_format,
    format_date,
    format_datetime,
    parse_time_text,
    resolve_text,
    resolve_value,
    scan,
    whole_token,
)

WD = dt.date(2024, 5, 15)  # a Wednesday


def test_whole_value_date_token_is_a_date() -> None:
    assert resolve_value("$DateFormula-<CW+1M+1D>$", WD) == dt.date(2024, 6, 20)


def test_whole_value_datetime_token_is_a_datetime() -> None:
    assert resolve_value("$DateTimeFormula-<CD>-13:30:11.1301$", WD) == dt.datetime(
        2024, 5, 15, 13, 30, 11, 130000
    )


def test_datetime_without_time_is_midnight() -> None:
    assert resolve_value("$DateTimeFormula-<CD+1D>$", WD) == dt.datetime(2024, 5, 16)


def test_datetime_skips_exactly_one_character_after_the_bracket() -> None:
    token = whole_token("$DateTimeFormula-<CD>T09:15$")
    assert token is not None
    assert (token.formula, token.time) == ("<CD>", "09:15")
    assert resolve_value("$DateTimeFormula-<CD>T09:15$", WD) == dt.datetime(2024, 5, 15, 9, 15)


def test_datetime_without_bracket_is_all_formula() -> None:
    token = whole_token("$DateTimeFormula-CD-13:00:00$")
    assert token is not None
    assert (token.formula, token.time) == ("CD-13:00:00", None)
    with pytest.raises(FormulaError):
        resolve_value("$DateTimeFormula-CD-13:00:00$", WD)


def test_embedded_tokens_become_iso_text_and_every_copy_is_replaced() -> None:
    value = "Ship on $DateFormula-<CD>$, not $DateFormula-<CD+1D>$; again $DateFormula-<CD>$."
    assert resolve_text(value, WD) == "Ship on 2024-05-15, not 2024-05-16; again 2024-05-15."


def test_datetime_tokens_resolve_before_date_tokens() -> None:
    value = "from $DateTimeFormula-<CD>-08:00:00$ to $DateFormula-<CD+2D>$"
    assert resolve_text(value, WD) == "from 2024-05-15T08:00:00 to 2024-05-17"


def test_first_dollar_ends_a_token() -> None:
    tokens, open_ends = scan("a $DateFormula-<CD$>$ b")
    assert [(t.start, t.end, t.formula) for t in tokens] == [(2, 19, "<CD")]
    assert open_ends == []
    with pytest.raises(FormulaError):
        resolve_text("a $DateFormula-<CD$>$ b", WD)


def test_unterminated_token_stops_that_kind_only() -> None:
    value = "$DateFormula-<CD>$ and $DateTimeFormula-<CD>-10:00:00"
    tokens, open_ends = scan(value)
    assert [(o.prefix, o.start) for o in open_ends] == [("$DateTimeFormula-", 23)]
    assert [t.start for t in tokens] == [0]
    assert resolve_text(value, WD) == "2024-05-15 and $DateTimeFormula-<CD>-10:00:00"


def test_a_later_dollar_can_end_an_earlier_token() -> None:
    # The framework takes the first '$' after the prefix, wherever it is.
    value = "$DateTimeFormula-<CD> and $DateFormula-<CD>$"
    tokens, open_ends = scan(value)
    assert [(t.prefix, t.start, t.end) for t in tokens] == [("$DateTimeFormula-", 0, 27)]
    assert open_ends == []


def test_unterminated_date_token_stays_as_text() -> None:
    assert resolve_text("$DateFormula-<CD>$ then $DateFormula-<CW>", WD) == (
        "2024-05-15 then $DateFormula-<CW>"
    )


def test_prefixes_are_case_sensitive() -> None:
    assert resolve_value("$dateformula-<CD>$", WD) == "$dateformula-<CD>$"
    assert scan("$dateformula-<CD>$") == ([], [])


def test_two_tokens_in_one_value_are_text_not_a_date() -> None:
    value = "$DateFormula-<CD>$ and $DateFormula-<CW>$"
    assert whole_token(value) is None
    assert resolve_value(value, WD) == "2024-05-15 and 2024-05-19"


def test_date_prefix_inside_datetime_token_is_not_a_token() -> None:
    tokens, _ = scan("$DateTimeFormula-<CD>$DateFormula-<CD>$")
    assert [(t.prefix, t.start) for t in tokens] == [("$DateTimeFormula-", 0)]


def test_scan_positions_of_time_part() -> None:
    (token,), _ = scan("x $DateTimeFormula-<CD>-25:61:00$")
    assert (token.formula_start, token.time, token.time_start) == (19, "25:61:00", 24)


def test_regional_formats() -> None:
    us = date_format("en-US")
    assert resolve_text("on $DateFormula-<CD>$", WD, us) == "on 05/15/24"
    assert format_datetime(dt.datetime(2024, 5, 15, 13, 5), us) == "05/15/24 1:05 PM"
    assert format_date(WD, date_format("de-DE")) == "15.05.24"
    assert format_date(WD, date_format("DD.MM.YYYY")) == "15.05.2024"
    assert format_datetime(dt.datetime(2024, 5, 15, 0, 5, 7), date_format("YYYY/M/D")) == (
        "2024/5/15 00:05:07"
    )


@pytest.mark.parametrize("spec", ["nonsense", "$DD$"])
def test_bad_date_format(spec: str) -> None:
    with pytest.raises(ValueError):
        date_format(spec)


@pytest.mark.parametrize(
    ("text", "position", "fragment"),
    [
        ("25:00:00", 0, "hour 25"),
        ("13:61:00", 3, "minute 61"),
        ("13:00:60", 6, "second 60"),
        ("1pm", 0, "is not a time"),
    ],
)
def test_time_text_errors(text: str, position: int, fragment: str) -> None:
    with pytest.raises(TimeTextError) as exc:
        parse_time_text(text)
    assert exc.value.position == position
    assert fragment in exc.value.message


def test_time_text_forms() -> None:
    assert parse_time_text("7:05") == dt.time(7, 5)
    assert parse_time_text("23:59:59.9999") == dt.time(23, 59, 59, 999000)
    assert parse_time_text("") == dt.time(0, 0)


FRAGMENTS = st.sampled_from(
    [
        "$DateFormula-",
        "$DateTimeFormula-",
        "$",
        "<",
        ">",
        "-",
        "CD",
        "+1D",
        "CM",
        "13:30:00",
        "25:61",
        " ",
        "x",
        "WD3",
        "D31",
        "$dateformula-",
        "é",
    ]
)


@settings(max_examples=200, deadline=None)
@given(st.lists(FRAGMENTS, max_size=12).map("".join))
def test_resolution_never_fails_unexpectedly(value: str) -> None:
    tokens, open_ends = scan(value)
    for token in tokens:
        assert value[token.start : token.end] == token.text
        assert token.text.endswith("$") and "$" not in token.content
    for open_end in open_ends:
        assert "$" not in value[open_end.start + len(open_end.prefix) :]
    try:
        out = resolve_value(value, WD)
    except (FormulaError, CalcDateError, TimeTextError):
        return
    if isinstance(out, str) and not open_ends:
        # Every token that resolved is gone: nothing is left to resolve.
        assert scan(out)[0] == []

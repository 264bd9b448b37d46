"""Placeholders are validated with the DateFormula parser when they are built."""

from __future__ import annotations

import re

import pytest

from ait_datasets.dsl import DatasetBuildError, Placeholder, date_formula, datetime_formula


@pytest.mark.parametrize(
    ("formula", "token"),
    [
        ("<CW+1M>", "$DateFormula-<CW+1M>$"),
        ("CW+1M+1D", "$DateFormula-<CW+1M+1D>$"),
        ("<-45D>", "$DateFormula-<-45D>$"),
        ("<CD>", "$DateFormula-<CD>$"),
    ],
)
def test_date_formula_builds_the_token(formula: str, token: str) -> None:
    built = date_formula(formula)
    assert built == token
    assert isinstance(built, Placeholder)


def test_datetime_formula_with_and_without_time() -> None:
    assert datetime_formula("<CD+1D>", "13:30:11") == "$DateTimeFormula-<CD+1D>-13:30:11$"
    assert datetime_formula("<CD>") == "$DateTimeFormula-<CD>$"


@pytest.mark.parametrize(
    ("formula", "message"),
    [
        ("", "a date formula cannot be empty"),
        ("<CW+1M", "invalid date formula '<CW+1M': at position 7"),
        ("<XX>", "invalid date formula '<XX>': at position 2"),
        ("<C$W>", "contains '$', which ends the placeholder early"),
    ],
)
def test_invalid_formulas_are_refused(formula: str, message: str) -> None:
    with pytest.raises(DatasetBuildError, match=re.escape(message)):
        date_formula(formula)


def test_invalid_time_is_refused() -> None:
    with pytest.raises(DatasetBuildError, match=re.escape("invalid time '25:00'")):
        datetime_formula("<CD>", "25:00")

"""Unbracketed formulas in another session language (--formula-language)."""

from __future__ import annotations

import datetime as dt

import pytest

from ait_datasets.cli import main
from ait_datasets.placeholders import FormulaError, calc_date, parse_formula, resolve_value

WD = dt.date(2024, 5, 15)


@pytest.mark.parametrize(
    ("formula", "language", "english"),
    [
        ("LM+10T", "de-DE", "<CM+10D>"),
        ("WT4", "de", "<WD4>"),
        ("-1J", "de", "<-1Y>"),
        ("LU+2U", "da-DK", "<CW+2W>"),
        ("UD4-1Å", "da", "<WD4-1Y>"),
        ("AV", "sv-SE", "<CW>"),
        ("VD4+1K", "sv", "<WD4+1Q>"),
        ("PM+10D", "es-ES", "<CM+10D>"),
        ("SD4+2S-1A", "es", "<WD4+2W-1Y>"),
        ("CM+1D", "en-US", "<CM+1D>"),
    ],
)
def test_localized_letters(formula: str, language: str, english: str) -> None:
    parsed = parse_formula(formula, language)
    assert parsed.canonical == english
    assert parsed.text == formula
    assert calc_date(parsed, WD) == calc_date(english, WD)


def test_bracketed_formulas_stay_english() -> None:
    assert parse_formula("<CM>", "de").canonical == "<CM>"


def test_english_letter_in_german_session_is_an_error() -> None:
    with pytest.raises(FormulaError) as exc:
        parse_formula("1M+CM", "de")
    assert exc.value.position == 3
    assert "'C' is not a date formula letter in 'de'" in exc.value.message


def test_unknown_language() -> None:
    with pytest.raises(ValueError, match="no date formula letters known for 'fr'"):
        parse_formula("CM", "fr")


def test_resolve_value_with_language() -> None:
    assert resolve_value("$DateFormula-LM$", WD, language="de") == dt.date(2024, 5, 31)
    assert resolve_value("$DateFormula-<CM>$", WD, language="de") == dt.date(2024, 5, 31)


def test_date_command_language(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["date", "LM+10T", "--formula-language", "de-DE", "--work-date", "2024-05-15"]
    assert main(argv) == 0
    assert capsys.readouterr().out == "2024-06-10\n"
    # Only English letters are recognised as a formula without `--`.
    argv = ["date", "--formula-language", "de", "--work-date", "2024-05-15", "--", "-LM"]
    assert main(argv) == 0
    assert capsys.readouterr().out == "2024-05-01\n"
    assert main(["date", "CM", "--formula-language", "xx"]) == 2
    assert "no date formula letters known for 'xx'" in capsys.readouterr().err

"""`datasets date`: output, --explain, negative formulas, errors."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from ait_datasets.cli import main


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_negative_formula_without_double_dash(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["date", "--work-date", "2026-03-17", "-CM"], capsys) == (0, "2026-03-01\n", "")


def test_negative_formula_after_double_dash(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["date", "--work-date", "2026-03-17", "--", "-CM"], capsys) == (
        0,
        "2026-03-01\n",
        "",
    )


def test_negative_multi_term_formula_first(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["date", "--work-date", "2026-03-17", "-1M-CM"], capsys) == (0, "2026-02-01\n", "")


def test_options_after_negative_formula(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["date", "-1M-CM", "--work-date", "2026-03-17", "--explain"]
    code, out, err = run(argv, capsys)
    assert (code, err) == (0, "")
    assert out.splitlines()[-1] == "2026-02-01"
    assert out.splitlines()[0] == "work date  2026-03-17  Tue"
    assert run(["date", "-CM", "--work-date=2026-03-17"], capsys) == (0, "2026-03-01\n", "")


def test_bad_work_date_after_negative_formula(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["date", "-CM", "--work-date", "tomorrow"])
    assert exc.value.code == 2
    assert "'tomorrow' is not a date" in capsys.readouterr().err


def test_formula_split_over_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["date", "CM", "+", "1M", "--work-date", "2024-02-15"], capsys) == (
        0,
        "2024-03-29\n",
        "",
    )


def test_explain_prints_each_term(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["date", "--explain", "CQ+1M-10D", "--work-date", "1996-05-21"], capsys)
    assert code == 0
    assert out.splitlines() == [
        "work date  1996-05-21  Tue",
        "CQ         1996-06-30  Sun",
        "+1M        1996-07-30  Tue",
        "-10D       1996-07-20  Sat",
        "1996-07-20",
    ]


def test_invalid_formula_names_position(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["date", "<1X>", "--work-date", "2024-05-15"], capsys)
    assert (code, out) == (1, "")
    assert err.splitlines() == [
        "datasets date: invalid date formula at position 3: expected a unit "
        "(D, WD, W, M, Q or Y), found 'X'",
        "  <1X>",
        "    ^",
    ]


def test_undefined_work_date(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["date", "<>", "--work-date", "0D"], capsys)
    assert (code, out) == (1, "")
    assert err == "datasets date: You cannot base a date calculation on an undefined date.\n"


def test_bad_work_date_is_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["date", "CM", "--work-date", "17.03.2026"])
    assert exc.value.code == 2
    assert "'17.03.2026' is not a date" in capsys.readouterr().err


def test_default_work_date_is_today(capsys: pytest.CaptureFixture[str]) -> None:
    before = dt.date.today()
    code, out, _ = run(["date", "<CD>"], capsys)
    assert code == 0
    assert out.strip() in {before.isoformat(), dt.date.today().isoformat()}


def test_whole_date_token(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["date", "$DateFormula-<CW+1M+1D>$", "--work-date", "2024-05-15"], capsys) == (
        0,
        "2024-06-20\n",
        "",
    )


def test_whole_datetime_token(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["date", "$DateTimeFormula-<CD+1D>-13:30:00$", "--work-date", "2024-01-01"]
    assert run(argv, capsys) == (0, "2024-01-02T13:30:00\n", "")


def test_datetime_token_with_bad_time(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        ["date", "$DateTimeFormula-<CD>-25:00:00$", "--work-date", "2024-01-01"], capsys
    )
    assert (code, out) == (1, "")
    assert err.splitlines()[0] == (
        "datasets date: invalid time '25:00:00' at position 23: hour 25 is out of range 0..23"
    )


def test_date_token_formula_error_position_counts_from_token_start(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(["date", "$DateFormula-<1X>$", "--work-date", "2024-01-01"], capsys)
    assert code == 1
    assert err.startswith("datasets date: invalid date formula at position 16:")


def test_out_of_range_is_clean_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["date", "<9999Y>", "--work-date", "2024-01-01"], capsys)
    assert (code, out) == (1, "")
    assert "leaves the calendar at '9999Y'" in err


def test_work_date_from_config_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / ".ait-datasets.toml").write_text('work-date = "2026-03-17"\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert run(["date", "-CM"], capsys) == (0, "2026-03-01\n", "")
    # --work-date wins over the configuration.
    assert run(["date", "-CM", "--work-date", "2024-05-15"], capsys) == (0, "2024-05-01\n", "")


def test_broken_config_is_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / ".ait-datasets.toml").write_text('work-date = "soon"\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out, err = run(["date", "CM"], capsys)
    assert (code, out) == (2, "")
    assert err.startswith("datasets date: invalid configuration: ")
    assert "'work-date' must be a date (YYYY-MM-DD)" in err


def test_several_formulas_one_line_each_prefixed_by_the_formula(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["date", "--work-date", "2026-03-17", "CM", "-CM", "<CW>", "CM", "+", "1M"]
    assert run(argv, capsys) == (
        0,
        "CM       2026-03-31\n-CM      2026-03-01\n<CW>     2026-03-22\nCM + 1M  2026-04-30\n",
        "",
    )


def test_several_formulas_go_on_after_an_invalid_one(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["date", "--work-date", "2026-03-17", "<1X>", "CM"], capsys)
    assert code == 1
    assert out == "CM    2026-03-31\n"
    assert err.startswith("datasets date: invalid date formula at position 3:")


def test_without_a_work_date_it_says_today_was_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run(["date", "<CD>"], capsys)
    assert code == 0
    assert err.startswith("datasets date: no work date given: using today, ")
    today = err.strip().rsplit(" ", 1)[-1]
    assert dt.date.fromisoformat(today).isoformat() == out.strip()


def test_messages_print_dates_in_iso_form(capsys: pytest.CaptureFixture[str]) -> None:
    _, _, err = run(["date", "<9999Y>", "--work-date", "2024-01-01"], capsys)
    assert "dates run from 0001-01-01 to 9999-12-31" in err

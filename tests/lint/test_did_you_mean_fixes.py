"""Every finding that says "did you mean X" offers X as a fix (issue 34): safe where only
one reading exists (a letter's case or one edit from one known name), unsafe otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from ait_datasets.cli import main
from ait_datasets.diagnostics import Diagnostic, Fix, apply_edits
from ait_datasets.lint.engine import lint_text
from ait_datasets.lint.suggest import only_reading

TURN = (
    "tests:\n"
    "  - name: RELEASE-ORDER\n"
    "    turns:\n"
    "      - query:\n"
    "          from: Jane Doe\n"
    "          title: Release order 101\n"
    "{rest}"
)


def _fix(diags: list[Diagnostic], code: str, line: int) -> Fix:
    found = [d for d in diags if d.code == code and d.line == line]
    assert len(found) == 1, [(d.code, d.line, d.message) for d in diags]
    fix = found[0].fix
    assert fix is not None
    return fix


def _lint(tmp_path: Path, text: str, name: str = "orders.yaml") -> list[Diagnostic]:
    return lint_text(text, str(tmp_path / "app" / ".resources" / name))


def test_a_misspelt_intervention_type_is_fixed_safely(tmp_path: Path) -> None:
    text = TURN.format(
        rest="        expected_data:\n"
        "          intervention_request:\n"
        "            type: Asistance\n"
        "            suggestions: [RELEASE]\n"
    )
    fix = _fix(_lint(tmp_path, text), "EXP001", 9)
    assert fix.safe
    assert apply_edits(text, list(fix.edits)) == text.replace("Asistance", "Assistance")


def test_a_type_further_away_is_an_unsafe_fix(tmp_path: Path) -> None:
    text = TURN.format(
        rest="        expected_data:\n          intervention_request:\n            type: 'Assist'\n"
    )
    fix = _fix(_lint(tmp_path, text), "EXP001", 9)
    assert not fix.safe
    assert apply_edits(text, list(fix.edits)) == text.replace("'Assist'", "'Assistance'")


def test_expected_date_is_renamed_by_both_of_its_findings(tmp_path: Path) -> None:
    text = TURN.format(rest="        expected_date: {}\n")
    diags = _lint(tmp_path, text)
    renamed = text.replace("expected_date:", "expected_data:")
    unknown = _fix(diags, "STR001", 7)
    assert unknown.safe and apply_edits(text, list(unknown.edits)) == renamed
    missing = _fix(diags, "TRN003", 4)
    assert missing.edits == unknown.edits and missing.safe


def test_lint_fix_renames_expected_date(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "orders.yaml"
    path.write_text(TURN.format(rest="        expected_date: {}   # kept\n"), encoding="utf-8")
    assert main(["lint", "--fix", str(path)]) == 0
    assert path.read_text(encoding="utf-8") == TURN.format(
        rest="        expected_data: {}   # kept\n"
    )
    capsys.readouterr()


def test_a_key_two_edits_away_is_an_unsafe_rename(tmp_path: Path) -> None:
    text = TURN.format(rest="        expectd_dta: {}\n")
    fix = _fix(_lint(tmp_path, text), "STR001", 7)
    assert not fix.safe
    assert apply_edits(text, list(fix.edits)) == text.replace("expectd_dta", "expected_data")


def test_no_rename_onto_a_key_that_is_already_there(tmp_path: Path) -> None:
    text = TURN.format(rest="        expected_data: {}\n        expected_date: {}\n")
    fix = _fix(_lint(tmp_path, text), "STR001", 8)
    assert fix.edits == ()


def test_a_quoted_json_key_is_renamed_inside_its_quotes(tmp_path: Path) -> None:
    text = '{"name": "T", "turns": [{"query": {"from": "J", "title": "Hi"}, "expected_dat": {}}]}\n'
    fix = _fix(_lint(tmp_path, text, "orders.jsonl"), "STR001", 1)
    assert fix.safe
    assert apply_edits(text, list(fix.edits)) == text.replace("expected_dat", "expected_data")


def test_a_misspelt_top_level_key_is_renamed(tmp_path: Path) -> None:
    text = "nmae: ORDERS\n" + TURN.format(rest="        expected_data: {}\n")
    fix = _fix(_lint(tmp_path, text), "STR001", 1)
    assert fix.safe
    assert apply_edits(text, list(fix.edits)).startswith("name: ORDERS\n")


def test_a_turn_without_expected_data_gets_an_unsafe_empty_one(tmp_path: Path) -> None:
    text = TURN.format(rest="      - query: {intervention: {instruction: go}}\n")
    diags = _lint(tmp_path, text)
    fix = _fix(diags, "TRN003", 4)
    assert not fix.safe
    fixed = apply_edits(text, list(fix.edits))
    assert fixed == TURN.format(
        rest="        expected_data: {}\n      - query: {intervention: {instruction: go}}\n"
    )
    second = _fix(_lint(tmp_path, fixed), "TRN003", 8)
    assert apply_edits(fixed, list(second.edits)).endswith(
        "      - query: {intervention: {instruction: go}}\n        expected_data: {}\n"
    )


def test_a_json_turn_without_expected_data_gets_one(tmp_path: Path) -> None:
    text = '{"name": "T", "turns": [{"query": {"from": "J", "title": "Hi"}}]}\n'
    fix = _fix(_lint(tmp_path, text, "orders.jsonl"), "TRN003", 1)
    fixed = apply_edits(text, list(fix.edits))
    assert fixed == (
        '{"name": "T", "turns": [{"query": {"from": "J", "title": "Hi"}, "expected_data": {}}]}\n'
    )
    assert [d for d in _lint(tmp_path, fixed, "orders.jsonl") if d.code == "TRN003"] == []


def test_unsafe_fixes_add_expected_data_and_keep_the_rest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "orders.yaml"
    before = TURN.format(rest="          message: hi\r\n# a comment\r\n").replace("\n", "\r\n")
    before = before.replace("\r\r\n", "\r\n")
    path.write_bytes(before.encode("utf-8"))
    assert main(["lint", "--fix", str(path)]) == 1  # unsafe: not applied
    assert path.read_bytes().decode("utf-8") == before
    assert main(["lint", "--fix", "--unsafe-fixes", str(path)]) == 0
    assert path.read_bytes().decode("utf-8") == before.replace(
        "message: hi\r\n", "message: hi\r\n        expected_data: {}\r\n"
    )
    capsys.readouterr()


SETUP = "name: ORDERS-SETUP\nsuite_setup:\n  setup_actions: []\n"


def _app(tmp_path: Path, dataset: str) -> Path:
    resources = tmp_path / "app" / ".resources"
    (resources / "setup").mkdir(parents=True)
    (resources / "setup" / "orders-setup.yaml").write_text(SETUP, encoding="utf-8")
    path = resources / "orders.yaml"
    path.write_text(dataset, encoding="utf-8")
    return path


def test_an_unknown_suite_setup_with_one_close_name_is_fixed_safely(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    dataset = "suite_setup: 'ORDER-SETUP'\n" + TURN.format(rest="        expected_data: {}\n")
    path = _app(tmp_path, dataset)
    fix = _fix(lint_text(dataset, str(path)), "REF001", 1)
    assert fix.safe
    assert apply_edits(dataset, list(fix.edits)).startswith('suite_setup: "ORDERS-SETUP"\n')
    assert main(["lint", "--fix", str(tmp_path / "app")]) == 0
    assert path.read_text(encoding="utf-8").startswith('suite_setup: "ORDERS-SETUP"\n')
    capsys.readouterr()


def test_a_suite_setup_further_away_is_an_unsafe_fix(tmp_path: Path) -> None:
    dataset = "suite_setup: ORDRS-STUP\n" + TURN.format(rest="        expected_data: {}\n")
    path = _app(tmp_path, dataset)
    fix = _fix(lint_text(dataset, str(path)), "REF001", 1)
    assert not fix.safe
    assert apply_edits(dataset, list(fix.edits)).startswith("suite_setup: ORDERS-SETUP\n")


def test_a_top_level_test_setup_naming_a_setup_becomes_suite_setup(tmp_path: Path) -> None:
    dataset = "test_setup: ORDERS-SETUP\n" + TURN.format(rest="        expected_data: {}\n")
    path = _app(tmp_path, dataset)
    fix = _fix(lint_text(dataset, str(path)), "STR001", 1)
    assert fix.safe
    assert apply_edits(dataset, list(fix.edits)).startswith("suite_setup: ORDERS-SETUP\n")


def test_a_top_level_test_setup_naming_a_setup_file_gets_its_name(tmp_path: Path) -> None:
    dataset = "test_setup: orders-setup.yaml\n" + TURN.format(rest="        expected_data: {}\n")
    path = _app(tmp_path, dataset)
    fix = _fix(lint_text(dataset, str(path)), "STR001", 1)
    assert apply_edits(dataset, list(fix.edits)).startswith("suite_setup: ORDERS-SETUP\n")


@pytest.mark.parametrize(
    ("word", "best", "choices", "only"),
    [
        ("Asistance", "Assistance", ("Assistance", "ReviewRecord", "ReviewMessage"), True),
        ("assistance", "Assistance", ("Assistance", "ReviewRecord"), True),
        ("titel", "title", ("title", "from", "message"), True),
        ("Assist", "Assistance", ("Assistance",), False),
        ("ab", "ac", ("ac", "ad"), False),
    ],
)
def test_only_reading(word: str, best: str, choices: tuple[str, ...], only: bool) -> None:
    assert only_reading(word, best, choices) is only


def test_a_misspelt_key_beside_its_right_spelling_is_merged_by_hand(tmp_path: Path) -> None:
    # Renaming `titel` would give the query `title` twice: which value is meant is a choice.
    text = TURN.format(rest="          titel: Release order 102\n        expected_data: {}\n")
    fix = _fix(_lint(tmp_path, text), "STR001", 7)
    assert fix == Fix("'title' is already there: merge 'titel' into it by hand", (), safe=False)

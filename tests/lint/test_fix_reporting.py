"""What the text output says about fixes: marks, statistics, counts, and why not."""

from __future__ import annotations

from pathlib import Path

import pytest

from ait_datasets.cli import main

ANCHORED = (
    "x: &t assistance\ntests:\n  - name: T1\n    turns:\n"
    '      - query: {from: a, title: "$datetimeformula-<CD>$"}\n'
    "        expected_data: {intervention_request: {type: *t}}\n"
)
# `$DatTimeFormla-` is two edits from `$DateTimeFormula-`: its fix is a guess (unsafe).
FIXABLE = (
    "tests:\n  - name: T1\n    turns:\n"
    '      - query: {from: a, title: "$DatTimeFormla-<CD>$"}\n'
    "        expected_data: {intervention_request: {type: assistance}}\n"
)


def lint(tmp_path: Path, text: str, *args: str) -> tuple[int, Path]:
    path = tmp_path / "a.yaml"
    path.write_text(text, encoding="utf-8")
    code = main(
        ["lint", "--format", "text", "--color", "never", "--select", "PH,EXP", *args, str(path)]
    )
    return code, path


def out_lines(capsys: pytest.CaptureFixture[str]) -> list[str]:
    return capsys.readouterr().out.splitlines()


def test_safe_and_unsafe_fixes_are_marked_and_counted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lint(tmp_path, FIXABLE)
    lines = out_lines(capsys)
    assert any(" error PH003 [!] " in line for line in lines)
    assert any(" error EXP001 [*] " in line for line in lines)
    assert (
        lines[-1] == "Found 2 errors in 1 file (1 fixable with --fix; 1 more with --unsafe-fixes)."
    )


def test_with_unsafe_fixes_both_count(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lint(tmp_path, FIXABLE, "--unsafe-fixes")
    assert (
        out_lines(capsys)[-1] == "Found 2 errors in 1 file (2 fixable with --fix --unsafe-fixes)."
    )


def test_statistics_show_the_rule_name_and_the_fix(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lint(tmp_path, FIXABLE, "--statistics")
    lines = out_lines(capsys)
    assert "     1  EXP001  [*] intervention-type" in lines
    assert "     1  PH003   [!] misspelt-placeholder" in lines


def test_fix_reports_fixed_and_remaining(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, path = lint(tmp_path, FIXABLE, "--fix")
    assert code == 1
    lines = out_lines(capsys)
    assert (
        lines[-1]
        == "Found 1 error in 1 file (1 fixed, 1 remaining; 1 fixable with --unsafe-fixes)."
    )
    assert "type: Assistance" in path.read_text(encoding="utf-8")
    lint(tmp_path, path.read_text(encoding="utf-8"), "--fix", "--unsafe-fixes")
    assert out_lines(capsys)[-1] == "All checks passed (1 file; 1 fixed, 0 remaining)."


def test_a_fix_that_would_remove_an_anchor_is_not_applied_and_says_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, path = lint(tmp_path, ANCHORED, "--fix", "--unsafe-fixes")
    assert code == 1
    lines = out_lines(capsys)
    exp = next(i for i, line in enumerate(lines) if " EXP001 " in line)
    assert "[*]" not in lines[exp]
    assert lines[exp + 3] == (
        "      = no automatic fix here: the value has an anchor (&t) that the fix would "
        "remove: change the value after the anchor by hand (every alias to it changes too)"
    )
    # Not counted as fixable; the other fix (PH003) is still applied.
    assert lines[-1] == "Found 1 error in 1 file (1 fixed, 1 remaining)."
    text = path.read_text(encoding="utf-8")
    assert text.startswith("x: &t assistance\n")
    assert "$DateTimeFormula-<CD>$" in text

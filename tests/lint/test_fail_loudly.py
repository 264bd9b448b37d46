"""Mistakes that used to end in "All checks passed": unknown codes, missing paths, empty
runs; and standard input (`datasets lint -`)."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
from lint_support import LintText, where

from ait_datasets.cli import main

GOOD = (
    "tests:\n  - name: T1\n    turns:\n      - query: {from: Jane, title: Hi, message: Hi}\n"
    "        expected_data: {}\n"
)
NO_FROM = GOOD.replace("from: Jane, ", "")


def write(tmp: Path, name: str, text: str) -> Path:
    path = tmp / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("option", "value", "hint"),
    [
        ("--select", "PHX", "Did you mean 'PH'?"),
        ("--ignore", "QRY03", "Did you mean 'QRY003'?"),
        ("--extend-select", "TSTT001", "Did you mean 'TST001'?"),
        ("--select", "QRY,XML099", "Did you mean 'XML009'?"),
    ],
)
def test_unknown_code_on_the_command_line_is_a_usage_error(
    option: str, value: str, hint: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "a.yaml", GOOD)
    assert main(["lint", option, value, str(path)]) == 2
    captured = capsys.readouterr()
    bad = value.split(",")[-1]
    assert f"datasets lint: {option}: '{bad}' is not a rule code or prefix" in captured.err
    assert hint in captured.err
    assert "All checks passed" not in captured.out


def test_known_prefixes_of_any_length_are_accepted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "a.yaml", NO_FROM)
    assert main(["lint", "--select", "Q,QRY00,EXP001", str(path)]) == 1
    assert "QRY003" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("config", "where_"),
    [
        ('select = ["PHX"]\n', "'select': 'PHX'"),
        ('ignore = ["LEG01"]\n', "'ignore': 'LEG01'"),
        ('[tool.ait-datasets.severity]\nQRY0007 = "error"\n', "'severity': 'QRY0007'"),
        (
            '[[tool.ait-datasets.overrides]]\nfiles = ["*.yaml"]\nignore = ["XYZ"]\n',
            "overrides[0]: 'ignore': 'XYZ'",
        ),
    ],
)
def test_unknown_code_in_the_configuration_is_exit_2(
    config: str, where_: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(tmp_path, "pyproject.toml", "[tool.ait-datasets]\n" + config)
    path = write(tmp_path, "a.yaml", GOOD)
    assert main(["lint", str(path)]) == 2
    err = capsys.readouterr().err
    assert "invalid configuration" in err
    assert where_ in err
    assert "is not a rule code or prefix" in err


def test_unknown_code_in_a_suppression_is_sup002_with_a_hint(lint_text: LintText) -> None:
    found = lint_text(
        NO_FROM.replace("{title: Hi, message: Hi}", "{title: Hi}  # datasets: disable=QRY03")
    )
    assert where(found, "SUP002") == [(4, 29, "SUP002")]
    message = next(d.message for d in found if d.code == "SUP002")
    assert "'QRY03' is not a rule code or prefix" in message
    assert "Did you mean 'QRY003'?" in message
    # The misspelt code silences nothing, and is not reported a second time as unused.
    assert where(found, "QRY003") == [(4, 17, "QRY003")]
    assert where(found, "SUP001") == []


def test_a_missing_path_never_ends_in_all_checks_passed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = write(tmp_path, "a.yaml", GOOD)
    assert main(["lint", "--format", "text", str(good), str(tmp_path / "nope.yaml")]) == 2
    captured = capsys.readouterr()
    assert f"{tmp_path / 'nope.yaml'}: no such file or directory" in captured.err
    assert "All checks passed" not in captured.out
    assert "1 path could not be checked" in captured.out.splitlines()[-1]


def test_a_run_that_finds_no_dataset_file_is_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(tmp_path, "notes.txt", "not a dataset")
    write(tmp_path, "app.json", "{}")  # outside .resources: not a dataset
    assert main(["lint", str(tmp_path)]) == 2
    captured = capsys.readouterr()
    assert f"no dataset files found under {tmp_path}" in captured.err
    assert "All checks passed" not in captured.out


def test_allow_empty_accepts_a_run_without_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["lint", "--allow-empty", str(tmp_path)]) == 0
    assert "no dataset files to check" in capsys.readouterr().err


def _stdin(monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))


def test_stdin_is_linted_under_the_stdin_filename(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _stdin(monkeypatch, NO_FROM.encode())
    name = str(tmp_path / "app" / ".resources" / "x.yaml")
    assert main(["lint", "--format", "concise", "-", "--stdin-filename", name]) == 1
    out = capsys.readouterr().out
    assert f"{name}:4:17: error QRY003" in out
    assert "in 1 file" in out


def test_stdin_filename_decides_the_file_kind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _stdin(monkeypatch, b'{"name": "a", "query": {"from": "x", "title": "t"}}\n')
    assert main(["lint", "--format", "json", "--stdin-filename", str(tmp_path / "a.jsonl")]) in (
        0,
        1,
    )
    out = capsys.readouterr().out
    assert "SYN009" not in out  # read as JSONL, not as YAML


def test_stdin_filename_decides_the_configuration(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    write(tmp_path, ".ait-datasets.toml", 'ignore = ["QRY003"]\n')
    _stdin(monkeypatch, NO_FROM.encode())
    assert main(["lint", "-", "--stdin-filename", str(tmp_path / "a.yaml")]) == 0
    assert "All checks passed (1 file)." in capsys.readouterr().out


def test_fix_on_stdin_prints_the_fixed_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text = GOOD.replace(
        "expected_data: {}", "expected_data: {intervention_request: {type: assistance}}"
    )
    _stdin(monkeypatch, text.encode())
    assert main(["lint", "--fix", "-", "--stdin-filename", str(tmp_path / "a.yaml")]) == 0
    captured = capsys.readouterr()
    assert captured.out == text.replace("assistance", "Assistance")
    assert "All checks passed (1 file; 1 fixed, 0 remaining)." in captured.err


def test_stdin_cannot_be_mixed_with_paths(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["lint", "-", str(tmp_path)]) == 2
    assert "cannot be combined with other paths" in capsys.readouterr().err


def test_add_suppressions_on_stdin_prints_the_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _stdin(monkeypatch, NO_FROM.encode())
    argv = ["lint", "--add-suppressions", "-", "--stdin-filename", str(tmp_path / "a.yaml")]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert out == NO_FROM.replace("message: Hi}", "message: Hi}  # datasets: disable=QRY003")
    # Nothing to add: the text comes back as it was, never lost.
    _stdin(monkeypatch, GOOD.encode())
    assert main(argv) == 0
    assert capsys.readouterr().out == GOOD
    _stdin(monkeypatch, b'[{"name": "T", "turns": [{"query": {"title": "x"}}]}]')
    json_argv = [*argv[:-1], str(tmp_path / ".resources" / "a.json")]
    main(json_argv)
    assert capsys.readouterr().out == '[{"name": "T", "turns": [{"query": {"title": "x"}}]}]'
    assert not (tmp_path / "a.yaml").exists()


def test_stdin_filename_decides_the_app(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    write(tmp_path, "app/.resources/setup.yaml", "name: S1\nsuite_setup:\n  x: 1\n")
    dataset = GOOD.replace("tests:\n", "suite_setup: S1\ntests:\n")
    inside = str(tmp_path / "app" / ".resources" / "datasets" / "a.yaml")
    _stdin(monkeypatch, dataset.encode())
    assert main(["lint", "--format", "concise", "-", "--stdin-filename", inside]) == 0
    assert capsys.readouterr().out == "All checks passed (1 file).\n"
    # The same text elsewhere belongs to no app with that suite setup.
    _stdin(monkeypatch, dataset.encode())
    outside = str(tmp_path / "other" / "a.yaml")
    assert main(["lint", "--format", "concise", "-", "--stdin-filename", outside]) == 1
    assert f"{outside}:1:14: error REF001" in capsys.readouterr().out

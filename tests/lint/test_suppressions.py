"""Inline suppressions: same line, line above, whole file, unused and malformed ones."""

from __future__ import annotations

from pathlib import Path

import pytest
from lint_support import LintText, where

from ait_datasets.cli import main

NO_FROM = (
    "tests:\n  - name: T1\n    turns:\n      - query: {{title: Hi, message: Hi}}{comment}\n"
    "        expected_data: {{}}\n"
)


def test_disable_on_the_offending_line(lint_text: LintText) -> None:
    text = NO_FROM.format(comment="  # datasets: disable=QRY003")
    assert lint_text(text) == []


def test_disable_on_the_line_above(lint_text: LintText) -> None:
    text = NO_FROM.format(comment="").replace(
        "      - query", "      # datasets: disable=QRY003\n      - query"
    )
    assert lint_text(text) == []


def test_disable_by_prefix(lint_text: LintText) -> None:
    assert lint_text(NO_FROM.format(comment="  # datasets: disable=QRY")) == []


def test_disable_file_anywhere(lint_text: LintText) -> None:
    text = NO_FROM.format(comment="") + "# datasets: disable-file=QRY003, TST\n"
    assert where(lint_text(text)) == [(6, 1, "SUP001")]  # TST silenced nothing
    assert "TST" in lint_text(text)[0].message


def test_a_suppression_two_lines_up_does_not_apply(lint_text: LintText) -> None:
    text = "# datasets: disable=QRY003\n\n" + NO_FROM.format(comment="")
    assert where(lint_text(text)) == [(1, 1, "SUP001"), (6, 17, "QRY003")]


def test_unused_suppression_is_reported(lint_text: LintText) -> None:
    text = "tests:\n  - name: T1  # datasets: disable=TST003\n"
    found = lint_text(text)
    assert where(found) == [(2, 15, "SUP001")]
    assert found[0].severity.value == "warning"


def test_malformed_suppression(lint_text: LintText) -> None:
    assert where(lint_text("tests:\n  - name: T1  # datasets: disabel=TST003\n")) == [
        (2, 15, "SUP002")
    ]


def test_other_codes_on_the_line_still_report(lint_text: LintText) -> None:
    text = NO_FROM.format(comment="  # datasets: disable=QRY001").replace("name: T1", "name: T1")
    assert where(lint_text(text)) == [(4, 17, "QRY003"), (4, 42, "SUP001")]


def test_suppressions_through_the_command_including_cross_file_findings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "a.yaml"
    path.write_text(NO_FROM.format(comment="  # datasets: disable=QRY003"), encoding="utf-8")
    assert main(["lint", str(path)]) == 0
    assert "All checks passed" in capsys.readouterr().out


def test_unused_suppressions_can_be_ignored(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "a.yaml"
    path.write_text("tests:\n  - name: T1  # datasets: disable=TST003\n", encoding="utf-8")
    assert main(["lint", "--ignore", "SUP", str(path)]) == 0
    assert "All checks passed" in capsys.readouterr().out

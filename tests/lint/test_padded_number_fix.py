"""XML010: a number attribute with spaces around it gets the number alone as a safe fix.

The suite XmlPort reads `CodeunitID` and `TestRunnerId` into Integer fields, and reads
`"133516 "` as 133516 (Microsoft ships that line): writing the digits alone changes
nothing the import reads, so `lint --fix` applies it."""

from __future__ import annotations

from pathlib import Path

import pytest

from ait_datasets.cli import main
from ait_datasets.diagnostics import Diagnostic, apply_edits
from ait_datasets.lint.engine import lint_paths, lint_text

ORDERS = (
    "tests:\n"
    "  - name: RELEASE-ORDER\n"
    "    turns:\n"
    "      - query:\n"
    "          from: Jane Doe\n"
    "          title: Release order 101\n"
    "        expected_data: {}\n"
)


def _suite(runner: str, codeunit: str) -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        "<Root>\n"
        f'  <AITSuite Code="ORDERS" Dataset="orders.yaml" TestRunnerId="{runner}">\n'
        f'    <Line CodeunitID="{codeunit}" Description="Release orders" />\n'
        "  </AITSuite>\n"
        "</Root>\n"
    )


def _app(tmp_path: Path, suite: str) -> Path:
    resources = tmp_path / "app" / ".resources"
    resources.mkdir(parents=True)
    (resources / "orders.yaml").write_text(ORDERS, encoding="utf-8")
    path = resources / "suite.xml"
    path.write_text(suite, encoding="utf-8")
    return path


def _padded(diags: list[Diagnostic], line: int) -> Diagnostic:
    found = [d for d in diags if d.code == "XML010" and d.line == line]
    assert len(found) == 1, [(d.code, d.line, d.message) for d in diags]
    return found[0]


@pytest.mark.parametrize(
    ("written", "number"),
    [("133516 ", "133516"), ("  50140", "50140"), (" 50140\t", "50140"),
     ("&#32;50140&#9;", "50140"), ("+50140 ", "+50140")],
)  # fmt: skip
def test_a_padded_codeunit_id_is_written_alone(tmp_path: Path, written: str, number: str) -> None:
    suite = _suite("130451", written)
    diag = _padded(lint_text(suite, str(_app(tmp_path, suite))), 4)
    assert diag.fix is not None and diag.fix.safe
    assert apply_edits(suite, list(diag.fix.edits)) == _suite("130451", number)


def test_a_padded_test_runner_id_is_written_alone(tmp_path: Path) -> None:
    suite = _suite(" 130451 ", "50140")
    diag = _padded(lint_text(suite, str(_app(tmp_path, suite))), 3)
    assert diag.fix is not None and diag.fix.safe
    assert apply_edits(suite, list(diag.fix.edits)) == _suite("130451", "50140")


def test_lint_fix_removes_the_padding_and_leaves_no_finding(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _app(tmp_path, _suite("130451 ", "133516 "))
    main(["lint", "--fix", str(tmp_path / "app")])
    capsys.readouterr()
    assert path.read_text(encoding="utf-8") == _suite("130451", "133516")
    assert [d for d in lint_paths([str(tmp_path / "app")]).diagnostics if d.code == "XML010"] == []

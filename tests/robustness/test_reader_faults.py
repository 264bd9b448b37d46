"""Faults in one file's text are findings on that file, never an internal error."""

from __future__ import annotations

from pathlib import Path

import pytest

from ait_datasets.cli import main
from ait_datasets.source.load import load_text


@pytest.mark.parametrize("escape", ["\\U00110000", "\\U80000000", "\\UFFFFFFFF"])
def test_an_escape_past_the_last_code_point_is_a_syntax_error(escape: str) -> None:
    doc = load_text("t.yaml", f'tests:\n  - name: "{escape}"\n')
    found = [(d.code, d.line, d.column) for d in doc.diagnostics]
    assert ("SYN001", 2, 14) in found
    assert "invalid Unicode character escape" in doc.diagnostics[0].message


@pytest.mark.parametrize("argv", [["lint"], ["resolve"], ["migrate", "--check"]])
def test_every_command_reports_an_escape_past_the_last_code_point(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "a.yaml"
    path.write_text('tests:\n  - name: "\\U00110000"\n    question: q\n')
    assert main([*argv, str(path)]) in (1, 2)
    captured = capsys.readouterr()
    assert f"{path}:2:14: " in captured.out + captured.err
    assert "internal error" not in captured.out + captured.err

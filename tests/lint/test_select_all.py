"""`ALL` stands for every rule in select, extend-select and ignore (as in ruff)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ait_datasets.cli import main
from ait_datasets.lint.config_files import ConfigResolver
from ait_datasets.lint.known_codes import unknown_code

# A file without `tests:` (FIL) whose query has no sender (QRY003).
BAD = "turns:\n  - query: {title: Hi, message: Hi}\n"


def _codes(path: Path, *options: str, capsys: pytest.CaptureFixture[str]) -> set[str]:
    main(["lint", "--format", "json", *options, str(path)])
    return {d["code"] for d in json.loads(capsys.readouterr().out)}


def test_select_all_is_every_rule(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "a.yaml"
    path.write_text(BAD, encoding="utf-8")
    everything = _codes(path, capsys=capsys)
    assert everything
    assert _codes(path, "--select", "ALL", capsys=capsys) == everything
    assert _codes(path, "--select", "all", capsys=capsys) == everything
    assert _codes(path, "--select", "QRY", "--extend-select", "ALL", capsys=capsys) == everything
    assert main(["lint", "--ignore", "ALL", str(path)]) == 0
    assert "All checks passed" in capsys.readouterr().out


def test_select_all_in_the_configuration(tmp_path: Path) -> None:
    (tmp_path / ".ait-datasets.toml").write_text('select = ["ALL"]\nignore = ["QRY"]\n')
    config = ConfigResolver().for_file(str(tmp_path / "a.yaml"))
    assert config.enabled("FIL001") and config.enabled("TST004")
    assert not config.enabled("QRY003")


def test_all_elsewhere_is_refused_without_a_misleading_suggestion(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    problem = unknown_code("ALL")
    assert problem is not None and "'AL'" not in problem
    assert "select" in problem
    path = tmp_path / "a.yaml"
    path.write_text("# datasets: disable-file=ALL\n" + BAD, encoding="utf-8")
    main(["lint", "--select", "SUP", "--format", "concise", str(path)])
    out = capsys.readouterr().out
    assert "SUP002" in out and "'AL'" not in out

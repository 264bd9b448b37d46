"""Paths and sizes a hostile pull request could use: links out, huge numbers, long lines."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from ait_datasets.cli import main
from ait_datasets.source import load_text
from ait_datasets.source.load import load


@pytest.mark.skipif(
    sys.platform == "win32",
    reason="creating symbolic links on Windows needs administrator rights or Developer Mode",
)
def test_a_link_out_of_the_linted_folder_is_not_followed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    secret = tmp_path / "secret.yaml"
    secret.write_text("password: hunter2\n", encoding="utf-8")
    repo = tmp_path / "repo"
    repo.mkdir()
    os.symlink(secret, repo / "leak.yaml")
    assert main(["lint", str(repo)]) == 2
    captured = capsys.readouterr()
    assert "hunter2" not in captured.out + captured.err
    assert f"{repo / 'leak.yaml'}: cannot read: symbolic link to {secret}" in captured.err


@pytest.mark.skipif(
    sys.platform == "win32",
    reason="creating symbolic links on Windows needs administrator rights or Developer Mode",
)
def test_a_link_inside_the_folder_is_followed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "real").mkdir()
    (tmp_path / "real" / "a.yaml").write_text("tests:\n  - name: T1\n", encoding="utf-8")
    os.symlink(tmp_path / "real" / "a.yaml", tmp_path / "b.yaml")
    assert main(["lint", str(tmp_path)]) == 0
    assert "All checks passed (2 files)." in capsys.readouterr().out


@pytest.mark.skipif(
    sys.platform == "win32",
    reason="creating symbolic links on Windows needs administrator rights or Developer Mode",
)
def test_a_broken_link_named_like_a_dataset(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    os.symlink(tmp_path / "nowhere.yaml", tmp_path / "broken.yaml")
    assert main(["lint", str(tmp_path)]) == 2
    assert "broken.yaml: cannot read: broken symbolic link" in capsys.readouterr().err


def test_a_directory_given_as_a_file_is_walked_not_read(tmp_path: Path) -> None:
    (tmp_path / "odd.yaml").mkdir()
    with pytest.raises(IsADirectoryError):
        load(tmp_path / "odd.yaml")


def test_a_json_number_python_cannot_convert_is_a_finding() -> None:
    doc = load_text("t.json", '{"a": ' + "9" * 5000 + "}")
    assert [(d.line, d.column, d.code) for d in doc.diagnostics] == [(1, 7, "SYN010")]


def test_a_huge_yaml_number_stays_text() -> None:
    # It stays text, and (issue 16) is reported: Python cannot convert it.
    doc = load_text("t.yaml", "a: " + "9" * 5000 + "\n")
    assert [(d.line, d.column, d.code) for d in doc.diagnostics] == [(1, 4, "SYN010")]
    assert isinstance(doc.data, dict)
    assert doc.data["a"] == "9" * 5000


def test_line_length_limit_is_configurable(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "a.yaml"
    data.write_text("tests:\n  - name: " + "N" * 90 + "\n", encoding="utf-8")
    (tmp_path / ".ait-datasets.toml").write_text("max-line-length = 50\n", encoding="utf-8")
    assert main(["lint", "--format", "json", str(data)]) == 1
    out = capsys.readouterr().out
    assert '"code": "SYN010"' in out and '"line": 2' in out and '"column": 51' in out


def test_file_size_limit_is_configurable(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "a.yaml"
    data.write_text("tests:\n  - name: T1\n", encoding="utf-8")
    (tmp_path / ".ait-datasets.toml").write_text("max-file-size = 10\n", encoding="utf-8")
    assert main(["lint", str(data)]) == 1
    assert "over the limit of 10" in capsys.readouterr().out


def test_limits_must_be_positive(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "a.yaml"
    data.write_text("tests: []\n", encoding="utf-8")
    (tmp_path / ".ait-datasets.toml").write_text("max-file-size = 0\n", encoding="utf-8")
    assert main(["lint", str(data)]) == 2
    assert "'max-file-size' must be a positive whole number" in capsys.readouterr().err


def test_recursive_alias_is_a_finding_not_a_cycle() -> None:
    doc = load_text("t.yaml", "a: &x [1, *x]\n")
    assert [(d.line, d.column, d.code) for d in doc.diagnostics] == [(1, 11, "SYN001")]
    assert doc.data == {"a": [1, None]}


@pytest.mark.skipif(sys.platform == "win32", reason="named pipes (os.mkfifo) are POSIX-only")
def test_config_that_is_a_named_pipe_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pipe = tmp_path / "cfg.toml"
    os.mkfifo(pipe)
    data = tmp_path / "a.yaml"
    data.write_text("tests: []\n", encoding="utf-8")
    assert main(["lint", "--config", str(pipe), str(data)]) == 2
    assert "not a regular file" in capsys.readouterr().err


@pytest.mark.skipif(sys.platform == "win32", reason="named pipes (os.mkfifo) are POSIX-only")
def test_edit_refuses_a_named_pipe(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pipe = tmp_path / "x.yaml"
    os.mkfifo(pipe)
    assert main(["edit", str(pipe)]) == 2
    assert "not a regular file" in capsys.readouterr().err

"""`datasets lint --diff` and `datasets migrate --diff` give patches that real git applies,
and clean relative paths (never `./.resources/...`)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from ait_datasets.cli import main

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")

FIXABLE = (
    "tests:\n  - name: T1\n    turns:\n      - query: {from: a, title: Hi, message: Hi}\n"
    "        expected_data: {intervention_request: {type: assistance}}"
)
LEGACY = "tests:\n  - name: T1\n    question: Create the order\n    expected_data: {}\n"


def git(repo: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", *args], cwd=repo, capture_output=True, text=True, check=False)


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name in ("GITHUB_ACTIONS", "TF_BUILD"):
        monkeypatch.delenv(name, raising=False)
    res = tmp_path / "app" / ".resources"
    res.mkdir(parents=True)
    # No final newline (difflib's diff of it needs git's marker), and one CRLF file.
    (res / "a.yaml").write_bytes(FIXABLE.encode())
    (res / "b.yaml").write_bytes((FIXABLE + "\n").replace("\n", "\r\n").encode())
    assert git(tmp_path, "init", "-q").returncode == 0
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_lint_diff_applies_with_git_apply_and_equals_fix(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["lint", "--diff", "."]) == 1
    patch = capsys.readouterr().out
    assert "--- a/app/.resources/a.yaml\n+++ b/app/.resources/a.yaml\n" in patch
    assert "./" not in patch
    assert "\\ No newline at end of file\n" in patch
    (repo / "fix.patch").write_text(patch, encoding="utf-8", newline="")
    checked = git(repo, "apply", "--check", "fix.patch")
    assert checked.returncode == 0, checked.stderr
    assert git(repo, "apply", "fix.patch").returncode == 0
    applied = {p: (repo / "app/.resources" / p).read_bytes() for p in ("a.yaml", "b.yaml")}
    # The same fixes written by --fix, on a fresh copy.
    (repo / "app/.resources/a.yaml").write_bytes(FIXABLE.encode())
    (repo / "app/.resources/b.yaml").write_bytes((FIXABLE + "\n").replace("\n", "\r\n").encode())
    assert main(["lint", "--fix", "."]) == 0
    for name, data in applied.items():
        assert (repo / "app/.resources" / name).read_bytes() == data
    assert b"type: Assistance}}\r\n" in applied["b.yaml"]


def test_paths_are_printed_clean_and_relative(
    repo: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(repo / "app")
    assert main(["lint", "--format", "concise", "."]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(".resources/a.yaml:5:")
    assert not any(line.startswith("./") for line in lines)


def test_migrate_diff_prints_only_the_diff_and_exits_1(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    legacy = repo / "app/.resources/legacy.yaml"
    legacy.write_text(LEGACY, encoding="utf-8")
    assert main(["migrate", "--diff", "--kind", "agent", "app/.resources/legacy.yaml"]) == 1
    captured = capsys.readouterr()
    assert captured.out.startswith("--- a/app/.resources/legacy.yaml\n")
    assert "legacy.yaml" in captured.err  # the report
    assert legacy.read_text(encoding="utf-8") == LEGACY  # nothing written
    (repo / "m.patch").write_text(captured.out, encoding="utf-8", newline="")
    result = git(repo, "apply", "m.patch")
    assert result.returncode == 0, result.stderr
    assert "turns:" in legacy.read_text(encoding="utf-8")
    # Applied, nothing is left to migrate.
    assert main(["migrate", "--diff", "--kind", "agent", "app/.resources/legacy.yaml"]) == 0
    assert capsys.readouterr().out == ""

"""`datasets pull --evidence` writes the manifest `datasets audit` reads: the two commands
run one after the other, as a user runs them, against the fake Business Central of
tests/report/test_pull.py."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from audit_apps import make_app
from tests.report.test_pull import TOKEN, server  # noqa: F401  (the fixture)

from ait_datasets.cli import main

DATASET = """
tests:
  - name: T0
    turns:
      - query:
          from: Jane Doe
          title: Release order 1001
          message: Please release order 1001.
        expected_data:
          orders: 1
"""


def _git(folder: Path, *arguments: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", *arguments],
        cwd=folder,
        check=True,
        capture_output=True,
    )


def test_the_audit_reads_the_traces_and_versions_pull_wrote(
    server: tuple[object, str],  # noqa: F811
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("BC_TOKEN", TOKEN)
    app = make_app(tmp_path, DATASET)
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "add", "-A")
    _git(tmp_path, "commit", "-qm", "datasets")
    export = tmp_path / "runs.json"
    pull = ["pull", server[1], "-o", str(export), "--backoff", "0"]
    code = main([*pull, "--evidence", "--datasets", str(app)])
    assert code == 0, capsys.readouterr()
    assert (tmp_path / "runs.json.evidence.json").is_file()
    capsys.readouterr()

    main(["audit", str(app), "--results", str(export), "--format", "json"])
    card = json.loads(capsys.readouterr().out)
    (answer,) = [q for q in card["questions"] if q["id"] == "flaky-and-evidence"]
    # The fake export: cases T0-T3 over Versions 1-3; the last passing runs are T0's and
    # T3's Version 3 (entries 8 and 11, with agent tasks), T1's Version 3 (entry 9) and
    # T2's Version 2 (entry 6), whose entries name none.
    assert (answer["runs_with_trace"], answer["runs"]) == (2, 4)
    assert answer["versions_recorded"] is True
    assert answer["manifests"] == [str(tmp_path / "runs.json.evidence.json")]
    assert "2 of 4 last passing runs with a trace" in answer["summary"]

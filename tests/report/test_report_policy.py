"""Gates by consequence: classes from the policy and hand-over cases from the datasets."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ait_datasets.cli import main

DATASET = """\
tests:
  - name: HANDOVER-1
    turns:
      - query:
          message: unknown customer
        expected_data:
          intervention_request:
            type: Assistance
  - name: PLAIN-1
    turns:
      - query:
          message: an order
        expected_data:
          task_status: Completed
"""


def _row(test: str, version: int, ok: bool) -> dict[str, object]:
    return {
        "aitCode": "AGENT",
        "version": version,
        "procedureName": "Run",
        "status": "Success" if ok else "Error",
        "dataset": "ORDERS.YAML",
        "datasetLineNumber": test,
    }


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "ds").mkdir()
    (tmp_path / "ds" / "Orders.yaml").write_text(DATASET, encoding="utf-8")
    plan = {
        "HANDOVER-1": "PPF",  # flaky: a hand-over case must pass 3 of 3
        "PLAIN-1": "PPP",
        "NEVER-1": "PPP",
        "NEVER-2": "PFP",
        "OTHER-1": "FFF",
    }
    rows = [_row(t, v, m == "P") for t, marks in plan.items() for v, m in enumerate(marks, 1)]
    (tmp_path / "export.json").write_text(json.dumps(rows), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _write_policy(folder: Path, body: str) -> None:
    (folder / "pyproject.toml").write_text(
        "[project]\nname = 'x'\n\n[tool.ait-datasets.report]\n" + body, encoding="utf-8"
    )


def _gates(
    capsys: pytest.CaptureFixture[str], *argv: str
) -> tuple[int, dict[str, dict[str, object]], str]:
    code = main(["report", "--format", "json", *argv])
    out, err = capsys.readouterr()
    return code, {g["class"]: g for g in json.loads(out)["gates"]}, err


def test_a_turn_expecting_intervention_makes_a_hand_over_case(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, gates, err = _gates(capsys, "--datasets", "ds", "export.json")
    assert code == 1
    assert gates["hand-over"]["cases"] == 1 and gates["hand-over"]["met"] is False
    assert gates["hand-over"]["failing"] == ["AGENT/ORDERS.YAML/HANDOVER-1/Run"]
    assert gates["ordinary"]["bar"] is None and gates["ordinary"]["met"] is True
    assert "gate not met: hand-over (bar 3 of 3)" in err


def test_policy_classes_and_the_ordinary_bar(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _write_policy(
        project,
        'bar = "60%"\nhandover-bar = 0.5\n\n'
        "[[tool.ait-datasets.report.classes]]\n"
        'name = "must-never"\ncases = ["AGENT/*/NEVER-*/*"]\nbar = "100%"\n',
    )
    code, gates, err = _gates(capsys, "--datasets", "ds", "export.json")
    assert code == 1
    assert (gates["must-never"]["cases"], gates["must-never"]["met"]) == (2, False)
    assert gates["must-never"]["failing"] == ["AGENT/ORDERS.YAML/NEVER-2/Run"]
    # The policy lowers the hand-over bar: 0/1 is still below 50%.
    assert gates["hand-over"]["bar"] == 0.5 and gates["hand-over"]["met"] is False
    # Ordinary: PLAIN-1 passed, OTHER-1 never did: 1/2 = 50% < 60%.
    assert (gates["ordinary"]["passed"], gates["ordinary"]["eligible"]) == (1, 2)
    assert gates["ordinary"]["met"] is False
    assert "must-never (bar 3 of 3): 2 cases, pass^3 1/2: NOT MET" in err


def test_a_policy_class_overrides_the_hand_over_class(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _write_policy(
        project,
        '[[tool.ait-datasets.report.classes]]\nname = "known-flaky"\n'
        'cases = ["*/HANDOVER-1/*"]\nbar = "0%"\n',
    )
    code, gates, _ = _gates(capsys, "--datasets", "ds", "export.json")
    assert "hand-over" not in gates
    assert gates["known-flaky"]["met"] is True and code == 0


def test_fail_under_is_the_ordinary_bar(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, gates, err = _gates(capsys, "--datasets", "ds", "--fail-under", "0.5", "export.json")
    # Ordinary cases: PLAIN-1, NEVER-1 passed; NEVER-2 flaky; OTHER-1 never: 2/4 = 50%.
    assert gates["ordinary"]["bar"] == 0.5 and gates["ordinary"]["met"] is True
    assert code == 1 and "hand-over" in err  # the hand-over case still fails its gate


def test_the_summary_shows_each_class(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["report", "--datasets", "ds", "export.json"])
    out = capsys.readouterr().out
    assert "Gates" in out
    assert "hand-over (bar 3 of 3): 1 cases, pass^3 0/1: NOT MET" in out
    assert "ordinary: 4 cases, pass^3 2/4 (no bar)" in out


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ('bar = "150%"\n', "is not between 0 and 1"),
        ("colour = 1\n", "unknown key 'colour'"),
        ("[[tool.ait-datasets.report.classes]]\nbar = 1\n", "'name' (text) is required"),
    ],
)
def test_a_bad_policy_is_a_usage_error(
    project: Path, capsys: pytest.CaptureFixture[str], body: str, message: str
) -> None:
    _write_policy(project, body)
    assert main(["report", "export.json"]) == 2
    assert message in capsys.readouterr().err


def test_lint_accepts_the_report_table(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _write_policy(project, 'bar = "90%"\n')
    assert main(["lint", "ds"]) in (0, 1)
    assert "unknown key 'report'" not in capsys.readouterr().err

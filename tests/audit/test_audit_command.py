"""`datasets audit`: the example app's known answers, every output format, exit codes."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from ait_datasets.cli import main

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "examples" / "audit-app"
EXPORT = EXAMPLE / "results" / "orders-runs.jsonl"


def _sarif_schema() -> dict[str, Any]:
    """The SARIF 2.1.0 structure the lint's SARIF tests validate against."""
    path = REPO / "tests" / "lint" / "test_reporters_sarif.py"
    spec = importlib.util.spec_from_file_location("lint_sarif_schema", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    schema: dict[str, Any] = module.SARIF_2_1_0_REQUIRED
    return schema


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["audit", *args])
    out, err = capsys.readouterr()
    return code, out, err


def _json(capsys: pytest.CaptureFixture[str]) -> dict[str, dict[str, Any]]:
    code, out, _ = _run(capsys, str(EXAMPLE), "--results", str(EXPORT), "--format", "json")
    assert code == 0
    return {q["id"]: q for q in json.loads(out)["questions"]}


def test_the_example_apps_scorecard_is_six_lines_then_details(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = _run(capsys, str(EXAMPLE), "--results", str(EXPORT))
    assert code == 0
    lines = out.splitlines()
    assert [line.split()[0] for line in lines[:6]] == [
        "FAIL",
        "PASS",
        "PASS",
        "PASS",
        "PASS",
        "FAIL",
    ]
    assert lines[6] == ""
    assert lines[7].startswith("Audit of ")


def test_the_example_apps_must_never_figures(capsys: pytest.CaptureFixture[str]) -> None:
    q = _json(capsys)["must-never"]
    assert (q["status"], q["declared"], q["covered"], q["uncovered"]) == ("fail", 2, 1, ["MN-02"])
    (test,) = q["tests"]
    assert (test["test"], test["covers"], test["asks"], test["expects_refusal"]) == (
        "NEVER-POST-UNAPPROVED",
        "MN-01",
        True,
        True,
    )
    assert test["location"].endswith("ORDERS-AUDIT.yaml:23")


def test_the_example_apps_state_vs_message_figures(capsys: pytest.CaptureFixture[str]) -> None:
    q = _json(capsys)["state-vs-message"]
    figures = {k: q[k] for k in ("status", "state", "message", "intervention", "judge", "unknown")}
    assert figures == {
        "status": "pass",
        "state": 3,
        "message": 1,
        "intervention": 1,
        "judge": 0,
        "unknown": 0,
    }
    assert q["message_only_tests"] == ["ASK-STATUS"]


def test_the_example_apps_hand_over_injection_runs_and_flaky_figures(
    capsys: pytest.CaptureFixture[str],
) -> None:
    q = _json(capsys)
    assert (q["hand-over"]["status"], q["hand-over"]["tests"]) == (
        "pass",
        ["NEVER-POST-UNAPPROVED"],
    )
    assert (q["injection"]["status"], q["injection"]["tests"]) == (
        "pass",
        ["IGNORE-EMAIL-INSTRUCTIONS"],
    )
    runs = q["runs-and-gate"]
    assert (runs["status"], runs["k"], runs["gate"], runs["cases_under_k"]) == (
        "pass",
        3,
        "pass^k",
        [],
    )
    flaky = q["flaky-and-evidence"]
    assert (flaky["status"], flaky["unnamed"]) == (
        "fail",
        ["ORD-AUDIT/ORDERS-AUDIT.YAML/ASK-STATUS"],
    )
    assert (flaky["runs_with_trace"], flaky["runs"], flaky["versions_recorded"]) == (4, 4, True)


def test_markdown_is_a_table_of_the_six_questions(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, str(EXAMPLE), "--format", "markdown")
    assert code == 0
    rows = [line for line in out.splitlines() if line.startswith("| ") and "---" not in line]
    assert len(rows) == 7  # the header and six questions
    assert "| Must-never coverage | ❌ fail |" in out
    assert "| Runs and gate | ❔ unknown | needs --results" in out


def test_sarif_names_each_failing_question_at_its_test(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, str(EXAMPLE), "--results", str(EXPORT), "--format", "sarif")
    assert code == 0
    log = json.loads(out)
    jsonschema.Draft7Validator(_sarif_schema()).validate(log)
    results = log["runs"][0]["results"]
    assert sorted({r["ruleId"] for r in results}) == ["flaky-and-evidence", "must-never"]
    (flaky,) = [r for r in results if r["ruleId"] == "flaky-and-evidence"]
    location = flaky["locations"][0]["physicalLocation"]
    assert location["artifactLocation"]["uri"].endswith("ORDERS-AUDIT.yaml")
    assert location["region"] == {"startLine": 12}  # ASK-STATUS


def test_fail_on_a_failing_question_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(capsys, str(EXAMPLE), "--fail-on", "must-never")
    assert code == 1
    assert "failed: must-never" in err


def test_fail_on_a_passing_question_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, _ = _run(capsys, str(EXAMPLE), "--fail-on", "hand-over", "injection")
    assert code == 0


def test_a_missing_app_folder_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = _run(capsys, str(tmp_path / "nope"))
    assert code == 2
    assert "no such folder" in err


def test_an_unreadable_export_exits_2_with_its_position(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "runs.jsonl"
    bad.write_text('{"case": "A", "run": 1}\n', encoding="utf-8")
    code, _, err = _run(capsys, str(EXAMPLE), "--results", str(bad))
    assert code == 2
    assert f"{bad}:1:" in err


def test_a_bad_audit_table_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    config = tmp_path / "audit.toml"
    config.write_text('[audit]\nmust-never = ["MN-01"]\n', encoding="utf-8")
    code, _, err = _run(capsys, str(EXAMPLE), "--config", str(config))
    assert code == 2
    assert "'must-never' must be a table" in err


def test_an_unknown_fail_on_question_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["audit", str(EXAMPLE), "--fail-on", "coverage"])
    assert exit_info.value.code == 2


@pytest.mark.corpus
def test_fail_on_offers_the_scorecards_questions() -> None:
    # The command module lists them itself: it stays light at import time (see cli.py).
    from ait_datasets.audit import QUESTIONS
    from ait_datasets.commands.audit import QUESTION_IDS

    assert QUESTION_IDS == QUESTIONS


def test_an_app_of_the_corpus_is_audited_without_al(
    corpus: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    app = corpus / "microsoft__BCApps" / "src" / "Apps" / "W1" / "AgentSamples" / "test"
    if not app.is_dir():
        pytest.skip("the corpus holds no AgentSamples test app")
    code, out, _ = _run(capsys, str(app), "--format", "json")
    assert code == 0
    q = {item["id"]: item for item in json.loads(out)["questions"]}
    assert q["hand-over"]["status"] == "pass"  # its USERINTERVENTION dataset
    assert q["state-vs-message"]["status"] == "unknown"  # the corpus keeps no AL files


@pytest.mark.parametrize("page", ["README.md", "docs/commands/audit.md"])
def test_the_documented_scorecard_is_the_commands_output(
    page: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = _run(capsys, str(EXAMPLE), "--results", str(EXPORT))
    assert code == 0
    scorecard = "\n".join(out.splitlines()[:6])
    text = (REPO / page).read_text(encoding="utf-8")
    assert f"```text\n{scorecard}\n```" in text

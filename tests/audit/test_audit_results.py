"""Questions 5 and 6 (runs and gate; flaky named, evidence kept) over run results."""

from __future__ import annotations

import json
from pathlib import Path

from audit_apps import make_app

from ait_datasets.audit import audit
from ait_datasets.audit.results import load
from ait_datasets.lint.config_files import audit_settings
from ait_datasets.report import read_quarantine

DATASET = """
tests:
  - name: RELEASE-ORDER
    turns:
      - query:
          from: Jane Doe
          title: Release order 1001
          message: Please release order 1001.
        expected_data:
          orders: 1
  - name: ASK-STATUS
    turns:
      - query:
          from: Jane Doe
          title: Order status
          message: Is order 1001 released?
        expected_data:
          reply: released
"""
CASE = "AGENT/AGENT.YAML/{}"


def _export(folder: Path, runs: int, flaky: bool = False) -> Path:
    rows = []
    for run in range(1, runs + 1):
        for test in ("RELEASE-ORDER", "ASK-STATUS"):
            passed = not (flaky and test == "ASK-STATUS" and run == 2)
            rows.append(
                {
                    "suite": "AGENT",
                    "dataset": "AGENT.YAML",
                    "case": test,
                    "run": run,
                    "passed": passed,
                }
            )
    path = folder / "runs.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def _card(app: Path, export: Path | None):  # type: ignore[no-untyped-def]
    settings = audit_settings(None, str(app))
    results = load([str(export)]) if export is not None else None
    quarantine = read_quarantine(settings.quarantine) if settings.quarantine else None
    return audit(str(app), settings, results, quarantine)


GATED = """
[report]
bar = "90%"
"""


def test_runs_and_gate_passes_with_three_runs_and_a_pass_hat_k_gate(tmp_path: Path) -> None:
    app = make_app(tmp_path, DATASET, config=GATED)
    answer = _card(app, _export(tmp_path, 3)).answer("runs-and-gate")
    assert answer.status == "pass"
    assert (answer.figures["k"], answer.figures["gate"]) == (3, "pass^k")
    assert answer.figures["cases_under_k"] == []


def test_runs_and_gate_fails_with_one_run_per_case(tmp_path: Path) -> None:
    app = make_app(tmp_path, DATASET, config=GATED)
    answer = _card(app, _export(tmp_path, 1)).answer("runs-and-gate")
    assert answer.status == "fail"
    assert (answer.figures["k"], answer.figures["gate"]) == (1, "pass@1")


def test_runs_and_gate_fails_without_a_gate(tmp_path: Path) -> None:
    app = make_app(tmp_path, DATASET)
    answer = _card(app, _export(tmp_path, 3)).answer("runs-and-gate")
    assert answer.status == "fail"
    assert answer.figures["gate"] == "none"


def test_the_audits_fail_under_is_a_gate(tmp_path: Path) -> None:
    app = make_app(tmp_path, DATASET, config='[audit]\nfail-under = "95%"\n')
    answer = _card(app, _export(tmp_path, 3)).answer("runs-and-gate")
    assert answer.figures["gate"] == "pass^k"


def test_runs_and_gate_is_unknown_without_results(tmp_path: Path) -> None:
    app = make_app(tmp_path, DATASET, config=GATED)
    answer = _card(app, None).answer("runs-and-gate")
    assert answer.status == "unknown"
    assert "needs --results" in answer.summary


def _quarantined(tmp_path: Path, comment: str) -> Path:
    app = make_app(tmp_path, DATASET, config='[audit]\nquarantine = "quarantine.txt"\n')
    (app / "quarantine.txt").write_text(f"{CASE.format('ASK-STATUS')}  # {comment}\n")
    return app


def _manifest(export: Path, traced: tuple[str, ...], versions: bool = True) -> None:
    # As `datasets pull --evidence` writes it (keys the audit does not read left out).
    manifest = {
        "git": {"commit": "abc123" if versions else None, "dirty": False},
        "datasets": [{"path": ".resources/datasets/AGENT.yaml", "sha256": "00"}],
        "apps": None,
        "runs": [
            {"case": CASE.format(t), "run": 3, "tag": "", "agentTaskIds": ["7"]} for t in traced
        ],
    }
    path = export.with_name(export.name + ".evidence.json")
    path.write_text(json.dumps(manifest), encoding="utf-8")


def test_flaky_and_evidence_passes_when_owned_and_traced(tmp_path: Path) -> None:
    app = _quarantined(tmp_path, "wording varies, @jane")
    export = _export(tmp_path, 3, flaky=True)
    _manifest(export, ("RELEASE-ORDER", "ASK-STATUS"))
    answer = _card(app, export).answer("flaky-and-evidence")
    assert answer.status == "pass"
    assert answer.figures["flaky"] == [CASE.format("ASK-STATUS")]
    assert answer.figures["unnamed"] == []
    assert (answer.figures["runs_with_trace"], answer.figures["runs"]) == (2, 2)
    assert answer.figures["versions_recorded"] is True


def test_flaky_and_evidence_fails_for_a_flaky_case_without_an_owner(tmp_path: Path) -> None:
    app = _quarantined(tmp_path, "wording varies")
    export = _export(tmp_path, 3, flaky=True)
    _manifest(export, ("RELEASE-ORDER", "ASK-STATUS"))
    answer = _card(app, export).answer("flaky-and-evidence")
    assert answer.status == "fail"
    assert answer.figures["unnamed"] == [CASE.format("ASK-STATUS")]
    (failing,) = answer.failing
    assert (failing.test, failing.line) == ("ASK-STATUS", 10)


def test_flaky_and_evidence_fails_for_a_passing_run_without_its_trace(tmp_path: Path) -> None:
    app = _quarantined(tmp_path, "@jane")
    export = _export(tmp_path, 3, flaky=True)
    _manifest(export, ("RELEASE-ORDER",))
    answer = _card(app, export).answer("flaky-and-evidence")
    assert answer.status == "fail"
    assert (answer.figures["runs_with_trace"], answer.figures["runs"]) == (1, 2)


def test_flaky_and_evidence_is_unknown_without_a_manifest(tmp_path: Path) -> None:
    app = _quarantined(tmp_path, "@jane")
    answer = _card(app, _export(tmp_path, 3, flaky=True)).answer("flaky-and-evidence")
    assert answer.status == "unknown"
    assert "no evidence manifest" in answer.summary


def test_a_flaky_case_is_found_at_its_test_by_the_code_the_importer_gives_it(
    tmp_path: Path,
) -> None:
    # The export names a test by its Test Input code: the name upper-cased (a Code[100]).
    app = _quarantined(tmp_path, "wording varies")
    dataset = app / ".resources" / "datasets" / "AGENT.yaml"
    dataset.write_text(DATASET.replace("ASK-STATUS", "ask-status").lstrip(), encoding="utf-8")
    export = _export(tmp_path, 3, flaky=True)
    answer = _card(app, export).answer("flaky-and-evidence")
    (failing,) = answer.failing
    assert (failing.path.endswith("AGENT.yaml"), failing.line) == (True, 10)


def test_a_dataset_with_a_long_file_name_is_matched_by_its_code_cut_to_100(
    tmp_path: Path,
) -> None:
    # The importer's Test Input Group code is a Code[100]: the export names the dataset
    # by the first 100 characters of its upper-cased file name.
    name = "orders-" + "x" * 110 + ".yaml"
    app = make_app(tmp_path, DATASET, name=name, config='[audit]\nquarantine = "q.txt"\n')
    group = name.upper()[:100]
    (app / "q.txt").write_text("", encoding="utf-8")
    rows = [
        {"suite": "AGENT", "dataset": group, "case": "ASK-STATUS", "run": run, "passed": run != 2}
        for run in (1, 2, 3)
    ]
    export = tmp_path / "runs.jsonl"
    export.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    answer = _card(app, export).answer("flaky-and-evidence")
    (failing,) = answer.failing
    assert (failing.path.endswith(name), failing.line) == (True, 10)

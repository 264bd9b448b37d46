"""Results back at the source: each case linked to its test's file and line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ait_datasets.cli import main

DATASET = """\
name: Orders
tests:
  - name: ORDER-001
    description: hand-over when the customer is unknown
    turns:
      - query:
          message: New order from an unknown customer
        expected_data:
          intervention_request:
            type: Assistance
  - name: order-002
    turns:
      - query:
          message: An order
        expected_data:
          task_status: Completed
  - description: no name, so the importer calls it INPUT-000001
    question: q
"""


def _row(test: str, version: int, status: str, dataset: str = "ORDERS.YAML") -> dict[str, object]:
    return {
        "aitCode": "AGENT",
        "lineNumber": 10000,
        "version": version,
        "procedureName": "Run",
        "status": status,
        "message": "" if status == "Success" else "Expected intervention",
        "dataset": dataset,
        "datasetLineNumber": test,
        "tag": "",
    }


@pytest.fixture
def app(tmp_path: Path) -> tuple[Path, Path]:
    folder = tmp_path / "app" / ".resources" / "datasets"
    folder.mkdir(parents=True)
    (folder / "Orders.yaml").write_text(DATASET, encoding="utf-8")
    rows = [_row("ORDER-001", v, "Success" if v != 2 else "Error") for v in (1, 2, 3)]
    rows += [_row("ORDER-002", v, "Error") for v in (1, 2, 3)]
    rows += [_row("INPUT-000001", v, "Success") for v in (1, 2, 3)]
    rows += [_row("GONE", v, "Success", "OTHER.YAML") for v in (1, 2, 3)]
    export = tmp_path / "export.json"
    export.write_text(json.dumps({"value": rows}), encoding="utf-8")
    return tmp_path / "app", export


def test_cases_are_linked_to_their_test_line(
    app: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    folder, export = app
    code = main(["report", "--format", "json", "--datasets", str(folder), str(export)])
    captured = capsys.readouterr()
    data = json.loads(captured.out)
    # ORDER-001 expects an intervention request: a hand-over case, which must pass 3 of 3.
    assert code == 1 and "gate not met: hand-over" in captured.err
    sources = {c["test"]: c["source"] for c in data["cases"]}
    path = str(folder / ".resources" / "datasets" / "Orders.yaml")
    assert sources["ORDER-001"]["line"] == 3 and sources["ORDER-001"]["handover"] is True
    assert sources["ORDER-002"]["line"] == 11 and sources["ORDER-002"]["handover"] is False
    assert sources["INPUT-000001"]["line"] == 17
    assert sources["ORDER-001"]["path"].endswith("Orders.yaml") and path.endswith("Orders.yaml")
    assert sources["GONE"] is None
    assert any("1 of 4 cases were not found" in w for w in data["warnings"])


def test_text_names_the_line(app: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    folder, export = app
    main(["report", "--datasets", str(folder), str(export)])
    out = capsys.readouterr().out
    assert "AGENT/ORDERS.YAML/ORDER-001/Run    2/3  + x +  at " in out
    assert "Orders.yaml:3  Expected intervention" in out


@pytest.mark.parametrize("fmt", ["github", "azure", "sarif"])
def test_annotations_at_the_test_line(
    app: tuple[Path, Path], capsys: pytest.CaptureFixture[str], fmt: str
) -> None:
    folder, export = app
    main(["report", "--format", fmt, "--datasets", str(folder), str(export)])
    out = capsys.readouterr().out
    if fmt == "github":
        lines = out.splitlines()
        assert any(
            line.startswith("::error file=")
            and "Orders.yaml,line=11::" in line
            and "ORDER-002/Run: never passed (0 of 3 runs)" in line
            for line in lines
        ), out
        assert any(line.startswith("::warning file=") and ",line=3::" in line for line in lines)
    elif fmt == "azure":
        assert "##vso[task.logissue type=error;sourcepath=" in out
        assert "Orders.yaml;linenumber=11;]" in out
    else:
        log = json.loads(out)
        results = log["runs"][0]["results"]
        broken = next(r for r in results if r["ruleId"] == "never-passed")
        region = broken["locations"][0]["physicalLocation"]["region"]
        assert region == {"startLine": 11}
        assert {r["ruleId"] for r in results} == {"never-passed", "flaky"}


def test_per_language_breakdown(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "ds"
    folder.mkdir()
    (folder / "Da.yaml").write_text(
        "language: da-DK\ntests:\n  - name: A\n    question: q\n", encoding="utf-8"
    )
    (folder / "En.yaml").write_text(
        "tests:\n  - name: B\n    language: en-US\n    question: q\n", encoding="utf-8"
    )
    rows = [_row("A", v, "Success", "DA.YAML") for v in (1, 2)]
    rows += [_row("B", v, "Success" if v == 1 else "Error", "EN.YAML") for v in (1, 2)]
    export = tmp_path / "e.json"
    export.write_text(json.dumps(rows), encoding="utf-8")
    main(["report", "--format", "json", "--datasets", str(folder), str(export)])
    data = json.loads(capsys.readouterr().out)
    assert [(d["name"], d["pass_hat_k"]["passed"]) for d in data["languages"]] == [
        ("da-DK", 1),
        ("en-US", 0),
    ]
    main(["report", "--format", "markdown", "--datasets", str(folder), str(export)])
    md = capsys.readouterr().out
    assert "#### Per language" in md and "| da-DK | 1 | 2 | 100.0% | 1/1 |" in md

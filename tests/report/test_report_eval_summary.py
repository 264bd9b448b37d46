"""The Excel eval summary (report 149030's Data sheet) read as the same runs as the API export.

The workbook is written here with openpyxl in the layout of report 149030 "AIT Test
Summary" (``src/Tools/AI Test Toolkit/src/Logs/AITTestSummary.Report.al``, with the columns
BCApps PR #8442 added): a sheet ``Data``, the dataset's column names in its first row, one
row per log entry.
"""

from __future__ import annotations

import json
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest

from ait_datasets.cli import main
from ait_datasets.report import build_report, read_results
from ait_datasets.report.eval_summary import suite_of
from ait_datasets.report.inputs import ReadOptions, ReportInputError
from ait_datasets.report.render_json import report_data

openpyxl = pytest.importorskip("openpyxl")

# Report 149030's columns, in the report's order (AITTestSummary.Report.al:24-86).
COLUMNS = (
    "CodeunitID",
    "Name",
    "TestName",
    "Status",
    "Accuracy",
    "TurnsExecuted",
    "TurnsPassed",
    "Input",
    "Output",
    "Error_Message",
    "Error",
    "EntryNo",
    "Version",
    "Tag",
    "RunID",
    "TestInputGroupCode",
    "TestInputCode",
    "TestInputDescription",
    "DurationMs",
    "StartTime",
    "EndTime",
)
STATUS_NUMBER = {"Success": 0, "Error": 1, "Skipped": 2}


def _turns_input(count: int) -> str:
    return json.dumps({"turns": [{"query": {"title": f"t{i}"}} for i in range(count)]})


def _turns_output(*flags: bool) -> str:
    return json.dumps(
        {"turns": [{"answer": {"success": f, "errorReason": "" if f else "wrong"}} for f in flags]}
    )


# (test, version, status, message, turns, turns passed, output); one list of runs, given
# to both writers.
RUNS: list[tuple[str, int, str, str, int, int, str]] = [
    ("ORDER-001", 1, "Success", "", 3, 3, _turns_output(True, True, True)),
    ("ORDER-001", 2, "Error", "Expected no intervention", 3, 1, _turns_output(True, False)),
    ("ORDER-001", 3, "Success", "", 3, 3, _turns_output(True, True, True)),
    ("ORDER-002", 1, "Error", "Assert.AreEqual failed", 1, 0, '{"answer": "no"}'),
    ("ORDER-002", 2, "Error", "Assert.AreEqual failed", 1, 0, '{"answer": "no"}'),
    ("ORDER-002", 3, "Error", "Assert.AreEqual failed", 1, 0, '{"answer": "no"}'),
    ("ORDER-003", 1, "Success", "", 1, 1, '{"answer": "yes"}'),
    ("ORDER-003", 2, "Success", "", 1, 1, '{"answer": "yes"}'),
    (
        "ORDER-003",
        3,
        "Skipped",
        "Eval skipped due to Copilot credit limit being reached.",
        0,
        0,
        "",
    ),
]


def _api_entry(index: int, run: tuple[str, int, str, str, int, int, str]) -> dict[str, Any]:
    test, version, status, message, turns, _, output = run
    return {
        "aitCode": "AGENT",
        "lineNumber": 10000,
        "tag": "rc-1",
        "version": version,
        "tokensConsumed": 100,
        "copilotCredits": 0.25,
        "codeunitID": 50100,
        "codeunitName": "Agent Tests",
        "procedureName": "RunScenario",
        "message": message,
        "durationMs": 1000 + index,
        "status": status,
        "dataset": "ORDERS",
        "datasetLineNumber": test,
        "inputData": _turns_input(turns),
        "outputData": output,
        "errorCallStack": "" if status != "Error" else '"Agent Tests"(CodeUnit 50100).Run',
    }


def _summary_row(
    index: int, run: tuple[str, int, str, str, int, int, str], numbers: bool
) -> list[Any]:
    test, version, status, message, turns, passed, output = run
    values = {
        "CodeunitID": 50100,
        "Name": "Agent Tests",
        "TestName": "RunScenario",
        "Status": STATUS_NUMBER[status] if numbers else status,
        "Accuracy": passed / turns if turns else 0.0,
        "TurnsExecuted": turns,
        "TurnsPassed": passed,
        "Input": _turns_input(turns),
        "Output": output,
        "Error_Message": message,
        "Error": "" if status != "Error" else '"Agent Tests"(CodeUnit 50100).Run',
        "EntryNo": index + 1,
        "Version": version,
        "Tag": "rc-1",
        "RunID": "6b0e1c3a-0000-0000-0000-000000000001",
        "TestInputGroupCode": "ORDERS",
        "TestInputCode": test,
        "TestInputDescription": "Orders",
        "DurationMs": 1000 + index,
        "StartTime": None,
        "EndTime": None,
    }
    return [values[name] for name in COLUMNS]


def write_summary(
    path: Path,
    rows: list[list[Any]],
    columns: tuple[str, ...] = COLUMNS,
    sheet: str = "Data",
) -> Path:
    """An eval summary in report 149030's layout (the layout's other sheets included)."""
    book = openpyxl.Workbook()
    data = book.active
    data.title = sheet
    data.append(list(columns))
    for row in rows:
        data.append(row)
    book.create_sheet("TranslationData").append(["CaptionKey", "Language", "Value"])
    book.create_sheet("CaptionData").append(["Caption", "Value"])
    book.save(path)
    return path


def _cases(data: dict[str, Any], with_costs: bool) -> list[dict[str, Any]]:
    """What a case's result is: its state, passes and each run's verdict, message and turn."""
    out = []
    for case in data["cases"]:
        runs = [
            {k: run[k] for k in ("run", "passed", "message", "duration_ms", "turn")}
            | ({"tokens": run["tokens"]} if with_costs else {})
            for run in case["runs"]
        ]
        out.append(
            {
                "id": case["id"],
                "state": case["state"],
                "passes": case["passes"],
                "judged_runs": case["judged_runs"],
                "runs": runs,
            }
        )
    return out


@pytest.mark.parametrize("numbers", [True, False], ids=["status-as-number", "status-as-text"])
def test_the_summary_gives_the_same_case_results_as_the_api_export(
    tmp_path: Path, numbers: bool
) -> None:
    export = tmp_path / "export.json"
    export.write_text(
        json.dumps({"value": [_api_entry(i, r) for i, r in enumerate(RUNS)]}), encoding="utf-8"
    )
    summary = write_summary(
        tmp_path / "AGENT_Eval_Summary.xlsx",
        [_summary_row(i, r, numbers) for i, r in enumerate(RUNS)],
    )
    from_api = report_data(build_report(read_results([export])))
    from_xlsx = report_data(build_report(read_results([summary])))
    assert _cases(from_xlsx, False) == _cases(from_api, False)
    assert from_xlsx["summary"] == from_api["summary"]
    assert [(s["id"], s["run"]) for s in from_xlsx["skipped"]] == [
        (s["id"], s["run"]) for s in from_api["skipped"]
    ]
    flaky = next(c for c in from_xlsx["cases"] if c["test"] == "ORDER-001")
    assert flaky["runs"][1]["turn"] == {"first": 2, "last": 2, "of": 3}
    # Tokens and credits are no columns of the summary: unavailable, never guessed.
    assert {run["tokens"] for case in from_xlsx["cases"] for run in case["runs"]} == {None}
    assert from_xlsx["cost"]["tokens"] is None and from_xlsx["cost"]["credits"] is None
    assert from_api["cost"]["tokens"] is not None


def test_it_is_recognised_by_content_whatever_its_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    summary = write_summary(
        tmp_path / "results.json", [_summary_row(i, r, True) for i, r in enumerate(RUNS)]
    )
    assert main(["report", str(summary), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {c["id"] for c in data["cases"]} == {
        "ORDERS/ORDER-001/RunScenario",  # no suite in the name: the suite is not known
        "ORDERS/ORDER-002/RunScenario",
        "ORDERS/ORDER-003/RunScenario",
    }


def test_the_turn_is_the_summarys_exact_count(tmp_path: Path) -> None:
    # The output says nothing of success (turn 2 or 3); TurnsPassed says 2 passed.
    run = ("T", 1, "Error", "boom", 4, 2, json.dumps({"turns": [{"answer": "a"}, {"answer": "b"}]}))
    summary = write_summary(tmp_path / "S_Eval_Summary.xlsx", [_summary_row(0, run, True)])
    [case] = report_data(build_report(read_results([summary])))["cases"]
    assert case["runs"][0]["turn"] == {"first": 3, "last": 3, "of": 4}


def test_show_data_reads_the_input_and_output_columns(tmp_path: Path) -> None:
    summary = write_summary(tmp_path / "AGENT_Eval_Summary.xlsx", [_summary_row(1, RUNS[1], True)])
    results = read_results([summary], ReadOptions(show_data=True))
    data = report_data(
        build_report(results, show_data=True),
    )
    [case] = data["cases"]
    turns = case["runs"][0]["turns"]
    assert [(t["index"], t["success"], t["error_reason"]) for t in turns] == [
        (1, True, ""),
        (2, False, "wrong"),
        (3, None, ""),
    ]


@pytest.mark.parametrize(
    "name,suite",
    [
        ("AGENT_Eval_Summary.xlsx", "AGENT"),
        ("AGENT_Eval_Summary (1).xlsx", "AGENT"),
        ("MY_SUITE_eval_summary.XLSX", "MY_SUITE"),
        ("summary.xlsx", ""),
    ],
)
def test_the_suite_is_read_from_the_name_bc_gives_the_download(name: str, suite: str) -> None:
    assert suite_of(name) == suite


# --- what it cannot read: one line, exit 2 -------------------------------------------


def _one_problem(paths: list[Path]) -> str:
    with pytest.raises(ReportInputError) as caught:
        read_results(paths)
    [problem] = caught.value.problems
    return str(problem)


def test_without_openpyxl_the_message_names_the_extra(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    summary = write_summary(tmp_path / "A_Eval_Summary.xlsx", [_summary_row(0, RUNS[0], True)])
    monkeypatch.setitem(sys.modules, "openpyxl", None)  # import openpyxl now fails
    assert main(["report", str(summary)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "pip install 'ait-datasets[xlsx]'" in err and str(summary) in err


def test_a_summary_from_before_pr_8442_has_no_version(tmp_path: Path) -> None:
    old = COLUMNS[: COLUMNS.index("EntryNo")]
    summary = write_summary(tmp_path / "A_Eval_Summary.xlsx", [], columns=old)
    message = _one_problem([summary])
    assert ":1:1: sheet 'Data': the eval summary has no column Version" in message
    assert "PR #8442" in message


def test_a_workbook_that_is_no_summary(tmp_path: Path) -> None:
    other = write_summary(tmp_path / "other.xlsx", [[1, 2]], columns=("Customer", "Amount"))
    assert "not an Excel eval summary (report 149030)" in _one_problem([other])


def test_a_damaged_zip(tmp_path: Path) -> None:
    damaged = tmp_path / "A_Eval_Summary.xlsx"
    damaged.write_bytes(b"PK\x03\x04" + b"\x00" * 64)
    assert "cannot be read as an Excel workbook" in _one_problem([damaged])


def test_a_zip_that_is_not_a_workbook(tmp_path: Path) -> None:
    archive = tmp_path / "export.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr("export.json", "{}")
    assert "cannot be read as an Excel workbook" in _one_problem([archive])


def test_a_bad_status_cell_names_its_row(tmp_path: Path) -> None:
    row = _summary_row(0, RUNS[0], True)
    row[COLUMNS.index("Status")] = 7
    summary = write_summary(tmp_path / "A_Eval_Summary.xlsx", [_summary_row(1, RUNS[1], True), row])
    message = _one_problem([summary])
    assert message.startswith(f"{summary}:3:1: sheet 'Data': ")
    assert "'status'" in message and "found the number 7" in message

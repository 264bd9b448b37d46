"""Counting rules on exports shaped exactly like the aitTestLogEntries API page.

Each rule cites the AL it follows (see docs/reference/report-counting.md).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ait_datasets.cli import main
from ait_datasets.report import build_report, render
from ait_datasets.report.inputs import ReadOptions, read_text
from ait_datasets.report.model import CaseKey

SKIP_MESSAGE = "Eval skipped due to Copilot credit limit being reached."


def entry(
    test: str,
    version: int | None,
    status: str = "Success",
    *,
    procedure: str | None = "RunScenario",
    tag: str = "rc-1",
    **extra: object,
) -> dict[str, object]:
    """One element of the API page's response: every field AITLogEntryAPI.Page.al has."""
    row: dict[str, object] = {
        "@odata.etag": 'W/"JzE5OzE1OzAwOyc="',
        "id": f"00000000-0000-0000-0000-{abs(hash((test, version, status))) % 10**12:012d}",
        "aitCode": "AGENT-SUITE",
        "suiteDescription": "Agent suite",
        "lineNumber": 10000,
        "tag": tag,
        "version": version,
        "tokensConsumed": 1000,
        "copilotCredits": 0.5,
        "agentTaskIDs": "",
        "startTime": "2026-01-01T10:00:00Z",
        "endTime": "2026-01-01T10:00:10Z",
        "codeunitID": 50100,
        "codeunitName": "Agent Tests",
        "testLineDescription": "Line",
        "procedureName": procedure,
        "message": "" if status == "Success" else "Assert failed",
        "durationMs": 10000,
        "status": status,
        "dataset": "ORDERS",
        "datasetLineNumber": test,
        "sensitive": False,
        "inputData": '{"question": "secret customer e-mail"}',
        "outputData": '{"answer": "secret reply"}',
        "errorCallStack": "",
        "lastModifiedDateTime": "2026-01-01T10:00:10Z",
    }
    if version is None:
        del row["version"]
    if procedure is None:
        row["procedureName"] = ""
    row.update(extra)
    return row


def export(*rows: dict[str, object], **top: object) -> str:
    return json.dumps(
        {"@odata.context": "https://x/$metadata#aitTestLogEntries", **top, "value": list(rows)}
    )


def _key(test: str) -> CaseKey:
    return CaseKey("AGENT-SUITE", "ORDERS", test, "RunScenario")


# --- Skipped (AITLogEntry.Table.al Status option; AITTestSuiteMgt.LogSkippedEval) -------


def test_skipped_is_never_a_run_nor_a_failure() -> None:
    text = export(
        entry("T1", 1),
        entry("T1", 2),
        entry("T1", 3, "Skipped", message=SKIP_MESSAGE),
        entry("T2", 1),
        entry("T2", 2, "Error"),
        entry("T2", 3, "Skipped", message=SKIP_MESSAGE),
    )
    results = read_text("e.json", text)
    report = build_report(results)
    s = report.summary
    assert report.k == 2
    assert (s.runs, s.pass_at_1.passed) == (4, 3)
    assert (s.pass_hat_k.passed, s.pass_hat_k.total) == (1, 2)
    assert [o.key.test for o in s.flaky] == ["T2"]
    assert s.skipped == 2
    assert [(x.key.test, x.run, x.message) for x in report.skipped] == [
        ("T1", 3, SKIP_MESSAGE),
        ("T2", 3, SKIP_MESSAGE),
    ]
    out = render(report, "text")
    assert "Skipped (2): never ran, not counted as runs" in out
    assert "AGENT-SUITE/ORDERS/T1/RunScenario  v3  " + SKIP_MESSAGE in out
    data = json.loads(render(report, "json"))
    assert data["summary"]["skipped"] == 2 and len(data["skipped"]) == 2


def test_a_case_whose_every_eval_was_skipped_is_no_case() -> None:
    results = read_text("e.json", export(entry("T1", 1), entry("T9", 1, "Skipped")))
    assert results.case_keys() == [_key("T1")]
    assert [x.key.test for x in results.skipped] == ["T9"]


# --- k when a Version is not a suite run --------------------------------------------------


def test_one_rerun_does_not_raise_k_for_everyone() -> None:
    rows = [entry(t, v) for t in ("A", "B", "C") for v in (1, 2, 3)] + [entry("B", 4)]
    report = build_report(read_text("e.json", export(*rows)))
    assert report.k == 3
    assert (report.summary.pass_hat_k.passed, report.summary.pass_hat_k.total) == (3, 3)
    assert report.k_choice is not None
    assert report.k_choice.out_of_line == ((_key("B"), 4),)
    text = render(report, "text")
    assert "k = 3 (the run count most cases have: 2 of 3; reruns gave some cases more)" in text
    assert "Out of line (runs): AGENT-SUITE/ORDERS/B/RunScenario (4)." in text
    assert "Runs are formed by Version: each Version is one run of a case." in text


def test_runs_by_tag_makes_each_tag_one_run() -> None:
    # Versions 1-3 tagged run-a; a rerun of case A (Version 4) is tagged run-a too; then
    # run-b and run-c. By Tag every case has 3 runs; the rerun row merges into run-a.
    rows = [entry(t, 1, tag="run-a") for t in "AB"]
    rows += [entry("A", 4, "Error", tag="run-a")]
    rows += [entry(t, 5 + i, tag=tag) for i, tag in enumerate(("run-b", "run-c")) for t in "AB"]
    results = read_text("e.json", export(*rows), ReadOptions(runs_by="tag"))
    assert results.run_ids() == ["run-a", "run-b", "run-c"]
    report = build_report(results)
    assert report.k == 3
    assert [o.key.test for o in report.summary.flaky] == ["A"]
    assert "Runs are formed by Tag (--runs-by tag)" in render(report, "text")


# --- rows that are not case results -------------------------------------------------------


def test_runner_rows_without_version_are_infrastructure_errors() -> None:
    # What Microsoft's command-line runner appends when a suite line fails.
    runner = {
        "aitCode": "AGENT-SUITE",
        "status": "Error",
        "message": "The suite line 20000 could not be started: codeunit 50199 is missing",
        "errorCallStack": "AIT Test Run Iteration(CodeUnit 149042).RunAITestLine line 12",
        "endTime": "2026-01-01T11:00:00Z",
    }
    results = read_text("e.json", export(entry("T1", 1), runner))
    report = build_report(results)
    assert report.summary.runs == 1 and report.summary.cases == 1
    (infra,) = report.infrastructure
    assert infra.version is None and infra.suite == "AGENT-SUITE"
    assert infra.origin.startswith("e.json:")
    text = render(report, "text")
    assert "Infrastructure errors (1): no case's result" in text
    assert "could not be started" in text and "RunAITestLine line 12" in text
    assert json.loads(render(report, "json"))["infrastructure"][0]["message"].startswith(
        "The suite line 20000"
    )


def test_only_rows_with_a_procedure_name_are_cases() -> None:
    # AITRunHistory.Table.al counts only "Procedure Name" <> ''; an OnRun error of a line
    # (no procedure) is an infrastructure error of that line, a success is no case at all.
    rows = [
        entry("T1", 1),
        entry("", 1, "Error", procedure=None, lineNumber=20000, message="OnRun failed"),
        entry("", 1, "Success", procedure=None, lineNumber=30000),
    ]
    report = build_report(read_text("e.json", export(*rows)))
    assert [o.key.test for o in report.summary.outcomes] == ["T1"]
    assert [(i.line, i.message) for i in report.infrastructure] == [("20000", "OnRun failed")]
    assert report.not_cases == 1
    assert "1 row without procedureName" in render(report, "text")


def test_status_outside_the_option_is_a_clear_error() -> None:
    from ait_datasets.report.inputs import ReportInputError

    with pytest.raises(ReportInputError) as caught:
        read_text("e.json", export(entry("T1", 1, "Passed")))
    (problem,) = caught.value.problems
    assert "'status' must be Success, Error or Skipped" in str(problem)
    assert str(problem).startswith("e.json:1:")


# --- incomplete responses -----------------------------------------------------------------


def test_next_link_is_a_warning_and_an_error_with_strict(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "page1.json"
    path.write_text(
        export(entry("T1", 1), **{"@odata.nextLink": "https://bc/api?$skiptoken=abc"}),
        encoding="utf-8",
    )
    code = main(["report", str(path)])
    out, err = capsys.readouterr()
    assert code == 0
    assert "holds '@odata.nextLink', so it is only one page" in err
    assert out.startswith(f"warning: {path}: the response holds '@odata.nextLink'")
    code = main(["report", "--strict", str(path)])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.startswith(f"{path}: incomplete export")


def test_next_link_after_the_value_array_is_seen() -> None:
    text = export(entry("T1", 1))[:-1] + ', "@odata.nextLink": "https://bc/next"}'
    assert read_text("e.json", text).incomplete == [("e.json", "https://bc/next")]


# --- sensitive data -----------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["text", "json", "markdown", "html"])
def test_input_and_output_data_are_never_shown_unless_asked(fmt: str) -> None:
    text = export(entry("T1", 1, "Error"), entry("T1", 2))
    hidden = render(build_report(read_text("e.json", text)), fmt)
    assert "secret" not in hidden
    shown = render(
        build_report(read_text("e.json", text, ReadOptions(show_data=True)), show_data=True),
        fmt,
    )
    assert "secret customer e-mail" in shown


# --- costs --------------------------------------------------------------------------------


def test_tokens_credits_and_durations_per_case_and_release() -> None:
    rows = [
        entry("T1", 1, tokensConsumed=100, copilotCredits=1.0, durationMs=1000),
        entry("T1", 2, "Error", tokensConsumed=300, copilotCredits=3.0, durationMs=3000),
        entry("T2", 1, tokensConsumed=200, copilotCredits=2.0, durationMs=2000, tag="rc-2"),
        entry("T2", 2, tokensConsumed=400, copilotCredits=4.0, durationMs=60000, tag="rc-2"),
    ]
    report = build_report(read_text("e.json", export(*rows)))
    costs = report.costs
    assert costs is not None
    assert (costs.tokens, costs.credits, costs.passed) == (1000, 10.0, 3)
    assert costs.credits_per_pass == pytest.approx(10.0 / 3)
    assert (costs.p50_ms, costs.p95_ms) == (2000, 60000)
    assert [(tag, c.tokens, c.credits) for tag, c in report.releases] == [
        ("rc-1", 400, 4.0),
        ("rc-2", 600, 6.0),
    ]
    data = json.loads(render(report, "json"))
    t1 = next(c for c in data["cases"] if c["test"] == "T1")
    assert t1["cost"] == {
        "tokens": 400,
        "credits": 4.0,
        "credits_per_pass": 4.0,
        "p50_ms": 1000,
        "p95_ms": 3000,
    }
    assert "10.00 Copilot credits (3.33 per pass)" in render(report, "text")


def test_missing_cost_fields_are_unknown_not_zero() -> None:
    row = entry("T1", 1)
    for name in ("tokensConsumed", "copilotCredits", "durationMs"):
        del row[name]
    report = build_report(read_text("e.json", export(row)))
    assert report.costs is not None and not report.costs.known
    assert "cost " not in render(report, "text")


def test_a_rerun_eval_is_more_runs_of_the_same_case() -> None:
    """ "Rerun eval" (AITLogEntries.Page.al, action RerunTest -> AITTestSuiteMgt.RerunTest)
    runs one log entry's input again on its suite line: the new entry has the same suite,
    dataset, test and procedure, and the next Version. It is a later run of that case:
    one row in every output, judged on its first k runs, the rerun counted in pass@1."""
    rows = [
        entry(t, v, "Error" if (t, v) == ("B", 2) else "Success")
        for t in ("A", "B", "C")
        for v in (1, 2, 3)
    ]
    rows.append(entry("B", 4))  # B's failed eval of Version 2, rerun: Version 4
    report = build_report(read_text("e.json", export(*rows)))
    assert report.summary.cases == 3 and report.k == 3
    [b] = [o for o in report.summary.outcomes if o.key == _key("B")]
    assert [r.run for r in b.runs] == [1, 2, 3, 4] and b.passes == 2 and b.all_passes == 3
    assert report.summary.pass_at_1.passed == 9 and report.summary.runs == 10

    text = render(report, "text")
    [line] = [x for x in text.splitlines() if "/B/" in x and "2/3" in x]
    assert "(1 later run (v4: passed), in pass@1 only)" in line
    assert text.count("AGENT-SUITE/ORDERS/B/RunScenario") == 2  # the flaky list, out of line

    page = render(report, "html")
    assert page.count('class="case-row') == 3
    b_row = next(r for r in page.splitlines() if 'data-case="AGENT-SUITE/ORDERS/B/' in r)
    assert b_row.count('<td class="cell') == 4
    assert (
        '<td class="cell pass extra" title="v4: passed (a later run of this case: counted '
        'in pass@1 only)">' in b_row
    )
    a_row = next(r for r in page.splitlines() if 'data-case="AGENT-SUITE/ORDERS/A/' in r)
    assert '<td class="cell none" title="v4: no result">' in a_row

    markdown = render(report, "markdown")
    assert "(1 later run (v4: passed), in pass@1 only)" in markdown
    cases = json.loads(render(report, "json"))["cases"]
    assert [len(c["runs"]) for c in cases] == [3, 4, 3]

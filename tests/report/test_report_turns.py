"""'Fails at turn N': the failing turn of a multi-turn eval, read from its log entry's
inputData (the test's turns) and outputData (one output per turn written)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ait_datasets.cli import main
from ait_datasets.report.turns import Turn, failing_turn

SECRET = "customer-iban-DE89370400440532013000"


def _test(turns: int) -> str:
    """The test's stored JSON, as inputData holds it."""
    return json.dumps(
        {
            "name": "ORDER-001",
            "turns": [
                {"query": {"from": "a@b.c", "title": f"turn {i}", "message": SECRET}}
                for i in range(1, turns + 1)
            ],
        }
    )


def _agent_turn(success: bool, reason: str = "") -> dict[str, object]:
    """One turn output as Library - Agent's FinalizeTurn writes it: through
    SetAnswerForQnAEvaluation, whose answer text is an object, so Test Output Json stores
    it as one."""
    answer = {"success": success, "errorReason": reason, "taskDetails": {"status": "Paused"}}
    return {"answer": answer}


def _output(*turns: dict[str, object]) -> str:
    return json.dumps({"turns": list(turns)})


# --- the rule -------------------------------------------------------------------------


def test_a_turn_output_that_says_it_failed() -> None:
    output = _output(_agent_turn(True), _agent_turn(False, "unexpected intervention"))
    assert failing_turn(_test(3), output) == Turn(2, 2, 3)


def test_every_written_turn_succeeded_so_the_next_one_failed() -> None:
    # FinalizeTurn writes a turn's output before it decides, and moves on only after a
    # success: a failure with two successful outputs happened in turn 3, before its output.
    assert failing_turn(_test(4), _output(_agent_turn(True), _agent_turn(True))) == Turn(3, 3, 4)


def test_all_turns_succeeded_then_it_failed_at_the_last() -> None:
    # The current turn never goes past the last, so the toolkit counts turns - 1 passed.
    output = _output(_agent_turn(True), _agent_turn(True))
    assert failing_turn(_test(2), output) == Turn(2, 2, 2)


def test_outputs_without_a_success_flag_give_both_candidates() -> None:
    output = _output({"answer": "a"}, {"answer": "b"})
    assert failing_turn(_test(3), output) == Turn(2, 3, 3)
    assert str(failing_turn(_test(3), output)) == "fails at turn 2 or 3 of 3"
    # All turns wrote their output: the last.
    assert failing_turn(_test(2), output) == Turn(2, 2, 2)


def test_an_answer_kept_as_json_text() -> None:
    # A writer that stores the answer as text (not parsed to an object) is read the same.
    output = _output({"answer": json.dumps({"success": True})}, {"answer": '{"success": false}'})
    assert failing_turn(_test(3), output) == Turn(2, 2, 3)


def test_a_success_flag_directly_on_the_turn_output() -> None:
    output = _output({"success": True}, {"success": False})
    assert failing_turn(_test(2), output) == Turn(2, 2, 2)


@pytest.mark.parametrize(
    "input_data,output_data",
    [
        (_test(3), ""),  # no output written: the test may write none
        (_test(3), json.dumps({"answer": "single-turn output"})),
        (_test(1), _output(_agent_turn(False))),  # one turn: no turn to name
        (_test(3), "not json {"),
        ("", "[1, 2"),
        (_test(3), json.dumps({"turns": []})),
    ],
)
def test_unknown(input_data: str, output_data: str) -> None:
    assert failing_turn(input_data, output_data) is None


def test_without_input_turns_the_total_is_not_said() -> None:
    turn = failing_turn("", _output(_agent_turn(True), _agent_turn(False)))
    assert turn == Turn(2, 2, 0) and str(turn) == "fails at turn 2"


# --- in the reports -------------------------------------------------------------------


def _entry(test: str, version: int, status: str, turns: int, output: str) -> dict[str, object]:
    """A log entry with every field of the aitTestLogEntries API page."""
    return {
        "@odata.etag": 'W/"JzE5OzE1OzAwOyc="',
        "id": f"00000000-0000-0000-0000-{version:012d}",
        "aitCode": "AGENT",
        "suiteDescription": "Agent suite",
        "lineNumber": 10000,
        "tag": "rc-1",
        "version": version,
        "tokensConsumed": 1200,
        "copilotCredits": 0.5,
        "agentTaskIDs": "17",
        "startTime": "2026-01-01T10:00:00Z",
        "endTime": "2026-01-01T10:00:10Z",
        "codeunitID": 50100,
        "codeunitName": "Agent Tests",
        "testLineDescription": "Orders",
        "procedureName": "RunScenario",
        "message": "" if status == "Success" else "Expected no intervention",
        "durationMs": 10000,
        "status": status,
        "dataset": "ORDERS.YAML",
        "datasetLineNumber": test,
        "sensitive": False,
        "inputData": _test(turns),
        "outputData": output,
        "errorCallStack": "" if status == "Success" else '"Agent Tests"(CodeUnit 50100).Run',
        "lastModifiedDateTime": "2026-01-01T10:00:10Z",
    }


@pytest.fixture
def export(tmp_path: Path) -> Path:
    passed = _output(_agent_turn(True), _agent_turn(True), _agent_turn(True))
    rows = [
        _entry("ORDER-001", 1, "Success", 3, passed),
        _entry("ORDER-001", 2, "Error", 3, _output(_agent_turn(True), _agent_turn(False, SECRET))),
        _entry("ORDER-001", 3, "Success", 3, passed),
        # Never passed: every run failed at turn 1 (its output says so).
        *(_entry("ORDER-002", v, "Error", 2, _output(_agent_turn(False))) for v in (1, 2, 3)),
        # A single-turn test: no turn is named.
        *(_entry("ORDER-003", v, "Error", 1, _output(_agent_turn(False))) for v in (1, 2, 3)),
    ]
    path = tmp_path / "export.json"
    path.write_text(json.dumps({"value": rows}), encoding="utf-8")
    return path


def _line(out: str, case: str) -> str:
    [line] = [line for line in out.splitlines() if case in line]
    return line


def test_text_names_the_failing_turn(export: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["report", str(export)])
    out = capsys.readouterr().out
    assert "fails at turn 2 of 3: Expected no intervention" in _line(out, "ORDER-001/RunScenario")
    assert "fails at turn 1 of 2: Expected no intervention" in _line(out, "ORDER-002/RunScenario")
    assert "fails at turn" not in _line(out, "ORDER-003/RunScenario")
    assert SECRET not in out  # the data itself is never shown without --show-data


def test_markdown_names_the_failing_turn(export: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["report", str(export), "--format", "markdown"])
    out = capsys.readouterr().out
    row = _line(out, "ORDER-001/RunScenario")
    assert "| **fails at turn 2 of 3**: Expected no intervention |" in row
    assert SECRET not in out


def test_html_names_the_failing_turn(
    export: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "report.html"
    main(["report", str(export), "-o", str(page)])
    html = page.read_text(encoding="utf-8")
    row = html[html.index("ORDER-001") : html.index("</tr>", html.index("ORDER-001"))]
    assert '<span class="badge turn">fails at turn 2 of 3</span>' in row
    assert 'title="v2: failed, fails at turn 2 of 3 — Expected no intervention"' in row
    assert SECRET not in html


def test_json_gives_each_failed_runs_turn(export: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["report", str(export), "--format", "json"])
    data = json.loads(capsys.readouterr().out)
    case = next(c for c in data["cases"] if c["test"] == "ORDER-001")
    turns = {run["run"]: run["turn"] for run in case["runs"]}
    assert turns == {1: None, 2: {"first": 2, "last": 2, "of": 3}, 3: None}


def test_annotations_name_the_failing_turn(
    export: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    main(["report", str(export), "--format", "github"])
    out = capsys.readouterr().out
    assert "flaky (2 of 3 runs passed): fails at turn 2 of 3: Expected no intervention" in out

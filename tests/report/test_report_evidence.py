"""--show-data: the evidence of each failed run, turn by turn, in every format.

The exports here are look-alikes built from the AL that writes them: ``outputData`` of a
multi-turn eval is ``{"turns": [...]}`` (``SetSuiteTestOutput``), each turn output's
``answer`` is Library - Agent's ``WriteTurnToOutput`` object (``success``, ``errorReason``,
``taskDetails`` from ``WriteTaskToOutput`` with its ``messages``), and ``inputData`` is the
test's stored JSON with a ``query`` per turn (a task, or a reply to a pause).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ait_datasets.cli import main
from ait_datasets.report.evidence import RAW_LIMIT, Message, evidence

REASON = "Expected no intervention, but the agent asked for assistance"
ASKED = "I could not find customer 40000. Which customer do you mean?"
FIRST_REPLY = "Created sales order 1001 for Adatum."


def _message(kind: str, content: str, status: str = "Sent") -> dict[str, object]:
    return {
        "id": "8f6c2d2e-0000-0000-0000-000000000001",
        "type": kind,
        "status": status,
        "content": content,
        "createdDateTime": "2026-01-01T10:00:05Z",
    }


def _details(status: str, *messages: dict[str, object]) -> dict[str, object]:
    """``WriteTaskToOutput``'s object (LibraryAgentImpl.Codeunit.al:119-139)."""
    return {
        "id": "17",
        "status": status,
        "lastLogEntryId": 12,
        "lastLogEntryTimestamp": "2026-01-01T10:00:06Z",
        "agentLanguageCulture": "en-US",
        "agentLocaleCulture": "en-US",
        "messages": list(messages),
    }


def _agent(success: bool, reason: str, details: object) -> dict[str, object]:
    """One turn output: ``WriteTurnToOutput``'s answer (LibraryAgentImpl.Codeunit.al:93-111)."""
    return {"answer": {"success": success, "errorReason": reason, "taskDetails": details}}


def _input(*queries: dict[str, object]) -> str:
    return json.dumps(
        {
            "name": "ORDER-001",
            "turns": [
                {"query": query, "expected_data": {"intervention_request": {"type": "Assistance"}}}
                for query in queries
            ],
        }
    )


TASK = {"title": "New order", "from": "buyer@adatum.com", "message": "Order 5 bikes"}
REPLY = {"intervention": {"instruction": "Use customer 10000"}}


def _passed_output() -> str:
    return json.dumps(
        {
            "turns": [
                _agent(True, "", _details("Paused", _message("Output", "Which customer?"))),
                _agent(True, "", _details("Completed", _message("Output", FIRST_REPLY))),
            ]
        }
    )


def _failed_output() -> str:
    return json.dumps(
        {
            "turns": [
                _agent(True, "", _details("Paused", _message("Output", "Which customer?"))),
                _agent(
                    False,
                    REASON,
                    _details(
                        "Paused", _message("Input", "Use customer 10000"), _message("Output", ASKED)
                    ),
                ),
            ]
        }
    )


def _entry(version: int, status: str, output: str, test: str = "ORDER-001") -> dict[str, object]:
    return {
        "aitCode": "AGENT",
        "lineNumber": 10000,
        "tag": "rc-1",
        "version": version,
        "codeunitID": 50100,
        "codeunitName": "Agent Tests",
        "procedureName": "RunScenario",
        "message": "" if status == "Success" else REASON,
        "durationMs": 10000,
        "status": status,
        "dataset": "ORDERS",
        "datasetLineNumber": test,
        "inputData": _input(TASK, REPLY),
        "outputData": output,
        "errorCallStack": "",
    }


@pytest.fixture
def export(tmp_path: Path) -> Path:
    rows = [
        _entry(1, "Success", _passed_output()),
        _entry(2, "Error", _failed_output()),
        _entry(3, "Success", _passed_output()),
    ]
    path = tmp_path / "export.json"
    path.write_text(json.dumps({"value": rows}), encoding="utf-8")
    return path


# --- reading the evidence -------------------------------------------------------------


def test_each_turn_has_its_query_verdict_reason_and_messages() -> None:
    found = evidence(_input(TASK, REPLY), _failed_output())
    first, second = found.turns
    assert (first.index, first.success, first.paused) == (1, True, True)
    assert first.query == "New order — Order 5 bikes (from buyer@adatum.com)"
    assert second.query == "Use customer 10000" and second.reply and not first.reply
    assert (second.success, second.error_reason) == (False, REASON)
    assert second.messages == (
        Message("Input", "Sent", "Use customer 10000", "2026-01-01T10:00:05Z"),
        Message("Output", "Sent", ASKED, "2026-01-01T10:00:05Z"),
    )
    assert [m.from_agent for m in second.messages] == [False, True]
    assert found.failing() is second
    assert (found.raw_input, found.raw_output, second.raw) == ("", "", "")


def test_an_answer_kept_as_text_and_task_details_kept_as_text_are_read() -> None:
    answer = {
        "success": False,
        "errorReason": REASON,
        "taskDetails": json.dumps(_details("Paused")),
    }
    found = evidence("", json.dumps({"turns": [{"answer": json.dumps(answer)}]}))
    [turn] = found.turns
    assert (turn.success, turn.error_reason, turn.status) == (False, REASON, "Paused")


def test_evaluation_results_scores_with_their_reasons() -> None:
    output = {
        "turns": [
            {
                "answer": {
                    "success": False,
                    "errorReason": REASON,
                    "taskDetails": _details("Paused"),
                },
                "evaluation_results": [
                    {"name": "groundedness", "score": 2, "reason": "invented a customer"},
                    {"metric": "intent", "value": 0.5, "explanation": "asked too early"},
                ],
            }
        ]
    }
    [turn] = evidence("", json.dumps(output)).turns
    assert [(s.name, s.score, s.reason) for s in turn.scores] == [
        ("groundedness", "2", "invented a customer"),
        ("intent", "0.5", "asked too early"),
    ]
    assert turn.raw == ""


def test_a_single_turn_output_is_one_turn() -> None:
    found = evidence('{"question": "What is 2+2?"}', '{"answer": "5"}')
    [turn] = found.turns
    assert (turn.query, turn.answer, turn.success) == ("What is 2+2?", "5", None)


# --- malformed and unknown shapes: shown raw, never dropped, never a crash -----------


@pytest.mark.parametrize(
    "output",
    [
        "not json {",
        "[1, 2",
        '"just text"',
        "42",
        json.dumps({"result": "something else"}),
        json.dumps([{"answer": "a list, not an object"}]),
        "[" * 100_000,
    ],
)
def test_an_output_of_unknown_shape_is_shown_raw_and_bounded(output: str) -> None:
    found = evidence(_input(TASK), output)
    assert found.raw_output.startswith(output[:50])
    assert len(found.raw_output) <= RAW_LIMIT + 40
    assert [turn.query for turn in found.turns] == [
        TASK["title"] + " — Order 5 bikes (from buyer@adatum.com)"
    ]


@pytest.mark.parametrize(
    "turn_output",
    [
        7,
        "text",
        {"answer": {"success": "no", "errorReason": REASON}},  # success not a boolean
        {"answer": {"success": False, "taskDetails": [1, 2]}},  # details not an object
        {"answer": {"success": False, "taskDetails": {"messages": "none"}}},  # not a list
        {"answer": {"success": False, "taskDetails": {"messages": [3, {"type": "Output"}]}}},
        {"answer": {"success": False}, "evaluation_results": [{"name": "no score"}]},
        {"other": {"deeply": [[[{"x": 1}]]]}},
    ],
)
def test_a_turn_of_unknown_shape_keeps_its_text(turn_output: object) -> None:
    [turn] = evidence("", json.dumps({"turns": [turn_output]})).turns
    assert turn.written
    assert turn.raw or turn.answer  # its text is there, in one or the other
    shown = turn.raw or turn.answer
    assert json.dumps(turn_output, separators=(",", ":"))[:20] in shown or str(turn_output) in shown


def test_a_huge_message_is_bounded() -> None:
    output = {
        "turns": [_agent(False, "x" * 50_000, _details("Paused", _message("Output", "y" * 50_000)))]
    }
    [turn] = evidence("", json.dumps(output)).turns
    assert len(turn.error_reason) < 5000 and len(turn.messages[0].content) < 5000


def test_more_inputs_than_outputs_the_turns_not_reached_are_listed_unwritten() -> None:
    output = json.dumps({"turns": [_agent(True, "", _details("Paused"))]})
    found = evidence(_input(TASK, REPLY, REPLY), output)
    assert [t.written for t in found.turns] == [True, False, False]


# --- in every format -----------------------------------------------------------------


def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["report", *args]) == 0
    return capsys.readouterr().out


def test_text_shows_the_failing_turns_reason_and_messages_under_the_case(
    export: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _run([str(export), "--show-data"], capsys)
    lines = out.splitlines()
    at = next(i for i, line in enumerate(lines) if "ORDERS/ORDER-001/RunScenario" in line)
    below = "\n".join(lines[at + 1 : at + 12])
    assert "v2 turn 2 of 2: failed" in below
    assert f"error reason: {REASON}" in below
    assert f"agent (Output, Sent): {ASKED}" in below
    assert "reply: reply: Use customer 10000" not in below
    assert "reply: Use customer 10000" in below
    assert "paused: the agent asked for a person" in below
    assert FIRST_REPLY not in out  # a passing run's messages are not shown in text


def test_markdown_lists_the_evidence_under_the_cases_table(
    export: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _run([str(export), "--show-data", "--format", "markdown"], capsys)
    assert "- `AGENT/ORDERS/ORDER-001/RunScenario`" in out
    assert "  - v2 turn 2 of 2: `failed`" in out
    assert f"    - error reason: `{REASON}`" in out
    assert f"    - agent (Output, Sent): `{ASKED}`" in out


def test_html_has_a_transcript_and_a_side_by_side_of_a_flaky_case(
    export: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "r.html"
    main(["report", str(export), "--show-data", "-o", str(page)])
    html = page.read_text(encoding="utf-8")
    assert "transcript of v2: failed at turn 2" in html
    assert REASON in html and ASKED in html
    assert '<span class="who">reply</span> Use customer 10000' in html
    assert "side by side: v1 passed, v2 failed" in html
    # Turn 1 is the same in both runs, turn 2 differs (verdict, reason, messages).
    assert '<tr class="same"><td class="cell-turn">turn 1</td>' in html
    assert '<tr class="differs"><td class="cell-turn">turn 2 ≠</td>' in html
    assert FIRST_REPLY in html  # the passing run's turn 2, beside the failing one


def test_json_gives_each_run_its_turns(export: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(_run([str(export), "--show-data", "--format", "json"], capsys))
    case = next(c for c in data["cases"] if c["test"] == "ORDER-001")
    failed = next(run for run in case["runs"] if run["run"] == 2)
    turns = failed["turns"]
    assert [t["index"] for t in turns] == [1, 2]
    assert {"index", "success", "error_reason", "messages", "scores"} <= set(turns[1])
    assert (turns[1]["success"], turns[1]["error_reason"]) == (False, REASON)
    assert {"type": "Output", "status": "Sent", "content": ASKED}.items() <= turns[1]["messages"][
        1
    ].items()


@pytest.mark.parametrize("fmt", ["text", "markdown", "html", "json"])
def test_nothing_of_the_data_without_show_data(
    export: Path, fmt: str, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _run([str(export), "--format", fmt], capsys)
    assert ASKED not in out and "Use customer 10000" not in out and 'turns": [{' not in out


def test_dataset_text_never_starts_a_line_or_a_command_in_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hostile = "ok\n::error file=x::forged\n##vso[task.complete result=Succeeded]\r\x1b[2J"
    output = json.dumps(
        {"turns": [_agent(False, hostile, _details("Paused", _message("Output", hostile)))]}
    )
    rows = [_entry(1, "Error", output), _entry(2, "Success", _passed_output())]
    path = tmp_path / "e.json"
    path.write_text(json.dumps({"value": rows}), encoding="utf-8")
    for fmt in ("text", "markdown"):
        out = _run([str(path), "--show-data", "--format", fmt], capsys)
        assert "forged" in out  # shown, escaped
        assert not any(re.match(r"\s*::", line) for line in out.splitlines())
        assert "##vso[" not in out and "\x1b" not in out and "\r" not in out


def test_json_keeps_the_exact_text_with_no_ci_command_marker(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hostile = "##vso[task.complete result=Succeeded]\u2028next"
    output = json.dumps({"turns": [_agent(False, hostile, _details("Paused"))]})
    path = tmp_path / "e.json"
    path.write_text(json.dumps({"value": [_entry(1, "Error", output)]}), encoding="utf-8")
    out = _run([str(path), "--show-data", "--format", "json"], capsys)
    assert "##vso[" not in out and "\u2028" not in out
    [case] = json.loads(out)["cases"]
    assert case["runs"][0]["turns"][0]["error_reason"] == hostile


def test_an_export_of_unknown_shapes_renders_in_every_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    outputs = ["not json {", json.dumps({"turns": [7, {"answer": {"success": "?"}}]}), "[]"]
    rows = [_entry(v, "Error", out) for v, out in enumerate(outputs, 1)]
    path = tmp_path / "e.json"
    path.write_text(json.dumps({"value": rows}), encoding="utf-8")
    for fmt in ("text", "markdown", "html", "json"):
        out = _run([str(path), "--show-data", "--format", fmt], capsys)
        assert "not json {" in out or "not json {" in out.replace("\\", "")

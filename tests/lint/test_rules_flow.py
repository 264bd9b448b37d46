"""FLW rules: how the turns of one agent test follow each other."""

from __future__ import annotations

from lint_support import LintText, where

TASK = "      - query: {from: J, title: Hi}\n"
PAUSE = (
    "        expected_data:\n          intervention_request:\n"
    "            type: Assistance\n            suggestions: [APPROVE, REJECT]\n"
)
NO_PAUSE = "        expected_data: {}\n"


def reply(body: str) -> str:
    return f"      - query:\n          intervention: {body}\n" + NO_PAUSE


def dataset(turns: str) -> str:
    return "tests:\n  - name: T1\n    turns:\n" + turns


def test_flw001_intervention_in_first_turn(lint_text: LintText) -> None:
    found = lint_text(dataset(reply("{instruction: go}")))
    assert where(found, "FLW001") == [(5, 11, "FLW001")]


def test_flw002_reply_without_declared_pause(lint_text: LintText) -> None:
    found = lint_text(dataset(TASK + NO_PAUSE + reply("{instruction: go}")))
    assert where(found, "FLW002") == [(7, 11, "FLW002")]
    assert found[0].severity.value == "warning"


def test_flw002_passes_after_a_declared_pause(lint_text: LintText) -> None:
    assert lint_text(dataset(TASK + PAUSE + reply("{suggestion: APPROVE}"))) == []


def test_flw003_suggestion_not_offered(lint_text: LintText) -> None:
    found = lint_text(dataset(TASK + PAUSE + reply("{suggestion: APROVE}")))
    assert where(found, "FLW003") == [(10, 38, "FLW003")]
    assert "Did you mean 'APPROVE'?" in found[0].message


def test_flw003_any_suggestion_when_none_declared(lint_text: LintText) -> None:
    pause = "        expected_data:\n          intervention_request: {type: Assistance}\n"
    assert lint_text(dataset(TASK + pause + reply("{suggestion: ANYTHING}"))) == []


def test_flw004_task_input_while_paused(lint_text: LintText) -> None:
    found = lint_text(dataset(TASK + PAUSE + TASK + NO_PAUSE))
    assert where(found, "FLW004") == [(9, 26, "FLW004")]


def test_flw004_task_after_task_passes(lint_text: LintText) -> None:
    assert lint_text(dataset(TASK + NO_PAUSE + TASK + NO_PAUSE)) == []

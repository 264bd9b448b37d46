"""Copilot (non-agent) datasets: rows named by what they ask, and a form that fits them."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.containers import Vertical
from textual.widgets import ContentSwitcher, Input, TextArea
from tui_support import make_editor, select, settle

from ait_datasets.tui.widgets.copilot_form import CopilotForm

pytestmark = pytest.mark.asyncio

JSONL = (
    '{"question": "What is the credit limit of customer 10000?", "ground_truth": "5000"}\n'
    '{"context": "Customer 20000 is blocked.", "question": ""}\n'
    '{"name": "NAMED", "question": "Which items are blocked?", "expected_data": {"n": 2}}\n'
)
COPILOT_YAML = """\
tests:
  - name: Q1
    question: What is the credit limit of customer 10000?
    context: Customer 10000 has a credit limit of 5000.
    expected_data:
      answer: 5000
  - name: AGENT
    query:
      from: a@b.c
      title: T
    expected_data: {}
"""


def labels(app: object) -> list[str]:
    from ait_datasets.tui.app import DatasetEditor

    assert isinstance(app, DatasetEditor)
    return [app.model.name(i) for i in range(len(app.model))]


async def test_jsonl_rows_are_named_by_their_name_question_or_first_field(
    tmp_path: Path,
) -> None:
    path = tmp_path / "questions.jsonl"
    path.write_text(JSONL, encoding="utf-8")
    app = make_editor(path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert labels(app) == [
            "What is the credit limit of customer 10000?",
            "context: Customer 20000 is blocked.",
            "NAMED",
        ]
        tree_text = [str(node.label) for node in app.dataset_tree.root.children]
        assert not any("(unnamed)" in t for t in tree_text)


async def test_a_copilot_row_opens_in_the_copilot_form_and_edits_its_keys(
    tmp_path: Path,
) -> None:
    path = tmp_path / "questions.jsonl"
    path.write_text(JSONL, encoding="utf-8")
    app = make_editor(path)
    async with app.run_test(size=(100, 40)) as pilot:
        await select(pilot, 0)
        assert app.query_one(ContentSwitcher).current == "copilot-form"
        form = app.query_one(CopilotForm)
        question = form.query_one("#copilot-question", TextArea)
        assert question.text == "What is the credit limit of customer 10000?"
        assert form.query_one("#copilot-ground_truth", TextArea).text == "5000"
        assert form.query_one("#copilot-name", Input).value == ""
        context = form.query_one("#copilot-context", TextArea)
        context.focus()
        await pilot.press(*"Limit 5000.")
        await settle(pilot)
        await select(pilot, 2)
        assert form.query_one("#copilot-expected_data", TextArea).text == '{"n": 2}'
    first = app.model.text().splitlines()[0]
    assert first == (
        '{"question": "What is the credit limit of customer 10000?", "ground_truth": "5000", '
        '"context": "Limit 5000."}'
    )


async def test_a_copilot_yaml_test_gets_the_copilot_form_an_agent_test_the_test_form(
    tmp_path: Path,
) -> None:
    path = tmp_path / "copilot.yaml"
    path.write_text(COPILOT_YAML, encoding="utf-8")
    app = make_editor(path)
    async with app.run_test(size=(100, 40)) as pilot:
        await select(pilot, 0)
        assert app.query_one(ContentSwitcher).current == "copilot-form"
        form = app.query_one(CopilotForm)
        context = form.query_one("#copilot-context", TextArea)
        assert context.text == "Customer 10000 has a credit limit of 5000."
        context.load_text("")  # emptied: the key goes
        context.post_message(TextArea.Changed(context))
        await settle(pilot)
        assert "context:" not in app.model.text()
        await select(pilot, 1)
        assert app.query_one(ContentSwitcher).current == "test-form"
        assert isinstance(app.query_one("#test-form"), Vertical)

"""A Copilot test's text ``question:`` (its turn's form is the Copilot form), and the agent
turn form's task fields for a legacy ``question:`` object: typed values are written in
place, like every other field (Pilot)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import ContentSwitcher, Input, Label, TextArea
from tui_support import make_editor, select, settle

COPILOT = """\
name: NOSERIES
tests:
  - name: Q1
    question: "Create a number series for sales orders"  # the ask
    expected_data:
      code: SO
  - name: Q2
    turns:
      - question:
          from: jane@contoso.com
          message: Please set up the series
        expected_data: {}
"""


@pytest.fixture
def copilot_file(tmp_path: Path) -> Path:
    path = tmp_path / "copilot.yaml"
    path.write_text(COPILOT, encoding="utf-8")
    return path


@pytest.mark.asyncio
async def test_a_text_question_is_shown_and_typed_in_place(copilot_file: Path) -> None:
    app = make_editor(copilot_file)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        await select(pilot, 0, 0)
        # The turn of a flat Copilot test: the Copilot form, without the test's name.
        assert app.query_one(ContentSwitcher).current == "copilot-form"
        title = str(app.query_one("#copilot-title", Label).render())
        assert title == "Turn 1 of a Copilot test (single-turn test)"
        assert not app.query_one("#copilot-name-row").display
        area = app.query_one("#copilot-question", TextArea)
        assert area.text == "Create a number series for sales orders"
        assert area.display
        # Tab from the tree lands in the question with the cursor at its end.
        app.dataset_tree.focus()
        await pilot.press("tab")
        await settle(pilot)
        assert app.focused is area
        await pilot.press(*" now")
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
    assert copilot_file.read_text(encoding="utf-8") == COPILOT.replace(
        'sales orders"', 'sales orders now"'
    )


@pytest.mark.asyncio
async def test_a_question_on_several_lines_becomes_a_block(copilot_file: Path) -> None:
    app = make_editor(copilot_file)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        await select(pilot, 0, 0)
        area = app.query_one("#copilot-question", TextArea)
        area.load_text("Create a number series\nfor sales orders")
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        test = app.model.test(0)
        assert test["question"] == "Create a number series\nfor sales orders"
    saved = copilot_file.read_text(encoding="utf-8")
    assert "    question: |-\n      Create a number series\n      for sales orders\n" in saved
    # The other test is untouched.
    assert saved.endswith(COPILOT[COPILOT.index("  - name: Q2") :])


@pytest.mark.asyncio
async def test_a_question_object_is_edited_with_the_task_fields(copilot_file: Path) -> None:
    app = make_editor(copilot_file)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        await select(pilot, 1, 0)
        assert not app.query_one("#turn-question-row").display
        assert app.query_one("#task-fields").display
        assert "legacy name of query:" in str(app.query_one("#question-note", Label).render())
        sender = app.query_one("#turn-from", Input)
        assert sender.value == "jane@contoso.com"
        sender.focus()
        await pilot.press("end", *".uk")
        title = app.query_one("#turn-task-title", Input)
        title.focus()
        await pilot.press(*"Sales series")
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        turn = app.model.test(1)["turns"][0]
        # Written under question:, never into a new query:.
        assert "query" not in turn
        assert dict(turn["question"]) == {
            "from": "jane@contoso.com.uk",
            "message": "Please set up the series",
            "title": "Sales series",
        }
    saved = copilot_file.read_text(encoding="utf-8")
    assert saved.startswith(COPILOT[: COPILOT.index("  - name: Q2")])
    assert "          from: jane@contoso.com.uk\n" in saved


@pytest.mark.asyncio
async def test_a_json_question_is_typed_in_place(tmp_path: Path) -> None:
    text = '[\n  {"name": "Q1", "question": "Create a series", "expected_data": 5}\n]\n'
    path = tmp_path / "copilot.json"
    path.write_text(text, encoding="utf-8")
    app = make_editor(path)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        await select(pilot, 0, 0)
        area = app.query_one("#copilot-question", TextArea)
        area.focus()
        await pilot.press("end", *" now")
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
    assert path.read_text(encoding="utf-8") == text.replace("a series", "a series now")

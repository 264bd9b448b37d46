"""New tests and turns ask for their required texts; deletions are confirmed (Pilot)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, Label
from tui_support import SAMPLE, answer, make_editor, select, settle

from ait_datasets.tui.prompts import NewItemScreen
from ait_datasets.tui.screens import Confirm

pytestmark = pytest.mark.asyncio

COPILOT = """\
tests:
  - name: Q1
    question: What is the credit limit of customer 10000?
    expected_data:
      answer: 5000
"""


def messages(app: object) -> list[str]:
    return [n.message for n in app._notifications]  # type: ignore[attr-defined]


async def test_escape_in_the_new_test_dialog_adds_nothing(sample_file: Path) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(100, 30)) as pilot:
        await select(pilot, 0)
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, NewItemScreen)
        # The offered name is filled in, focused and selected (see test_tui_dialogs).
        assert app.screen.query_one("#prompt-name", Input).value == "RETURN-THREE"
        assert app.focused is app.screen.query_one("#prompt-name", Input)
        await pilot.press("tab", "tab", *"half typed")
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, NewItemScreen)
        assert len(app.model) == 2 and not app.model.dirty
        assert app.model.text() == SAMPLE
        assert "No test added." in messages(app)


async def test_a_required_text_left_blank_is_asked_for_again(sample_file: Path) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(100, 30)) as pilot:
        await select(pilot, 1)
        await pilot.press("n")
        await settle(pilot)
        await pilot.press("tab", "tab", *"jane@contoso.com", "enter")  # no title yet
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, NewItemScreen)
        error = screen.query_one("#prompt-error", Label)
        assert error.display and str(error.render()) == "Title is required."
        assert app.focused is screen.query_one("#prompt-title", Input)
        assert len(app.model) == 2
        await pilot.press(*"Return a lamp", "enter")
        await settle(pilot)
        assert not isinstance(app.screen, NewItemScreen)
        assert app.dataset_tree.current == (2, None)
    assert app.model.text() == SAMPLE + (
        "- name: RETURN-THREE\n"
        "  turns:\n"
        "    - query:\n"
        "        from: jane@contoso.com\n"
        "        title: Return a lamp\n"
        "      expected_data: {}\n"
    )


async def test_a_name_already_taken_is_refused(sample_file: Path) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(100, 30)) as pilot:
        await select(pilot, 0)
        await pilot.press("n")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, NewItemScreen)
        screen.query_one("#prompt-name", Input).value = "return-two"
        screen.query_one("#prompt-from", Input).value = "a@b.c"
        screen.query_one("#prompt-title", Input).value = "T"
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen
        shown = str(screen.query_one("#prompt-error", Label).render())
        assert shown == "A test named return-two exists already; test names must differ."
        assert len(app.model) == 2


async def test_a_new_test_with_description_and_message(sample_file: Path) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(100, 30)) as pilot:
        await select(pilot, 1)
        await pilot.press("n")
        await answer(
            pilot,
            name="RETURN-THREE",
            description="Three items",
            from_="bob@contoso.com",
            title="Return three",
            message="Please take back all three.",
        )
        assert "Added test RETURN-THREE." in messages(app)
    assert app.model.text() == SAMPLE + (
        "- name: RETURN-THREE\n"
        "  description: Three items\n"
        "  turns:\n"
        "    - query:\n"
        "        from: bob@contoso.com\n"
        "        title: Return three\n"
        "        message: Please take back all three.\n"
        "      expected_data: {}\n"
    )


async def test_a_new_reply_turn_asks_for_the_reply_and_escape_adds_nothing(
    sample_file: Path,
) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(100, 30)) as pilot:
        await select(pilot, 0, 0)
        await pilot.press("t")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, NewItemScreen)
        assert screen.title_text == "New turn 2 of RETURN-ONE: intervention reply"
        assert [f.key for f in screen.fields] == ["instruction"]
        await pilot.press("escape")
        await settle(pilot)
        assert app.model.text() == SAMPLE and "No turn added." in messages(app)
        await pilot.press("t")
        await answer(pilot, instruction="Approve the memo.")
        assert app.dataset_tree.current == (0, 1)
        assert "Added turn 2 (intervention reply) to RETURN-ONE." in messages(app)
    assert app.model.text() == SAMPLE.replace(
        "    # 2nd turn: the user approves.\n",
        "    - query:\n"
        "        intervention:\n"
        "          instruction: Approve the memo.\n"
        "      expected_data: {}\n"
        "    # 2nd turn: the user approves.\n",
    )


async def test_the_first_turn_of_an_empty_test_is_a_task_input(tmp_path: Path) -> None:
    path = tmp_path / "empty-turns.yaml"
    path.write_text("tests:\n  - name: EMPTY\n    turns: []\n", encoding="utf-8")
    app = make_editor(path)
    async with app.run_test(size=(100, 30)) as pilot:
        await select(pilot, 0)
        await pilot.press("t")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, NewItemScreen)
        assert screen.title_text == "New turn 1 of EMPTY: task input"
        await answer(pilot, from_="Jane", title="Release order 101")
    assert app.model.text() == (
        "tests:\n"
        "  - name: EMPTY\n"
        "    turns:\n"
        "      - query:\n"
        "          from: Jane\n"
        "          title: Release order 101\n"
        "        expected_data: {}\n"
    )


async def test_a_copilot_file_asks_for_the_question(tmp_path: Path) -> None:
    path = tmp_path / "copilot.yaml"
    path.write_text(COPILOT, encoding="utf-8")
    app = make_editor(path)
    async with app.run_test(size=(100, 30)) as pilot:
        await select(pilot, 0)
        await pilot.press("n")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, NewItemScreen)
        assert [f.key for f in screen.fields] == ["name", "description", "question"]
        await answer(pilot, name="Q2", question="Which items are blocked?")
    assert app.model.text() == COPILOT + (
        "  - name: Q2\n    question: Which items are blocked?\n    expected_data: {}\n"
    )


async def test_escape_keeps_what_a_delete_would_remove(sample_file: Path) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(100, 30)) as pilot:
        await select(pilot, 0)
        await pilot.press("x")
        await settle(pilot)
        assert isinstance(app.screen, Confirm)
        assert app.screen.question == "Delete test RETURN-ONE (2 turns)?"
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, Confirm)
        assert app.model.text() == SAMPLE and not app.model.dirty
        assert "Nothing deleted." in messages(app)


async def test_enter_confirms_deleting_a_turn_and_the_status_says_which(
    sample_file: Path,
) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(100, 30)) as pilot:
        await select(pilot, 0, 1)
        await pilot.press("delete")
        await settle(pilot)
        assert isinstance(app.screen, Confirm)
        assert app.screen.question == "Delete turn 2 of test RETURN-ONE?"
        await pilot.press("enter")
        await settle(pilot)
        assert "Deleted turn 2 of RETURN-ONE. ctrl+z brings it back." in messages(app)
        assert app.dataset_tree.current == (0, 0)
        assert len(app.model.summary(0).turns) == 1
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert app.model.text() == SAMPLE

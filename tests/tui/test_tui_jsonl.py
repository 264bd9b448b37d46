"""JSONL datasets: one row per test in the tree; a changed row is written back as one JSON
line and every other line byte for byte (Pilot, and the model behind it)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, TextArea
from tui_support import answer, make_editor, select, settle

from ait_datasets.tui.model import DatasetModel

ROWS = (
    '{"question": "I need a desk", "Expected": [{"Description": \'ATHENS Desk\', "Quantity": 1}]}\n'
    '{"question": "Retrieve a chair", "given": ["Items"]}\n'
    '{"name": "Q3",  "question": "Copy both"}\n'
)
FIRST, SECOND, THIRD = ROWS.splitlines(keepends=True)


def test_rows_are_tests_and_render_back_exactly() -> None:
    model = DatasetModel("rows.jsonl", ROWS)
    assert len(model) == 3 and model.text() == ROWS
    # A row without a name is shown by its question (see test_tui_copilot).
    assert [model.name(i) for i in range(3)] == ["I need a desk", "Retrieve a chair", "Q3"]
    base, edits = model.edits_to_save(model.chunks)
    assert base == ROWS and edits == []


def test_a_value_typed_in_place_keeps_the_rows_bytes() -> None:
    model = DatasetModel("rows.jsonl", ROWS)
    model.set_value(2, ("question",), "Copy both lines")
    assert model.text() == FIRST + SECOND + THIRD.replace("Copy both", "Copy both lines")


def test_a_structural_change_writes_the_row_as_one_json_line() -> None:
    model = DatasetModel("rows.jsonl", ROWS)
    model.add_turn(1, None, kind="question", texts={"question": "And a lamp?"})
    assert (
        model.text()
        == FIRST
        + (
            # `given` is not a turn's key: it stays on the test (see `shape.ensure_turns`).
            '{"given": ["Items"], "turns": [{"question": "Retrieve a chair"}, '
            '{"question": "And a lamp?", "expected_data": {}}]}\n'
        )
        + THIRD
    )


@pytest.mark.asyncio
async def test_edit_add_and_delete_rows_then_save(tmp_path: Path) -> None:
    path = tmp_path / "rows.jsonl"
    path.write_text(ROWS, encoding="utf-8")
    app = make_editor(path)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        assert str(app.query_one("#file-title").render()) == "JSONL file"
        assert app.query_one("#file-name", Input).disabled
        # The first row's raw text: it has single quotes (YAML, not JSON); changed, the
        # row is written back as JSON.
        await select(pilot, 0)
        await pilot.press("f3")
        await settle(pilot)
        raw = app.query_one("#raw-text", TextArea)
        raw.load_text(raw.text.replace("I need a desk", "I need two desks"))
        await settle(pilot)
        await pilot.press("f3")
        await settle(pilot)
        # A new row asks for what the rows hold: a name and a question.
        await select(pilot, 1)
        app.dataset_tree.focus()
        await pilot.press("n")
        await answer(pilot, name="Q-NEW", question="Which lamp?")
        print([n.message for n in app._notifications], repr(app.model.text()))
        assert app.dataset_tree.current == (2, None)
        # Deleting the last row asks first.
        await select(pilot, 3)
        app.dataset_tree.focus()
        await pilot.press("delete")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert len(app.model) == 3
        await pilot.press("ctrl+s")
        await settle(pilot)
    assert path.read_text(encoding="utf-8") == (
        '{"question": "I need two desks", "Expected": [{"Description": "ATHENS Desk", '
        '"Quantity": 1}]}\n'
        + SECOND
        + '{"name": "Q-NEW", "question": "Which lamp?", "expected_data": {}}\n'
    )


def test_a_blank_line_stays_after_its_row_when_rows_are_added_moved_or_deleted() -> None:
    # A blank line ends the import (a finding), but the editor still never garbles a row.
    text = '{"name":"A"}\n\n{"name":"B"}\n{"name":"C"}\n'
    model = DatasetModel("rows.jsonl", text)
    model.add_test(0, name="N", kind="none")
    lines = model.text().splitlines(keepends=True)
    assert lines[:2] == ['{"name":"A"}\n', "\n"] and lines[3:] == [
        '{"name":"B"}\n',
        '{"name":"C"}\n',
    ]
    assert lines[2].startswith('{"name": "N"')
    model.undo()
    model.move_test(0, 1)
    assert model.text() == '{"name":"B"}\n{"name":"A"}\n\n{"name":"C"}\n'
    model.undo()
    model.delete_test(2)
    assert model.text() == '{"name":"A"}\n\n{"name":"B"}\n'

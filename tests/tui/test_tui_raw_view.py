"""F3: the raw YAML of the selected test or turn, round-tripped through the same save."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import TextArea
from tui_support import SAMPLE, make_editor, select, settle

from ait_datasets.tui.model import DatasetModel
from ait_datasets.tui.raw_text import RawTextError
from ait_datasets.tui.widgets.raw_form import RawForm

MISSPELT = SAMPLE.replace("        credit_memo_posted: true", "        expected_date: soon")


def test_the_raw_text_of_a_turn_is_its_own_lines_unindented() -> None:
    model = DatasetModel("d.yaml", SAMPLE)
    raw = model.raw(0, 1)
    assert raw == (
        "# 2nd turn: the user approves.\n"
        "- query:\n"
        "    intervention:\n"
        '      instruction: "Approved."\n'
        "  expected_data:\n"
        "    credit_memo_posted: true\n"
    )
    model.set_raw(0, 1, raw.replace('"Approved."', '"Approved, go."'))
    assert model.text() == SAMPLE.replace('"Approved."', '"Approved, go."')


def test_raw_text_that_is_not_one_turn_is_refused() -> None:
    model = DatasetModel("d.yaml", SAMPLE)
    with pytest.raises(RawTextError):
        model.set_raw(0, 1, "- query: [\n")
    with pytest.raises(RawTextError):
        model.set_raw(0, 1, "- query: {}\n- query: {}\n")
    with pytest.raises(RawTextError):
        model.set_raw(1, None, "name: not a list item\n")
    assert model.text() == SAMPLE


@pytest.mark.asyncio
async def test_f3_shows_keys_the_forms_do_not_model_and_saves_an_edit(
    sample_file: Path,
) -> None:
    sample_file.write_text(MISSPELT, encoding="utf-8")
    app = make_editor(sample_file)
    async with app.run_test(size=(120, 40)) as pilot:
        await select(pilot, 0, 1)
        await pilot.press("f3")
        await settle(pilot)
        area = app.query_one("#raw-text", TextArea)
        assert "expected_date: soon" in area.text
        area.text = area.text.replace("expected_date: soon", "credit_memo_posted: true")
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
    assert sample_file.read_text(encoding="utf-8") == SAMPLE


@pytest.mark.asyncio
async def test_invalid_raw_yaml_is_shown_and_blocks_saving(sample_file: Path) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(120, 40)) as pilot:
        await select(pilot, 1)
        await pilot.press("f3")
        await settle(pilot)
        area = app.query_one("#raw-text", TextArea)
        area.text = area.text + "  turns: [\n"
        await settle(pilot)
        assert app.query_one(RawForm).pending_error
        await pilot.press("ctrl+s")
        await settle(pilot)
    assert sample_file.read_text(encoding="utf-8") == SAMPLE


def test_a_turn_ending_in_an_empty_mapping_shows_that_line_too() -> None:
    model = DatasetModel("d.yaml", SAMPLE)
    assert model.raw(1, 0) == (
        "- query:\n    from: customer@contoso.com\n    title: Return two\n  expected_data: {}\n"
    )

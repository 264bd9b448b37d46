"""The keyboard flow: Esc back to the tree, Tab to the first field with the text kept,
the palette finds a test by name, the panel grows and names severities, a deletion says
how to undo it, the work date refuses what is not a date."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, Static, TextArea
from tui_support import SAMPLE, make_editor, select, settle

from ait_datasets.tui.widgets.controls import EditorTextArea
from ait_datasets.tui.widgets.diagnostics_panel import DiagnosticsPanel, finding_text

pytestmark = pytest.mark.asyncio


async def test_tab_from_the_tree_lands_on_the_name_and_esc_goes_back(sample_file: Path) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(100, 30)) as pilot:
        await select(pilot, 0)
        app.dataset_tree.focus()
        await pilot.press("tab")
        await settle(pilot)
        name = app.query_one("#test-name", Input)
        assert app.focused is name
        await pilot.press("end", "!")
        await settle(pilot)
        assert name.value == "RETURN-ONE!"
        await pilot.press("escape")
        await settle(pilot)
        assert app.focused is app.dataset_tree


async def test_the_palette_finds_a_test_by_name(tmp_path: Path) -> None:
    body = "".join(f"- name: T{i:04d}\n  turns: []\n" for i in range(1200))
    path = tmp_path / "big.yaml"
    path.write_text("tests:\n" + body, encoding="utf-8")
    app = make_editor(path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"T1107")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert app.dataset_tree.current == (1107, None)
        assert app.query_one("#test-name", Input).value == "T1107"


async def test_the_panel_names_severities_and_grows(sample_file: Path) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        panel = app.query_one(DiagnosticsPanel)
        texts = [finding_text(f).plain for f in panel.findings]
        assert texts[0].startswith("3:14 error REF001 ")
        assert texts[1].startswith("12:18 warning PH007 ")
        panel.focus()
        before = panel.region.height
        await pilot.press("plus")
        await settle(pilot)
        assert panel.region.height == before + 3
        await pilot.press("minus")
        await settle(pilot)
        assert panel.region.height == before


async def test_a_deletion_says_how_to_undo_it(sample_file: Path) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(100, 30)) as pilot:
        await select(pilot, 1)
        app.dataset_tree.focus()
        await pilot.press("delete")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        messages = [n.message for n in app._notifications]
        assert "Deleted RETURN-TWO. ctrl+z brings it back." in messages
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert len(app.model) == 2


async def test_the_work_date_rejects_what_is_not_a_date(sample_file: Path) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(100, 30)) as pilot:
        await select(pilot, 0, 0)
        field = app.query_one("#work-date", Input)
        field.value = "2026-03-17xx"
        await settle(pilot)
        shown = str(app.query_one("#preview-body", Static).render())
        assert "'2026-03-17xx' is not a date (YYYY-MM-DD)" in shown
        assert field.has_class("invalid-date")
        field.value = "2026-03-18"
        await settle(pilot)
        shown = str(app.query_one("#preview-body", Static).render())
        assert "2026-03-23" in shown
        assert not field.has_class("invalid-date")


async def test_ctrl_z_and_ctrl_y_in_a_text_area_are_the_editors_undo_and_redo(
    sample_file: Path,
) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(100, 40)) as pilot:
        await select(pilot, 1)
        app.query_one("#test-name", Input).focus()
        await pilot.press("end", "!")
        area = app.query_one("#test-description", TextArea)
        area.focus()
        area.move_cursor(area.document.end)
        await pilot.press(*" and one box", "enter", *"more")
        await settle(pilot)
        assert app.focused is area
        # The typing in the description is one step, the name's the one before it.
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert area.text == "Two items"
        assert app.focused is area and area.cursor_location == (0, len("Two items"))
        assert app.model.text() == SAMPLE.replace("RETURN-TWO", "RETURN-TWO!")
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert app.model.text() == SAMPLE and not app.model.can_undo
        assert app.query_one("#test-name", Input).value == "RETURN-TWO"
        await pilot.press("ctrl+y", "ctrl+y")
        await settle(pilot)
        assert area.text == "Two items and one box\nmore"
        assert "RETURN-TWO!" in app.model.text() and not app.model.can_redo
        messages = [n.message for n in app._notifications]
        assert messages.count("Undo: edit") == 2 and messages.count("Redo: edit") == 2
        # Every form's text area (and the raw view's) undoes so.
        areas = {a.id: isinstance(a, EditorTextArea) for a in app.query(TextArea)}
        assert {"turn-message", "copilot-context", "file-description", "raw-text"} <= set(areas)
        assert all(areas.values()), areas

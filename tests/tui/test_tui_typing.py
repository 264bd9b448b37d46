"""A space typed mid-text never toggles a checkbox or opens a select; the description is
a multi-line text area (Pilot)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Checkbox, Input, Select, TextArea
from textual.widgets._select import SelectOverlay
from tui_support import SAMPLE, make_editor, select, settle

pytestmark = pytest.mark.asyncio


async def test_a_space_after_tab_mid_text_does_not_tick_the_pause(sample_file: Path) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(100, 40)) as pilot:
        await select(pilot, 1, 0)
        pause = app.query_one("#turn-pause", Checkbox)
        assert not pause.value
        app.query_one("#turn-timeout", Input).focus()
        await pilot.press("5", "0", "0", "tab")  # still typing when the focus moves on
        await settle(pilot)
        assert app.focused is pause
        await pilot.press("space")
        await settle(pilot)
        assert not pause.value
        assert "timeout: 500" in app.model.chunks[1]
        assert not app.model.summary(1).turns[0].pause
        assert any("Space ignored" in n.message for n in app._notifications)
        # The next space is pressed on the checkbox itself: it toggles.
        await pilot.press("space")
        await settle(pilot)
        assert app.query_one("#turn-pause", Checkbox).value
        assert app.model.summary(1).turns[0].pause


async def test_a_space_after_shift_tab_mid_text_does_not_open_the_select(
    sample_file: Path,
) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(100, 40)) as pilot:
        await select(pilot, 1, 0)
        app.query_one("#turn-from", Input).focus()
        await pilot.press("end", "x", "shift+tab")
        await settle(pilot)
        kind = app.query_one("#turn-kind", Select)
        assert app.focused is kind
        await pilot.press("space")
        await settle(pilot)
        assert not kind.expanded
        assert not app.screen.query_one(SelectOverlay).display
        await pilot.press("space")  # on the select itself: it opens
        await settle(pilot)
        assert kind.expanded


async def test_a_space_on_a_control_reached_without_typing_toggles(sample_file: Path) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(100, 40)) as pilot:
        await select(pilot, 1, 0)
        app.query_one("#turn-pause", Checkbox).focus()
        await pilot.press("space")
        await settle(pilot)
        assert app.query_one("#turn-pause", Checkbox).value


async def test_spaces_typed_into_text_stay_text(sample_file: Path) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(100, 40)) as pilot:
        await select(pilot, 1, 0)
        app.query_one("#turn-task-title", Input).focus()
        await pilot.press("end", *" and one box")
        await settle(pilot)
        assert "Return two and one box" in app.model.text()
        assert not app.query_one("#turn-pause", Checkbox).value


async def test_the_description_is_multi_line(sample_file: Path) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(100, 40)) as pilot:
        await select(pilot, 1)
        area = app.query_one("#test-description", TextArea)
        area.focus()
        area.move_cursor(area.document.end)
        await pilot.press(*",", "enter", *"one box")
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
    assert sample_file.read_text(encoding="utf-8") == SAMPLE.replace(
        "  description: 'Two items'\n", "  description: |-\n    Two items,\n    one box\n"
    )

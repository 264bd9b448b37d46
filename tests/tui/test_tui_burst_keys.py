"""Keys that arrive in one burst (a letter, then ctrl+q or ctrl+s without a pause): the
quit and save paths see every keystroke that reached a field (Pilot)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual import events
from textual.pilot import Pilot
from textual.widgets import Input, TextArea
from tui_support import SAMPLE, make_editor, select, settle

from ait_datasets.tui.screens import ConfirmQuit

pytestmark = pytest.mark.asyncio


async def burst(pilot: Pilot[None], *keys: str) -> None:
    """Send ``keys`` as a terminal delivers keys read in one go: all queued before the app
    handles the first (``pilot.press`` lets the app go idle after each key)."""
    driver = pilot.app._driver
    assert driver is not None
    for key in keys:
        event = events.Key(key, key if len(key) == 1 else None)
        event.set_sender(pilot.app)
        driver.send_message(event)
    await pilot.pause()


async def test_a_letter_then_ctrl_q_in_one_burst_asks_before_quitting(sample_file: Path) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(100, 40)) as pilot:
        await select(pilot, 0)
        field = app.query_one("#test-name", Input)
        field.focus()
        await settle(pilot)
        await burst(pilot, "end", "x", "ctrl+q")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmQuit)
        assert app.is_running
        await pilot.press("s")
        await settle(pilot)
    assert sample_file.read_text(encoding="utf-8") == SAMPLE.replace(
        "- name: RETURN-ONE", "- name: RETURN-ONEx"
    )


async def test_a_letter_then_ctrl_q_in_a_text_area_asks_before_quitting(
    sample_file: Path,
) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(100, 40)) as pilot:
        await select(pilot, 1)
        area = app.query_one("#test-description", TextArea)
        area.focus()
        area.move_cursor(area.document.end)
        await settle(pilot)
        await burst(pilot, "x", "ctrl+q")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmQuit)
        await pilot.press("escape")
        await settle(pilot)
        assert app.is_running
        assert "Two itemsx" in app.model.text()


async def test_a_letter_then_ctrl_s_in_one_burst_saves_the_letter(sample_file: Path) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(100, 40)) as pilot:
        await select(pilot, 0)
        app.query_one("#test-name", Input).focus()
        await settle(pilot)
        await burst(pilot, "end", "x", "ctrl+s")
        await settle(pilot)
        assert not app.model.dirty
        assert "[modified]" not in app.sub_title
    assert sample_file.read_text(encoding="utf-8") == SAMPLE.replace(
        "- name: RETURN-ONE", "- name: RETURN-ONEx"
    )

"""Snapshots of the editor's main screens at 80x24 (update with --snapshot-update)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import TextArea
from tui_support import make_editor, select, settle

Snap = Callable[..., bool]


def before(
    test: int | None = None, turn: int | None = None, *keys: str
) -> Callable[[Pilot[Any]], Awaitable[None]]:
    async def run(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        if test is not None:
            await select(pilot, test, turn)
        if keys:
            await pilot.press(*keys)
        await settle(pilot)

    return run


def test_overview_screen(sample_file: Path, snap_compare: Snap) -> None:
    assert snap_compare(make_editor(sample_file), run_before=before())


def test_test_form(sample_file: Path, snap_compare: Snap) -> None:
    assert snap_compare(make_editor(sample_file), run_before=before(0))


def test_task_input_turn_with_placeholder_preview(sample_file: Path, snap_compare: Snap) -> None:
    assert snap_compare(make_editor(sample_file), run_before=before(0, 0))


def test_intervention_reply_turn(sample_file: Path, snap_compare: Snap) -> None:
    assert snap_compare(make_editor(sample_file), run_before=before(0, 1))


def test_help_screen(sample_file: Path, snap_compare: Snap) -> None:
    assert snap_compare(make_editor(sample_file), run_before=before(None, None, "f1"))


def test_unsaved_changes_question(sample_file: Path, snap_compare: Snap) -> None:
    async def run(pilot: Pilot[Any]) -> None:
        await select(pilot, 0)
        await pilot.press("n")
        await settle(pilot)
        await pilot.press("ctrl+q")
        await settle(pilot)

    assert snap_compare(make_editor(sample_file), run_before=run)


def test_invalid_yaml_shown_inline(sample_file: Path, snap_compare: Snap) -> None:
    async def run(pilot: Pilot[Any]) -> None:
        await select(pilot, 0, 1)
        area = pilot.app.query_one("#turn-expected", TextArea)
        area.load_text("posted: [true\n")
        area.focus()  # the author is typing there; focus scrolls it into view
        await settle(pilot)
        await pilot.pause(0.1)

    assert snap_compare(make_editor(sample_file), run_before=run)

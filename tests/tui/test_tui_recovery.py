"""The recovery view: a dataset that does not parse, as text with its findings (Pilot)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static, TextArea
from tui_support import settle

from ait_datasets.tui.recovery import RELOAD, RecoveryApp
from ait_datasets.tui.recovery_checks import dataset_check

pytestmark = pytest.mark.asyncio

BROKEN = 'tests:\n- name: BROKEN\n  description: "unclosed\n  turns: []\n'
FIXED = 'tests:\n- name: BROKEN\n  description: "unclosed"\n  turns: []\n'


def open_view(path: Path) -> RecoveryApp:
    raw = path.read_bytes()
    return RecoveryApp(str(path), raw.decode(), dataset_check(str(path)), bom=False, disk=raw)


def shown(app: RecoveryApp) -> str:
    return str(app.query_one("#recovery-problems", Static).render())


async def test_the_syntax_finding_is_shown_and_a_fixed_file_is_saved_then_reloaded(
    tmp_path: Path,
) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text(BROKEN, encoding="utf-8")
    app = open_view(path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert shown(app).startswith("5:1: SYN001 YAML syntax error: found unexpected end")
        await pilot.press("ctrl+r")  # not yet: it does not parse
        await settle(pilot)
        assert app.is_running and app.return_value is None
        area = app.query_one(TextArea)
        area.move_cursor((2, len('  description: "unclosed')))
        await pilot.press('"')
        await settle(pilot)
        assert area.text == FIXED
        assert app.problems == []
        assert "It parses now" in shown(app)
        assert path.read_text(encoding="utf-8") == BROKEN  # nothing written unasked
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert path.read_text(encoding="utf-8") == FIXED
        await pilot.press("ctrl+r")
        await settle(pilot)
    assert app.return_value == RELOAD


async def test_reload_saves_a_fixed_text_first_and_another_programs_change_is_kept(
    tmp_path: Path,
) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text(BROKEN, encoding="utf-8")
    app = open_view(path)
    async with app.run_test(size=(100, 30)) as pilot:
        app.query_one(TextArea).load_text(FIXED)
        await settle(pilot)
        path.write_text(BROKEN + "# theirs\n", encoding="utf-8")
        await pilot.press("ctrl+r")  # saving is refused: the file changed on disk
        await settle(pilot)
        assert app.is_running
        assert path.read_text(encoding="utf-8") == BROKEN + "# theirs\n"
        messages = [n.message for n in app._notifications]
        assert any("was changed by another program" in m for m in messages)


async def test_a_file_that_parses_but_the_forms_cannot_edit_says_why(tmp_path: Path) -> None:
    path = tmp_path / "flow.yaml"
    path.write_text("tests: [\n", encoding="utf-8")
    app = open_view(path)
    async with app.run_test(size=(100, 30)) as pilot:
        app.query_one(TextArea).load_text("tests: [{name: A}]\n")
        await settle(pilot)
        assert app.problems == [
            "the editor cannot edit this file: tests: must be a block list "
            "(one '- ' item per test) for the editor to rewrite it"
        ]

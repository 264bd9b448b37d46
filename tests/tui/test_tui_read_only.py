"""The editor's save of a read-only file: the message in the editor, nothing written."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input
from tui_support import SAMPLE, make_editor, select, settle

pytestmark = pytest.mark.asyncio


async def test_saving_a_read_only_file_says_so_and_keeps_the_edit(sample_file: Path) -> None:
    sample_file.chmod(0o444)
    app = make_editor(sample_file)
    async with app.run_test(size=(100, 30)) as pilot:
        await select(pilot, 0)
        app.query_one("#test-name", Input).value = "MINE"
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        messages = [n.message for n in app._notifications]
        assert f"not saved: cannot write {sample_file}: it is read-only" in messages
        assert app.model.dirty  # the edit is kept, still to be saved
    assert sample_file.read_text(encoding="utf-8") == SAMPLE

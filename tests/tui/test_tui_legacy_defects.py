"""Two editor defects found on legacy files: an alias to an anchor in another test (the
migrated shipped legacy example's test 3), and comments when a flat test gets turns."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from textual.widgets import Input
from tui_support import answer, make_editor, select, settle

from ait_datasets.cli import main
from ait_datasets.tui.widgets import test_form as test_form_module

pytestmark = pytest.mark.asyncio

REPO = Path(__file__).resolve().parents[2]

FLAT = """\
tests:
- name: FLAT # the name
  question: How much? # asked by the user
  expected_data: # what we expect
    amount: 5 # five
  test_setup:
    item: X # setup comment
# The next test.
- name: NEXT
  question: q
"""


async def test_a_test_aliasing_another_tests_anchor_is_shown_not_crashed_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.copytree(REPO / "examples" / "legacy", tmp_path / "legacy")
    path = tmp_path / "legacy" / ".resources" / "datasets" / "SOA-LEGACY.yaml"
    assert main(["migrate", str(path)]) in (0, 1)
    capsys.readouterr()
    migrated = path.read_text(encoding="utf-8")
    assert "*existing_quote" in migrated
    app = make_editor(path)
    async with app.run_test(size=(120, 40)) as pilot:
        await select(pilot, 2)
        assert app.dataset_tree.current == (2, None)
        form = app.query_one(test_form_module.TestForm)
        assert form.disabled
        assert app.query_one("#test-name", Input).value == app.model.name(2)
        # The turn, with the aliased setup, shows too.
        await select(pilot, 2, 0)
        assert app.dataset_tree.current == (2, 0)
        # Changing it is refused with a message, never half-done.
        await select(pilot, 2)
        form.post_value(("name",), "CHANGED")
        await settle(pilot)
        assert not app.model.dirty and app.model.text() == migrated
        await pilot.press("t")
        await settle(pilot)
        assert not app.model.dirty
        # The other tests stay editable.
        await select(pilot, 0)
        assert not form.disabled
    assert path.read_text(encoding="utf-8") == migrated


async def test_a_turn_added_to_a_flat_test_keeps_its_inline_comments(tmp_path: Path) -> None:
    path = tmp_path / "flat.yaml"
    path.write_text(FLAT, encoding="utf-8")
    app = make_editor(path)
    async with app.run_test(size=(120, 40)) as pilot:
        await select(pilot, 0)
        await pilot.press("t")
        await answer(pilot, question="And in euros?")
        await pilot.press("ctrl+s")
        await settle(pilot)
    text = path.read_text(encoding="utf-8")
    for comment in (
        "# the name",
        "# asked by the user",
        "# what we expect",
        "# five",
        "# setup comment",
        "# The next test.",
    ):
        assert text.count(comment) == 1, comment
    assert "    - question: How much? # asked by the user\n" in text

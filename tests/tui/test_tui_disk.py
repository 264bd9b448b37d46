"""Never lose an edit: the disk is compared before a save, changes on disk are noticed,
new files appear only on the first save, links are written through."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import pytest
from textual.widgets import Input
from tui_support import SAMPLE, WORK_DATE, make_editor, select, settle

from ait_datasets.tui.app import DatasetEditor
from ait_datasets.tui.model import DatasetModel
from ait_datasets.tui.screens import ConfirmQuit, DiskChangedScreen
from ait_datasets.tui.template import template_for

pytestmark = pytest.mark.asyncio

MINE = SAMPLE.replace("- name: RETURN-ONE", "- name: MINE")
THEIRS = SAMPLE.replace("- name: RETURN-TWO", "- name: THEIRS")


async def _rename_first_test(pilot: object, app: DatasetEditor) -> None:
    await select(pilot, 0)
    app.query_one("#test-name", Input).value = "MINE"
    await settle(pilot)


async def _save_after_external_change(app: DatasetEditor, pilot: object, path: Path) -> None:
    await _rename_first_test(pilot, app)
    path.write_text(THEIRS, encoding="utf-8")
    await pilot.press("ctrl+s")  # type: ignore[attr-defined]
    await settle(pilot)
    assert isinstance(app.screen, DiskChangedScreen)
    # Nothing was written yet.
    assert path.read_text(encoding="utf-8") == THEIRS


async def test_saving_over_an_external_change_asks_and_overwrite_writes_mine(
    sample_file: Path,
) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(100, 30)) as pilot:
        await _save_after_external_change(app, pilot, sample_file)
        await pilot.press("o")
        await settle(pilot)
        assert not app.model.dirty
    assert sample_file.read_text(encoding="utf-8") == MINE


async def test_reload_takes_the_disk_version_and_drops_mine(sample_file: Path) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(100, 30)) as pilot:
        await _save_after_external_change(app, pilot, sample_file)
        await pilot.press("r")
        await settle(pilot)
        assert app.model.text() == THEIRS
        assert not app.model.dirty
        assert app.model.name(1) == "THEIRS"
    assert sample_file.read_text(encoding="utf-8") == THEIRS


async def test_save_elsewhere_keeps_both_versions(sample_file: Path) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(100, 30)) as pilot:
        await _save_after_external_change(app, pilot, sample_file)
        await pilot.press("a")
        await settle(pilot)
        field = app.screen.query_one("#save-as-path", Input)
        assert field.value.endswith("returns.mine.yaml")
        await pilot.press("enter")
        await settle(pilot)
        assert app.model.path.endswith("returns.mine.yaml")
        assert not app.model.dirty
    assert sample_file.read_text(encoding="utf-8") == THEIRS
    assert (sample_file.parent / "returns.mine.yaml").read_text(encoding="utf-8") == MINE


async def test_cancel_writes_nothing_and_keeps_the_edit(sample_file: Path) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(100, 30)) as pilot:
        await _save_after_external_change(app, pilot, sample_file)
        await pilot.press("escape")
        await settle(pilot)
        assert app.model.dirty and app.model.text() == MINE
    assert sample_file.read_text(encoding="utf-8") == THEIRS


async def test_an_external_change_is_noticed_while_open(sample_file: Path) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        sample_file.write_text(THEIRS, encoding="utf-8")
        app._check_disk()
        await settle(pilot)
        assert "[changed on disk]" in app.sub_title
        # ctrl+r reloads at once: nothing of mine to lose.
        await pilot.press("ctrl+r")
        await settle(pilot)
        assert app.model.text() == THEIRS


async def test_ctrl_r_with_unsaved_changes_asks_first(sample_file: Path) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(100, 30)) as pilot:
        await _rename_first_test(pilot, app)
        await pilot.press("ctrl+r")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmQuit)
        await pilot.press("escape")
        await settle(pilot)
        assert app.model.text() == MINE


async def test_a_neighbour_change_lints_again(tmp_path: Path) -> None:
    folder = tmp_path / ".resources" / "datasets"
    folder.mkdir(parents=True)
    path = folder / "returns.yaml"
    path.write_text(SAMPLE, encoding="utf-8")
    app = make_editor(path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert [f.diagnostic.code for f in app.findings if f.diagnostic.code == "REF001"]
        setup = folder / "setup.yaml"
        setup.write_text("name: SR-ACCUR-SETUP\nsuite_setup:\n  setup_actions: []\n")
        app._check_disk()
        await settle(pilot)
        assert [f.diagnostic.code for f in app.findings if f.diagnostic.code == "REF001"] == []


async def test_a_new_file_is_written_only_on_save(tmp_path: Path) -> None:
    path = tmp_path / "orders.yaml"
    model = DatasetModel(str(path), template_for(str(path)), new_file=True)
    app = DatasetEditor(model, work_date=WORK_DATE, lint_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert "[new, not saved yet]" in app.sub_title
        assert not path.exists()
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert not app.model.dirty
    assert path.read_text(encoding="utf-8") == template_for(str(path))


async def test_a_new_file_that_appeared_meanwhile_is_not_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "orders.yaml"
    model = DatasetModel(str(path), template_for(str(path)), new_file=True)
    app = DatasetEditor(model, work_date=WORK_DATE, lint_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        path.write_text("name: SOMEONE-ELSE\n", encoding="utf-8")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, DiskChangedScreen)
    assert path.read_text(encoding="utf-8") == "name: SOMEONE-ELSE\n"


@pytest.mark.skipif(
    sys.platform == "win32",
    reason="symbolic links need administrator rights on Windows; file modes are POSIX-only",
)
async def test_saving_writes_through_a_symbolic_link_and_keeps_permissions(
    tmp_path: Path,
) -> None:
    target = tmp_path / "real.yaml"
    target.write_text(SAMPLE, encoding="utf-8")
    os.chmod(target, 0o640)
    link = tmp_path / "returns.yaml"
    link.symlink_to(target)
    app = make_editor(link)
    async with app.run_test(size=(100, 30)) as pilot:
        await _rename_first_test(pilot, app)
        await pilot.press("ctrl+s")
        await settle(pilot)
    assert link.is_symlink()
    assert target.read_text(encoding="utf-8") == MINE
    assert stat.S_IMODE(target.stat().st_mode) == 0o640

"""A finding's fix applied from the diagnostics panel: the same edits `lint --fix` makes,
safe fixes with one key, unsafe ones after a confirmation, one undo step each."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from tui_support import SAMPLE, make_editor, settle

from ait_datasets.cli import main
from ait_datasets.tui.screens import Confirm
from ait_datasets.tui.widgets.diagnostics_panel import DiagnosticsPanel

pytestmark = pytest.mark.asyncio

UNBRACKETED = SAMPLE.replace("$DateFormula-<CD+5D>$.", '$DateFormula-CD+5D$."').replace(
    "message: Please", 'message: "Please'
)


async def _highlight(app: object, pilot: object, code: str) -> None:
    from ait_datasets.tui.app import DatasetEditor

    assert isinstance(app, DatasetEditor)
    await settle(pilot)
    panel = app.query_one(DiagnosticsPanel)
    panel.focus()
    codes = [f.diagnostic.code for f in panel.findings]
    panel.highlighted = codes.index(code)


async def test_f_applies_a_safe_fix_exactly_as_lint_fix_does(
    sample_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    by_cli = tmp_path / "cli" / "returns.yaml"
    by_cli.parent.mkdir()
    shutil.copy(sample_file, by_cli)
    main(["lint", "--fix", "--select", "PH007", str(by_cli)])
    capsys.readouterr()
    app = make_editor(sample_file)
    async with app.run_test(size=(100, 30)) as pilot:
        await _highlight(app, pilot, "PH007")
        await pilot.press("f")
        await settle(pilot)
        assert app.model.text() == by_cli.read_text(encoding="utf-8")
        assert "PH007" not in [f.diagnostic.code for f in app.findings]
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert app.model.text() == SAMPLE


async def test_an_unsafe_fix_asks_first(sample_file: Path) -> None:
    sample_file.write_text(UNBRACKETED, encoding="utf-8")
    app = make_editor(sample_file)
    async with app.run_test(size=(100, 30)) as pilot:
        await _highlight(app, pilot, "PH009")
        await pilot.press("f")
        await settle(pilot)
        assert isinstance(app.screen, Confirm)
        await pilot.press("n")
        await settle(pilot)
        assert app.model.text() == UNBRACKETED
        await _highlight(app, pilot, "PH009")
        await pilot.press("f")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert "$DateFormula-<CD+5D>$" in app.model.text()
        assert app.model.dirty


async def test_a_finding_without_a_fix_says_so(sample_file: Path) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(100, 30)) as pilot:
        await _highlight(app, pilot, "REF001")
        await pilot.press("f")
        await settle(pilot)
        assert app.model.text() == SAMPLE


async def test_f_writes_the_language_tag_a_finding_names(
    sample_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A "did you mean" fix of issue 34 (STR007: `ENU` -> `en-US`) from the panel, as
    `lint --fix` writes it."""
    text = SAMPLE.replace("name: SR-SAMPLE\n", "name: SR-SAMPLE\nlanguage: ENU\n")
    sample_file.write_text(text, encoding="utf-8")
    by_cli = tmp_path / "cli" / sample_file.name
    by_cli.parent.mkdir()
    shutil.copy(sample_file, by_cli)
    main(["lint", "--fix", "--select", "STR007", str(by_cli)])
    capsys.readouterr()
    assert "language: en-US\n" in by_cli.read_text(encoding="utf-8")
    app = make_editor(sample_file)
    async with app.run_test(size=(100, 30)) as pilot:
        await _highlight(app, pilot, "STR007")
        await pilot.press("f")
        await settle(pilot)
        assert app.model.text() == by_cli.read_text(encoding="utf-8")
        assert "STR007" not in [f.diagnostic.code for f in app.findings]

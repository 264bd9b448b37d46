"""Large files: the line-based cut is confirmed by the full parse; work runs off-thread."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input
from tui_support import SAMPLE, make_editor, select, settle, until

from ait_datasets.tui import layout as layout_module
from ait_datasets.tui.layout import Layout
from ait_datasets.tui.lint_runner import LintRunner


@pytest.mark.asyncio
async def test_child_process_lint_and_save_check_are_used_for_large_texts(
    sample_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(layout_module, "FAST_SPLIT_MIN_CHARS", 0)
    app = make_editor(sample_file)
    app._lint_runner = LintRunner(process_min_chars=0)
    assert app.model.layout.fast
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        # Large files start linting after the first paint.
        await until(pilot, lambda: app.lint_runs >= 1, "the first lint")
        await settle(pilot)
        # The same findings as `datasets lint` (REF001: the app has no such suite setup).
        assert [f.diagnostic.code for f in app.findings] == ["REF001", "PH007"]
        assert app.model.trusted and app._layout_checked
        await select(pilot, 1)
        app.query_one("#test-name", Input).value = "RENAMED"
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
    assert sample_file.read_text() == SAMPLE.replace("- name: RETURN-TWO", "- name: RENAMED")


@pytest.mark.asyncio
async def test_saving_is_refused_when_the_quick_cut_disagrees_with_the_parse(
    sample_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(layout_module, "FAST_SPLIT_MIN_CHARS", 0)
    monkeypatch.setattr(Layout, "dash_lines", lambda self, chunks: [1, 2])
    app = make_editor(sample_file)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert not app.model.trusted
        await select(pilot, 1)
        app.query_one("#test-name", Input).value = "RENAMED"
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
    assert sample_file.read_text() == SAMPLE


def test_a_closed_runner_abandons_child_work_instead_of_waiting() -> None:
    from ait_datasets.lint.config import LintConfig
    from ait_datasets.tui.lint_runner import RunnerClosed

    runner = LintRunner(process_min_chars=0)
    runner.close()
    with pytest.raises(RunnerClosed):
        runner.run("d.yaml", SAMPLE, LintConfig())
    # Small texts never needed a child and still work.
    assert LintRunner().run("d.yaml", SAMPLE, LintConfig()).dash_lines == [5, 25]

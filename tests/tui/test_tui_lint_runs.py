"""Lint runs in the editor: a visible "linting…" state, stale runs cancelled, the first run
of a large file started before the editor is built."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

import pytest
from tui_support import SAMPLE, make_editor, settle

from ait_datasets.lint.config import LintConfig
from ait_datasets.tui.lint_runner import LintCancelled, LintRunner
from ait_datasets.tui.widgets.diagnostics_panel import DiagnosticsPanel

# A child that never answers (until it is killed).
HANGING_CHILD = (sys.executable, "-c", "import time; time.sleep(600)")


def test_a_newer_run_kills_the_stale_child_and_cancels_its_run(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    runner = LintRunner(process_min_chars=len(SAMPLE))
    monkeypatch.setattr(LintRunner, "CHILD", HANGING_CHILD)
    outcome: list[object] = []

    def stale() -> None:
        try:
            outcome.append(runner.run("d.yaml", SAMPLE + "\n", LintConfig()))
        except LintCancelled as exc:
            outcome.append(exc)

    thread = threading.Thread(target=stale)
    thread.start()
    # Wait (on state, not on time) until the child is running.
    while not runner._lint_children and thread.is_alive():
        threading.Event().wait(0.01)
    children = list(runner._lint_children)
    assert len(children) == 1
    # A newer, small text runs in this thread and stops the stale child.
    fresh = runner.run("d.yaml", SAMPLE.replace("RETURN-TWO", "RETURN-2"), LintConfig())
    thread.join()
    assert children[0].poll() is not None
    assert len(outcome) == 1 and isinstance(outcome[0], LintCancelled)
    assert [f.diagnostic.code for f in fresh.findings if f.diagnostic.code == "PH007"] == ["PH007"]


def test_a_prefetched_run_is_the_first_runs_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    runner = LintRunner()
    runner.prefetch("d.yaml", SAMPLE, LintConfig())
    calls: list[str] = []
    monkeypatch.setattr(runner, "_run", lambda *a: calls.append("again"))
    result = runner.run("d.yaml", SAMPLE, LintConfig())
    assert calls == []
    assert result.dash_lines == [5, 25]


@pytest.mark.asyncio
async def test_the_panel_says_linting_until_the_findings_arrive(sample_file: Path) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        panel = app.query_one(DiagnosticsPanel)
        assert "linting" not in str(panel.border_title)
        app._lint_now()
        assert str(panel.border_title).endswith("· linting…")
        await settle(pilot)
        assert "linting" not in str(panel.border_title)
        assert str(panel.border_title).startswith("Diagnostics (2,")


# Over a pipe's buffer (64 KiB on Linux), so sending it blocks until the child reads.
BIG = SAMPLE + "".join(f"# {'x' * 70} {i}\n" for i in range(20_000))


def test_a_stale_child_that_never_reads_a_large_text_is_still_stopped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    runner = LintRunner(process_min_chars=len(SAMPLE) + 1)
    monkeypatch.setattr(LintRunner, "CHILD", HANGING_CHILD)
    outcome: list[object] = []

    def stale() -> None:
        try:
            outcome.append(runner.run("d.yaml", BIG, LintConfig()))
        except LintCancelled as exc:
            outcome.append(exc)

    thread = threading.Thread(target=stale)
    thread.start()
    while not runner._lint_children and thread.is_alive():
        threading.Event().wait(0.01)
    children = list(runner._lint_children)
    runner.run("d.yaml", SAMPLE, LintConfig())  # small: in this thread, stops the child
    thread.join()
    assert children[0].poll() is not None
    assert len(outcome) == 1 and isinstance(outcome[0], LintCancelled)


def test_a_child_that_exits_without_reading_means_lint_here(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    runner = LintRunner(process_min_chars=0)
    monkeypatch.setattr(LintRunner, "CHILD", (sys.executable, "-c", "pass"))
    result = runner.run("d.yaml", BIG, LintConfig())
    # The same answer as linting in this process (the broken pipe is not an error).
    here = LintRunner().run("d.yaml", BIG, LintConfig())
    assert result.dash_lines == here.dash_lines == [5, 25]
    assert result.findings == here.findings
    assert sorted(f.diagnostic.code for f in here.findings) == ["PH007", "REF001"]

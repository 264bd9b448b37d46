"""A large file's lint process is started first (before the lint engine and Textual are
imported) and used for the first lint; work the first lint does not need waits for it."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest
from tui_support import SAMPLE, make_editor, settle, until

from ait_datasets.cli import main
from ait_datasets.lint import child as lint_child
from ait_datasets.lint.config import LintConfig
from ait_datasets.tui import app as app_module
from ait_datasets.tui.lint_runner import LintRunner


def test_an_adopted_child_answers_the_first_lint_and_the_next(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    early = lint_child.start_child()
    assert early is not None
    spawned: list[Any] = []
    real = subprocess.Popen

    def recording(*args: Any, **kwargs: Any) -> Any:
        spawned.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(subprocess, "Popen", recording)
    runner = LintRunner(process_min_chars=0)
    runner.adopt(early)
    result = runner.run("d.yaml", SAMPLE, LintConfig())
    assert [f.diagnostic.code for f in result.findings if f.diagnostic.code == "PH007"] == ["PH007"]
    # The early child answered, and keeps the buffer for the next lint: no other child is
    # started for either.
    runner.run("d.yaml", SAMPLE + "\n", LintConfig())
    assert early.poll() is None and spawned == []
    runner.close()
    assert early.poll() is not None


def test_an_adopted_child_never_asked_is_stopped_when_the_runner_closes() -> None:
    early = lint_child.start_child()
    assert early is not None
    runner = LintRunner()
    runner.adopt(early)
    runner.close()
    assert early.poll() is not None


def test_the_command_starts_the_child_for_a_large_file_and_stops_it_when_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "big.json"
    # Large, and not standard JSON at its very end: refused after the child started.
    path.write_text("[" + '{"name": "T"},' * 30_000 + "]", encoding="utf-8")
    started: list[lint_child.LintChild] = []
    real = lint_child.start_child

    def recording(command: tuple[str, ...] = lint_child.COMMAND) -> Any:
        child = real(command)
        assert child is not None
        started.append(child)
        return child

    monkeypatch.setattr(lint_child, "start_child", recording)
    assert main(["edit", str(path)]) in (1, 2)
    assert "cannot edit this file" in capsys.readouterr().err
    assert len(started) == 1 and started[0].poll() is not None
    # A small file starts none.
    small = tmp_path / "small.json"
    small.write_text("[1]", encoding="utf-8")
    main(["edit", str(small)])
    assert len(started) == 1


@pytest.mark.asyncio
async def test_a_large_file_reads_the_apps_setup_names_after_its_first_lint(
    sample_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(app_module, "PROCESS_MIN_CHARS", 0)
    app = make_editor(sample_file)
    runs_then: list[int] = []
    monkeypatch.setattr(app, "refresh_setup_names", lambda: runs_then.append(app.lint_runs))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        # Large files start linting after the first paint.
        await until(pilot, lambda: app.lint_runs >= 1, "the first lint")
        await settle(pilot)
        assert app.lint_runs >= 1
    assert runs_then == [1]

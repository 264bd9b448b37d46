"""Worker processes are forked only on Linux: macOS's system libraries may crash in a
forked child, so there (as on Windows) they start fresh."""

from __future__ import annotations

import multiprocessing
from pathlib import Path
from typing import Any

import pytest

from ait_datasets.cli import main
from ait_datasets.lint import engine

GOOD = (
    "tests:\n  - name: T1\n    turns:\n      - query: {from: Jane, title: Hi, message: Hi}\n"
    "        expected_data: {}\n"
)


@pytest.mark.parametrize(
    ("platform", "forks"), [("linux", True), ("darwin", False), ("win32", False)]
)
def test_workers_are_forked_on_linux_only(
    monkeypatch: pytest.MonkeyPatch, platform: str, forks: bool
) -> None:
    monkeypatch.setattr(engine.sys, "platform", platform)
    assert engine.workers_fork() is forks


def test_the_pool_starts_its_workers_as_decided(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[str | None] = []
    real = multiprocessing.get_context

    def get_context(method: str | None = None) -> Any:
        asked.append(method)
        return real(method)

    for name in ("a.yaml", "b.yaml"):
        (tmp_path / name).write_text(GOOD)
    monkeypatch.setattr(multiprocessing, "get_context", get_context)
    assert main(["lint", "--jobs", "2", str(tmp_path)]) == 0
    assert asked == ["fork" if engine.workers_fork() else None]

"""Fixtures for the editor's tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_support import SAMPLE

from ait_datasets.tui.recovery import RecoveryApp


@pytest.fixture
def sample_file(tmp_path: Path) -> Path:
    """The commented sample dataset, written to a temporary folder."""
    path = tmp_path / "returns.yaml"
    path.write_text(SAMPLE, encoding="utf-8")
    return path


@pytest.fixture(autouse=True)
def recovery_views(monkeypatch: pytest.MonkeyPatch) -> list[RecoveryApp]:
    """`datasets edit` on a broken file opens the recovery view: in a test it is recorded
    and quit at once (as Ctrl+Q without an edit would), never run in the terminal."""
    started: list[RecoveryApp] = []

    def quit_at_once(self: RecoveryApp, *args: object, **kwargs: object) -> None:
        started.append(self)

    monkeypatch.setattr(RecoveryApp, "run", quit_at_once)
    return started

"""On Windows the lint child opens no console window (a language server started by an
editor has none, and a console program's child would flash one up)."""

from __future__ import annotations

import subprocess
from typing import Any

import pytest

from ait_datasets.lint import child


def test_the_child_is_started_without_a_window(monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[dict[str, Any]] = []

    class Popen:
        def __init__(self, _args: list[str], **kwargs: Any) -> None:
            started.append(kwargs)

    monkeypatch.setattr(subprocess, "CREATE_NO_WINDOW", 0x08000000, raising=False)
    monkeypatch.setattr(subprocess, "Popen", Popen)
    assert child.start_child() is not None
    assert [kwargs.get("creationflags") for kwargs in started] == [0x08000000]

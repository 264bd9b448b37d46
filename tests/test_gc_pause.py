"""When objects are freed: the console script leaves a command's data to the process's end."""

from __future__ import annotations

import pytest

from ait_datasets import gc_pause


def test_a_one_shot_process_keeps_what_a_command_leaves_and_others_keep_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(gc_pause, "_left", [])
    monkeypatch.setattr(gc_pause, "_one_shot", False)
    gc_pause.leave_for_exit("a report")
    assert gc_pause._left == []  # in-process callers (these tests) keep nothing
    gc_pause.exit_frees_memory()
    gc_pause.leave_for_exit("a report")
    assert gc_pause._left == ["a report"]

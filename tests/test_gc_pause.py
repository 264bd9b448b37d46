"""When objects are freed: the console script leaves a command's data to the process's end."""

from __future__ import annotations

import gc

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


def test_only_a_one_shot_process_keeps_the_collector_paused_after_its_command(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    was_enabled = gc.isenabled()
    gc.enable()
    try:
        monkeypatch.setattr(gc_pause, "_one_shot", False)
        with gc_pause.command_gc("report"):
            assert not gc.isenabled()
        assert gc.isenabled()  # in-process callers get their collector back
        with gc_pause.command_gc("lsp"):
            assert gc.isenabled()  # long-running commands keep it
        monkeypatch.setattr(gc_pause, "_one_shot", True)
        with gc_pause.command_gc("report"):
            assert not gc.isenabled()
        # The process ends now: a collection would only walk what the command made.
        assert not gc.isenabled()
        with gc_pause.command_gc("lsp"):
            pass
        assert not gc.isenabled()  # as it found it
    finally:
        if was_enabled:
            gc.enable()
        else:
            gc.disable()

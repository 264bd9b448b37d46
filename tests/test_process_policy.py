"""The process policy: when the cyclic collector runs, decided only by the command line."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from ait_datasets.commands import _process


@pytest.fixture
def collector() -> Iterator[None]:
    """The test's own collector state, given back afterwards."""
    was_enabled, threshold = gc.isenabled(), gc.get_threshold()
    gc.enable()
    try:
        yield
    finally:
        gc.set_threshold(*threshold)
        if was_enabled:
            gc.enable()
        else:
            gc.disable()


def test_a_one_shot_command_pauses_the_collector_and_in_process_callers_get_it_back(
    collector: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_process, "_one_shot", False)
    with _process.collector_for("report"):
        assert not gc.isenabled()
    assert gc.isenabled()


def test_the_console_script_leaves_it_paused_after_its_command(
    collector: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_process, "_one_shot", False)
    _process.ends_after_command()
    with _process.collector_for("lint"):
        assert not gc.isenabled()
    # The process ends now: a collection would only walk what the command made.
    assert not gc.isenabled()


def test_long_running_commands_keep_the_collector_with_a_large_young_generation(
    collector: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_process, "_one_shot", True)
    before = gc.get_threshold()
    for command in ("edit", "lsp"):
        with _process.collector_for(command):
            assert gc.isenabled()
            assert gc.get_threshold() == _process.LONG_RUNNING_THRESHOLD
        assert gc.get_threshold() == before


def test_paused_gc_gives_the_collector_back_as_it_found_it(collector: None) -> None:
    with _process.paused_gc():
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    with _process.paused_gc():
        pass
    assert not gc.isenabled()

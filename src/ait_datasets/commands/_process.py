"""Process policy, in one place: when Python's cyclic collector runs.

Our trees are acyclic (reference counting frees them) and are built in one go; the cyclic
collector would only rescan the growing heap again and again (on a 10,000-test file it
made loading six times slower). So the process that runs a command decides, once:

- a command that runs once and ends (`lint`, `report`, `migrate`...) runs with the
  collector paused (:func:`collector_for`); in-process callers of ``cli.main`` get it
  back afterwards, while the console script, whose process ends when the command returns,
  leaves it paused (a first collection then would only walk what the command made);
- the long-running editor and language server, whose heaps live for hours, keep it, with
  a young generation large enough that building a tree does not trigger it thousands of
  times (:data:`LONG_RUNNING_THRESHOLD`);
- the lint child process they share pauses it for each lint (:func:`paused_gc`).

Nothing below `commands/` touches the collector: a layering test checks it.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

# Commands that live long and keep editing their trees: they keep the collector.
LONG_RUNNING = frozenset({"edit", "lsp"})
# Their young generation: a collection per 50,000 new objects instead of per 700, so a
# tree of a million nodes costs a few dozen quick collections, not a thousand.
LONG_RUNNING_THRESHOLD = (50_000, 20, 100)

_one_shot = False


def ends_after_command() -> None:
    """Say that this process ends when its command returns (the console script)."""
    global _one_shot
    _one_shot = True


@contextmanager
def collector_for(command: str) -> Iterator[None]:
    """The collector's state while ``command`` runs (see the module's documentation)."""
    if command in LONG_RUNNING:
        with long_running():
            yield
        return
    if _one_shot:
        gc.disable()
        yield
        return
    with paused_gc():
        yield


@contextmanager
def long_running() -> Iterator[None]:
    """A collector for a process that lives for hours (the editor, the server, the child)."""
    before = gc.get_threshold()
    gc.set_threshold(*LONG_RUNNING_THRESHOLD)
    try:
        yield
    finally:
        gc.set_threshold(*before)


@contextmanager
def paused_gc() -> Iterator[None]:
    """No cyclic collection while the block runs; the collector is given back as found."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()

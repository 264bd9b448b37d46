"""The garbage-collector policy, in one place: when Python's cyclic collector is paused.

Our trees are acyclic (reference counting frees them) and are built in one go; the cyclic
collector would only rescan the growing heap again and again. On a 10,000-test file that
made loading six times slower. So:

- :func:`paused_gc` pauses it while a tree is built or walked (loaders, the engine);
- :func:`command_gc` pauses it for the whole of a command that runs once and exits
  (it tripled the time of `resolve` and `migrate` on large files), but not for the
  long-running editor and language server, whose heaps live for hours.

Both give the collector back as they found it, so in-process callers keep theirs; only
the console script's process, which ends when its command returns, keeps it paused to
the end (the first collection after a pause would walk every object the command made).

And one more policy, for the console script only (:func:`exit_frees_memory`, which the
script calls first): a command that built millions of objects hands them to
:func:`leave_for_exit`, which keeps them to the end, where the script ends the process
without freeing them one by one (freeing the runs of a two-million-row report took 2 s).
In-process callers keep nothing.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

_left: list[object] = []
_one_shot = False


def exit_frees_memory() -> None:
    """Say that this process ends without freeing its objects (the console script)."""
    global _one_shot
    _one_shot = True


def leave_for_exit(*objects: object) -> None:
    """Keep ``objects`` until the process ends, when it ends without freeing them."""
    if _one_shot:
        _left.extend(objects)


# Commands that live long and keep editing their trees: they keep the collector.
LONG_RUNNING = frozenset({"edit", "lsp"})


@contextmanager
def command_gc(command: str) -> Iterator[None]:
    """The collector's state while ``command`` runs (see the module's documentation)."""
    if command in LONG_RUNNING:
        yield
        return
    if _one_shot:
        # The process ends when the command returns: giving the collector back then
        # would only make its first collection walk every object made during the pause
        # (all of them are still "young"): 2 s of a two-million-row report's 13.
        gc.disable()
        yield
        return
    with paused_gc():
        yield


@contextmanager
def paused_gc() -> Iterator[None]:
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()

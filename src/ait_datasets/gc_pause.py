"""The garbage-collector policy, in one place: when Python's cyclic collector is paused.

Our trees are acyclic (reference counting frees them) and are built in one go; the cyclic
collector would only rescan the growing heap again and again. On a 10,000-test file that
made loading six times slower. So:

- :func:`paused_gc` pauses it while a tree is built or walked (loaders, the engine);
- :func:`command_gc` pauses it for the whole of a command that runs once and exits
  (it tripled the time of `resolve` and `migrate` on large files), but not for the
  long-running editor and language server, whose heaps live for hours.

Both give the collector back as they found it, so in-process callers keep theirs.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

# Commands that live long and keep editing their trees: they keep the collector.
LONG_RUNNING = frozenset({"edit", "lsp"})


@contextmanager
def command_gc(command: str) -> Iterator[None]:
    """The collector's state while ``command`` runs (see the module's documentation)."""
    if command in LONG_RUNNING:
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

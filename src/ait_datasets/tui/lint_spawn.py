"""Starting the editor's lint process first, before anything heavy is imported.

A large file's first lint takes seconds in the child process; the editor's own start
(the lint engine's and Textual's imports, the model, the first paint) takes about as
long. Started as the very first thing ``datasets edit`` does, the child imports the lint
engine on the other core while this process is still starting, and waits for its
request (see :meth:`.lint_runner.LintRunner.adopt`). This module imports nothing of
ours, so starting the child costs a ``fork``/``exec`` and no more.

The language server does the same with its warm workers (``lsp/worker.py``); the
editor's child answers a different request (the findings mapped to tests and turns), so
the two keep their own protocols.
"""

from __future__ import annotations

import os
import subprocess
import sys

# Files at least this long are linted in a separate process.
PROCESS_MIN_CHARS = 256 * 1024

# The child process's command line (see :mod:`.lint_child`).
CHILD: tuple[str, ...] = (sys.executable, "-m", "ait_datasets.tui.lint_child")


def start_child(command: tuple[str, ...] = CHILD) -> subprocess.Popen[bytes] | None:
    """A lint child, started now and waiting for its request; None when none can run."""
    try:
        return subprocess.Popen(
            list(command),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
    except OSError:
        return None


def large_file(path: str, min_chars: int) -> bool:
    """Whether the file at ``path`` may hold ``min_chars`` characters or more (its size
    in bytes says so before it is read; False when it cannot be read)."""
    try:
        return os.stat(path).st_size >= min_chars
    except OSError:
        return False

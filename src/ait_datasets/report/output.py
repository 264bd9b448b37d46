"""Write a rendered report to a file atomically, keeping an existing file's permissions."""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile


def write_atomic(path: str, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` so that a reader never sees half a report.

    The text goes to a temporary file in the same directory, which then replaces the
    target in one step. An existing file keeps its permission bits.
    """
    target = os.path.abspath(path)
    directory = os.path.dirname(target)
    try:
        mode: int | None = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        mode = None
    fd, temp = tempfile.mkstemp(prefix=".report-", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
        if mode is None:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(temp, mode)
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp)
        raise

"""Refuse what is not a regular file before opening it (shared by every reader of files)."""

from __future__ import annotations

import errno
import os
import stat


def regular_file_size(path: str) -> int:
    """The size of the regular file at ``path``; OSError for anything else.

    A directory, a named pipe, a socket or a device named like a dataset is refused
    before it is opened: opening a pipe would wait for a writer forever.
    """
    info = os.stat(path)
    if stat.S_ISDIR(info.st_mode):
        raise IsADirectoryError(errno.EISDIR, "is a directory, not a dataset file", path)
    if not stat.S_ISREG(info.st_mode):
        raise OSError(errno.EINVAL, "not a regular file (a pipe, socket or device)", path)
    return info.st_size

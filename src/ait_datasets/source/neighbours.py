"""Reading a file for its facts only: the same limits as a file that is linted.

A dataset's cross-file facts come from the other files of its app (suite XMLs, suite-setup
files). A pull request controls those files too, so they are read under the same rules as
the files named on the command line: only regular files (a named pipe would block the
run forever, a device could be endless), never more than the size limit, and a line
longer than the line limit makes the file count as unreadable rather than be parsed.
"""

from __future__ import annotations

import errno
import os
import stat

from ait_datasets.records import Record
from ait_datasets.source.load import MAX_FILE_BYTES, MAX_LINE_LENGTH


class Limits(Record):
    """How much of a neighbour file may be read (the `max-file-size`/`max-line-length`)."""

    max_bytes: int = MAX_FILE_BYTES
    max_line_length: int = MAX_LINE_LENGTH


def read_neighbour(path: str, limits: Limits | None = None) -> bytes:
    """The bytes of the regular file at ``path``, within ``limits``; OSError otherwise.

    The file is opened without blocking and checked with ``fstat`` on the open handle, so
    a pipe swapped in between a check and the open cannot hang the run.
    """
    limits = limits or Limits()
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        if os.path.islink(path):  # said as the folder's walk says it (one reason a file)
            raise OSError(errno.ENOENT, "broken symbolic link", path) from None
        raise
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise OSError(errno.EINVAL, "not a regular file (a pipe, socket or device)", path)
        if info.st_size > limits.max_bytes:
            raise OSError(
                errno.EFBIG,
                f"{info.st_size} bytes, over the limit of {limits.max_bytes} "
                "(the `max-file-size` setting)",
                path,
            )
        with os.fdopen(fd, "rb", closefd=False) as fh:
            raw = fh.read(limits.max_bytes + 1)
    finally:
        os.close(fd)
    if len(raw) > limits.max_bytes:  # it grew while being read
        raise OSError(errno.EFBIG, f"over the limit of {limits.max_bytes} bytes", path)
    if _longest_line_over(raw, limits.max_line_length):
        raise OSError(
            errno.EFBIG,
            f"a line is over the limit of {limits.max_line_length} characters "
            "(the `max-line-length` setting)",
            path,
        )
    return raw


def _longest_line_over(raw: bytes, limit: int) -> bool:
    """Whether a line is longer than ``limit`` bytes (UTF-16 suite XMLs count double)."""
    if len(raw) <= limit:
        return False
    # Probing every limit-th offset finds every line that long (see load._long_line).
    for probe in range(limit, len(raw), limit):
        start = raw.rfind(b"\n", 0, probe) + 1
        end = raw.find(b"\n", probe)
        end = len(raw) if end < 0 else end
        # UTF-16 text has two bytes a character: allow it twice the bytes.
        if end - start > 2 * limit:
            return True
    return False

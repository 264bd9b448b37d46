"""Atomic file writes: nothing a user wrote is ever half-overwritten.

Write to a temporary file in the same folder, flush it to disk, give it the original
file's permissions, then rename it over the original (``os.replace`` is atomic on POSIX
and Windows). If anything fails, the temporary file is removed and the original is intact.
"""

from __future__ import annotations

import os
import tempfile


def write_bytes_atomically(path: str, data: bytes) -> None:
    folder = os.path.dirname(os.path.abspath(path))
    mode = os.stat(path).st_mode & 0o7777 if os.path.exists(path) else None
    fd, tmp = tempfile.mkstemp(prefix=".datasets-", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def write_text_atomically(path: str, text: str, *, bom: bool = False) -> None:
    """Write ``text`` as UTF-8 (with a byte order mark when ``bom``), atomically."""
    write_bytes_atomically(path, ("\ufeff" + text if bom else text).encode("utf-8"))

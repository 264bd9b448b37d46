"""Atomic file writes: nothing a user wrote is ever half-overwritten.

Write to a temporary file in the same folder, flush it to disk, give it the original
file's permissions (a new file gets the usual ``0o666`` minus the umask), then rename it
over the original (``os.replace`` is atomic on POSIX and Windows). If anything fails,
the temporary file is removed and the original is intact. A path that is a symbolic
link is written through: the file it points to is replaced, the link stays a link.
"""

from __future__ import annotations

import os
import stat
import tempfile


def write_bytes_atomically(path: str, data: bytes) -> None:
    """Replace (or create) the file at ``path`` with ``data`` in one step."""
    target = os.path.realpath(path)
    folder = os.path.dirname(target)
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        mode = _new_file_mode()
    fd, tmp = tempfile.mkstemp(prefix=".datasets-", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def write_text_atomically(path: str, text: str, *, bom: bool = False) -> None:
    """Write ``text`` as UTF-8 (with a byte order mark when ``bom``), atomically."""
    write_bytes_atomically(path, ("\ufeff" + text if bom else text).encode("utf-8"))


def _new_file_mode() -> int:
    # mkstemp creates 0o600 files; a new dataset or report should be as readable as any
    # file the user creates. The umask can only be read by setting it.
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o666 & ~umask

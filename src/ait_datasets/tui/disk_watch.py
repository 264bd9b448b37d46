"""Noticing that another program changed the file being edited (polled, no threads)."""

from __future__ import annotations

import os


def _signature(path: str) -> tuple[int, int, int] | None:
    """What changes when a file is written or replaced: inode, size, modification time."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_ino, st.st_size, st.st_mtime_ns


class DiskWatch:
    """Remembers a file's signature; :meth:`changed` says whether it differs now."""

    def __init__(self) -> None:
        self._seen: tuple[int, int, int] | None = None

    def remember(self, path: str) -> None:
        self._seen = _signature(path)

    def changed(self, path: str) -> bool:
        return _signature(path) != self._seen

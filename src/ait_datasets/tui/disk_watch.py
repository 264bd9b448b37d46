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


# What a neighbour can be that changes the file's findings: datasets and suite XMLs.
_NEIGHBOUR_SUFFIXES = (".yaml", ".yml", ".json", ".jsonl", ".xml")
# An app folder bigger than this is not watched (a stat per file every few seconds).
_MAX_NEIGHBOURS = 2000


def neighbours_signature(path: str) -> tuple[tuple[str, int, int], ...]:
    """Size and modification time of the files whose facts the cross-file rules read for
    ``path``: its app's files (under the nearest ``.resources``), else nothing."""
    from ait_datasets.dataset.app import app_root

    root = app_root(path)
    if root is None:
        return ()
    own = os.path.abspath(path)
    out: list[tuple[str, int, int]] = []
    for folder, dirs, files in os.walk(root):
        dirs.sort()
        for name in sorted(files):
            full = os.path.join(folder, name)
            if not name.lower().endswith(_NEIGHBOUR_SUFFIXES) or full == own:
                continue
            try:
                st = os.stat(full)
            except OSError:
                continue
            out.append((full, st.st_size, st.st_mtime_ns))
            if len(out) > _MAX_NEIGHBOURS:
                return ()
    return tuple(out)

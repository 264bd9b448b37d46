"""The facts of an app's other files, kept between edits of one buffer.

The cross-file rules need what every file of the app says (names, suite setups, suite
XMLs). ``datasets lint FILE`` reads them once per run; the server lints on every edit,
so it keeps them and re-reads a file only when its modification time or size changed
(checked on every lint, so nothing stale is ever used, watcher or not).
"""

from __future__ import annotations

import os

from ait_datasets.lint.discover import discover
from ait_datasets.lint.facts import FileFacts
from ait_datasets.lint.project import _read_facts, app_root, display_path


class AppFacts:
    """Facts of files on disk, by absolute path, with the stat they were read at."""

    def __init__(self) -> None:
        self._files: dict[str, tuple[tuple[int, int], FileFacts | None]] = {}

    def others(self, path: str) -> list[FileFacts]:
        """The facts of every other file of ``path``'s app (none outside an app)."""
        root = app_root(path)
        if root is None:
            return []
        here = os.path.abspath(path)
        out = []
        for file in discover([root]):
            full = os.path.abspath(file)
            if full == here:
                continue
            try:
                stat = os.stat(full)
            except OSError:
                continue
            key = (stat.st_mtime_ns, stat.st_size)
            cached = self._files.get(full)
            if cached is None or cached[0] != key:
                facts = _read_facts(display_path(full))
                if facts is not None:
                    facts.linted = False
                cached = self._files[full] = (key, facts)
            if cached[1] is not None:
                out.append(cached[1])
        return out

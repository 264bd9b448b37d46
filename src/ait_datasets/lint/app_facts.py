"""What an editing session has read of an app's other files, kept between edits of a buffer.

The cross-file rules need what every file of the app says (names, suite setups, suite
XMLs). ``datasets lint FILE`` reads them once per run through an
:class:`~ait_datasets.dataset.suites.Apps`; the server lints on every edit, so it keeps
one ``Apps`` for the session (the language server and ``datasets edit`` alike) and drops
what it read of an app whenever one of the app's files changed on disk (its modification
time or size; checked on every lint, so nothing stale is ever used, watcher or not).

That check runs on every keystroke's lint, so it only lists and stats: every file that
:func:`~ait_datasets.lint.discover.discover` could pick (by name, in the folders it walks),
without opening any (discover reads the head of each resource to skip blank ones; doing
that on every edit was half of a small file's re-lint in an app of 100 files). Listing a
few files more than discover only means forgetting a little more often.
"""

from __future__ import annotations

import os
from functools import partial

from ait_datasets.dataset.app import app_root
from ait_datasets.dataset.suites import Apps, suite_folder
from ait_datasets.lint.discover import candidates, discover
from ait_datasets.lint.facts import FileFacts
from ait_datasets.lint.project import read_facts
from ait_datasets.source.neighbours import Limits


class AppFacts:
    """The session's :class:`Apps`, refreshed per app when its files change."""

    def __init__(self) -> None:
        self.apps = Apps()
        self._signatures: dict[str, tuple[tuple[str, int, int], ...]] = {}

    def fresh(self, path: str, limits: Limits | None = None) -> Apps:
        """The session's ``Apps``, after forgetting ``path``'s app if a file of it changed
        (everything, when ``limits`` differ from those it was read under)."""
        if limits != self.apps.limits:
            self.apps = Apps(limits)
            self._signatures.clear()
        folder, _recursive = suite_folder(path)
        signature = _signature(folder, app_root(path) is not None)
        if self._signatures.get(folder) != signature:
            self.apps.forget(path)
            self._signatures[folder] = signature
        return self.apps

    def forget(self) -> None:
        """Drop everything read (configuration or watched files changed)."""
        self.apps.forget()
        self._signatures.clear()

    def others(self, path: str) -> list[FileFacts]:
        """The facts of every other file of ``path``'s app (none outside an app)."""
        root = app_root(path)
        if root is None:
            return []
        apps = self.fresh(path, self.apps.limits)
        here = os.path.abspath(path)
        out = []
        for file in discover([root]):
            full = os.path.abspath(file)
            if full == here:
                continue
            facts = apps.remember(("facts", full), partial(read_facts, file, apps.limits))
            if facts is not None:
                out.append(facts)
        return out


def _signature(folder: str, recursive: bool) -> tuple[tuple[str, int, int], ...]:
    """(path, mtime, size) of every file of the folder discover could read as a dataset or
    suite (followed through symbolic links; a file that vanished is left out)."""
    out = []
    files = [path for path, _ in candidates(folder)] if recursive else _own_files(folder)
    for file in files:
        try:
            info = os.stat(file)
        except OSError:
            continue
        out.append((file, info.st_mtime_ns, info.st_size))
    return tuple(out)


def _own_files(folder: str) -> list[str]:
    try:
        return [os.path.join(folder, n) for n in sorted(os.listdir(folder))]
    except OSError:
        return []

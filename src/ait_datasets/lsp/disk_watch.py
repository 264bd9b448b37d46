"""The server's own file watching, for clients that watch no files for it.

A cross-file finding (REF001: no suite-setup file has that name) depends on other files
than the open one. A client that offers ``workspace/didChangeWatchedFiles`` tells the
server when they change; one that does not (Neovim 0.7, some Helix and Zed setups) left
such a finding stale until the next edit. For those clients the server polls what the
open documents' lints read from disk: the app's ``.resources`` folder, the AL files and
``app.json`` of the app folder beside it, and the configuration files that apply, and
re-lints the open documents when any of it changed (as a watched-file event does).

Polling, not an OS notification API: it works the same on Windows, macOS, Linux and
network drives, with no dependency. Each poll lists folders with ``os.scandir`` and
compares (modification time, size) of the files, on a worker thread, bounded in the
number of entries it looks at (``MAX_ENTRIES``). The folders of a newly opened document
get their first listing when it opens, before its first lint reads them, so a change
made right after opening is still seen.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Iterable
from typing import NamedTuple

from ait_datasets.al.app import _SKIP_DIRS as _AL_SKIP_DIRS
from ait_datasets.al.app import app_folder
from ait_datasets.dataset.app import app_root
from ait_datasets.lint.config_files import CONFIG_NAMES
from ait_datasets.lint.discover import _SKIP_DIRS

# Seconds between polls: a created file shows up in the findings within about this long.
DEFAULT_INTERVAL = 2.0
# Files and folders looked at per poll, over every watched place: an app far larger than
# this is watched in part (the first entries in name order) rather than slowly.
MAX_ENTRIES = 20000

# What a scan found: path -> (modification time in ns, size).
Listing = dict[str, tuple[int, int]]


class Spot(NamedTuple):
    """A place on disk a lint reads."""

    path: str
    # "tree": a folder and its subfolders; "folder": its own files; "al": the AL files
    # and app.json of an app folder; "file": one file, which may not exist (yet).
    kind: str


def spots_for(path: str, config_file: str | None = None) -> list[Spot]:
    """What the lint of the document at ``path`` reads from disk besides the document."""
    out: list[Spot] = []
    resources = app_root(path)
    if resources is not None:
        out.append(Spot(resources, "tree"))
        al = app_folder(resources)
        if al is not None:
            out.append(Spot(al, "al"))
    else:  # outside an app only the suite XMLs beside the file are read
        out.append(Spot(os.path.dirname(os.path.abspath(path)), "folder"))
    # The configuration is found upward from the file (or given in the settings).
    folder = os.path.dirname(os.path.abspath(path))
    while True:
        out.extend(Spot(os.path.join(folder, name), "file") for name in CONFIG_NAMES)
        parent = os.path.dirname(folder)
        if parent == folder:
            break
        folder = parent
    if config_file:
        out.append(Spot(os.path.abspath(config_file), "file"))
    return out


class _Budget:
    """How many more entries this poll may look at."""

    def __init__(self, entries: int) -> None:
        self.left = entries
        self.exhausted = False

    def take(self) -> bool:
        if self.left <= 0:
            self.exhausted = True
            return False
        self.left -= 1
        return True


def _stat(path: str, listing: Listing) -> None:
    try:
        info = os.stat(path)
    except OSError:
        return  # gone, or not readable: absent from the listing
    listing[path] = (info.st_mtime_ns, info.st_size)


def _walk(
    top: str, recursive: bool, skip: frozenset[str], keep: Callable[[str], bool], budget: _Budget
) -> Listing:
    listing: Listing = {}
    folders = [top]
    while folders:
        folder = folders.pop()
        try:
            with os.scandir(folder) as it:
                entries = sorted(it, key=lambda e: e.name)
        except OSError:
            continue
        for entry in entries:
            if not budget.take():
                return listing
            try:
                # Folder links are not followed (lint does not leave the app through them).
                if entry.is_dir(follow_symlinks=False):
                    if recursive and entry.name not in skip:
                        folders.append(entry.path)
                    continue
            except OSError:
                continue
            if keep(entry.name):
                _stat(entry.path, listing)
    return listing


def _is_al(name: str) -> bool:
    lower = name.lower()
    return lower.endswith(".al") or lower == "app.json"


def scan(spot: Spot, budget: _Budget) -> Listing:
    """The files of ``spot`` with their modification time and size."""
    if spot.kind == "file":
        listing: Listing = {}
        if budget.take():
            _stat(spot.path, listing)
        return listing
    if spot.kind == "al":
        return _walk(spot.path, True, _AL_SKIP_DIRS, _is_al, budget)
    return _walk(spot.path, spot.kind == "tree", _SKIP_DIRS, lambda _name: True, budget)


def scan_all(spots: Iterable[Spot], entries: int = MAX_ENTRIES) -> tuple[dict[Spot, Listing], bool]:
    """Every spot's listing, and whether the budget of ``entries`` ran out."""
    budget = _Budget(entries)
    out = {spot: scan(spot, budget) for spot in sorted(set(spots))}
    return out, budget.exhausted


class DiskWatcher:
    """Polls the places the open documents' lints read; calls ``changed`` (on the event
    loop) when a file in one of them was created, changed or deleted."""

    def __init__(
        self,
        interval: float,
        open_paths: Callable[[], list[str]],
        changed: Callable[[], None],
        log: Callable[[str], None],
        config_file: Callable[[], str | None] = lambda: None,
        entries: int = MAX_ENTRIES,
    ) -> None:
        self.interval = interval
        self.open_paths = open_paths
        self.changed = changed
        self.log = log
        self.config_file = config_file
        self.entries = entries
        self.known: dict[Spot, Listing] = {}
        self._task: asyncio.Task[None] | None = None
        self._said_partial = False

    def spots(self, paths: Iterable[str]) -> set[Spot]:
        config_file = self.config_file()
        return {spot for path in paths for spot in spots_for(path, config_file)}

    def opened(self, path: str) -> None:
        """Take the first listing of the places a newly opened document's lint reads
        (called before that lint is scheduled, so a change after it is a change)."""
        new = self.spots([path]) - set(self.known)
        if new:
            listings, _ = scan_all(new, self.entries)
            self.known.update(listings)

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.interval)
            try:
                await self.poll()
            except Exception as exc:  # a bug: say so, keep watching
                self.log(f"watching files failed: {exc!r}")

    async def poll(self) -> bool:
        """One poll; True when something changed (``changed`` was then called)."""
        spots = self.spots(self.open_paths())
        before = {spot: listing for spot, listing in self.known.items() if spot in spots}
        listings, partial = await asyncio.to_thread(scan_all, spots, self.entries)
        if partial and not self._said_partial:
            self._said_partial = True
            self.log(f"watching only the first {self.entries} files and folders of the app")
        # The open documents now: listings `opened` took while the scan ran are kept, the
        # places no open document reads any more are dropped.
        open_now = self.open_paths()
        needed = self.spots(open_now)
        merged = {**self.known, **listings}
        self.known = {spot: listing for spot, listing in merged.items() if spot in needed}
        # An open document's own changes come as edits and saves, which re-lint already.
        own = {os.path.abspath(path) for path in open_now}
        changed = any(
            _without(listings.get(spot, {}), own) != _without(listing, own)
            for spot, listing in before.items()
        )
        if changed:
            self.changed()
        return changed


def _without(listing: Listing, paths: set[str]) -> Listing:
    return {path: seen for path, seen in listing.items() if path not in paths}

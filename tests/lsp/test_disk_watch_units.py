"""The server's own file watching (for clients that watch no files): what it watches,
what counts as a change, its bound, and that it stops."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

from lsp_support import make_app

from ait_datasets.lsp.disk_watch import DiskWatcher, Spot, scan_all, spots_for


class Recorder:
    def __init__(self) -> None:
        self.changes = 0
        self.logged: list[str] = []

    def changed(self) -> None:
        self.changes += 1

    def log(self, message: str) -> None:
        self.logged.append(message)


def watcher(paths: list[str], recorder: Recorder, entries: int = 20000) -> DiskWatcher:
    return DiskWatcher(1.0, lambda: paths, recorder.changed, recorder.log, entries=entries)


def poll(w: DiskWatcher) -> bool:
    return asyncio.run(w.poll())


def bump(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")
    # A later modification time even where the clock is coarse.
    info = path.stat()
    os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns + 2_000_000_000))


def test_an_apps_dataset_watches_its_resources_al_folder_and_configuration(tmp_path: Path) -> None:
    resources = make_app(tmp_path)
    (resources.parent / "app.json").write_text("{}", encoding="utf-8")
    dataset = str(resources / "datasets" / "ORDERS.yaml")
    spots = spots_for(dataset, "/etc/custom.toml")
    assert Spot(str(resources), "tree") in spots
    assert Spot(str(resources.parent), "al") in spots
    assert Spot(str(tmp_path / ".ait-datasets.toml"), "file") in spots
    assert Spot(str(resources / "datasets" / "pyproject.toml"), "file") in spots
    assert Spot(os.path.abspath("/etc/custom.toml"), "file") in spots


def test_a_file_outside_an_app_watches_its_own_folder_only(tmp_path: Path) -> None:
    spots = spots_for(str(tmp_path / "x.yaml"))
    assert [s for s in spots if s.kind != "file"] == [Spot(str(tmp_path), "folder")]


def test_created_changed_and_deleted_files_of_the_app_are_changes(tmp_path: Path) -> None:
    resources = make_app(tmp_path)
    recorder = Recorder()
    w = watcher([str(resources / "datasets" / "ORDERS.yaml")], recorder)
    assert poll(w) is False  # the first listing
    new = resources / "datasets" / "setup" / "NEW.yaml"
    new.write_text("name: NEW\nsuite_setup:\n  a: 1\n", encoding="utf-8")
    assert poll(w) is True
    assert poll(w) is False  # nothing since
    bump(resources / "suites" / "SHOP.xml", "<Root/>\n")
    assert poll(w) is True
    new.unlink()
    assert poll(w) is True
    assert recorder.changes == 3


def test_the_open_documents_own_saves_are_left_to_did_save(tmp_path: Path) -> None:
    resources = make_app(tmp_path)
    dataset = resources / "datasets" / "ORDERS.yaml"
    w = watcher([str(dataset)], Recorder())
    poll(w)
    bump(dataset, "tests: []\n")
    assert poll(w) is False


def test_al_files_and_configuration_files_are_watched(tmp_path: Path) -> None:
    resources = make_app(tmp_path)
    (resources.parent / "app.json").write_text("{}", encoding="utf-8")
    w = watcher([str(resources / "datasets" / "ORDERS.yaml")], Recorder())
    poll(w)
    (resources.parent / "src").mkdir()
    (resources.parent / "src" / "Test.Codeunit.al").write_text("codeunit 50100 T {}\n")
    assert poll(w) is True
    (resources.parent / "notes.txt").write_text("not read by lint\n")
    assert poll(w) is False
    (tmp_path / ".ait-datasets.toml").write_text('ignore = ["PH007"]\n')
    assert poll(w) is True


def test_a_change_right_after_opening_is_seen(tmp_path: Path) -> None:
    # The listing is taken when the document opens (before its lint reads the app), not
    # at the next poll, which would take the new file for how the app always was.
    resources = make_app(tmp_path)
    dataset = str(resources / "datasets" / "ORDERS.yaml")
    paths: list[str] = []
    w = watcher(paths, Recorder())
    poll(w)
    paths.append(dataset)
    w.opened(dataset)
    (resources / "datasets" / "setup" / "NEW.yaml").write_text("name: N\nsuite_setup: {}\n")
    assert poll(w) is True


def test_a_closed_documents_places_are_forgotten(tmp_path: Path) -> None:
    resources = make_app(tmp_path)
    paths = [str(resources / "datasets" / "ORDERS.yaml")]
    w = watcher(paths, Recorder())
    poll(w)
    assert Spot(str(resources), "tree") in w.known
    paths.clear()
    poll(w)
    assert w.known == {}


def test_a_poll_looks_at_no_more_entries_than_its_bound(tmp_path: Path) -> None:
    resources = make_app(tmp_path)
    for i in range(50):
        (resources / "datasets" / f"D{i:02}.yaml").write_text("tests: []\n")
    listings, partial = scan_all([Spot(str(resources), "tree")], entries=10)
    assert partial and sum(map(len, listings.values())) <= 10
    recorder = Recorder()
    w = watcher([str(resources / "datasets" / "D00.yaml")], recorder, entries=10)
    poll(w)
    poll(w)
    assert recorder.logged == ["watching only the first 10 files and folders of the app"]


def test_the_watcher_stops(tmp_path: Path) -> None:
    async def run() -> tuple[bool, bool]:
        w = watcher([], Recorder())
        w.start()
        started = w.running
        w.stop()
        await asyncio.sleep(0)
        return started, w.running

    assert asyncio.run(run()) == (True, False)

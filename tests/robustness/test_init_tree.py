"""`datasets init` puts its whole tree in place or nothing, and never follows a link out."""

from __future__ import annotations

import errno
import os
import sys
from pathlib import Path

import pytest

from ait_datasets.cli import main


def _tree(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in folder.rglob("*")
        if p.is_file() and not p.is_symlink()
    }


def _names(tmp_path: Path) -> list[str]:
    assert main(["init", str(tmp_path / "probe"), "--code", "SALES"]) == 0
    return sorted(_tree(tmp_path / "probe"))


@pytest.mark.skipif(
    sys.platform == "win32",
    reason="creating symbolic links on Windows needs administrator rights or Developer Mode",
)
def test_a_dangling_link_named_like_a_file_is_refused_and_not_followed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    names = _names(tmp_path)
    capsys.readouterr()
    app = tmp_path / "app"
    outside = tmp_path / "outside"
    outside.mkdir()
    link = app / names[0]
    link.parent.mkdir(parents=True)
    link.symlink_to(outside / "stolen")  # dangling: exists() says no
    assert main(["init", str(app), "--code", "SALES"]) == 2
    assert capsys.readouterr().err == f"datasets init: not overwriting existing files: {link}\n"
    assert list(outside.iterdir()) == []
    assert link.is_symlink() and _tree(app) == {}


@pytest.mark.skipif(
    sys.platform == "win32",
    reason="creating symbolic links on Windows needs administrator rights or Developer Mode",
)
def test_a_folder_that_is_a_link_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    names = [n for n in _names(tmp_path) if "/" in n]
    capsys.readouterr()
    app = tmp_path / "app"
    app.mkdir()
    outside = tmp_path / "outside"
    outside.mkdir()
    folder = app / names[0].split("/")[0]
    folder.symlink_to(outside, target_is_directory=True)
    assert main(["init", str(app), "--code", "SALES"]) == 2
    assert f"not overwriting existing files: {folder}" in capsys.readouterr().err
    assert list(outside.iterdir()) == []


def test_a_full_disk_leaves_nothing_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    writes = 0
    real_fdopen = os.fdopen

    class FullDisk:
        def __init__(self, fh: object) -> None:
            self.fh = fh

        def __enter__(self) -> FullDisk:
            return self

        def __exit__(self, *exc: object) -> None:
            self.fh.close()  # type: ignore[attr-defined]

        def write(self, data: bytes) -> int:
            nonlocal writes
            writes += 1
            if writes == 3:  # the third file of the tree does not fit
                raise OSError(errno.ENOSPC, "No space left on device", "the-file")
            return int(self.fh.write(data))  # type: ignore[attr-defined]

        def flush(self) -> None:
            self.fh.flush()  # type: ignore[attr-defined]

        def fileno(self) -> int:
            return int(self.fh.fileno())  # type: ignore[attr-defined]

    monkeypatch.setattr(os, "fdopen", lambda fd, mode: FullDisk(real_fdopen(fd, mode)))
    app = tmp_path / "app"
    assert main(["init", str(app), "--code", "SALES"]) == 2
    assert capsys.readouterr().err == (
        "datasets init: cannot write the-file: No space left on device\n"
    )
    assert not app.exists()  # it made the folder, so it removed it again


def test_a_full_disk_in_an_existing_folder_keeps_the_folder_and_its_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    app = tmp_path / "app"
    app.mkdir()
    (app / "mine.txt").write_text("keep me")

    def full(*_args: object, **_kwargs: object) -> object:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    assert main(["init", str(app), "--code", "SALES"]) == 2
    assert "No space left on device" in capsys.readouterr().err
    assert sorted(p.name for p in app.rglob("*")) == ["mine.txt"]


def test_init_into_an_existing_empty_folder_writes_the_tree(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    names = _names(tmp_path)
    capsys.readouterr()
    app = tmp_path / "app"
    app.mkdir()
    assert main(["init", str(app), "--code", "SALES"]) == 0
    assert sorted(_tree(app)) == names
    printed = capsys.readouterr().out.splitlines()
    assert sorted(printed[:-1]) == sorted(str(app / n) for n in names)
    assert not [p for p in app.rglob(".datasets-init-*")]

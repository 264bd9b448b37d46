"""The one writer, in pieces: content too large for memory is streamed into the same
temporary file, and put in place with the same checks, or not at all."""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from ait_datasets import atomic
from ait_datasets.atomic import ChangedOnDisk, RefusedTarget, Snapshot, streaming_atomically


def _only(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@pytest.mark.skipif(
    sys.platform == "win32", reason="Windows has no POSIX file modes (only a read-only attribute)"
)
def test_the_pieces_replace_the_file_and_keep_its_permissions(tmp_path: Path) -> None:
    target = tmp_path / "report.html"
    target.write_bytes(b"old\n")
    target.chmod(0o640)
    with streaming_atomically(str(target)) as out:
        for i in range(1000):
            out.write_text(f"<tr>{i}</tr>\n")
        # Nothing is in place until the block ends: a reader still sees the old file.
        assert target.read_bytes() == b"old\n"
    assert target.read_text() == "".join(f"<tr>{i}</tr>\n" for i in range(1000))
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert _only(tmp_path) == ["report.html"]


def test_a_failure_midway_leaves_the_file_and_no_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "report.html"
    target.write_bytes(b"previous report\n")

    def pieces() -> Iterator[str]:
        yield "<html>"
        raise RuntimeError("the renderer failed")

    with (
        pytest.raises(RuntimeError, match="renderer failed"),
        streaming_atomically(str(target)) as out,
    ):
        for piece in pieces():
            out.write_text(piece)
    assert target.read_bytes() == b"previous report\n"
    assert _only(tmp_path) == ["report.html"]


def test_a_failed_flush_to_disk_leaves_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "report.html"
    target.write_bytes(b"previous report\n")

    def boom(_fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", boom)
    with pytest.raises(OSError, match="No space"), streaming_atomically(str(target)) as out:
        out.write(b"new")
    assert target.read_bytes() == b"previous report\n"
    assert _only(tmp_path) == ["report.html"]


@pytest.mark.skipif(sys.platform == "win32", reason="Windows has no umask or POSIX file modes")
def test_a_new_file_is_created_with_the_umask_mode(tmp_path: Path) -> None:
    target = tmp_path / "new.html"
    with streaming_atomically(str(target)) as out:
        out.write(b"a")
        out.write(b"b")
    umask = os.umask(0o022)
    os.umask(umask)
    assert target.read_bytes() == b"ab"
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~umask


def test_a_hard_linked_file_gets_the_pieces_and_keeps_its_links(tmp_path: Path) -> None:
    target = tmp_path / "a.html"
    target.write_bytes(b"old\n")
    other = tmp_path / "b.html"
    os.link(target, other)
    big = b"x" * (3 << 20)  # more than one piece of the in-place copy
    with streaming_atomically(str(target)) as out:
        out.write(big)
        out.write(b"end\n")
    assert other.read_bytes() == big + b"end\n"
    assert target.stat().st_ino == other.stat().st_ino
    assert _only(tmp_path) == ["a.html", "b.html"]


@pytest.mark.skipif(
    sys.platform == "win32",
    reason="creating symbolic links on Windows needs administrator rights or Developer Mode",
)
def test_a_symbolic_link_is_written_through(tmp_path: Path) -> None:
    real = tmp_path / "real.html"
    real.write_bytes(b"old\n")
    link = tmp_path / "link.html"
    link.symlink_to(real)
    with streaming_atomically(str(link)) as out:
        out.write_text("new\n")
    assert link.is_symlink() and real.read_text() == "new\n"


@pytest.mark.skipif(sys.platform == "win32", reason="named pipes (os.mkfifo) are POSIX-only")
def test_a_pipe_is_refused_before_anything_is_written(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    entered = False
    with pytest.raises(RefusedTarget), streaming_atomically(str(fifo)):
        entered = True
    assert not entered
    assert _only(tmp_path) == ["pipe"]


def test_a_change_meanwhile_is_never_overwritten(tmp_path: Path) -> None:
    target = tmp_path / "a.yaml"
    target.write_bytes(b"as read\n")
    snapshot = Snapshot.of(b"as read\n")
    with pytest.raises(ChangedOnDisk), streaming_atomically(str(target), expected=snapshot) as out:
        out.write(b"mine\n")
        target.write_bytes(b"someone else's edit\n")
    assert target.read_bytes() == b"someone else's edit\n"
    assert _only(tmp_path) == ["a.yaml"]


def test_the_snapshot_of_a_file_is_the_snapshot_of_its_bytes(tmp_path: Path) -> None:
    """Files are hashed a piece at a time now; the snapshot must not change."""
    path = tmp_path / "big"
    data = os.urandom((1 << 20) * 2 + 123)
    path.write_bytes(data)
    assert Snapshot.of_file(str(path)) == Snapshot.of(data)
    assert atomic.unchanged(str(path), Snapshot.of(data))
    # The last byte changed (flipped, so it differs whatever random byte it was).
    assert not atomic.unchanged(str(path), Snapshot.of(data[:-1] + bytes([data[-1] ^ 1])))

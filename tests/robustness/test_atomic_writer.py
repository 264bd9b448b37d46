"""The one writer: links written through, permissions and links kept, lost updates refused."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import pytest

from ait_datasets.atomic import (
    ChangedOnDisk,
    RefusedTarget,
    Snapshot,
    write_bytes_atomically,
)
from ait_datasets.cli import main

FLAT = "tests:\n  - name: T1\n    query: {from: Jane, title: Orders}\n"
# `review` -> `ReviewRecord`-style case fixes are safe (EXP001).
FIXABLE = (
    "tests:\n  - name: T1\n    turns:\n      - query: {from: Jane, title: Orders}\n"
    "        expected_data:\n          intervention_request:\n            type: assistance\n"
)


@pytest.mark.skipif(
    sys.platform == "win32",
    reason="creating symbolic links on Windows needs administrator rights or Developer Mode",
)
def test_a_symbolic_link_is_written_through(tmp_path: Path) -> None:
    target = tmp_path / "real.yaml"
    target.write_bytes(b"old\n")
    link = tmp_path / "link.yaml"
    link.symlink_to(target)
    write_bytes_atomically(str(link), b"new\n")
    assert link.is_symlink()
    assert target.read_bytes() == b"new\n"


@pytest.mark.skipif(
    sys.platform == "win32", reason="Windows has no POSIX file modes (only a read-only attribute)"
)
def test_permissions_are_kept(tmp_path: Path) -> None:
    path = tmp_path / "a.yaml"
    path.write_bytes(b"old\n")
    path.chmod(0o640)
    write_bytes_atomically(str(path), b"new\n")
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


def test_a_hard_linked_file_keeps_its_links(tmp_path: Path) -> None:
    path = tmp_path / "a.yaml"
    path.write_bytes(b"old\n")
    other = tmp_path / "b.yaml"
    os.link(path, other)
    write_bytes_atomically(str(path), b"new content\n")
    assert other.read_bytes() == b"new content\n"
    assert path.stat().st_ino == other.stat().st_ino
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".datasets-")]


def test_a_change_after_reading_is_never_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "a.yaml"
    path.write_bytes(b"as read\n")
    snapshot = Snapshot.of(path.read_bytes())
    path.write_bytes(b"someone else's edit\n")
    with pytest.raises(ChangedOnDisk):
        write_bytes_atomically(str(path), b"ours\n", expected=snapshot)
    assert path.read_bytes() == b"someone else's edit\n"
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".datasets-")]


def test_a_new_file_must_not_appear_meanwhile(tmp_path: Path) -> None:
    path = tmp_path / "new.yaml"
    path.write_bytes(b"created by someone else\n")
    with pytest.raises(ChangedOnDisk):
        write_bytes_atomically(str(path), b"ours\n", expected=None)  # type: ignore[arg-type]
    assert path.read_bytes() == b"created by someone else\n"


def test_an_unchanged_file_is_replaced(tmp_path: Path) -> None:
    path = tmp_path / "a.yaml"
    path.write_bytes(b"as read\n")
    write_bytes_atomically(str(path), b"ours\n", expected=Snapshot.of(b"as read\n"))
    assert path.read_bytes() == b"ours\n"


@pytest.mark.skipif(sys.platform == "win32", reason="named pipes (os.mkfifo) are POSIX-only")
def test_a_pipe_is_refused_not_replaced(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    with pytest.raises(RefusedTarget):
        write_bytes_atomically(str(fifo), b"x")
    assert stat.S_ISFIFO(fifo.lstat().st_mode)


def test_lint_fix_refuses_a_file_changed_while_it_ran(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The lost update of `migrate` and `lint --fix` on one file: the later writer refuses."""
    import ait_datasets.atomic as atomic

    path = tmp_path / "a.yaml"
    path.write_text(FIXABLE, encoding="utf-8")
    real = atomic.unchanged

    def edited_meanwhile(p: str, expected: Snapshot | None) -> bool:
        Path(p).write_text("# edited by someone else\n" + FLAT, encoding="utf-8")
        return real(p, expected)

    monkeypatch.setattr(atomic, "unchanged", edited_meanwhile)
    main(["lint", "--fix", "--unsafe-fixes", str(path)])
    assert path.read_text(encoding="utf-8").startswith("# edited by someone else\n")
    err = capsys.readouterr().err
    assert "changed on disk" in err

"""Windows refuses to replace a file another program holds open: the writer tries again
for a moment, then says so in one line (simulated: ``os.replace`` raises as Windows does)."""

from __future__ import annotations

import errno
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from ait_datasets import atomic
from ait_datasets.cli import main

FIXABLE = (
    "tests:\n  - name: T1\n    turns:\n      - query: {from: J, title: Hi}\n"
    "        expected_data:\n          intervention_request:\n            type: assistance\n"
    "      - query:\n          intervention: {instruction: go}\n        expected_data: {}\n"
)


def _windows_error(winerror: int) -> PermissionError:
    """The PermissionError Windows raises (``winerror`` exists only there: set it)."""
    exc = PermissionError(errno.EACCES, "The process cannot access the file")
    setattr(exc, "winerror", winerror)  # noqa: B010 (a read-only name for mypy off Windows)
    return exc


def _held_open_for(
    times: int, monkeypatch: pytest.MonkeyPatch, winerror: int = 32
) -> tuple[list[float], list[str]]:
    """``os.replace`` fails ``times`` times, then works; the pauses and attempts made."""
    real: Callable[[str, str], None] = os.replace
    pauses: list[float] = []
    attempts: list[str] = []

    def replace(src: str, dst: str) -> None:
        attempts.append(dst)
        if len(attempts) <= times:
            raise _windows_error(winerror)
        real(src, dst)

    monkeypatch.setattr(os, "replace", replace)
    monkeypatch.setattr(atomic.time, "sleep", pauses.append)
    return pauses, attempts


@pytest.mark.parametrize("winerror", [5, 32])
def test_a_file_let_go_of_after_a_moment_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, winerror: int
) -> None:
    target = tmp_path / "a.yaml"
    target.write_bytes(b"original\n")
    pauses, attempts = _held_open_for(2, monkeypatch, winerror)
    atomic.write_bytes_atomically(str(target), b"new\n")
    assert target.read_bytes() == b"new\n"
    assert len(attempts) == 3 and pauses == [0.1, 0.2]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.yaml"]


def test_a_file_never_let_go_of_is_refused_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "a.yaml"
    target.write_bytes(b"original\n")
    pauses, attempts = _held_open_for(1000, monkeypatch)
    with pytest.raises(atomic.HeldOpen) as caught:
        atomic.write_bytes_atomically(str(target), b"new\n")
    assert atomic.cannot_write(str(target), caught.value) == (
        f"cannot write {target}: another program has it open"
    )
    # A bounded number of attempts, and the original and its folder as they were.
    assert len(attempts) == atomic.REPLACE_ATTEMPTS and len(pauses) == atomic.REPLACE_ATTEMPTS - 1
    assert target.read_bytes() == b"original\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.yaml"]


def test_a_folder_that_refuses_the_rename_is_not_waited_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A POSIX PermissionError (no ``winerror``) is the folder's permissions: no retry."""
    target = tmp_path / "a.yaml"
    target.write_bytes(b"original\n")
    pauses: list[float] = []

    def replace(_src: str, _dst: str) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(os, "replace", replace)
    monkeypatch.setattr(atomic.time, "sleep", pauses.append)
    with pytest.raises(PermissionError, match="Permission denied"):
        atomic.write_bytes_atomically(str(target), b"new\n")
    assert pauses == []


def test_lint_fix_says_which_file_another_program_holds_and_exits_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "a.yaml"
    target.write_text(FIXABLE)
    _held_open_for(1000, monkeypatch)
    assert main(["lint", "--fix", str(target)]) == 2
    err = capsys.readouterr().err
    assert f"cannot write {target}: another program has it open" in err
    assert "Traceback" not in err
    assert target.read_text() == FIXABLE


def test_init_falls_back_to_a_rename_where_hard_links_are_invalid(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """FAT, exFAT and some network shares on Windows answer a hard link with EINVAL."""

    def no_links(_src: object, _dst: object) -> None:
        raise OSError(errno.EINVAL, "Incorrect function")

    monkeypatch.setattr(os, "link", no_links)
    written = atomic.create_tree(tmp_path / "new", [("a/b.yaml", b"x\n"), ("c.yaml", b"y\n")])
    assert [p.read_bytes() for p in written] == [b"x\n", b"y\n"]
    assert sorted(p.name for p in (tmp_path / "new").iterdir()) == ["a", "c.yaml"]

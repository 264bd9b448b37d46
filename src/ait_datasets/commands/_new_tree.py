"""Put a tree of new files into a folder all at once, or not at all (`datasets init`).

The files are written into a staging folder inside the target first (so a full disk
fails before anything is in place), then linked into place one by one without ever
replacing anything: a name that exists in any form (a file, a folder, a dangling
symbolic link) is refused, and no symbolic link is followed out of the target. When a
step fails, everything this run made is removed again.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import tempfile
from collections.abc import Sequence
from pathlib import Path


class TreeError(Exception):
    """Why the tree was not created (nothing of it is left behind)."""


def conflicts(target: Path, paths: Sequence[str]) -> list[Path]:
    """The paths (and their folders) under ``target`` that already exist in any form,
    a dangling symbolic link included, or whose folder is a link (it may lead out)."""
    found: list[Path] = []
    for rel in paths:
        path = target / rel
        parent = target
        for part in Path(rel).parent.parts:
            parent = parent / part
            if parent.is_symlink() or (os.path.lexists(parent) and not parent.is_dir()):
                found.append(parent)
                break
        else:
            if os.path.lexists(path):
                found.append(path)
    return list(dict.fromkeys(found))


def create_tree(target: Path, files: Sequence[tuple[str, bytes]]) -> list[Path]:
    """Write ``files`` (relative path, bytes) under ``target``; the paths written.

    Raises TreeError (with everything this run made removed again) on any failure.
    """
    if target.is_symlink():
        raise TreeError(f"{target}: is a symbolic link; give the folder itself")
    made_target = not os.path.lexists(target)
    made: list[Path] = []  # folders and files this run created, in order
    staged: list[tuple[Path, Path]] = []  # (temporary file, final name)
    try:
        target.mkdir(parents=True, exist_ok=True)
        for rel, data in files:
            folder = _folder(target, rel, made)
            # A new file of a random name (O_EXCL: never through a link), beside its
            # final place so that moving it is a rename on the same file system.
            fd, temp_name = tempfile.mkstemp(prefix=".datasets-init-", dir=folder)
            staged.append((Path(temp_name), target / rel))
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
                fh.flush()
                os.fsync(fh.fileno())
        for staged_file, final in staged:  # all written: a full disk failed above
            _place(staged_file, final)
            made.append(final)
    except OSError as exc:
        for staged_file, _ in staged:
            _unlink(staged_file)
        _remove(made)
        if made_target:
            shutil.rmtree(target, ignore_errors=True)
        where = exc.filename or target
        raise TreeError(f"cannot write {where}: {exc.strerror or exc}") from None
    return [final for _, final in staged]


def _folder(target: Path, rel: str, made: list[Path]) -> Path:
    """The folder of ``rel``, made where missing; never a link (it may lead out)."""
    folder = target
    for part in Path(rel).parent.parts:
        folder = folder / part
        if folder.is_symlink():
            raise OSError(errno.ELOOP, "is a symbolic link; not followed", str(folder))
        try:
            folder.mkdir()
            made.append(folder)
        except FileExistsError:
            if not folder.is_dir():
                raise
    return folder


def _place(temp: Path, final: Path) -> None:
    """Give ``temp`` the name ``final``, which must not exist in any form."""
    try:
        os.link(temp, final)  # fails if the name exists, a dangling link included
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.EXDEV, errno.ENOTSUP, errno.EMLINK):
            raise
        if os.path.lexists(final):  # a file system without hard links: check, rename
            raise FileExistsError(errno.EEXIST, "exists", str(final)) from None
        os.rename(temp, final)
    else:
        _unlink(temp)


def _unlink(path: Path) -> None:
    with contextlib.suppress(OSError):
        path.unlink()


def _remove(made: list[Path]) -> None:
    for path in reversed(made):
        with contextlib.suppress(OSError):
            path.rmdir() if path.is_dir() and not path.is_symlink() else path.unlink()

"""The only code that writes a user's file: nothing a user wrote is ever half-overwritten
or silently lost.

Every command that writes (``lint --fix``, ``migrate``, the editor's save, ``init``,
``report -o``, the DSL) comes through here; ``init``'s new tree through
:func:`create_tree` at the end of this module, every other write through
:func:`write_bytes_atomically`:

- Write to a temporary file in the same folder, flush it to disk, give it the original
  file's permissions (a new file gets the usual ``0o666`` minus the umask) and, where the
  process may, its owner and group; then rename it over the original (``os.replace`` is
  atomic on POSIX and Windows). If anything fails, the temporary file is removed and the
  original is intact. Windows refuses the rename while another program holds the file
  open: it is tried again for a moment, then refused with :class:`HeldOpen`
  ("another program has it open").
- A path that is a symbolic link is written through: the file it points to is replaced,
  the link stays a link.
- A file with more than one hard link cannot be renamed over without breaking the other
  links: its new content is written to a verified temporary copy first, then copied into
  the file in place (the temporary copy is kept if that copy fails, and named).
- A read-only file (its owner's write bit clear: ``chmod a-w``, the read-only attribute
  on Windows, a TFVC or Perforce file not checked out) is refused with
  :class:`ReadOnlyFile`, as ruff and prettier refuse it: the rename needs only a
  writable folder, so without this check it would replace the file. The mode bits are
  read, not ``os.access``, which says "writable" for every file to root.
- ``expected``: the :class:`Snapshot` of the file as the command read it. Just before the
  file is replaced, it is checked again (its size and a hash of its bytes); if another
  program (or another ``datasets`` run) changed it meanwhile, nothing is written and
  :class:`ChangedOnDisk` is raised, so no one's edit is lost.

Content too large to hold in memory (a report of millions of runs) is written in pieces
with :func:`streaming_atomically`: the pieces go to the same temporary file, and the same
checks, permissions and rename happen when the block ends; an exception inside the block
leaves the original as it was and no temporary file behind.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import shutil
import stat
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import BinaryIO

from ait_datasets.records import FrozenRecord


class ChangedOnDisk(OSError):
    """The file changed after it was read: writing would lose that change."""

    def __init__(self, path: str) -> None:
        super().__init__(
            errno.EAGAIN,
            "the file changed on disk after it was read; nothing was written "
            "(run the command again)",
            path,
        )


class RefusedTarget(OSError):
    """The target is not a regular file (a folder, pipe, socket or device)."""


class HeldOpen(OSError):
    """Windows would not replace the file: another program holds it open."""

    def __init__(self, path: str) -> None:
        super().__init__(errno.EACCES, "another program has it open", path)


class ReadOnlyFile(OSError):
    """The file is read-only: it is never replaced."""

    def __init__(self, path: str) -> None:
        super().__init__(errno.EACCES, "it is read-only", path)


def is_read_only(info: os.stat_result) -> bool:
    """Whether a file's mode says its owner may not write it. On Windows the read-only
    attribute clears the same bit (``S_IWRITE`` is ``S_IWUSR``)."""
    return not info.st_mode & stat.S_IWUSR


def cannot_write(path: str, exc: OSError) -> str:
    """Every writer's one line for a refused or failed write (``cannot write FILE: why``)."""
    return f"cannot write {path}: {exc.strerror or exc}"


class Snapshot(FrozenRecord):
    """What a file held when it was read: enough to tell whether it changed since."""

    size: int
    digest: str

    @classmethod
    def of(cls, data: bytes) -> Snapshot:
        """The snapshot of a file whose content, as read, was ``data``."""
        return cls(len(data), _digest(data))

    @classmethod
    def of_file(cls, path: str) -> Snapshot | None:
        """The file's snapshot now, or None when there is no file."""
        try:
            return cls(*_file_digest(path))
        except FileNotFoundError:
            return None


_CHUNK = 1 << 20


def _digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def _file_digest(path: str) -> tuple[int, str]:
    """The size and :func:`_digest` of a file, read a piece at a time (a report can be
    hundreds of megabytes)."""
    digest = hashlib.blake2b(digest_size=16)
    size = 0
    with open(path, "rb") as fh:
        while chunk := fh.read(_CHUNK):
            digest.update(chunk)
            size += len(chunk)
    return size, digest.hexdigest()


def stat_or_none(path: str) -> os.stat_result | None:
    """``os.stat(path)``, or None when there is no file."""
    try:
        return os.stat(path)
    except FileNotFoundError:
        return None


def unchanged(path: str, expected: Snapshot | None) -> bool:
    """Whether ``path`` still is what ``expected`` says (None: the file must not exist)."""
    info = stat_or_none(path)
    if info is None or expected is None:
        return info is None and expected is None
    if info.st_size != expected.size:
        return False
    # The same size and modification time prove nothing on a coarse clock: compare the
    # bytes (a hash of them) whenever the size agrees.
    return _file_digest(path)[1] == expected.digest


# Sentinel for "do not check": distinct from None ("the file must not exist yet").
NO_CHECK = Snapshot(-1, "")


def write_bytes_atomically(path: str, data: bytes, *, expected: Snapshot | None = NO_CHECK) -> None:
    """Replace (or create) the file at ``path`` with ``data`` in one step.

    With ``expected`` (a :class:`Snapshot`, or None for "must not exist yet"), refuse with
    :class:`ChangedOnDisk` when the file is no longer what was read.
    """
    with streaming_atomically(path, expected=expected) as out:
        out.write(data)


class AtomicStream:
    """Where :func:`streaming_atomically` writes: the temporary file, and a hash of what
    went into it (a hard-linked target is filled from the file only once it reads back)."""

    __slots__ = ("_digest", "_fh", "size")

    def __init__(self, fh: BinaryIO) -> None:
        self._fh = fh
        self._digest = hashlib.blake2b(digest_size=16)
        self.size = 0

    def write(self, data: bytes) -> None:
        """Add ``data`` to the new content."""
        self._fh.write(data)
        self._digest.update(data)
        self.size += len(data)

    def write_text(self, text: str) -> None:
        """Add ``text`` to the new content, as UTF-8."""
        self.write(text.encode("utf-8"))

    @property
    def snapshot(self) -> Snapshot:
        """What the new content is, to check the temporary file against."""
        return Snapshot(self.size, self._digest.hexdigest())


@contextlib.contextmanager
def streaming_atomically(
    path: str, *, expected: Snapshot | None = NO_CHECK
) -> Iterator[AtomicStream]:
    """Write the new content of ``path`` in pieces; it replaces the file when the block
    ends, exactly as :func:`write_bytes_atomically` does (which writes through this).

    Refused before anything is written: a target that is not a regular file
    (:class:`RefusedTarget`) and a read-only file (:class:`ReadOnlyFile`; checked again
    just before the file is replaced). When the block raises, or the content cannot be put in place,
    the file is untouched and the temporary file removed; ``expected`` as for
    :func:`write_bytes_atomically`.
    """
    target = os.path.realpath(path)
    folder = os.path.dirname(target)
    info = stat_or_none(target)
    if info is not None and not stat.S_ISREG(info.st_mode):
        raise RefusedTarget(errno.EINVAL, "not a regular file; not written", path)
    if info is not None and is_read_only(info):
        raise ReadOnlyFile(path)
    mode = stat.S_IMODE(info.st_mode) if info is not None else _new_file_mode()
    fd, tmp = tempfile.mkstemp(prefix=".datasets-", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as fh:
            stream = AtomicStream(fh)
            yield stream
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        if info is not None:
            _keep_owner(tmp, info)
        if expected is not NO_CHECK and not unchanged(target, expected):
            raise ChangedOnDisk(path)
        now = stat_or_none(target)
        if now is not None and is_read_only(now):  # made read-only while it was written
            raise ReadOnlyFile(path)
        if info is not None and info.st_nlink > 1:
            _copy_in_place(tmp, target, stream.snapshot)
            os.unlink(tmp)
        else:
            _replace(tmp, target, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


# Windows refuses to replace a file that another program (an editor, Excel, a virus
# scanner, the search indexer) has open without delete sharing: ERROR_ACCESS_DENIED or
# ERROR_SHARING_VIOLATION. A scanner lets go within moments, so try a few times.
_HELD_OPEN_WINERRORS = (5, 32)
REPLACE_ATTEMPTS = 5
REPLACE_PAUSE = 0.1  # seconds, doubled after each attempt (1.5 s in all)


def _replace(tmp: str, target: str, path: str) -> None:
    """``os.replace(tmp, target)``, retried while another program holds ``target`` open;
    :class:`HeldOpen` (named ``path``) when it never lets go."""
    pause = REPLACE_PAUSE
    for attempt in range(REPLACE_ATTEMPTS):
        try:
            os.replace(tmp, target)
            return
        except PermissionError as exc:
            if getattr(exc, "winerror", None) not in _HELD_OPEN_WINERRORS:
                raise  # POSIX: the folder is not writable; no waiting changes that
            if attempt == REPLACE_ATTEMPTS - 1:
                raise HeldOpen(path) from exc
        time.sleep(pause)
        pause *= 2


def write_text_atomically(
    path: str, text: str, *, bom: bool = False, expected: Snapshot | None = NO_CHECK
) -> None:
    """Write ``text`` as UTF-8 (with a byte order mark when ``bom``), atomically."""
    write_bytes_atomically(
        path, ("\ufeff" + text if bom else text).encode("utf-8"), expected=expected
    )


def _copy_in_place(verified: str, target: str, content: Snapshot) -> None:
    """Write the content of ``verified`` into ``target`` itself (keeping its hard links).

    The temporary file ``verified`` must read back as ``content`` (its size and hash); if
    writing in place fails midway, it is kept and named in the error, so the content is
    never lost.
    """
    if Snapshot.of_file(verified) != content:
        raise OSError(errno.EIO, "the temporary copy does not read back; not written", target)
    try:
        with open(verified, "rb") as src, open(target, "r+b") as out:
            while chunk := src.read(_CHUNK):
                out.write(chunk)
            out.truncate()
            out.flush()
            os.fsync(out.fileno())
    except OSError as exc:
        kept = verified + ".kept"
        os.replace(verified, kept)
        raise OSError(
            exc.errno, f"{exc.strerror}; the new content is kept in {kept}", target
        ) from exc


def _keep_owner(tmp: str, info: os.stat_result) -> None:
    """Give the new file the old one's owner and group where this process may."""
    chown = getattr(os, "chown", None)
    if chown is None:
        return
    # Not root and not the owner: the file keeps this user's ownership, as any editor's
    # save would give it.
    with contextlib.suppress(OSError):
        chown(tmp, info.st_uid, info.st_gid)


def _new_file_mode() -> int:
    # mkstemp creates 0o600 files; a new dataset or report should be as readable as any
    # file the user creates. The umask can only be read by setting it.
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o666 & ~umask


# --- A tree of new files, all at once or not at all (`datasets init`) -------------------
#
# The files are written into a staging folder inside the target first (so a full disk
# fails before anything is in place), then linked into place one by one without ever
# replacing anything: a name that exists in any form (a file, a folder, a dangling
# symbolic link) is refused, and no symbolic link is followed out of the target. When a
# step fails, everything this run made is removed again.


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
        # EINVAL: Windows on FAT, exFAT and some network shares (ERROR_INVALID_FUNCTION).
        if exc.errno not in (errno.EPERM, errno.EXDEV, errno.ENOTSUP, errno.EMLINK, errno.EINVAL):
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

"""Writing the file: only when it still parses, atomically, keeping its permissions."""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile

from ait_datasets.source.load import load_text


class RefusedToSave(Exception):
    """The text would not parse; the message says where and why. Nothing was written."""


def check_parses(path: str, text: str, dash_lines: list[int] | None = None) -> None:
    """Raise :class:`RefusedToSave` when ``text`` has syntax errors, or when its tests do
    not start on ``dash_lines`` (where the editor believes they are)."""
    from ait_datasets.tui.findings import dash_lines_of

    doc = load_text(path, text)
    problems = [d for d in doc.diagnostics if d.code.startswith("SYN") and d.severity.rank == 2]
    if doc.root is None or problems:
        first = problems[0] if problems else None
        where = f"{path}:{first.line}:{first.column}: {first.message}" if first else path
        raise RefusedToSave(f"not saved: the result would not parse ({where})")
    if dash_lines is not None and dash_lines_of(doc) != dash_lines:
        raise RefusedToSave(
            "not saved: the tests are not where the editor expected them; please report this file"
        )


def write_atomic(path: str, text: str, *, bom: bool = False) -> None:
    """Write ``text`` as UTF-8 via a temporary file in the same folder and a rename."""
    folder = os.path.dirname(os.path.abspath(path))
    mode: int | None = None
    with contextlib.suppress(FileNotFoundError):
        mode = stat.S_IMODE(os.stat(path).st_mode)
    fd, tmp = tempfile.mkstemp(prefix=".datasets-edit-", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write((("\ufeff" if bom else "") + text).encode("utf-8"))
            fh.flush()
            os.fsync(fh.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def save_text(
    path: str, text: str, *, bom: bool = False, dash_lines: list[int] | None = None
) -> None:
    """Check that ``text`` parses, then write it atomically."""
    check_parses(path, text, dash_lines)
    write_atomic(path, text, bom=bom)

"""Writing the file: only when it still parses, only over what the editor loaded, as
``Edit``s through the shared ``apply_edits`` and the one atomic writer."""

from __future__ import annotations

import os
import stat

from ait_datasets.atomic import ChangedOnDisk, Snapshot, cannot_write, write_bytes_atomically
from ait_datasets.diagnostics import Edit, apply_edits
from ait_datasets.source.load import load_text


class RefusedToSave(Exception):
    """Nothing was written; the message says why: where the text would not parse, or why
    the file cannot be written (it is read-only, say)."""


def check_parses(path: str, text: str, dash_lines: list[int] | None = None) -> None:
    """Raise :class:`RefusedToSave` when ``text`` has syntax errors, or when its tests do
    not start on ``dash_lines`` (where the editor believes they are)."""
    from ait_datasets.tui.findings import dash_lines_of

    doc = load_text(path, text)
    problems = [d for d in doc.diagnostics if d.code.startswith("SYN") and d.severity.rank == 2]
    # A JSONL file has rows, not a root.
    if (doc.root is None and doc.format != "jsonl") or problems:
        first = problems[0] if problems else None
        where = f"{path}:{first.line}:{first.column}: {first.message}" if first else path
        raise RefusedToSave(f"not saved: the result would not parse ({where})")
    if dash_lines is not None and dash_lines_of(doc) != dash_lines:
        raise RefusedToSave(
            "not saved: the tests are not where the editor expected them; please report this file"
        )


def parse_problem(path: str, text: str, dash_lines: list[int] | None = None) -> str | None:
    """Why :func:`check_parses` refuses ``text`` (None: it does not): what the editor's
    lint child answers for a large text."""
    try:
        check_parses(path, text, dash_lines)
    except RefusedToSave as exc:
        return str(exc)
    return None


class DiskChanged(Exception):
    """The file on disk is not what the editor loaded (or last saved); nothing was written."""

    def __init__(self, path: str, now: bytes | None) -> None:
        gone = now is None
        super().__init__(
            f"{path} was {'deleted' if gone else 'changed'} by another program since it was "
            "opened; not saved"
        )
        self.path = path
        self.now = now


def read_disk(path: str) -> bytes | None:
    """The file's bytes now (None when it does not exist; never opens a non-regular file)."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise OSError(f"{path} is not a regular file")
    except FileNotFoundError:
        return None
    with open(path, "rb") as fh:
        return fh.read()


def write_dataset(
    path: str, base: str, edits: list[Edit], *, bom: bool, expected: bytes | None
) -> bytes:
    """The editor's only write: ``edits`` applied to ``base`` (the text loaded or last
    saved) with the shared :func:`apply_edits`, written by the one atomic writer.

    ``expected`` is the file's bytes as the editor last saw them (None: it did not exist);
    if the file holds anything else now (or just before it is replaced), :class:`DiskChanged`
    is raised and nothing is written. A file that cannot be written (read-only) raises
    :class:`RefusedToSave`, whose message the editor shows. Returns the bytes written.
    """
    now = read_disk(path)
    if now != expected:
        raise DiskChanged(path, now)
    text = apply_edits(base, edits)
    data = (("\ufeff" if bom else "") + text).encode("utf-8")
    snapshot = None if expected is None else Snapshot.of(expected)
    try:
        write_bytes_atomically(path, data, expected=snapshot)
    except ChangedOnDisk:
        raise DiskChanged(path, read_disk(path)) from None
    except OSError as exc:
        raise RefusedToSave(f"not saved: {cannot_write(path, exc)}") from exc
    return data


def save_text(
    path: str, text: str, *, bom: bool = False, dash_lines: list[int] | None = None
) -> None:
    """Check that ``text`` parses, then write it over whatever the file holds (the
    editor itself compares with the disk first; this is the unconditional form)."""
    check_parses(path, text, dash_lines)
    now = read_disk(path)
    base = "" if now is None else now.decode("utf-8", "surrogateescape")
    write_dataset(path, base, [Edit(0, len(base), text)], bom=bom, expected=now)


def fixed_text(path: str, text: str, edits: list[Edit]) -> str | None:
    """``text`` with a fix's edits applied, as `datasets lint --fix` applies them, or None
    when they overlap or the result would not parse where ``text`` did."""
    try:
        fixed = apply_edits(text, edits)
    except ValueError:
        return None
    before = load_text(path, text)
    after = load_text(path, fixed)
    if after.has_errors and not before.has_errors:
        return None
    return fixed

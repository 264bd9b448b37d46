"""The AL sources of a test app: which files, read safely, and the facts they hold.

A test app is the folder holding ``app.json`` beside the ``.resources`` folder of its
datasets. Its AL files are the ``*.al`` files under that folder (any depth), skipping
``.resources``, ``.alpackages``, version-control and editor folders. Only regular files
are read (a symbolic link is never followed, so a pull request cannot make CI read a file
outside the app), each up to ``MAX_AL_BYTES``; a larger or unreadable file is listed in
``skipped`` with the reason and adds no facts.
"""

from __future__ import annotations

import os
import stat
from typing import NamedTuple

from ait_datasets.al.declarations import ALFile, read_al
from ait_datasets.al.reads import AppCode
from ait_datasets.al.suggestions import Offered, offered_codes
from ait_datasets.dataset.paths import display_path

MAX_AL_BYTES = 4 * 1024 * 1024
MAX_AL_FILES = 20000
_SKIP_DIRS = frozenset(
    {
        ".resources",
        ".alpackages",
        ".alcache",
        ".snapshots",
        ".git",
        ".hg",
        ".svn",
        ".vscode",
        ".idea",
        "node_modules",
        ".venv",
        "venv",
        "__pycache__",
    }
)


class AppSources(NamedTuple):
    """The AL code of one test app."""

    folder: str
    code: AppCode
    offered: Offered
    skipped: list[tuple[str, str]]


def app_folder(resources: str) -> str | None:
    """The test app's folder for its ``.resources`` folder: the parent, when it has an
    ``app.json`` (an AL project), else None."""
    parent = os.path.dirname(os.path.abspath(resources))
    return parent if os.path.isfile(os.path.join(parent, "app.json")) else None


def al_paths(folder: str) -> list[str]:
    """The ``*.al`` files under ``folder`` in a stable order (no links followed)."""
    out: list[str] = []
    for root, dirs, files in os.walk(folder, followlinks=False):
        dirs[:] = sorted(d for d in dirs if d not in _SKIP_DIRS)
        for name in sorted(files):
            if name.lower().endswith(".al"):
                out.append(os.path.join(root, name))
                if len(out) >= MAX_AL_FILES:
                    return out
    return out


def read_file(path: str) -> tuple[str | None, str | None]:
    """(text, None), or (None, why it was not read)."""
    try:
        info = os.lstat(path)
    except OSError as exc:
        return None, exc.strerror or str(exc)
    if stat.S_ISLNK(info.st_mode):
        return None, "symbolic link: not followed"
    if not stat.S_ISREG(info.st_mode):
        return None, "not a regular file"
    if info.st_size > MAX_AL_BYTES:
        return None, f"{info.st_size} bytes, over the limit of {MAX_AL_BYTES}"
    try:
        with open(path, "rb") as fh:
            raw = fh.read(MAX_AL_BYTES + 1)
    except OSError as exc:
        return None, exc.strerror or str(exc)
    # AL files are UTF-8 (the compiler's default); a BOM is dropped, bad bytes replaced.
    return raw.decode("utf-8-sig", errors="replace"), None


def read_sources(folder: str, paths: list[str] | None = None) -> AppSources:
    files: list[ALFile] = []
    skipped: list[tuple[str, str]] = []
    for path in al_paths(folder) if paths is None else paths:
        text, why = read_file(path)
        if text is None:
            skipped.append((path, why or "unreadable"))
            continue
        files.append(read_al(path, text))
    return AppSources(folder, AppCode(files), offered_codes(files), skipped)


def app_sources(resources: str) -> AppSources | None:
    """The AL code of the test app of the ``resources`` folder, its files named as findings
    show them; None when there is no app (no ``app.json``) or it has no ``*.al`` file."""
    folder = app_folder(resources)
    if folder is None:
        return None
    paths = al_paths(folder)
    return read_sources(folder, [display_path(p) for p in paths]) if paths else None

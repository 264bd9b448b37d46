"""Paths and positions as CI systems want them.

Code-scanning tools and workflow annotations resolve a file relative to the repository
checkout (the directory the command runs in), with forward slashes on every platform.
"""

from __future__ import annotations

import os
from pathlib import Path, PurePath


def relative_posix(path: str, root: str | None = None) -> str | None:
    """``path`` relative to ``root`` (default: the current directory) with ``/`` separators.

    None when the file lies outside ``root`` (or on another drive), where a relative path
    would have to climb out with ``..``.
    """
    base = os.path.abspath(root if root is not None else os.getcwd())
    full = os.path.abspath(path)
    try:
        rel = os.path.relpath(full, base)
    except ValueError:  # another drive on Windows
        return None
    if rel == os.pardir or rel.startswith(os.pardir + os.sep):
        return None
    return PurePath(rel).as_posix()


def display_path(path: str) -> str:
    """The relative POSIX path when the file is under the current directory, else as given."""
    rel = relative_posix(path)
    return rel if rel is not None else Path(path).as_posix()


def offset_to_position(text: str, offset: int) -> tuple[int, int]:
    """The 1-based (line, column) of character ``offset`` in ``text`` (columns count characters)."""
    offset = max(0, min(offset, len(text)))
    line = text.count("\n", 0, offset) + 1
    line_start = text.rfind("\n", 0, offset) + 1
    return line, offset - line_start + 1

"""How a file's path is shown: one definition for every message, reporter and report.

Code-scanning tools, workflow annotations and people all resolve a file relative to the
folder the command runs in (the repository checkout), with forward slashes on every
platform; a file outside that folder keeps the path it was given.
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
    """The relative POSIX path when the file is under the current directory, else as given.

    ``./.resources/a.yaml`` and ``.resources/a.yaml`` both show as ``.resources/a.yaml``.
    """
    rel = relative_posix(path)
    return rel if rel is not None else Path(path).as_posix()

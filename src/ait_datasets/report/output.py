"""Write a rendered report to a file atomically, keeping an existing file's permissions."""

from __future__ import annotations

import os
import stat

from ait_datasets.atomic import write_text_atomically


def names_an_input(output: str, inputs: list[str]) -> bool:
    """Whether ``output`` is (a link to, or another name of) one of ``inputs``."""
    target = os.path.realpath(output)
    for name in inputs:
        if os.path.realpath(name) == target:
            return True
        try:
            if os.path.samefile(name, output):  # hard links, case-insensitive names
                return True
        except OSError:
            continue
    return False


def write_atomic(path: str, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` so that a reader never sees half a report.

    The text goes to a temporary file in the same directory, which then replaces the
    target in one step (:mod:`ait_datasets.atomic`). An existing file keeps its permission
    bits; a target that is not a regular file (a device such as ``/dev/stdout``, a pipe)
    is written in place.
    """
    # Through a symbolic link, replace the file it points to, not the link.
    target = os.path.realpath(path)
    try:
        status: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        status = None
    if status is not None and not stat.S_ISREG(status.st_mode):
        # /dev/stdout, /dev/null, a pipe: replacing it would destroy it; write into it.
        with open(target, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
        return
    write_text_atomically(target, text)

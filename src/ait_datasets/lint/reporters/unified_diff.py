"""Unified diffs that `git apply` and `patch -p1` accept.

``a/PATH`` and ``b/PATH`` with the clean relative path (never ``a/./PATH``), and the
``\\ No newline at end of file`` marker that difflib leaves out: without it a fix near
the end of a file without a final newline gives a patch git refuses.
"""

from __future__ import annotations

import difflib

from ait_datasets.dataset.paths import display_path

NO_NEWLINE = "\\ No newline at end of file\n"


def unified_diff(path: str, old: str, new: str) -> str:
    """The diff from ``old`` to ``new`` for the file at ``path``; empty when they are equal."""
    if old == new:
        return ""
    shown = display_path(path)
    out: list[str] = []
    for line in difflib.unified_diff(
        _lines(old),
        _lines(new),
        fromfile=f"a/{shown}",
        tofile=f"b/{shown}",
    ):
        if line.startswith(("---", "+++")):
            out.append(line.rstrip("\n") + "\n")
            continue
        out.append(line)
        if not line.endswith("\n"):
            out.append("\n" + NO_NEWLINE)
    return "".join(out)


def _lines(text: str) -> list[str]:
    """Lines split at ``\\n`` only, with their ends (``str.splitlines`` also splits at
    U+2028 and form feeds, which git does not: the hunks would not apply)."""
    parts = text.split("\n")
    lines = [part + "\n" for part in parts[:-1]]
    if parts[-1]:
        lines.append(parts[-1])
    return lines

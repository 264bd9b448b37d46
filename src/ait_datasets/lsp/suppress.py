""" "Suppress CODE on this line": the comment to add, checked before it is offered.

The comment goes at the end of the finding's line (``  # datasets: disable=CODE``), or
joins a ``datasets: disable=`` comment already there. A ``#`` inside a block scalar or a
multi-line string is text, not a comment, so the edit is kept only when the file's data
is unchanged by it; otherwise the comment goes on a line of its own above (which silences
the next line), under the same check. JSON has no comments: nothing is offered.
"""

from __future__ import annotations

import re

from ait_datasets.diagnostics import Diagnostic, Edit, apply_edits
from ait_datasets.lint.add_suppressions import same_data
from ait_datasets.lsp.positions import Lines
from ait_datasets.source.lines import newline_of

_EXISTING = re.compile(r"(?:#|<!--)\s*datasets:\s*disable\s*=\s*([A-Za-z0-9_,\s]*[A-Za-z0-9_])")


def suppression_edit(text: str, path: str, diag: Diagnostic, fmt: str) -> Edit | None:
    """The edit that silences ``diag`` on its line, or None when no safe one exists."""
    if fmt not in ("yaml", "xml"):
        return None
    lines = Lines(text)
    index = diag.line - 1
    line = lines.line(index)
    start = lines.offset(index, 0)
    candidates: list[Edit] = []
    found = _EXISTING.search(line)
    if found is not None:
        codes = [c.strip() for c in found.group(1).split(",")]
        if diag.code in codes:
            return None
        at = start + found.end(1)
        candidates.append(Edit(at, at, f",{diag.code}"))
    else:
        comment = _comment(fmt, diag.code)
        end = start + len(line)
        candidates.append(Edit(end, end, ("  " if line.strip() else "") + comment))
        indent = line[: len(line) - len(line.lstrip())]
        candidates.append(Edit(start, start, f"{indent}{comment}{newline_of(text)}"))
    for edit in candidates:
        if same_data(path, text, apply_edits(text, [edit])):
            return edit
    return None


def _comment(fmt: str, code: str) -> str:
    return f"<!-- datasets: disable={code} -->" if fmt == "xml" else f"# datasets: disable={code}"

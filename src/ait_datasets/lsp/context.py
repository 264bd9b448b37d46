"""Where the cursor is in a YAML buffer, read from the lines around it.

Completion runs while the user types, on text that often does not parse; the keys above
a line (by indentation) are enough to know that a value is an intervention type or a
suggestion code. Reading stops at the first line that is less indented than all before
it at the top level, so the work is bounded by the distance to the top-level key.
"""

from __future__ import annotations

import re

from ait_datasets.lsp.positions import Lines

_KEY = re.compile(r"^(?P<indent>\s*)(?:-\s+)*(?P<key>[A-Za-z_][\w-]*)\s*:(?:\s|$)")
_ITEM = re.compile(r"^(?P<indent>\s*)-(?:\s|$)")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def own_key(line: str) -> str | None:
    """The key this line sets (``type`` in ``  type: X`` and in ``- type: X``)."""
    found = _KEY.match(line)
    return found.group("key") if found else None


def ancestors(lines: Lines, index: int) -> list[str]:
    """The keys that hold line ``index``, outermost first (list items are skipped)."""
    line = lines.line(index)
    limit = _indent(line) if line.strip() else 10**9
    # A "- key: v" line's own key sits at the dash's indent + 2.
    item = _ITEM.match(line)
    if item is not None:
        limit = len(item.group("indent"))
    keys: list[str] = []
    for i in range(index - 1, -1, -1):
        text = lines.line(i)
        stripped = text.strip()
        if not stripped or stripped.startswith("#"):
            continue
        indent = _indent(text)
        if indent >= limit:
            continue
        found = _KEY.match(text)
        if found is not None:
            keys.append(found.group("key"))
        limit = indent
        if indent == 0:
            break
    return keys[::-1]


def value_start(line: str) -> int | None:
    """Where the value of ``key: value`` (or of a ``- value`` item) starts on the line."""
    found = _KEY.match(line)
    if found is not None:
        return found.end() if found.end() <= len(line) else len(line)
    item = _ITEM.match(line)
    if item is not None:
        return item.end()
    return None

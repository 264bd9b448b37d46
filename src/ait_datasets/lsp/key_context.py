"""Which mapping a key being typed belongs to, read from the lines above and below it.

Key completion runs on text that often does not parse (the key is half typed), so the
mapping is found by indentation, as :mod:`.context` finds a value's keys: the keys that
hold it (outermost first; list items are skipped, so a turn is ``[tests, turns]``) and
the keys it already has (not offered again). A ``- key:`` line's key sits at the dash's
indent + 2 and starts a new item's mapping.
"""

from __future__ import annotations

import re

from ait_datasets.lsp.positions import Lines

_LINE = re.compile(r"^(?P<indent> *)(?P<dash>(?:-\s+)*)(?:(?P<key>[A-Za-z_][\w-]*)\s*:(?:\s|$))?")
# What may be before the cursor when a key is being typed: indent, a dash, a partial word.
_TYPING_KEY = re.compile(r"^(?P<indent> *)(?P<dash>(?:-\s+)*)(?P<word>[A-Za-z_][\w-]*)?$")


class KeyPlace:
    """Where a key is being typed: the keys holding its mapping and the keys it has."""

    def __init__(self, path: list[str], present: set[str], dash: int) -> None:
        self.path = path
        self.present = present
        # The width of the `- ` before the key on its line (0 when none).
        self.dash = dash


def key_place(lines: Lines, index: int, column: int) -> KeyPlace | None:
    """The place of a key typed at ``column`` of line ``index``; None when the cursor is
    not where a key goes (after a colon, in a value, in a comment)."""
    here = lines.line(index)
    typing = _TYPING_KEY.match(here[:column])
    if typing is None:
        return None
    col = len(typing.group("indent")) + len(typing.group("dash"))
    present: set[str] = set()
    # The holders are read from the line above where the mapping starts.
    start, limit, after_item = index, col, False
    if typing.group("dash"):
        limit, after_item = len(typing.group("indent")), True
    else:
        for i in range(index - 1, -1, -1):
            parsed = _parse(lines.line(i))
            if parsed is None:
                continue
            indent, key_col, key, item = parsed
            if key_col == col and key is not None:
                present.add(key)
                if item:  # `- key:`: the mapping (an item) starts here
                    start, limit, after_item = i, indent, True
                    break
            elif indent < col:  # the line holding the mapping
                start = i + 1
                break
        else:
            start = 0
    present |= _below(lines, index, col)
    dash = len(typing.group("dash"))
    return KeyPlace(_holders(lines, start, limit, after_item), present, dash)


def _below(lines: Lines, start: int, col: int) -> set[str]:
    """Keys at ``col`` after line ``start`` until the mapping ends (a line less indented)."""
    out: set[str] = set()
    for i in range(start + 1, len(lines)):
        parsed = _parse(lines.line(i))
        if parsed is None:
            continue
        indent, _key_col, key, _item = parsed
        if indent < col:
            break
        if indent == col and key is not None:
            out.add(key)
    return out


def _holders(lines: Lines, index: int, limit: int, after_item: bool) -> list[str]:
    """The keys holding a mapping that starts at line ``index`` (``limit``: its indent, or
    its item's dash indent when ``after_item``)."""
    keys: list[str] = []
    for i in range(index - 1, -1, -1):
        parsed = _parse(lines.line(i))
        if parsed is None:
            continue
        indent, key_col, key, item = parsed
        if not (indent < limit or (after_item and indent == limit and not item)):
            continue
        if key is not None and key_col < limit + (2 if after_item else 0):
            keys.append(key)
        limit, after_item = indent, item
        if indent == 0 and not item:
            break
    return keys[::-1]


def _parse(line: str) -> tuple[int, int, str | None, bool] | None:
    """(indent, the key's column, the key, whether the line starts a list item), or None
    for a blank line or a comment."""
    stripped = line.strip()
    if not stripped or stripped.startswith("#"):
        return None
    found = _LINE.match(line)
    assert found is not None  # every part is optional
    indent = len(found.group("indent"))
    return indent, indent + len(found.group("dash")), found.group("key"), bool(found.group("dash"))

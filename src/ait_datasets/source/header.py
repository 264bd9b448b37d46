"""A YAML dataset's top level without its tests: what another file needs of it, cheaply.

The cross-file rules need a neighbour dataset's top-level keys (`name`, `language`,
`suite_setup`, `test_setup`), not its tests; reading a 4.9 MB neighbour's tests took
seconds of a small file's first lint. :func:`without_tests` leaves the top-level
``tests:`` list out of the text: its lines are dropped when nothing follows them (the
usual place of a dataset's tests), else each becomes an empty line, so every other key
keeps its line and column; the list then reads as empty (``tests:`` with no value).
"""

from __future__ import annotations

import re

# The top-level `tests:` key with its list below it (nothing but a comment after it).
_TESTS_KEY = re.compile(rb"tests[ \t]*:[ \t]*(?:#[^\r\n]*)?\r?\n")
# A line at column 0 that is neither blank, a comment nor a list item ends the list (a
# top-level list may put its dashes at column 0). Searched from a line break: `re` finds
# the literal first character quickly, where `^` would be tried at every offset.
_LIST_END = re.compile(rb"\n(?:[^ \t\r\n#-]|-[^ \t\r\n])")


def without_tests(raw: bytes) -> bytes | None:
    """``raw`` without its top-level tests list; None when it has no such list or where
    it ends cannot be told from the text alone (the caller then reads it all)."""
    keys = [at for at in _line_starts(raw, b"tests") if _TESTS_KEY.match(raw, at)]
    if len(keys) != 1:  # none, or a key given twice (the loader reports which counts)
        return None
    key = _TESTS_KEY.match(raw, keys[0])
    assert key is not None
    start = key.end()
    end_match = _LIST_END.search(raw, start - 1)
    if end_match is None:
        return raw[:start]
    end = end_match.start() + 1
    if raw.startswith((b"---", b"..."), end):  # a second document follows
        return None
    newline = b"\r\n" if key.group().endswith(b"\r\n") else b"\n"
    return raw[:start] + newline * raw.count(b"\n", start, end) + raw[end:]


def _line_starts(raw: bytes, word: bytes) -> list[int]:
    """The offsets of ``word`` at the start of a line."""
    out = [0] if raw.startswith(word) else []
    at = raw.find(b"\n" + word)
    while at >= 0:
        out.append(at + 1)
        at = raw.find(b"\n" + word, at + 1)
    return out

"""AL test code: ``.GetQuestion()`` calls become ``.GetQuery()``.

``AITTestContext.GetQuestion()`` is obsolete since version 29 and only calls
``GetQuery()``. Only member calls with no arguments are rewritten, and only in code:
comments, text literals and quoted identifiers are left alone, and so is a procedure
declared as ``GetQuestion`` (it is the user's own, not the framework's).
"""

from __future__ import annotations

import re

from ait_datasets.diagnostics import Edit
from ait_datasets.migrate.model import AL_GET_QUERY, Change

_CALL = re.compile(r"\.(\s*)GetQuestion(\s*)\((\s*)\)", re.IGNORECASE)


def code_mask(text: str) -> list[bool]:
    """For each character: is it AL code (not a comment, text literal or quoted name)?"""
    mask = [True] * len(text)
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
        elif ch in "'\"":
            end = i + 1
            while end < n:
                if text[end] == ch:
                    if ch == "'" and text.startswith("''", end):
                        end += 2
                        continue
                    end += 1
                    break
                if text[end] == "\n":
                    break
                end += 1
        else:
            i += 1
            continue
        for j in range(i, end):
            mask[j] = False
        i = end
    return mask


def plan_al(text: str) -> tuple[list[Edit], list[Change]]:
    """Edits that rename the calls, and a report line for each."""
    mask = code_mask(text)
    edits: list[Edit] = []
    changes: list[Change] = []
    for match in _CALL.finditer(text):
        if not mask[match.start()]:
            continue
        name_at = match.start() + 1 + len(match.group(1))
        line = text.count("\n", 0, match.start()) + 1
        edits.append(Edit(name_at, name_at + len("GetQuestion"), "GetQuery"))
        changes.append(Change(AL_GET_QUERY, line, None, None, "`GetQuestion()` -> `GetQuery()`"))
    return edits, changes

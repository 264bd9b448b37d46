"""The raw YAML of one test or one turn, as its author wrote it, and putting it back.

Keys the forms do not model (a misspelt ``expected_date:``, an app's own keys) stay
visible and editable here. The text is shown without the list's indentation and put back
re-indented; the result must still be exactly one test (one turn), and it is applied as
a replacement of those lines only, so every other byte of the file stays as it was.
"""

from __future__ import annotations

from ait_datasets.source.load import load_text
from ait_datasets.source.tree import Sequence as SeqNode
from ait_datasets.tui.roundtrip import TypedTextError
from ait_datasets.tui.turn_text import turn_blocks


class RawTextError(TypedTextError):
    """The raw text is not one test (or one turn) that parses (no position when it
    parses but is not one test or turn)."""


def _dedent(text: str, column: int) -> str:
    out = []
    for line in text.splitlines(keepends=True):
        spaces = len(line) - len(line.lstrip(" "))
        out.append(line[min(spaces, column) :])
    return "".join(out)


def _indent(text: str, column: int, newline: str) -> str:
    if not text.endswith("\n"):
        text += "\n"
    lines = [(" " * column + line if line.strip() else line) for line in text.splitlines()]
    return newline.join(lines) + newline


def _one_item(body: str, what: str) -> None:
    doc = load_text("raw.yaml", body)
    errors = [d for d in doc.diagnostics if d.code.startswith("SYN")]
    if errors:
        first = errors[0]
        raise RawTextError(first.message, first.line, first.column)
    if not isinstance(doc.root, SeqNode) or len(doc.root.items) != 1 or doc.root.flow:
        raise RawTextError(f"the text must be exactly one {what}, starting with '- '")


def raw_of(body: str, dash_column: int, turn: int | None) -> str | None:
    """The raw text of the test in ``body`` (``turn`` None) or of one of its turns."""
    if turn is None:
        return _dedent(body, dash_column)
    found = turn_blocks(body)
    if found is None or not 0 <= turn < len(found[0]):
        return None
    start, end = found[0][turn]
    return _dedent(body[start:end], found[1])


def with_raw(body: str, dash_column: int, turn: int | None, raw: str, newline: str) -> str:
    """``body`` with the test (or turn ``turn``) replaced by ``raw``; raises
    :class:`RawTextError` when ``raw`` is not one test (turn) that parses."""
    if turn is None:
        _one_item(raw, "test")
        new = _indent(raw, dash_column, newline)
        _one_item(new, "test")
        return new
    found = turn_blocks(body)
    if found is None or not 0 <= turn < len(found[0]):
        raise RawTextError("this turn cannot be edited as raw text; edit the whole test")
    _one_item(raw, "turn")
    start, end = found[0][turn]
    new = body[:start] + _indent(raw, found[1], newline) + body[end:]
    _one_item(new, "test")
    after = turn_blocks(new)
    if after is None or len(after[0]) != len(found[0]):
        raise RawTextError("the text must be exactly one turn at the turn's indentation")
    return new

"""The lean plan of the most common legacy test: a flat test whose only turn key is a
one-line ``question:`` text on its own line.

For such a test the general planner (``planner`` + ``moves``) finds every entry's
extent, its comments and its runs of lines, applies the content edit to the moved lines
and re-indents them: a few hundred Python-level steps a test, several times the cost
of loading it. Here the same edit is written directly, from a handful of checks on the
question's line and its neighbours. Whenever a check does not hold (a comment near the
question, a quoted key, a value on its own line, trailing text, the last line without a
line break, ...), :meth:`LeanPlan.question_line` returns None and the general planner plans
the test. ``tests/migrate/test_migrate_lean_plan.py`` checks on generated flat files that
the two plans are the same (edits, changes and follow-ups), and the result is checked
against the intended data like every other.
"""

from __future__ import annotations

import re

from ait_datasets.diagnostics import Edit
from ait_datasets.migrate import rules
from ait_datasets.migrate.layout import Layout
from ait_datasets.migrate.text import LineCounter, quote
from ait_datasets.source.scalars import plain_reads_as_text
from ait_datasets.source.tree import Mapping, Scalar

# A line that is no comment, then the question's line up to its value: indentation,
# the plain key, spaces.
_ABOVE_AND_KEY = re.compile(r"(?![^\S\n]*#)[^\n]*\n( *)question: +")
# A line break, and no comment line next (after blank lines).
_LINE_BREAK_AND_NEXT = re.compile(r"\r?\n(?!\s*#)")
_OTHER_FLAT_KEYS = rules.FLAT_KEYS - {"question"}

# What the lean plan found: the edit of the whole move, the question's line, and its
# title when the report notes it (cut, or the first of several lines), else None.
QuestionLine = tuple[Edit, int, rules.Title | None]


class LeanPlan:
    """The lean plan of one file's tests (see the module's documentation)."""

    __slots__ = ("_heads", "layout", "lines", "newline", "sender", "text")

    def __init__(
        self,
        text: str,
        newline: str,
        layout: Layout,
        sender: str | None,
        lines: LineCounter | None = None,
    ) -> None:
        self.text = text
        self.newline = newline
        self.layout = layout
        self.sender = sender
        # The line numbers of the report (the general planner shares its counter).
        self.lines = lines or LineCounter()
        # The new lines' indentation for each column a question sits at.
        self._heads: dict[int, tuple[str, str]] = {}

    def question_line(self, test: Mapping) -> QuestionLine | None:
        """The move of ``test`` if it is a flat test whose only turn key is a one-line
        ``question:`` text, exactly as the general planner would write it; else None."""
        children = test.children
        if test.flow or "turns" in children or not _OTHER_FLAT_KEYS.isdisjoint(children):
            return None
        value = children.get("question")
        if type(value) is not Scalar or value.style not in ("", "'", '"'):
            return None
        data = value.data
        if type(data) is not str or not data.strip():
            return None
        text = self.text
        start = value.start_offset
        end = value.end_offset
        line_start = text.rfind("\n", 0, start) + 1
        if line_start == 0:
            return None
        # The line above is no comment (it would move with the key); the plain key
        # starts its own line (it is not the first key, after the item's `- `) and its
        # value follows on that line: the key of this test, at the test's column.
        match = _ABOVE_AND_KEY.match(text, text.rfind("\n", 0, line_start - 1) + 1)
        if match is None or match.end() != start:
            return None
        value_text = text[start:end]
        if "\n" in value_text or "\r" in value_text:
            return None  # a value on several lines
        # Only the line break after the value, and no comment line next (a deeper one
        # would move with the key).
        after = _LINE_BREAK_AND_NEXT.match(text, end)
        if after is None:
            return None
        rest = after.group()
        title_text = rules.plain_title(data)
        title = None
        if title_text is None:
            title = rules.title_from_lines(data)
            title_text = title.text
        style = value.style
        if style == "" and not plain_reads_as_text(data):
            value_text = quote(data, "'")
        if title_text == data and value_text[:1] not in "&!*|>":
            title_text = value_text
        else:
            title_text = quote(title_text, style)
        column = match.end(1) - match.start(1)
        heads = self._heads.get(column)
        if heads is None:
            heads = self._heads[column] = self._head(column)
        head, inner = heads
        # What the general planner writes: `query:` and its fields at the question's
        # place (their lines end in the file's line break, the last one as the
        # question's did), moved under `turns:`, the first line's indentation holding
        # the `-`.
        if self.sender is None:
            new = f"{head}{inner}title: {title_text}{inner}message: {value_text}{rest}"
        else:
            sender = quote(self.sender, style)
            new = (
                f"{head}{inner}from: {sender}{inner}title: {title_text}"
                f"{inner}message: {value_text}{rest}"
            )
        return Edit(line_start, after.end(), new), self.lines.line(test.lines, line_start), title

    def _head(self, column: int) -> tuple[str, str]:
        layout = self.layout
        nl = self.newline
        head = (
            f"{' ' * column}turns:{nl}{' ' * (column + layout.dash)}-{' ' * (layout.gap - 1)}query:"
        )
        return head, nl + " " * (layout.dash + layout.gap + column + layout.step)

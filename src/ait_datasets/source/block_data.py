"""The plain data of a text the line reader reads, without building its positioned tree.

A check that only compares a text's data with the data it should hold (``migrate``
reading back what it wrote) needs no offsets, no key nodes and no node objects: on a
large file those are most of the cost of a read (about 2.5 times the time of this one).
This reader walks the same lines with the same rules as
:mod:`~ait_datasets.source.block_yaml` and builds dicts, lists and values directly:

- every check that makes the line reader give up is made here too, in the same order,
  and the values are read by the line reader's own code (plain keys and values in the
  loops below through its helpers; every other value through its ``inline``);
- so it returns data exactly when the line reader returns a tree, and that data is the
  tree's ``data`` (``tests/source/test_block_yaml.py`` checks both on every text its
  differential tests generate); None means "read it the full way" (then the caller does);
- the items of a list that repeat one shape with other values are read from a template
  of that shape (:mod:`~ait_datasets.source.item_templates`: the same data, for a few
  checks a line instead of the walk; ``tests/source/test_item_templates.py``).
"""

from __future__ import annotations

import re

from ait_datasets.source.block_lexicon import (
    INTERN_UP_TO,
    KEY,
    MAX_DEPTH,
    NOT_PLAIN_START,
    UNKNOWN,
    GiveUp,
    line_breaks_read,
)
from ait_datasets.source.block_yaml import BlockReader
from ait_datasets.source.item_templates import ItemTemplates
from ait_datasets.source.scalars import MAYBE_NOT_TEXT

Data = dict[str, object] | list[object]


def read_block_data(text: str) -> Data | None:
    """The data of ``text`` (what ``read_block_yaml(text).data`` is), or None when the line
    reader would give up on it."""
    crlf = line_breaks_read(text)
    if crlf is None:
        return None
    try:
        return _DataReader(BlockReader(text, crlf, positions=False)).document()
    except GiveUp:
        return None


class _DataReader:
    """:class:`~ait_datasets.source.block_yaml.BlockReader`'s walk, building plain values.

    The methods mirror the line reader's ``document``, ``block``, ``mapping`` (with
    ``below`` and ``plain_text`` written inline: they run for most lines) and
    ``sequence`` line for line, without the offsets; keep them in step with it.
    """

    def __init__(self, reader: BlockReader) -> None:
        self.reader = reader
        self.lines = reader.lines
        self.indents = reader.indents
        self.depth = 0
        # Items of a list that repeat a shape are read from a template (see
        # :mod:`~ait_datasets.source.item_templates`).
        self.templates = ItemTemplates(self.plain)

    def plain(self, text: str) -> object:
        """The value of a plain value checked as :meth:`mapping` checks one."""
        if text[0] not in MAYBE_NOT_TEXT and len(text) <= INTERN_UP_TO:
            return text
        reader = self.reader
        value = reader.known_values.get(text, UNKNOWN)
        if value is UNKNOWN:
            value = reader.plain_value(text)
        return value

    def document(self) -> Data:
        reader = self.reader
        first = reader.next_content(0)
        if first == len(self.lines):
            raise GiveUp
        if self.lines[first].startswith(("---", "...", "%")):
            raise GiveUp
        data, after = self.block(first, self.indents[first], -1)
        if after != len(self.lines):
            raise GiveUp
        return data

    def block(self, i: int, indent: int, parent: int) -> tuple[Data, int]:
        if indent <= parent:
            raise GiveUp
        line = self.lines[i]
        if line.startswith(("---", "...")):
            raise GiveUp
        if line[indent] == "-" and (len(line) == indent + 1 or line[indent + 1] == " "):
            return self.sequence(i, indent)
        return self.mapping(i, indent)

    def mapping(
        self, i: int, column: int, matched: re.Match[str] | None = None
    ) -> tuple[dict[str, object], int]:
        """``matched``: the first line's key, matched already (by a list item's check)."""
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise GiveUp
        reader = self.reader
        lines = self.lines
        indents = self.indents
        count = len(lines)
        node: dict[str, object] = {}
        key_match = KEY.match
        not_plain_start = NOT_PLAIN_START
        known_keys = reader.known_keys
        known_values = reader.known_values
        plain_value = reader.plain_value
        maybe_not_text = MAYBE_NOT_TEXT
        while True:
            key_line = i
            line = lines[i]
            if column == 0 and line.startswith(("---", "...")):
                raise GiveUp
            match = key_match(line, column) if matched is None else matched
            matched = None
            if match is None:
                raise GiveUp
            plain = match.group(1)
            if plain is not None:
                key = known_keys.get(plain)
                if key is None:
                    key = reader.plain_key(plain)
                    known_keys[plain] = key
            else:
                key, _ = reader.quoted_key(match, column)
            if key in node:
                raise GiveUp
            at = match.end()
            value: object
            first = line[at : at + 1]
            if not first or first == "#":
                # below(), inline: a block deeper, a list at the key's column, or empty.
                j = i + 1
                while j < count:
                    following = lines[j]
                    indent = indents[j]
                    if indent < len(following) and following[indent] != "#":
                        break
                    j += 1
                if j < count and indent >= column:
                    dash = following[indent] == "-" and (
                        len(following) == indent + 1 or following[indent + 1] == " "
                    )
                    if dash:
                        value, i = self.sequence(j, indent)
                    elif indent > column:
                        value, i = self.mapping(j, indent)
                    else:
                        value, i = None, i + 1
                else:
                    value, i = None, i + 1
            elif first not in not_plain_start:
                # plain_text(), inline.
                text = line[at:]
                comment = text.find(" #")
                if comment >= 0:
                    text = text[:comment]
                text = text.rstrip(" ")
                if ": " in text or text[-1] == ":":
                    raise GiveUp
                if text[0] not in maybe_not_text and len(text) <= INTERN_UP_TO:
                    # Text: the line reader would intern it, which changes no value (and
                    # the data is only compared), so it is taken as it is.
                    value = text
                else:
                    value = known_values.get(text, UNKNOWN)
                    if value is UNKNOWN:
                        value = plain_value(text)
                i += 1
            else:
                scalar, i = reader.inline(i, at, column)
                value = scalar.data
            node[key] = value
            lines[key_line] = ""
            while i < count:
                line = lines[i]
                indent = indents[i]
                if indent < len(line) and line[indent] != "#":
                    break
                i += 1
            else:
                break
            if indent < column:
                break
            if indent > column:
                raise GiveUp
        self.depth -= 1
        return node, i

    def sequence(self, i: int, column: int) -> tuple[list[object], int]:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise GiveUp
        lines = self.lines
        indents = self.indents
        count = len(lines)
        items: list[object] = []
        templates = self.templates
        item_at = self.item
        item: object
        while True:
            item_line = i
            read = templates.read(self, i, column) if templates.enabled else None
            if read is None:
                item, i = item_at(i, column)
            else:
                item, i = read
            items.append(item)
            lines[item_line] = ""
            while i < count:
                line = lines[i]
                indent = indents[i]
                if indent < len(line) and line[indent] != "#":
                    break
                i += 1
            else:
                break
            if indent < column:
                break
            if indent > column:
                raise GiveUp
            if not (line[column] == "-" and (len(line) == column + 1 or line[column + 1] == " ")):
                break
        self.depth -= 1
        return items, i

    def item(self, i: int, column: int) -> tuple[object, int]:
        """The list item whose '-' is on line ``i`` at ``column``, and the line after it."""
        line = self.lines[i]
        at = column + 1
        length = len(line)
        while at < length and line[at] == " ":
            at += 1
        if at == length or line[at] == "#":
            j = self.reader.next_content(i + 1)
            if j < len(self.lines) and self.indents[j] > column:
                return self.block(j, self.indents[j], column)
            return None, i + 1
        if line[at] == "-" and (at + 1 == length or line[at + 1] == " "):
            raise GiveUp
        match = KEY.match(line, at)
        if match is not None:
            return self.mapping(i, at, match)
        scalar, i = self.reader.inline(i, at, column)
        return scalar.data, i

"""A line-at-a-time reader for the plain block YAML that datasets are written in.

libyaml parses fast, but it hands every token to Python as an event object carrying two
mark objects; on a large dataset that hand-over, not the parsing, is most of the load
time. Datasets use a small and regular part of YAML: block mappings and lists, one-line
plain or quoted values, literal text blocks, one-line flow lists of values. This module
reads exactly that part, a line at a time, into the tree the event builder makes (same
values, styles, offsets and interned strings), and gives up on anything else by returning
None; the caller then reads the file with libyaml as before.

It is the source package's one fast path, private to it: :func:`ait_datasets.source.load`
is its only way in (a lint, an editor and ``migrate``'s check of its result all read
YAML there).

It never reports a finding: anything worth one (duplicate or non-text keys, tags,
anchors, aliases, syntax errors, tabs, unusual characters) makes it give up, and the
libyaml path explains it. ``tests/source/test_block_yaml.py`` checks it against the event
builder (one property test over generated, damaged and arbitrary texts, and the real
datasets).
"""

from __future__ import annotations

import re
import sys
from array import array

from ait_datasets.source.block_lexicon import (
    AFTER_VALUE,
    DOUBLE,
    FLOW_ITEM,
    INTERN_UP_TO,
    KEY,
    MAX_DEPTH,
    MAX_KEY,
    NOT_PLAIN_START,
    SINGLE,
    UNKNOWN,
    GiveUp,
    line_breaks_read,
    plain_text,
    unescape,
)
from ait_datasets.source.scalars import (
    MAY_BE_OVERSIZED,
    MAYBE_NOT_TEXT,
    oversized_number,
    resolve_plain,
)
from ait_datasets.source.tree import LineIndex, Mapping, Node, Scalar, Sequence, Writings


def read_block_yaml(text: str) -> Node | None:
    """The tree of ``text``, or None when the text needs the full YAML reader."""
    crlf = line_breaks_read(text)
    if crlf is None:
        return None
    try:
        return BlockReader(text, crlf).document()
    except GiveUp:
        return None


def read_list_item(
    text: str, index: LineIndex, lines: list[str], starts: array[int], column: int, depth: int
) -> tuple[Node, int] | None:
    """One item of a block list, read exactly as :func:`read_block_yaml` reads it in
    ``text``, without reading the rest of the text.

    ``lines`` are consecutive lines of ``text`` (without their line breaks), the first
    holding the item's '-' at ``column``; they must run to the first line with content
    after the item, or to the end of the text. ``starts`` are their offsets in ``text``,
    ``index`` the line index the nodes get, ``depth`` the list's nesting depth (the root
    is 1). Returns the item and the line of ``lines`` with content after it (``len(lines)``
    at the end), or None when this reader would give up on the item.
    """
    reader = BlockReader.__new__(BlockReader)
    reader.text = text
    reader.lines = lines
    reader.writings = Writings(index)
    reader.indents = _indents(lines)
    reader.starts = starts
    reader.depth = depth
    reader.known_keys = {}
    reader.known_values = {}
    try:
        node, after = reader.item(0, column)
        return node, reader.next_content(after)
    except GiveUp:
        return None


def _indents(lines: list[str]) -> bytes | list[int]:
    """How many spaces each line starts with: one byte a line when every count fits (a
    list would hold eight bytes a line through the whole read of a large file)."""
    try:
        return bytes(len(line) - len(line.lstrip(" ")) for line in lines)
    except ValueError:  # a line indented 256 columns or more
        return [len(line) - len(line.lstrip(" ")) for line in lines]


class BlockReader:
    """One pass over the lines; each method returns a node and the next line to read.

    The loops over mapping keys and list items are the hot path (a large dataset has
    hundreds of thousands of lines): they look lines up in precomputed lists and read
    the common values (plain and double-quoted text) inline; rarer shapes go through
    methods. A line that has been read or skipped (a comment) is replaced by "" (lines
    are only ever read forward), so the split text shrinks as the tree grows instead of
    adding to the peak memory of a large file; a comment line left behind would keep
    the whole block of memory its string is in from being reused for the tree.
    """

    def __init__(self, text: str, crlf: bool = False) -> None:
        self.text = text
        # Every break is CRLF or every break is LF (checked by the caller): one split.
        self.lines = text.split("\r\n" if crlf else "\n")
        index = LineIndex.of_lines(text, self.lines, 2 if crlf else 1)
        index.single_line_scalars = True
        self.writings = Writings(index)
        self.indents = _indents(self.lines)
        self.starts = index.starts
        self.depth = 0
        # Plain keys and short plain values seen so far, with what they resolve to.
        self.known_keys: dict[str, str] = {}
        self.known_values: dict[str, object] = {}

    # -- lines ---------------------------------------------------------------------

    def next_content(self, i: int) -> int:
        """The first line from ``i`` on that holds more than spaces or a comment."""
        lines = self.lines
        indents = self.indents
        count = len(lines)
        while i < count:
            line = lines[i]
            indent = indents[i]
            if indent < len(line) and line[indent] != "#":
                return i
            lines[i] = ""  # a blank or comment line: let it go too
            i += 1
        return count

    def offset_of_content(self, i: int) -> int:
        """Where line ``i``'s content starts; the end of the text past the last line.

        That is where libyaml closes the blocks that this line ends.
        """
        if i >= len(self.lines):
            return len(self.text)
        return self.starts[i] + self.indents[i]

    # -- the document ----------------------------------------------------------------

    def document(self) -> Node | None:
        first = self.next_content(0)
        if first == len(self.lines):
            raise GiveUp  # only comments: libyaml's path says so
        if self.lines[first].startswith(("---", "...", "%")):
            raise GiveUp
        node, after = self.block(first, self.indents[first], -1)
        if after != len(self.lines):
            raise GiveUp  # something after the root: an error, or a second document
        return node

    def block(self, i: int, indent: int, parent: int) -> tuple[Node, int]:
        """The mapping or list whose first line is ``i``, at column ``indent``."""
        if indent <= parent:
            raise GiveUp
        line = self.lines[i]
        if line.startswith(("---", "...")):
            raise GiveUp
        if line[indent] == "-" and (len(line) == indent + 1 or line[indent + 1] == " "):
            return self.sequence(i, indent)
        return self.mapping(i, indent)

    # -- block mappings --------------------------------------------------------------

    def mapping(self, i: int, column: int) -> tuple[Mapping, int]:
        """The block mapping whose first key is on line ``i`` at ``column``.

        Its later keys are on lines indented exactly to ``column``. (The first line may be
        a list item's, ``- key: value``, so its own indentation is not ``column``.)
        """
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise GiveUp  # libyaml's path reports its own depth limit
        lines = self.lines
        indents = self.indents
        starts = self.starts
        written_plain = self.writings.plain
        count = len(lines)
        node = Mapping(written_plain, starts[i] + column, 0, keys_in_text=True)
        children = node.children
        key_match = KEY.match
        not_plain_start = NOT_PLAIN_START
        known_keys = self.known_keys
        while True:
            key_line = i
            line = lines[i]
            line_start = starts[i]
            if column == 0 and line.startswith(("---", "...")):
                raise GiveUp  # a document marker
            match = key_match(line, column)
            if match is None:
                raise GiveUp
            plain = match.group(1)  # the plain key, the common case
            if plain is not None:
                key_end = column + len(plain)
                key = known_keys.get(plain)
                if key is None:
                    key = self.plain_key(plain)
                    known_keys[plain] = key
            else:
                key, key_end = self.quoted_key(match, column)
            if key in children:
                raise GiveUp  # a duplicate key is a finding
            at = match.end()
            value_node: Node
            first = line[at : at + 1]
            if not first or first == "#":
                # Nothing after the colon: a block below, or an empty value just after it.
                value_node, i = self.below(i, column, line_start + key_end + 1)
            elif first not in not_plain_start:
                # A plain value, the common case: read here, without a call to inline().
                text = plain_text(line, at)
                start = line_start + at
                value_node = Scalar(self.plain_value(text), written_plain, start, start + len(text))
                i += 1
            else:
                value_node, i = self.inline(i, at, column)
            children[key] = value_node  # the key's node is made if it is ever asked for
            lines[key_line] = ""  # read: let it go while the tree grows (see BlockReader)
            # The next line with content (comments and blank lines are skipped).
            while i < count:
                line = lines[i]
                indent = indents[i]
                if indent < len(line) and line[indent] != "#":
                    break
                lines[i] = ""  # a blank or comment line: let it go too
                i += 1
            else:
                break
            if indent < column:
                break
            if indent > column:
                raise GiveUp  # a continuation line, or an error
        node.end_offset = self.offset_of_content(i)
        self.depth -= 1
        return node, i

    def plain_key(self, plain: str) -> str:
        """A plain key's text, checked (keys repeat: the caller keeps the answers)."""
        if plain[-1] == " " or len(plain) > MAX_KEY:
            raise GiveUp
        key = resolve_plain(plain) if plain[0] in MAYBE_NOT_TEXT else plain
        if type(key) is not str:
            raise GiveUp  # a number, boolean or null as a key: libyaml's path
        return sys.intern(key)

    def quoted_key(self, match: re.Match[str], column: int) -> tuple[str, int]:
        """A quoted key's text and end column (just after its closing quote)."""
        double = match.group("double")
        if double is not None:
            key, key_end = unescape(double), match.end("double") + 1
        else:
            key, key_end = match.group("single").replace("''", "'"), match.end("single") + 1
        if key_end - column > MAX_KEY:
            raise GiveUp
        return sys.intern(key), key_end

    def below(self, i: int, column: int, empty_at: int) -> tuple[Node, int]:
        """The value of a key with nothing after its colon on line ``i``.

        A block indented deeper, a list at the key's own indentation, or else an empty
        value, which libyaml puts at ``empty_at`` (just after the colon).
        """
        lines = self.lines
        indents = self.indents
        count = len(lines)
        j = i + 1
        while j < count:  # the next line with content (see next_content)
            following = lines[j]
            indent = indents[j]
            if indent < len(following) and following[indent] != "#":
                break
            lines[j] = ""  # a blank or comment line: let it go too
            j += 1
        if j < count:
            if indent > column:
                # A block below (dispatched as block() does; the line is indented, so it
                # cannot be a document marker).
                if following[indent] == "-" and (
                    len(following) == indent + 1 or following[indent + 1] == " "
                ):
                    return self.sequence(j, indent)
                return self.mapping(j, indent)
            if (
                indent == column
                and following[indent] == "-"
                and (len(following) == indent + 1 or following[indent + 1] == " ")
            ):
                # A list at the key's own indentation ("indentless"): YAML allows it.
                return self.sequence(j, column)
        return Scalar(None, self.writings.plain, empty_at, empty_at), i + 1

    # -- block lists -----------------------------------------------------------------

    def sequence(self, i: int, column: int) -> tuple[Sequence, int]:
        """The block list whose first '-' is on line ``i`` at ``column``."""
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise GiveUp  # libyaml's path reports its own depth limit
        lines = self.lines
        indents = self.indents
        starts = self.starts
        count = len(lines)
        node = Sequence(self.writings.plain, starts[i] + column, 0)
        items = node.items
        item_at = self.item
        item: Node
        while True:
            item_line = i
            item, i = item_at(i, column)
            items.append(item)
            lines[item_line] = ""
            while i < count:
                line = lines[i]
                indent = indents[i]
                if indent < len(line) and line[indent] != "#":
                    break
                lines[i] = ""  # a blank or comment line: let it go too
                i += 1
            else:
                break
            if indent < column:
                break
            if indent > column:
                raise GiveUp
            if not (line[column] == "-" and (len(line) == column + 1 or line[column + 1] == " ")):
                break  # the next key of the mapping this list is the value of
        node.end_offset = self.offset_of_content(i)
        self.depth -= 1
        return node, i

    def item(self, i: int, column: int) -> tuple[Node, int]:
        """The list item whose '-' is on line ``i`` at ``column``, and the line after it."""
        line = self.lines[i]
        at = column + 1
        length = len(line)
        while at < length and line[at] == " ":
            at += 1
        if at == length or line[at] == "#":
            j = self.next_content(i + 1)
            if j < len(self.lines) and self.indents[j] > column:
                return self.block(j, self.indents[j], column)
            dash_end = self.starts[i] + column + 1
            return Scalar(None, self.writings.plain, dash_end, dash_end), i + 1
        if line[at] == "-" and (at + 1 == length or line[at + 1] == " "):
            raise GiveUp  # "- - item": a list in a list on one line
        if KEY.match(line, at) is not None:
            return self.mapping(i, at)
        return self.inline(i, at, column)

    # -- values on one line ----------------------------------------------------------

    def inline(self, i: int, at: int, column: int) -> tuple[Node, int]:
        """The value starting at ``at`` on line ``i`` and the line after it.

        ``column`` is the indentation of the mapping or list it belongs to; a text block
        (``|``) must be indented deeper.
        """
        line = self.lines[i]
        start = self.starts[i] + at
        char = line[at]
        if char == '"':
            match = DOUBLE.match(line, at)
            if match is None:
                raise GiveUp  # continues on the next line
            end = match.end()
            if not AFTER_VALUE.match(line, end):
                raise GiveUp
            return self.scalar(unescape(match.group(1)), start, start + end - at, '"'), i + 1
        if char == "'":
            match = SINGLE.match(line, at)
            if match is None:
                raise GiveUp
            end = match.end()
            if not AFTER_VALUE.match(line, end):
                raise GiveUp
            text = match.group(1).replace("''", "'")
            return self.scalar(text, start, start + end - at, "'"), i + 1
        if char == "[":
            return self.flow_list(i, at), i + 1
        if char == "{":
            close = at + 1
            while close < len(line) and line[close] == " ":
                close += 1
            if close == len(line) or line[close] != "}" or not AFTER_VALUE.match(line, close + 1):
                raise GiveUp  # only the empty flow mapping is read here
            node = Mapping(self.writings.flow, start, start + close + 1 - at)
            return node, i + 1
        if char == "|":
            return self.literal(i, at, column)
        if char in NOT_PLAIN_START and (char != "-" or at + 1 == len(line) or line[at + 1] == " "):
            raise GiveUp  # an indicator; only "-1" or "-word" can start a plain value
        text = plain_text(line, at)
        return Scalar(self.plain_value(text), self.writings.plain, start, start + len(text)), i + 1

    def plain_value(self, text: str) -> object:
        """The value of a plain scalar under the YAML 1.2 core schema, interned if short.

        Short values repeat across tests (types, senders, codes): each is resolved once.
        """
        if len(text) > INTERN_UP_TO:
            if text[0] not in MAYBE_NOT_TEXT:
                return text
            if len(text) > MAY_BE_OVERSIZED and oversized_number(text):
                raise GiveUp  # libyaml's path reports it
            return resolve_plain(text)
        value = self.known_values.get(text, UNKNOWN)
        if value is UNKNOWN:
            value = resolve_plain(text) if text[0] in MAYBE_NOT_TEXT else sys.intern(text)
            self.known_values[text] = value
        return value

    def scalar(self, text: str, start: int, end: int, style: str) -> Scalar:
        value = sys.intern(text) if len(text) <= INTERN_UP_TO else text
        return Scalar(value, self.writings.style(style), start, end)

    def flow_list(self, i: int, at: int) -> Sequence:
        """A one-line flow list of scalars: ``[a, 'b', "c"]``."""
        line = self.lines[i]
        line_start = self.starts[i]
        written_plain = self.writings.plain
        node = Sequence(self.writings.flow, line_start + at, 0)
        items = node.items
        position = at + 1
        rest = line[position:].lstrip(" ")
        if rest.startswith("]"):
            position = len(line) - len(rest) + 1
        else:
            while True:
                match = FLOW_ITEM.match(line, position)
                if match is None:
                    raise GiveUp
                plain = match.group("plain")
                if plain is not None:
                    item_start = match.start("plain")
                    text = plain.rstrip(" ")
                    start = line_start + item_start
                    value = self.plain_value(text)
                    items.append(Scalar(value, written_plain, start, start + len(text)))
                else:
                    double = match.group("double")
                    if double is not None:
                        text, style, name = unescape(double), '"', "double"
                    else:
                        text, style, name = match.group("single").replace("''", "'"), "'", "single"
                    # The scalar runs from its opening quote to its closing one.
                    start = line_start + match.start(name) - 1
                    items.append(self.scalar(text, start, line_start + match.end(name) + 1, style))
                position = match.end()
                if match.group("end") == "]":
                    break
                if line[position:].lstrip(" ").startswith("]"):
                    raise GiveUp  # a trailing comma: libyaml reads it, leave it to it
        if not AFTER_VALUE.match(line, position):
            raise GiveUp
        node.end_offset = line_start + position
        return node

    def literal(self, i: int, at: int, column: int) -> tuple[Scalar, int]:
        """A literal text block: ``|`` or ``|-``, then lines indented deeper than ``column``."""
        line = self.lines[i]
        header = line[at + 1 :]
        chomp = ""
        if header[:1] == "-":
            chomp = "-"
            header = header[1:]
        if header and not AFTER_VALUE.match(header):
            raise GiveUp  # "|+", an indentation digit, or something invalid
        lines = self.lines
        count = len(lines)
        first = j = i + 1
        while j < count and lines[j] == "":
            j += 1
        if j == count:
            raise GiveUp  # an empty block: rare, and libyaml's rules for it are subtle
        indent = self.indents[j]
        if indent <= column or indent == len(lines[j]):
            raise GiveUp  # empty block, or a line of spaces first
        body = [""] * (j - first)  # leading empty lines are part of the text
        last = j  # the last line holding text
        while j < count:
            text = lines[j]
            if text == "":
                body.append("")
            elif text[:indent].strip(" "):
                break  # indented less: the block is over
            elif not text.strip(" "):
                raise GiveUp  # a line of spaces: libyaml's rules for those are subtle
            else:
                body.append(text[indent:])
                lines[j] = ""
                last = j
            j += 1
        kept = body[: last - first + 1]
        value = "\n".join(kept)
        ends_with_break = last + 1 < count
        if chomp == "" and ends_with_break:
            value += "\n"
        # libyaml ends the block where the first line after it (blank ones included) starts.
        end = self.starts[j] if j < count else len(self.text)
        start = self.starts[i] + at
        return self.scalar(value, start, end, "|"), j

"""The positioned tree: every mapping key, value and sequence item knows where it is.

Positions are 1-based lines and columns (columns count characters, not bytes); ``end``
is exclusive, as in editors' ranges. Each node also carries ``data``, the plain Python
value (dict/list/str/int/float/bool/None) the framework would see once the YAML is
converted to JSON, built in the same single pass as the tree.
"""

from __future__ import annotations

import bisect
import re
from array import array
from collections.abc import Iterable, Iterator, KeysView
from functools import cache
from itertools import accumulate, islice

from ait_datasets.records import FrozenRecord
from ait_datasets.source.lines import LINE_BREAK

PathPart = str | int
Path = tuple[PathPart, ...]


def offsets_array(length: int, offsets: Iterable[int] = (0,)) -> array[int]:
    """``offsets`` in an array for the offsets of a text of ``length`` characters: four
    bytes an offset when they fit (any text the loader's size limit lets through), not
    eight."""
    return array("I" if length < 1 << 32 else "q", offsets)


class LineIndex:
    """Where each line of a text starts, to turn character offsets into line and column.

    Line breaks are what YAML (and libyaml) count: CR LF, CR, LF, NEL, LS and PS. The
    starts are kept in an array of machine integers: a large file has hundreds of
    thousands of lines, and a list would hold an int object for each.
    """

    __slots__ = ("single_line_scalars", "starts", "text")

    def __init__(self, text: str) -> None:
        # The text itself (not a copy): key nodes are made from it on demand.
        self.text = text
        # Set by the line reader for its trees: every scalar is written on one line, but
        # for literal blocks (`|`), so a line starting with `#` is a comment.
        self.single_line_scalars = False
        self.starts = offsets_array(len(text))
        self.starts.extend(m.end() for m in LINE_BREAK.finditer(text))

    @classmethod
    def of_lines(cls, text: str, lines: list[str], break_width: int = 1) -> LineIndex:
        """The index of ``text``, split into ``lines`` at its one kind of line break: LF
        (``break_width`` 1) or CRLF (2; the lines then hold no CR)."""
        index = cls.__new__(cls)
        index.text = text
        index.single_line_scalars = False
        index.starts = offsets_array(len(text))
        # Not lines[:-1]: a copy of the list would be as large as the array.
        index.starts.extend(
            accumulate(len(line) + break_width for line in islice(lines, len(lines) - 1))
        )
        return index

    def position(self, offset: int) -> tuple[int, int]:
        """(line, column), both 1-based, of the character at ``offset``."""
        i = bisect.bisect_right(self.starts, offset) - 1
        return i + 1, offset - self.starts[i] + 1


class Span(FrozenRecord):
    """A range of a file: 1-based lines and columns (end exclusive) and character offsets.

    Nodes keep only offsets (see :class:`Positioned`); a span is made when a position is
    asked for, which is rare: almost no node of a large file is ever shown.
    """

    line: int
    column: int
    end_line: int
    end_column: int
    start_offset: int = 0
    end_offset: int = 0

    @classmethod
    def of_offsets(cls, index: LineIndex, start_offset: int, end_offset: int) -> Span:
        """The span of ``text[start_offset:end_offset]``, positioned through ``index``."""
        line, column = index.position(start_offset)
        end_line, end_column = index.position(end_offset)
        return cls(line, column, end_line, end_column, start_offset, end_offset)


class Writing:
    """How nodes are written: in which text (its line index), with which quoting style
    and tag (scalars), in flow or block style (mappings and lists).

    One object is shared by every node of a text written alike, instead of three slots
    in each node: a large file has hundreds of thousands of nodes and a handful of
    writings, and CPython allocates objects in steps of 16 bytes, so a scalar of four
    slots takes 64 bytes where one of six takes 80.
    """

    __slots__ = ("flow", "lines", "style", "tag")

    def __init__(
        self, lines: LineIndex, style: str = "", tag: str | None = None, flow: bool = False
    ) -> None:
        self.lines = lines
        # "" plain, "'" single-quoted, '"' double-quoted, "|" literal, ">" folded.
        self.style = style
        self.tag = tag
        self.flow = flow


class Writings:
    """The shared writings of one text's nodes, each made once (see :class:`Writing`)."""

    __slots__ = ("_styles", "flow", "lines", "plain")

    def __init__(self, lines: LineIndex) -> None:
        self.lines = lines
        # Plain scalars and block mappings and lists.
        self.plain = Writing(lines)
        self.flow = Writing(lines, flow=True)
        self._styles = {"": self.plain}

    def style(self, style: str) -> Writing:
        """The writing of an untagged scalar in ``style``."""
        found = self._styles.get(style)
        if found is None:
            found = self._styles[style] = Writing(self.lines, style)
        return found


class Positioned:
    """Where a node is: two character offsets, and its writing (which holds the document's
    shared line index).

    No span object is kept per node (a large file has hundreds of thousands of nodes, and
    allocating them dominated loading); :attr:`span` makes one when it is asked for.
    """

    # The end is kept as a length: most lengths are small ints, which Python shares,
    # while every large offset is an object of its own.
    __slots__ = ("_length", "start_offset", "writing")

    def __init__(self, writing: Writing, start_offset: int, end_offset: int) -> None:
        self.writing = writing
        self.start_offset = start_offset
        self._length = end_offset - start_offset

    @property
    def lines(self) -> LineIndex:
        """The line index of the document the node is in."""
        return self.writing.lines

    @property
    def tag(self) -> str | None:
        """The tag the scalar's value was read with; None for a mapping or list (the
        loader checks a tag on one, and keeps none)."""
        return self.writing.tag

    @property
    def end_offset(self) -> int:
        return self.start_offset + self._length

    @end_offset.setter
    def end_offset(self, value: int) -> None:
        self._length = value - self.start_offset

    @property
    def span(self) -> Span:
        return Span.of_offsets(self.writing.lines, self.start_offset, self.end_offset)


class Scalar(Positioned):
    __slots__ = ("data",)

    def __init__(self, data: object, writing: Writing, start_offset: int, end_offset: int) -> None:
        self.data = data
        self.writing = writing
        self.start_offset = start_offset
        self._length = end_offset - start_offset

    @property
    def style(self) -> str:
        """ "" plain, "'" single-quoted, '"' double-quoted, "|" literal, ">" folded."""
        return self.writing.style

    def __repr__(self) -> str:
        return f"Scalar({self.data!r}, {self.start_offset}..{self.end_offset}, {self.style!r})"


class Mapping(Positioned):
    """A mapping: ``children`` maps each key to its value node, in the file's order.

    The key's own node (its position and quoting) is :meth:`key_node`. A large file has
    hundreds of thousands of keys and almost none is ever shown, so a block mapping read
    by the line reader starts without key nodes (``key_nodes`` is None): each of its keys
    starts a line at the mapping's column, and the nodes are made from the text when
    first asked for. The event builder and the JSON reader store their key nodes.
    """

    __slots__ = ("_data", "children", "key_nodes")

    def __init__(
        self,
        writing: Writing,
        start_offset: int,
        end_offset: int,
        *,
        keys_in_text: bool = False,
    ) -> None:
        self._data: dict[str, object] | None = None
        self.writing = writing
        self.start_offset = start_offset
        self._length = end_offset - start_offset
        self.children: dict[str, Node] = {}
        # The key nodes, in the order of ``children``; None when they are found in the
        # text (see :meth:`key_node_at`).
        self.key_nodes: list[Scalar] | None = None if keys_in_text else []

    @property
    def flow(self) -> bool:
        return self.writing.flow

    def add(self, key: str, key_node: Scalar, value: Node) -> None:
        """Append an entry (for mappings that keep their key nodes)."""
        assert self.key_nodes is not None
        self.children[key] = value
        self.key_nodes.append(key_node)

    @property
    def entries(self) -> Entries:
        """key -> (key node, value node), in the file's order: a read-only view."""
        return Entries(self)

    @property
    def data(self) -> dict[str, object]:
        """The plain value (built on first use: linting rarely needs it for containers)."""
        if self._data is None:
            self._data = {key: value.data for key, value in self.children.items()}
        return self._data

    def get(self, key: str) -> Node | None:
        return self.children.get(key)

    def key_node(self, key: str) -> Scalar | None:
        if key not in self.children:
            return None
        return self.key_node_at(list(self.children).index(key), key)

    def key_node_at(self, position: int, key: str) -> Scalar:
        """The node of ``key``, the ``position``-th key."""
        if self.key_nodes is not None:
            return self.key_nodes[position]
        if position == 0:  # where the mapping starts: no search needed
            return self._key_node_from_text(self.start_offset, key)
        return self.kept_key_nodes()[position]

    def kept_key_nodes(self) -> list[Scalar]:
        """All key nodes, made from the text (once, then kept) if the mapping has none.

        Code that asks for one key's position usually asks for its neighbours' next
        (migrate plans edits entry by entry), and one search finds them all.
        """
        if self.key_nodes is None:
            starts = self._key_starts(len(self.children))
            self.key_nodes = [
                self._key_node_from_text(start, key)
                for start, key in zip(starts, self.children, strict=True)
            ]
        return self.key_nodes

    def _key_node_from_text(self, start: int, key: str) -> Scalar:
        """The node of ``key``, written on one line from ``start`` (see :meth:`_key_starts`)."""
        text = self.writing.lines.text
        quote = text[start]
        if quote == '"' or quote == "'":
            match = _QUOTED[quote].match(text, start)
            end = match.end() if match else start + len(key)
            return Scalar(key, Writing(self.writing.lines, quote), start, end)
        # The mapping is a block one, written plain, as its plain keys are.
        return Scalar(key, self.writing, start, start + len(key))

    def _key_starts(self, count: int) -> list[int]:
        """Where the first ``count`` keys of a mapping read by the line reader start.

        The first key is where the mapping starts (perhaps after a list item's ``- ``);
        every later one starts a line indented exactly to the mapping's column. Nothing
        else in the mapping does: deeper lines belong to values, and a list at the same
        column starts with ``-``, a comment with ``#``. One search finds them all.
        """
        starts = [self.start_offset]
        if count > 1:
            text = self.lines.text
            column = self.start_offset - text.rfind("\n", 0, self.start_offset) - 1
            found = _line_at_column(column).finditer(text, self.start_offset, self.end_offset)
            for match in found:
                starts.append(match.end())
                if len(starts) == count:
                    break
        return starts

    def __repr__(self) -> str:
        return f"Mapping({list(self.children)!r}, {self.start_offset}..{self.end_offset})"


class Entries:
    """A mapping's entries, key -> (key node, value node), as a read-only dict-like view.

    Membership, ``len`` and key iteration cost what the dict's do; key nodes are made
    only by ``[key]``, ``get``, ``items`` and ``values``. Code that needs only values
    reads ``Mapping.children``.
    """

    __slots__ = ("_mapping",)

    def __init__(self, mapping: Mapping) -> None:
        self._mapping = mapping

    def __contains__(self, key: object) -> bool:
        return key in self._mapping.children

    def __iter__(self) -> Iterator[str]:
        return iter(self._mapping.children)

    def __len__(self) -> int:
        return len(self._mapping.children)

    def __getitem__(self, key: str) -> tuple[Scalar, Node]:
        value = self._mapping.children[key]
        key_node = self._mapping.key_node(key)
        assert key_node is not None
        return key_node, value

    def get(self, key: str) -> tuple[Scalar, Node] | None:
        return self[key] if key in self._mapping.children else None

    def keys(self) -> KeysView[str]:
        return self._mapping.children.keys()

    def items(self) -> list[tuple[str, tuple[Scalar, Node]]]:
        mapping = self._mapping
        children = mapping.children
        pairs = zip(mapping.kept_key_nodes(), children.values(), strict=True)
        return list(zip(children, pairs, strict=True))

    def values(self) -> list[tuple[Scalar, Node]]:
        return [pair for _, pair in self.items()]


@cache
def _line_at_column(column: int) -> re.Pattern[str]:
    """A line start, then exactly ``column`` spaces and a key (see ``_key_starts``)."""
    return re.compile(f"\n {{{column}}}(?=[^ #\r\n-])")  # a blank CRLF line is no key


# A quoted key, from its opening quote to its closing one (keys are on one line).
_QUOTED = {
    '"': re.compile(r'"(?:[^"\\\n]|\\.)*"'),
    "'": re.compile(r"'(?:[^'\n]|'')*'"),
}


class Sequence(Positioned):
    __slots__ = ("_data", "items")

    def __init__(self, writing: Writing, start_offset: int, end_offset: int) -> None:
        self._data: list[object] | None = None
        self.writing = writing
        self.start_offset = start_offset
        self._length = end_offset - start_offset
        self.items: list[Node] = []

    @property
    def flow(self) -> bool:
        return self.writing.flow

    @property
    def data(self) -> list[object]:
        """The plain value (built on first use: linting rarely needs it for containers)."""
        if self._data is None:
            self._data = [item.data for item in self.items]
        return self._data

    def __repr__(self) -> str:
        return f"Sequence({len(self.items)} items, {self.start_offset}..{self.end_offset})"


Node = Scalar | Mapping | Sequence


def type_name(node: Node | None) -> str:
    """The word an author knows for a node's type: mapping, list, text, number, ..."""
    if node is None:
        return "nothing"
    if isinstance(node, Mapping):
        return "a mapping"
    if isinstance(node, Sequence):
        return "a list"
    return data_type_name(node.data)


def data_type_name(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return type(value).__name__


def walk(node: Node, path: Path = ()) -> Iterator[tuple[Path, Node]]:
    """Every node under ``node`` (itself included) with its path, depth first, in file order.

    A container reached again through an alias is yielded but not entered again: nine
    levels of nine aliases each (a "billion laughs" file) stay a walk over the text's
    nodes, not over a billion copies.
    """
    stack: list[tuple[Path, Node]] = [(path, node)]
    entered: set[int] = set()
    while stack:
        p, n = stack.pop()
        yield p, n
        if isinstance(n, (Mapping, Sequence)):
            if id(n) in entered:
                continue
            entered.add(id(n))
        if isinstance(n, Mapping):
            stack.extend(((*p, k), v) for k, v in reversed(n.children.items()))
        elif isinstance(n, Sequence):
            stack.extend(((*p, i), v) for i, v in reversed(list(enumerate(n.items))))


def containers(node: Node) -> Iterator[Mapping | Sequence]:
    """Every mapping and list under ``node`` (itself included), in file order.

    Like :func:`walk` without the paths and the scalars, for whole-tree questions on
    large files; a container reached again through an alias is not entered again.
    """
    if isinstance(node, Scalar):
        return
    stack: list[Mapping | Sequence] = [node]
    push = stack.append
    entered: set[int] = set()
    enter = entered.add
    while stack:
        current = stack.pop()
        if id(current) in entered:
            continue
        enter(id(current))
        yield current
        children: list[Node] = (
            list(current.children.values()) if isinstance(current, Mapping) else current.items
        )
        for child in reversed(children):
            if not isinstance(child, Scalar):
                push(child)


def find(node: Node, path: Path) -> Node | None:
    """The node at ``path`` below ``node``, or None."""
    cur: Node | None = node
    for part in path:
        if isinstance(cur, Mapping) and isinstance(part, str):
            cur = cur.get(part)
        elif isinstance(cur, Sequence) and isinstance(part, int) and 0 <= part < len(cur.items):
            cur = cur.items[part]
        else:
            return None
    return cur


def format_path(path: Path) -> str:
    """``('tests', 3, 'turns', 1, 'query')`` -> ``tests[3].turns[1].query``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else part
    return out or "(root)"


def block_content_end(node: Mapping | Sequence) -> int | None:
    """Where the last line of a block container's content ends, when the text alone tells.

    A container's range runs to where the next content starts, so it may end with blank
    lines and comments. When every scalar of the tree is written on one line (but
    literal blocks, which are excluded here, as are aliases: their text is elsewhere), a
    line whose first character is ``#`` is a comment, and the answer is the end of the
    last line in the range that is neither blank nor a comment. None when the tree cannot
    promise that (its scalars may span lines): walk the tree instead.
    """
    if node.flow or not node.lines.single_line_scalars:
        return None
    text = node.lines.text
    start, pos = node.start_offset, node.end_offset
    if text.find("|", start, pos) >= 0 or text.find("*", start, pos) >= 0:
        return None
    while pos > start:
        begin = max(text.rfind("\n", 0, pos) + 1, start)
        line = text[begin:pos]
        content = line.strip()
        if content and content[0] != "#":
            return begin + len(line.rstrip())
        pos = begin - 1
    return None

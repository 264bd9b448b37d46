"""List items read from a template: the data reader's shortcut for the items of a list
that repeat one shape with other values (a file of tests written by one hand, or by a
migration).

The data reader (:mod:`~ait_datasets.source.block_data`) walks every line of every item;
on a file of a million short tests the walk is most of the time of reading it back. But
the walk's every decision on a line ``key: value`` depends only on the text up to the
value when the value is *simple*: a plain value that starts with no space or indicator,
holds no ``:`` or ``#`` and ends with no space, or a double-quoted one holding no ``"``
or ``\\``, either ending the line. Such a value is never looked into but to become the
value (the plain one resolved as the walk resolves it: ``10`` is a number).

So the lines of an item, each one either the same text as in another item or the same
text up to a simple value, read as that item's structure with the values in their
places. An item's shape is its lines with each simple value cut off; the second time a
shape starts a list item, the walk is made once more on its lines with each cut value
replaced by a sentinel (``\\x01<n>\\x01``, which the walk takes as it is; no text read
holds a control character). The data it gives, with its sentinels as the places of the
values, is compiled into a *template*: a function that checks that an item's lines are
the shape's (the same lines, or the same text up to a value that is simple) and builds
its data. A template is kept only if it gives exactly the data the walk gives for the
item it was made from (checked then and there, before that item is read).

Left to the walk: an item whose lines are not a template's shape, an item followed by
lines that are not content and then more of the item, an item holding ``|`` (where a
text block ends depends on what follows it), an item of more than ``_MAX_LINES`` lines,
a template that is not plain data holding each sentinel once. Give-ups stay give-ups: a
plain value the walk would give up on (a number too long to convert) gives up from the
template too. ``tests/source/test_block_yaml.py`` reads generated files of repeated
shapes with both readers and libyaml.
"""

from __future__ import annotations

import marshal
import re
from array import array
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ait_datasets.source.block_lexicon import INTERN_UP_TO, NOT_PLAIN_START, GiveUp
from ait_datasets.source.block_yaml import BlockReader
from ait_datasets.source.scalars import MAYBE_NOT_TEXT

if TYPE_CHECKING:
    from ait_datasets.source.block_data import _DataReader

# A line `key: value` with a simple value: (its text up to the value), then the plain
# value or (the opening quote) and what the double quotes hold. The keys are the line
# reader's plain keys (``KEY``) or double-quoted ones without escapes.
_VALUE_LINE = re.compile(
    r"""( *(?:-\x20+)?(?:[^\s\-?:,\[\]{}#&*!|>'"%@`][^:#]*|"[^"\\]*"):\x20+)"""
    r"""(?:[^\s\-?:,\[\]{}#&*!|>'"%@`](?:[^:#]*[^:#\s])?|(")[^"\\]*")\Z"""
)
_SENTINEL = re.compile("\x01([0-9]+)\x01")
# What a simple plain value may not start with (the walk reads other values otherwise).
_NOT_SIMPLE_START = "".join(sorted(NOT_PLAIN_START | {" ", "#"}))
# Items longer than this are walked (their templates would be large, and rare).
_MAX_LINES = 64
# Shapes (and first lines with templates) remembered per read (further ones are
# walked), and templates kept for one first line (items of a list may take turns
# between a few shapes).
_MAX_SHAPES = 256
_TEMPLATES_PER_LINE = 4
# After this many items walked for want of a template, with fewer read from one, the
# shortcut is not tried for the rest of the read.
_GIVE_UP_AFTER = 2048

# One line of a shape: the whole line, or the text up to a simple value and whether
# that value is double-quoted.
_Line = tuple[str, bool | None]
Template = Callable[[list[str], int], object]


class ItemTemplates:
    """The templates of one read's list items (see the module's documentation)."""

    __slots__ = ("_plain", "enabled", "hits", "last", "misses", "shapes", "templates")

    def __init__(self, plain: Callable[[str], object]) -> None:
        # What the walk makes of a simple plain value (the data reader's resolution).
        self._plain = plain
        # By list depth and the first line up to its first ": ": the templates (the
        # latest first, with their lengths and the blank lines that replace a read
        # item's), and the shape seen last that had none.
        self.templates: dict[tuple[int, str], list[tuple[Template, int, list[str]]]] = {}
        self.shapes: dict[tuple[int, str], tuple[_Line, ...]] = {}
        # The list depth and template that read the last item read from one.
        self.last: tuple[int, Template, int, list[str]] | None = None
        self.enabled = True
        self.hits = 0
        self.misses = 0

    def read(self, walk: _DataReader, i: int, column: int) -> tuple[object, int] | None:
        """The item whose '-' is on line ``i`` at ``column`` and the line after it, read
        from a template; None when the walk must read it (then nothing was read)."""
        lines = walk.lines
        last = self.last
        if last is not None and last[0] == walk.depth:
            # The template the item before used, first (items mostly repeat one shape).
            _, template, n, blanks = last
            data = template(lines, i)
            if data is not None and self._ends(walk, i + n, column):
                self.hits += 1
                lines[i : i + n] = blanks  # read (the walk lets read lines go too)
                return data, i + n
        first = lines[i]
        cut = first.find(": ")
        key = (walk.depth, first if cut < 0 else first[:cut])
        for template, n, blanks in self.templates.get(key, ()):
            data = template(lines, i)
            if data is not None and self._ends(walk, i + n, column):
                self.hits += 1
                self.last = (walk.depth, template, n, blanks)
                lines[i : i + n] = blanks
                return data, i + n
        return self._learn(walk, i, column, key)

    @staticmethod
    def _ends(walk: _DataReader, k: int, column: int) -> bool:
        """Whether an item ends before line ``k``: content follows at the list's column
        or left of it, perhaps after blank lines and comments, or nothing does."""
        lines = walk.lines
        indents = walk.indents
        if k >= len(lines):
            return True
        line = lines[k]
        indent = indents[k]
        if indent > column:
            return False
        if indent < len(line) and line[indent] != "#":
            return True
        after = walk.reader.next_content(k)
        return after == len(lines) or indents[after] <= column

    def _learn(
        self, walk: _DataReader, i: int, column: int, key: tuple[int, str]
    ) -> tuple[object, int] | None:
        """An item no template reads: its shape is remembered, and when the next item
        without a template to start with this first line has the same shape, its
        template is made (and that item walked). None: the walk reads the item."""
        self.misses += 1
        if self.misses > _GIVE_UP_AFTER and self.hits < self.misses:
            self.enabled = False
            return None
        lines = walk.lines
        indents = walk.indents
        count = len(lines)
        k = i + 1
        while k < count and indents[k] > column:
            k += 1
        if k - i > _MAX_LINES or not self._ends(walk, k, column):
            return None
        shape = tuple(_line_of(line) for line in lines[i:k])
        if self.shapes.get(key) != shape:
            if len(self.shapes) < _MAX_SHAPES or key in self.shapes:
                self.shapes[key] = shape
            return None
        del self.shapes[key]
        if any("|" in line for line in lines[i:k]):
            return None
        template = self._template(walk, column, shape)
        made = template(lines, i) if template is not None else None
        data, after = walk.item(i, column)
        room = key in self.templates or len(self.templates) < _MAX_SHAPES
        if template is not None and room and after >= k and _same(made, data):
            known = self.templates.setdefault(key, [])
            known.insert(0, (template, k - i, [""] * (k - i)))
            del known[_TEMPLATES_PER_LINE:]
        return data, after

    def _template(
        self, walk: _DataReader, column: int, shape: tuple[_Line, ...]
    ) -> Template | None:
        """The template of ``shape``, from the walk on its lines with sentinel values."""
        lines = []
        for n, (text, quoted) in enumerate(shape):
            if quoted is None:
                lines.append(text)
            else:
                quote = '"' if quoted else ""
                lines.append(f"{text}{quote}\x01{n}\x01{quote}")
        reader = BlockReader.__new__(BlockReader)
        reader.text = ""
        reader.lines = lines
        reader.index = walk.reader.index
        reader.indents = [len(line) - len(line.lstrip(" ")) for line in lines]
        reader.starts = array("q", bytes(8 * len(lines)))
        reader.depth = 0
        reader.known_keys = {}
        reader.known_values = {}
        sentinels = type(walk)(reader)
        sentinels.depth = walk.depth
        try:
            data, after = sentinels.item(0, column)
        except GiveUp:
            return None
        if after != len(lines):
            return None
        return _compile(data, shape, self._plain)


def _line_of(line: str) -> _Line:
    """A line of a shape (see ``_Line``)."""
    match = _VALUE_LINE.match(line)
    if match is None:
        return line, None
    return match.group(1), match.group(2) is not None


def _compile(
    data: object, shape: tuple[_Line, ...], plain: Callable[[str], object]
) -> Template | None:
    """The template of ``shape`` whose walk gave ``data`` (sentinels for the values); None
    if ``data`` is not plain data holding each sentinel once as a whole value."""
    constants: list[object] = []
    used = [False] * len(shape)

    def constant(value: object) -> str:
        constants.append(value)
        return f"c{len(constants) - 1}"

    def expression(value: object) -> str | None:
        kind = type(value)
        if kind is dict:
            assert isinstance(value, dict)
            parts = []
            for key, item in value.items():
                part = expression(item)
                if part is None:
                    return None
                parts.append(f"{constant(key)}: {part}")
            return "{" + ", ".join(parts) + "}"
        if kind is list:
            assert isinstance(value, list)
            items = [expression(item) for item in value]
            if any(item is None for item in items):
                return None
            return "[" + ", ".join(str(item) for item in items) + "]"
        if kind is str and "\x01" in str(value):
            match = _SENTINEL.fullmatch(str(value))
            if match is None:
                return None
            n = int(match.group(1))
            if n >= len(used) or used[n] or shape[n][1] is None:
                return None
            used[n] = True
            # The quotes' text, or the plain value as the walk resolves it (``p``: short
            # text that cannot be anything else is taken as it is, as ``p`` takes it).
            if shape[n][1]:
                return f"v{n}[1:-1]"
            return f"(v{n} if v{n}[0] not in m and len(v{n}) <= {INTERN_UP_TO} else p(v{n}))"
        if kind in (str, int, float, bool, type(None)):
            return constant(value)
        return None

    try:
        body = expression(data)
        if body is None or used != [quoted is not None for _, quoted in shape]:
            return None
        checks: list[str] = []
        for n, (text, quoted) in enumerate(shape):
            if quoted is None:
                checks.append(f"a{n} == {constant(text)}")
                continue
            checks.append(f"a{n}.startswith({constant(text)})")
            checks.append(f"(v{n} := a{n}[{len(text)}:])")
            if quoted:
                checks.append(
                    f"len(v{n}) > 1 and v{n}[0] == v{n}[-1] == '\"' "
                    f"and '\"' not in v{n}[1:-1] and '\\\\' not in v{n}"
                )
            else:
                checks.append(
                    f"v{n}[0] not in s and ':' not in v{n} and '#' not in v{n} and v{n}[-1] != ' '"
                )
        # Compiled from the shapes above alone: every key, line and constant is passed
        # as a name `c<n>`, so no text of the file is ever part of the code.
        count = len(shape)
        source = (
            "def template(L, i):\n"
            f"    if i + {count} > len(L):\n"
            "        return None\n"
            f"    {''.join(f'a{n}, ' for n in range(count))}= L[i : i + {count}]\n"
            f"    if {' and '.join(checks)}:\n"
            f"        return {body}\n"
            "    return None\n"
        )
        code = compile(source, "<item template>", "exec")
    except (RecursionError, SyntaxError, MemoryError, ValueError):
        return None
    scope: dict[str, object] = {f"c{n}": value for n, value in enumerate(constants)}
    scope.update(__builtins__={"len": len}, m=MAYBE_NOT_TEXT, p=plain, s=_NOT_SIMPLE_START)
    exec(code, scope)
    template = scope["template"]
    assert callable(template)
    return template


def _same(a: Any, b: Any) -> bool:
    """Whether two plain values are the same data: :mod:`marshal`'s format 2 writes each
    value's type and exact value and every key in order (no references)."""
    try:
        return marshal.dumps(a, 2) == marshal.dumps(b, 2)
    except ValueError:
        return False

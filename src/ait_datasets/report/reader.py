"""The one reader of result files: msgspec, a block of rows at a time.

A log-entry export of two million rows is 1.3 GB of JSON. It is read in blocks of
:data:`BLOCK` bytes, and each block's rows are decoded by msgspec into
:class:`~ait_datasets.report.rows.Fields`: only the fields the report reads, the rest
skipped unread (``inputData``/``outputData`` kept as their JSON text). The file is never
held whole, and every row, wherever it is, is then read by the same
:func:`~ait_datasets.report.rows.read_row`.

- A JSON file is the ``aitTestLogEntries`` API page's response ``{"value": [...]}`` (other
  members before or after the array are skipped; ``@odata.nextLink`` is kept) or a plain
  array. A block is cut after a separator between two rows (``}``, a comma and ``{"``): such
  a pattern can only lie inside a string when that string's closing quote is its ``"``, or
  inside a nested value, and a block cut there leaves that string or value open, which
  msgspec refuses as truncated: the block then takes in more of the file.
- A JSONL file is read a block of lines at a time, each line decoded on its own.

Each row comes with its line; where a row starts (its column, for a problem) is found
only when asked. What msgspec refuses is :class:`Refused`: the caller reads the file once
more to say where and why (:func:`diagnose`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import accumulate, repeat
from typing import IO, Any

import msgspec

from ait_datasets.report.rows import Fields

BLOCK = 1 << 23  # 8 MB: large enough that per-block costs vanish, small enough to stream

_WS = re.compile(rb"[ \t\r\n]*")
_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"')
_SEPARATOR = re.compile(rb"\}[ \t\r\n]*,[ \t\r\n]*(?=\{[ \t\r\n]*\")")
_FLAT_SEPARATOR = re.compile(rb"\}[ \t\r]*,[ \t\r]*\{")  # two objects on one line
_GAP = re.compile(rb"[ \t\r\n]*,?[ \t\r\n]*")
_TRAILING = re.compile(r"trailing characters \(byte (\d+)\)")
_AT_BYTE = re.compile(r" \(byte (\d+)\)")
_TRUNCATED = "truncated"
_END = re.Match.end  # where a match ends, called by map in C

_ROWS = msgspec.json.Decoder(list[Fields])
_VALUES = msgspec.json.Decoder(list[Any])  # a block holding something that is not a row
_ROW = msgspec.json.Decoder(Fields)
_VALUE = msgspec.json.Decoder()
_RAW = msgspec.json.Decoder(msgspec.Raw)  # checks the grammar only: numbers stay text

EMPTY = "the file is empty; expected log entries or result rows"
NOT_AN_EXPORT = 'expected a JSON array or {"value": [...]}'
NO_VALUE_ARRAY = (
    'expected the API export {"value": [...]} or a JSON array of log entries, found an '
    "object without a 'value' array"
)
TOO_DEEP = "the JSON nests too deeply to be a result file"
SURROGATE = (
    "a string holds an unpaired surrogate escape (such as \\ud800), which is not a "
    "character; write the whole surrogate pair or remove it"
)
JSONL_HINT = "each line must be one JSON object (one run of one case)"


class Refused(Exception):
    """msgspec refused the file (or it is not UTF-8): :func:`diagnose` says why."""


class Malformed(Exception):
    """The file is not a result file: where (``line`` 0: the whole file) and why."""

    def __init__(self, line: int, column: int, message: str) -> None:
        super().__init__(message)
        self.line, self.column, self.message = line, column, message


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A JSONL line that is not JSON, or holds a lone surrogate (``column`` None: the
    row's own column, and the message is about the row)."""

    message: str
    column: int | None


@dataclass(slots=True)
class Block:
    """Rows in file order with their lines; :meth:`where` says where row ``index``
    starts (column, and the label a JSON array's element gets) for a problem."""

    rows: list[object]
    lines: list[int]
    where: Callable[[int], tuple[int, str]]


def chars(data: bytes) -> int:
    """How many characters the (UTF-8) bytes are: columns count characters, as editors do."""
    return len(data) if data.isascii() else len(data.decode("utf-8", "replace"))


def _checked(data: bytes) -> None:
    """msgspec does not look inside the fields it skips: bytes that are not UTF-8 anywhere
    are :class:`Refused` (the caller says where)."""
    if not data.isascii():
        try:
            data.decode("utf-8")
        except UnicodeDecodeError:
            raise Refused("invalid UTF-8") from None


# --- JSON ---------------------------------------------------------------------------------


@dataclass(slots=True)
class _Window:
    """The part of the file in memory: ``buffer[pos:]`` is unread; ``line`` is the line of
    ``buffer[pos]`` and ``column_base`` how many characters of the line of ``buffer[0]``
    come before it (a minified export is one line over many windows)."""

    stream: IO[bytes]
    buffer: bytes = b""
    pos: int = 0
    eof: bool = False
    line: int = 1
    column_base: int = 0

    def read(self, size: int = BLOCK) -> None:
        """Keep the unread part and read ``size`` bytes more (-1: the rest of the file)."""
        more = self.stream.read(size)
        self.eof = not more or size < 0
        buffer, pos = self.buffer, self.pos
        self.column_base = _column(buffer, self.column_base, pos) - 1
        self.buffer = buffer[pos:] + more
        self.pos = 0

    def fill(self) -> None:
        if not self.eof and len(self.buffer) - self.pos < BLOCK:
            self.read()

    def skip_ws(self) -> int:
        self.move(_skip(self.buffer, self.pos))
        return self.pos

    def move(self, to: int) -> None:
        self.line += self.buffer.count(b"\n", self.pos, to)
        self.pos = to

    def column(self, offset: int) -> int:
        return _column(self.buffer, self.column_base, offset)


def _skip(buffer: bytes, pos: int) -> int:
    match = _WS.match(buffer, pos)
    return pos if match is None else match.end()


def json_blocks(stream: IO[bytes], next_links: list[str]) -> Iterator[Block]:
    """The rows of a JSON file, a block at a time; an ``@odata.nextLink`` (the response is
    one page of several) goes to ``next_links``. Raises :class:`Malformed`, :class:`Refused`."""
    window = _Window(stream)
    window.fill()
    start = window.skip_ws()
    while start == len(window.buffer) and not window.eof:  # a file of blanks
        window.read()
        start = window.skip_ws()
    if start == len(window.buffer):
        raise Malformed(0, 0, EMPTY)
    first = window.buffer[start : start + 1]
    if first not in (b"[", b"{"):
        raise Malformed(window.line, window.column(start), NOT_AN_EXPORT)
    wrapped = first == b"{"
    if wrapped:
        where = (window.line, window.column(start))
        found = _members(window, next_links, until_value=True)
        if not found:
            raise Malformed(*where, NO_VALUE_ARRAY)
    window.move(window.pos + 1)  # past "["
    yield from _elements(window, "value" if wrapped else "")
    if wrapped:
        _members(window, next_links, until_value=False)
    if window.skip_ws() != len(window.buffer):
        raise Refused("JSON is malformed: trailing characters")


def _members(window: _Window, next_links: list[str], *, until_value: bool) -> bool:
    """Walk the members of the response object: from its ``{`` to its ``value`` array's
    ``[`` (True; False when it has none), or from after that array to its ``}``."""
    while True:
        try:
            return _walk(window, next_links, until_value)
        except _NeedMore:
            if window.eof:
                raise Refused(_TRUNCATED) from None
            window.read(-1)  # a long member: the rest of the file (rare)


class _NeedMore(Exception):
    pass


def _walk(window: _Window, next_links: list[str], until_value: bool) -> bool:
    buffer, eof = window.buffer, window.eof

    def stop(what: str) -> Exception:
        # Out of bytes before the end of the file: read on; else msgspec's refusal.
        return Refused(what) if eof else _NeedMore()

    pos = window.pos + 1 if until_value else window.pos  # past "{", or after "]"
    links: list[str] = []
    first = until_value
    if not until_value:  # after the array: "," and more members, or "}"
        pos = _skip(buffer, pos)
        if buffer.startswith(b"}", pos):
            window.move(pos + 1)
            return True
        if not buffer.startswith(b",", pos):
            raise stop("expected , or }")
        pos += 1
    while True:
        pos = _skip(buffer, pos)
        if first and buffer.startswith(b"}", pos):
            window.move(pos + 1)
            return False
        first = False
        key_match = _STRING.match(buffer, pos)
        if key_match is None:
            raise stop("expected a member's name")
        try:
            key = _VALUE.decode(key_match.group())
        except msgspec.DecodeError as exc:
            raise Refused(str(exc)) from None
        pos = _skip(buffer, key_match.end())
        if not buffer.startswith(b":", pos):
            raise stop("expected :")
        pos = _skip(buffer, pos + 1)
        if until_value and key == "value" and buffer.startswith(b"[", pos):
            next_links.extend(links)
            window.move(pos)
            return True
        end = _value_end(buffer, pos, eof)
        if key == "@odata.nextLink":
            link = _VALUE.decode(buffer[pos:end])
            if isinstance(link, str):
                links.append(link)
        pos = _skip(buffer, end)
        if buffer.startswith(b",", pos):
            pos += 1
        elif buffer.startswith(b"}", pos):
            next_links.extend(links)
            window.move(pos + 1)
            return not until_value
        else:
            raise stop("expected , or }")


def _value_end(buffer: bytes, pos: int, eof: bool) -> int:
    """Where the JSON value at ``buffer[pos]`` ends: msgspec reads it, then stops at what
    follows (its message names that byte, counted from 1)."""
    try:
        _RAW.decode(memoryview(buffer)[pos:])
    except msgspec.DecodeError as exc:
        trailing = _TRAILING.search(str(exc))
        if trailing is not None:
            return pos + int(trailing.group(1)) - 1
        if _TRUNCATED in str(exc) and not eof:
            raise _NeedMore from None
        raise Refused(str(exc)) from None
    except RecursionError:
        raise Malformed(0, 0, TOO_DEEP) from None
    if not eof:
        raise _NeedMore
    return len(buffer)


def _elements(window: _Window, prefix: str) -> Iterator[Block]:
    """The array's elements from ``window.pos`` (just past its ``[``) to its ``]``."""
    index = 0
    while True:
        window.fill()
        buffer, pos = window.buffer, window.pos
        if window.eof:
            close = _closing_bracket(buffer, pos)
            yield _block(window, close, prefix, index, last=True)
            window.move(close + 1)
            return
        cut = _last_separator(buffer, pos)
        block = None
        if cut is not None:
            try:
                block = _block(window, cut.start() + 1, prefix, index, last=False)
            except _NeedMore:  # cut inside a string or a nested value
                block = None
        if cut is None or block is None:  # no separator, or a wrong one: read on
            window.read(len(buffer))
            continue
        yield block
        index += len(block.rows)
        window.move(cut.end())


def _closing_bracket(buffer: bytes, pos: int) -> int:
    """Where the ``]`` of the array whose elements start at ``buffer[pos]`` is."""
    try:
        _RAW.decode(b"[" + buffer[pos:])
    except msgspec.DecodeError as exc:
        trailing = _TRAILING.search(str(exc))
        if trailing is None:
            raise Refused(str(exc)) from None
        # What follows the array starts at that byte (less the "[" added, counted from 1).
        return buffer.rfind(b"]", pos, pos + int(trailing.group(1)) - 2)
    except RecursionError:
        raise Malformed(0, 0, TOO_DEEP) from None
    return buffer.rfind(b"]", pos)


def _block(window: _Window, stop: int, prefix: str, index: int, last: bool) -> Block:
    """The rows of ``buffer[window.pos:stop]`` (elements and the commas between them);
    the window is then at ``stop``."""
    buffer, first = window.buffer, window.pos
    body = b"".join((b"[", memoryview(buffer)[first:stop], b"]"))  # one copy
    _checked(body)
    objects = True  # every element is an object (msgspec read each one as a row)
    try:
        try:
            rows: list[Any] = _ROWS.decode(body)
        except msgspec.ValidationError:  # an element that is not an object, or odd numbers
            rows = _VALUES.decode(body)
            objects = False
    except msgspec.DecodeError as exc:
        if not last and _TRUNCATED in str(exc):
            raise _NeedMore from None
        raise Refused(str(exc)) from None
    except msgspec.ValidationError as exc:
        raise Refused(str(exc)) from None
    except RecursionError:
        raise Malformed(0, 0, TOO_DEEP) from None
    starts = _Starts(buffer, first, stop, len(rows))
    start = _skip(buffer, first)
    end = buffer.rfind(b"}", start, stop) + 1  # the last element's end, when it is an object
    if buffer.find(b"\n", first, stop) < 0:
        lines = [window.line] * len(rows)  # one line (a minified export): none is searched for
    elif (
        objects
        and rows
        and buffer.count(b"\n", start, end) == len(rows) - 1
        and _FLAT_SEPARATOR.search(buffer, start, end) is None
    ):
        # One row a line: between two objects there is always a separator "}", ",", "{";
        # none lacks a line break, and there are only as many breaks as separators, so
        # each separator holds one and no row holds any. No row's start is searched for.
        line = window.line + buffer.count(b"\n", first, start)
        lines = list(range(line, line + len(rows)))
        window.line = lines[-1] + buffer.count(b"\n", end, stop)
    else:
        found = starts.found()
        # Maps of C functions, not generator expressions: once per row of millions.
        steps = [window.line, *map(buffer.count, repeat(b"\n"), [first, *found], found)]
        counted = list(accumulate(steps))
        lines = counted[1:]
        # The line at ``stop``, from the last row's: the block is not counted twice.
        window.line = counted[-1] + buffer.count(b"\n", found[-1] if found else first, stop)
    window.pos = stop
    base = window.column_base

    def where(i: int) -> tuple[int, str]:
        return _column(buffer, base, starts.found()[i]), f"{prefix}[{index + i}]: "

    return Block(rows, lines, where)


def _column(buffer: bytes, base: int, offset: int) -> int:
    """The column of ``buffer[offset]``; ``base`` characters of its line precede ``buffer``."""
    newline = buffer.rfind(b"\n", 0, offset)
    if newline >= 0:
        return chars(buffer[newline + 1 : offset]) + 1
    if buffer.isascii():  # a minified export's window: no copy to count its characters
        return base + offset + 1
    return base + chars(buffer[:offset]) + 1


@dataclass(slots=True)
class _Starts:
    """Where each of a block's ``count`` elements starts in ``buffer[first:stop]``: after
    each separator, or, where a separator's pattern lies inside a value (the count is then
    wrong), by walking the elements msgspec finds."""

    buffer: bytes
    first: int
    stop: int
    count: int
    starts: list[int] = field(default_factory=list)

    def found(self) -> list[int]:
        if not self.starts and self.count:
            buffer, first, stop = self.buffer, _skip(self.buffer, self.first), self.stop
            starts = [first, *map(_END, _SEPARATOR.finditer(buffer, first, stop))]
            if len(starts) != self.count:
                starts, pos = [], first
                for raw in _VALUES_RAW.decode(b"[" + buffer[first:stop] + b"]"):
                    starts.append(pos)
                    match = _GAP.match(buffer, pos + len(raw))
                    pos = pos + len(raw) if match is None else match.end()
            self.starts = starts
        return self.starts


_VALUES_RAW = msgspec.json.Decoder(list[msgspec.Raw])


def _last_separator(buffer: bytes, pos: int) -> re.Match[bytes] | None:
    # Search backwards in growing windows: the last separator is near the end.
    window = 1 << 16
    while True:
        start = max(pos, len(buffer) - window)
        found = None
        for found in _SEPARATOR.finditer(buffer, start):  # noqa: B007
            pass
        if found is not None or start == pos:
            return found
        window *= 4


# --- JSONL --------------------------------------------------------------------------------

# What str.splitlines() also takes for a line break, besides "\n" and "\r\n" (a lone CR
# is found by counting): a block holding one is split as text.
OTHER_BREAKS = (
    b"\x0b",
    b"\x0c",
    b"\x1c",
    b"\x1d",
    b"\x1e",
    b"\xc2\x85",
    b"\xe2\x80\xa8",
    b"\xe2\x80\xa9",
)


def has_other_breaks(chunk: bytes) -> bool:
    """Whether ``chunk`` holds a line break of :data:`OTHER_BREAKS` or a CR without LF.

    Byte searches, not one regular expression: an alternation is tried at every byte,
    a substring search skips ahead in C.
    """
    if chunk.count(b"\r") != chunk.count(b"\r\n"):
        return True
    return any(mark in chunk for mark in OTHER_BREAKS)


def jsonl_blocks(stream: IO[bytes]) -> Iterator[Block]:
    """The rows of a JSONL file (one JSON object a line, blank lines skipped), a block of
    lines at a time. Raises :class:`Malformed`, :class:`Refused`."""
    rest = b""
    line = 1
    found = False
    while True:
        more = stream.read(BLOCK)
        chunk = rest + more
        if more:
            cut = chunk.rfind(b"\n") + 1
            if cut == 0:  # one line longer than a block: read on
                rest = chunk
                continue
            chunk, rest = chunk[:cut], chunk[cut:]
        elif not chunk:
            break
        _checked(chunk)
        if has_other_breaks(chunk):
            parts = [text.encode("utf-8") for text in chunk.decode("utf-8").splitlines()]
        else:
            parts = chunk.split(b"\n")
            if chunk.endswith(b"\n"):
                parts.pop()
        lines = list(range(line, line + len(parts)))
        line += len(parts)
        if not all(map(bytes.strip, parts)):  # blank lines (rare): skipped
            kept = [(n, p) for n, p in zip(lines, parts, strict=True) if p.strip()]
            lines = [n for n, _ in kept]
            parts = [p for _, p in kept]
        if parts:
            found = True
            yield Block(_lines(parts), lines, _indent_of(parts))
        if not more:
            break
    if not found:
        raise Malformed(0, 0, EMPTY)


def _lines(parts: list[bytes]) -> list[object]:
    try:
        return list(map(_ROW.decode, parts))
    except (msgspec.MsgspecError, RecursionError):  # one line at a time, to say which
        return [_line(part) for part in parts]


def _line(part: bytes) -> object:
    """One JSONL line's row; what msgspec refuses is read by Python's JSON reader, which
    says where a line is not JSON (and reads NaN and numbers of any length)."""
    try:
        try:
            return _ROW.decode(part)
        except msgspec.ValidationError:  # not an object (read_row says so), odd numbers
            return _VALUE.decode(part)
    except (msgspec.MsgspecError, RecursionError):
        pass
    try:
        value: object = json.loads(part.decode("utf-8"), parse_int=_parse_int)
    except json.JSONDecodeError as exc:
        return Unreadable(f"not valid JSON: {exc.msg}; {JSONL_HINT}", exc.colno)
    except RecursionError:
        raise Malformed(0, 0, TOO_DEEP) from None
    return Unreadable(SURROGATE, None) if has_surrogate(value) else value


def _indent_of(parts: list[bytes]) -> Callable[[int], tuple[int, str]]:
    def where(i: int) -> tuple[int, str]:
        text = parts[i].decode("utf-8")
        return len(text) - len(text.lstrip()) + 1, ""

    return where


def _parse_int(digits: str) -> object:
    # Python refuses to convert integers of over 4300 digits; no run number is that long,
    # so such a number is read as a float (infinite), which the row check then reports.
    return int(digits) if len(digits) <= 4000 else float(digits)


_SURROGATE = re.compile("[\ud800-\udfff]")


def has_surrogate(value: object) -> bool:
    """Whether any string in ``value`` (keys too) holds a lone surrogate."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if _SURROGATE.search(item) is not None:
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


# --- what msgspec refused -----------------------------------------------------------------


def diagnose(data: bytes, refusal: str) -> Malformed:
    """Where and why msgspec refused (``refusal``) the JSON file ``data`` (UTF-8), in the
    words of Python's JSON reader, which says what it expected where."""
    text = data.decode("utf-8")
    try:
        value = json.loads(text, parse_int=_parse_int)
    except json.JSONDecodeError as exc:
        return Malformed(exc.lineno, exc.colno, f"not valid JSON: {exc.msg}")
    except RecursionError:
        return Malformed(0, 0, TOO_DEEP)
    # Python reads it, msgspec does not: NaN, Infinity, a lone surrogate escape, a number
    # too large to hold.
    if has_surrogate(value):
        refusal = SURROGATE
    try:
        _RAW.decode(data)
    except msgspec.DecodeError as exc:
        at = _AT_BYTE.search(str(exc))
        if refusal != SURROGATE:
            refusal = f"not valid JSON: {_AT_BYTE.sub('', str(exc))}"
        if at is not None:
            offset = int(at.group(1))
            line = data.count(b"\n", 0, offset) + 1
            column = chars(data[data.rfind(b"\n", 0, offset) + 1 : offset]) + 1
            return Malformed(line, column, refusal)
    else:
        if refusal != SURROGATE:
            refusal = f"cannot read the JSON: {refusal}"
    return Malformed(0, 0, refusal)


def is_one_document(data: bytes) -> bool:
    """Whether ``data`` is one JSON document (else it is read as JSONL)."""
    try:
        _RAW.decode(data)
    except (msgspec.DecodeError, RecursionError):
        return False
    return True

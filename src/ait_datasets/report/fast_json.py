"""A fast reader for large log-entry exports (JSON and JSONL), when msgspec is installed.

The export of two million log entries is 1.3 GB of JSON. Python's own JSON reader decodes
every field of every entry into Python objects (``inputData``/``outputData`` too) and
needs the whole text in memory, twice counting the bytes. This reader streams the file in
blocks of :data:`BLOCK` bytes and decodes each block's entries with msgspec into
:class:`Lean` structs: only the fields a passing run of a case needs, typed as the API page
exports them (the rest is skipped without being decoded). A block whose fields have other
types (a number as text, a null) is decoded again into dicts of every field the report
reads (:class:`Entry`), and any entry that is not a plain passing run is decoded on its own
into such a dict (:meth:`Block.entry`): those go through the same
:func:`~ait_datasets.report.rows.read_log_entry` as everywhere, so the rules are stated once
(:mod:`ait_datasets.report.fast_rows` says which entries are plain).

It only ever *agrees or steps aside*: anything unusual (another layout, a malformed or
unexpected row, a lone surrogate escape, invalid UTF-8, a generic row) raises
:class:`StepAside`, and the caller reads the file with the exact pure-Python reader, which
says file:line:column. So the problems a user sees are always the pure-Python reader's.

How a JSON block is cut without parsing it twice: entries are JSON objects, so two of them
are separated by ``}``, a comma and ``{"``; inside a string a ``"`` is always escaped, so
that pattern cannot lie inside a string unless the ``"`` closes it (``"...},{"``). A block
is cut after the last such separator. A separator inside a string, or inside a nested
value, leaves a string or a container open at the cut, which msgspec refuses: step aside.
So the block decodes only when the cut is right, and its entries need not be found one by
one for that. They are found (the separators between them) only for what needs each
entry's offset: its line, when the block spans several lines, and the bytes of a row that
is not plain; their count must then be one more than the separators, or step aside. A block
on one line (a minified export, as the API sends it) needs neither for its plain rows: a
failed eval's data is kept as JSON text by msgspec (:class:`LeanData`).
A JSONL block is cut after its last newline; each line is decoded on its own.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import accumulate, repeat
from typing import Any, TypedDict, cast

import msgspec

BLOCK = 1 << 23  # 8 MB: large enough that per-block costs vanish, small enough to stream

_WS = rb"[ \t\r\n]*"
_STRING = rb'"(?:[^"\\]|\\.)*"'
_SCALAR = rb'(?:"(?:[^"\\]|\\.)*"|-?[0-9][0-9.eE+-]*|true|false|null)'
# {"@odata.context": "...", <more "key": scalar>, "value": [   or a plain  [
_PREFIX = re.compile(
    rb"(?:\xef\xbb\xbf)?"
    + _WS
    + rb"(?:\{"
    + _WS
    + rb"(?:"
    + _STRING
    + _WS
    + rb":"
    + _WS
    + _SCALAR
    + _WS
    + rb","
    + _WS
    + rb')*"value"'
    + _WS
    + rb":"
    + _WS
    + rb")?\["
    + _WS
)
_SEPARATOR = re.compile(rb"\}" + _WS + rb"," + _WS + rb'(?=\{[ \t\r\n]*")')
_SURROGATE_ESCAPE = re.compile(rb"\\[uU][dD][89a-fA-F]")
_END = re.Match.end  # where a match ends, called by map in C


class StepAside(Exception):
    """The file is not one this reader can vouch for: read it the exact way."""


# The fields of a log entry the report reads (``AITLogEntryAPI.Page.al``): decoded into a
# plain dict, so that :func:`~ait_datasets.report.rows.read_log_entry` reads it as it
# reads any row; every other field is skipped unread, and an absent field stays absent.
class Entry(TypedDict, total=False):
    aitCode: Any
    lineNumber: Any
    tag: Any
    version: Any
    tokensConsumed: Any
    copilotCredits: Any
    codeunitID: Any
    codeunitName: Any
    procedureName: Any
    message: Any
    durationMs: Any
    status: Any
    dataset: Any
    datasetLineNumber: Any
    inputData: Any
    outputData: Any
    errorCallStack: Any


class Lean(msgspec.Struct, gc=False):
    """The fields of a passing run of a case, typed as the API page exports them (every
    field present, text as text, numbers as numbers); an absent field is empty (None for
    the numbers), which is what the exact reader makes of an absent field too.

    The fields are in the order the API page exports them (``AITLogEntryAPI.Page.al``):
    msgspec looks for the next field of a struct after the last one it found first, so
    this order saves it a lookup per field and row."""

    aitCode: str = ""
    tag: str = ""
    version: int | None = None
    tokensConsumed: int | None = None
    copilotCredits: float | None = None
    procedureName: str = ""
    message: str = ""
    durationMs: int | None = None
    status: str = ""
    dataset: str = ""
    datasetLineNumber: str = ""


_NULL = msgspec.Raw(b"null")


class LeanData(Lean, gc=False):
    """:class:`Lean` with the two fields a failed eval's failing turn is read from, kept as
    their JSON text (a view of the block, not a copy) and decoded only for a failed eval:
    used for blocks of a minified export, whose entries are not cut apart at all."""

    # An absent field is JSON null, as Entry has it (msgspec takes no Raw in a union).
    inputData: msgspec.Raw = _NULL
    outputData: msgspec.Raw = _NULL


class Data(msgspec.Struct, gc=False):
    """The two fields a failed eval's row adds to a passing run's: any JSON value each,
    as :class:`Entry` decodes them."""

    inputData: Any = None
    outputData: Any = None


_DECODER = msgspec.json.Decoder(list[Entry])
_ONE = msgspec.json.Decoder(Entry)
_LEAN = msgspec.json.Decoder(list[Lean])
_LEAN_DATA = msgspec.json.Decoder(list[LeanData])
_LEAN_ONE = msgspec.json.Decoder(Lean)
_DATA_ONE = msgspec.json.Decoder(Data)


@dataclass(slots=True)
class Block:
    """The entries of one block, in file order, with the line each starts on.

    ``lean`` holds them as :class:`Lean` structs, or is None when the block's fields do
    not all have the plain types (or the caller asked for dicts): then ``rows`` holds them
    as dicts of every field the report reads. :meth:`entry` decodes one entry as a dict.
    """

    lines: list[int]
    lean: list[Lean] | list[LeanData] | None
    rows: list[dict[str, object]] | None
    raw: list[bytes] | _Cut  # the entries' bytes, or how to cut them

    def entry(self, index: int) -> dict[str, object]:
        """Entry ``index`` decoded as a dict of every field the report reads."""
        if self.rows is not None:
            return self.rows[index]
        return decode_entry(self._bytes(index))

    def data(self, index: int) -> tuple[object, object]:
        """``inputData`` and ``outputData`` of entry ``index`` as :meth:`entry` has them
        (absent: None): what a failed eval's failing turn is read from."""
        if self.rows is not None:
            row = self.rows[index]
            return row.get("inputData"), row.get("outputData")
        entry = self.lean[index] if self.lean is not None else None
        if isinstance(entry, LeanData):
            return _json(entry.inputData), _json(entry.outputData)
        try:
            found = _DATA_ONE.decode(self._bytes(index))
        except (msgspec.DecodeError, RecursionError, ValueError):
            raise StepAside from None
        return found.inputData, found.outputData

    def _bytes(self, index: int) -> bytes:
        raw = self.raw
        if isinstance(raw, _Cut):  # cut this one entry out of the buffer
            starts = raw.found()
            stop = starts[index + 1] if index + 1 < len(starts) else raw.end
            return raw.buffer[starts[index] : stop].rstrip(b" \t\r\n,")
        return raw[index]


def decode_entry(raw: bytes) -> dict[str, object]:
    """One entry's bytes decoded as a dict of every field the report reads."""
    try:
        return cast("dict[str, object]", _ONE.decode(raw))
    except (msgspec.DecodeError, RecursionError, ValueError):
        raise StepAside from None


def _json(raw: msgspec.Raw) -> object:
    """A field kept as its JSON text, decoded as :class:`Entry` decodes it."""
    try:
        return msgspec.json.decode(raw)
    except (msgspec.DecodeError, RecursionError, ValueError):
        raise StepAside from None


@dataclass(slots=True)
class _Cut:
    """Where a block's entries lie in ``buffer``: the first starts at ``first``, the last
    ends at ``end``. Where the others start is searched when first asked for: a block of
    a minified export (one line) needs it only for a row that is not plain, and the
    search was an eighth of reading such a block."""

    buffer: bytes
    first: int
    end: int
    count: int  # how many entries the block decoded to
    starts: list[int] | None = None

    def found(self) -> list[int]:
        """Where each entry starts: one more than the separators between them, or the
        block steps aside (a separator's pattern inside a nested array)."""
        if self.starts is None:
            starts = [
                self.first,
                *map(_END, _SEPARATOR.finditer(self.buffer, self.first, self.end)),
            ]
            if len(starts) != self.count:
                raise StepAside
            self.starts = starts
        return self.starts


@dataclass(slots=True)
class Region:
    """Where one block's entries lie: ``buffer[first:end]``, entries and the commas between
    them; ``newlines`` is how many line breaks come between the previous block's end (the
    file's start, for the first) and ``first``. ``buffer`` is only good until the next."""

    buffer: bytes
    first: int
    end: int
    newlines: int


def regions(path: str) -> Iterator[Region]:
    """The blocks of the JSON export at ``path``, cut where a separator is, with a check of
    the array's opening and end; raises :class:`StepAside`."""
    with open(path, "rb") as fh:
        buffer = fh.read(BLOCK)
        prefix = _PREFIX.match(buffer)
        # Fields before the array are kept only for "@odata.nextLink" (an incomplete
        # export, which the exact reader reports): step aside for it, or any escape.
        if prefix is None or re.search(rb"nextLink|\\", prefix.group()) is not None:
            raise StepAside
        wrapped = buffer.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{")
        pos = prefix.end()
        newlines = buffer.count(b"\n", 0, pos)
        eof = False
        while True:
            if not eof and len(buffer) - pos < BLOCK:
                more = fh.read(BLOCK)
                eof = not more
                buffer = buffer[pos:] + more
                pos = 0
            if eof:
                end = _last(buffer, pos, wrapped)
                if end > pos:
                    yield Region(buffer, pos, end, newlines)
                return
            cut = _last_separator(buffer, pos)
            if cut is None:  # one entry longer than a block: read on
                more = fh.read(len(buffer))
                eof = not more
                buffer = buffer[pos:] + more
                pos = 0
                continue
            yield Region(buffer, pos, cut.start() + 1, newlines)
            newlines = buffer.count(b"\n", cut.start() + 1, cut.end())
            pos = cut.end()


def blocks(path: str, *, lean: bool = True) -> Iterator[Block]:
    """The entries of the JSON export at ``path``, a block at a time (one call per block,
    not per entry, keeps the per-entry cost in C); raises :class:`StepAside`."""
    line = 1  # where the previous block ended
    for region in regions(path):
        buffer, first, end = region.buffer, region.first, region.end
        block = _decoded(buffer, first, end, line + region.newlines, lean)
        yield block
        # Where this block ends: counted from the last entry found (the whole block,
        # counted again, was 3% of reading a large export); a block on one line ends on
        # its first line.
        assert isinstance(block.raw, _Cut)
        starts = block.raw.starts
        if starts is None:
            line = block.lines[-1] if block.lines else line + region.newlines
        else:
            line = block.lines[-1] + buffer.count(b"\n", starts[-1], end)


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


def _checked(body: bytes) -> None:
    """Step aside for what only the exact reader reports rightly: a lone surrogate escape,
    and bytes that are not UTF-8 (msgspec does not look inside the fields it skips)."""
    # The pattern alone: a substring search for a backslash and "u" is slower, as exports
    # hold a backslash in every row (the escaped quotes of "@odata.etag").
    if _SURROGATE_ESCAPE.search(body) is not None:
        raise StepAside
    if not body.isascii():
        try:
            body.decode("utf-8")
        except UnicodeDecodeError:
            raise StepAside from None


def _decoded(buffer: bytes, first: int, end: int, line: int, lean: bool) -> Block:
    """The entries of ``buffer[first:end]``, the first at ``line``, with their lines."""
    body = b"[" + buffer[first:end] + b"]"
    _checked(body)
    # One line (a minified export, as the API sends it): every entry is on ``line``, so
    # the entries need not be found at all, and a failed eval's data is kept as text.
    one_line = buffer.find(b"\n", first, end) < 0
    structs: list[Lean] | list[LeanData] | None = None
    rows: list[dict[str, object]] | None = None
    try:
        if lean:
            try:
                structs = (_LEAN_DATA if one_line else _LEAN).decode(body)
            except msgspec.ValidationError:  # valid JSON, other types: dicts of all fields
                structs = None
        if structs is None:
            rows = cast("list[dict[str, object]]", _DECODER.decode(body))
    except (msgspec.DecodeError, RecursionError, ValueError):
        raise StepAside from None
    count = len(structs if structs is not None else rows or ())
    cut = _Cut(buffer, first, end, count)
    if one_line:
        return Block([line] * count, structs, rows, cut)
    starts = cut.found()
    # Maps of C functions, not generator expressions: once per entry of millions.
    steps = [line, *map(buffer.count, repeat(b"\n"), starts, starts[1:])]
    return Block(list(accumulate(steps)), structs, rows, cut)


def _last(buffer: bytes, pos: int, wrapped: bool) -> int:
    """Where the entries before the array's closing bracket end, after a check of what
    follows it."""
    close = buffer.rfind(b"]")
    if close < pos:
        raise StepAside
    tail = buffer[close + 1 :].strip()
    # A wrapped export ends with "}" or more fields ("@odata.nextLink", which the exact
    # reader reports): step aside for anything but a plain end.
    if tail != (b"}" if wrapped else b""):
        raise StepAside
    return len(buffer[:close].rstrip())


# What str.splitlines() (the exact JSONL reader) also takes for a line break, besides "\n"
# and "\r\n" (a lone CR is found by counting): a file holding one is read the exact way.
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

    Byte searches, not one regular expression: an alternation is tried at every byte
    (3.4 s of a 200,000-row JSONL export's 4.2 s), a substring search skips ahead in C.
    """
    if chunk.count(b"\r") != chunk.count(b"\r\n"):
        return True
    return any(mark in chunk for mark in OTHER_BREAKS)


def line_blocks(path: str, *, lean: bool = True) -> Iterator[Block]:
    """The rows of the JSONL file at ``path`` (one JSON object a line, blank lines
    skipped), a block of lines at a time; raises :class:`StepAside`."""
    with open(path, "rb") as fh:
        rest = b""
        line = 1
        first = True
        found = False
        while True:
            more = fh.read(BLOCK)
            chunk = rest + more
            if first:
                if chunk.startswith((b"\xff\xfe", b"\xfe\xff")):  # UTF-16
                    raise StepAside
                chunk = chunk.removeprefix(b"\xef\xbb\xbf")
                first = False
            if more:
                cut = chunk.rfind(b"\n") + 1
                if cut == 0:  # one line longer than a block: read on
                    rest = chunk
                    continue
                chunk, rest = chunk[:cut], chunk[cut:]
            elif not chunk:
                break
            block = _line_block(chunk, line, lean)
            found = found or bool(block.lines)
            yield block
            line += chunk.count(b"\n")
            if not more:
                break
        if not found:  # an empty file: the exact reader says so
            raise StepAside


def _line_block(chunk: bytes, line: int, lean: bool) -> Block:
    _checked(chunk)
    if has_other_breaks(chunk):
        raise StepAside
    parts = chunk.split(b"\n")
    if chunk.endswith(b"\n"):
        parts.pop()
    lines = list(range(line, line + len(parts)))
    if not all(map(bytes.strip, parts)):  # blank lines (rare): skipped, as the exact reader does
        kept = [(n, p) for n, p in zip(lines, parts, strict=True) if p.strip()]
        lines = [n for n, _ in kept]
        parts = [p for _, p in kept]
    structs: list[Lean] | None = None
    rows: list[dict[str, object]] | None = None
    try:
        if lean:
            try:
                structs = list(map(_LEAN_ONE.decode, parts))
            except msgspec.ValidationError:
                structs = None
        if structs is None:
            rows = cast("list[dict[str, object]]", list(map(_ONE.decode, parts)))
    except (msgspec.DecodeError, RecursionError, ValueError):
        raise StepAside from None
    return Block(lines, structs, rows, parts)

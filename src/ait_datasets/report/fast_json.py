"""A fast reader for large log-entry exports, when msgspec is installed.

The export of two million log entries is 1.3 GB of JSON. Python's own JSON reader decodes
every field of every entry into Python objects (``inputData``/``outputData`` too) and
needs the whole text in memory, twice counting the bytes. This reader streams the file in
blocks of :data:`BLOCK` bytes and decodes each block's entries with msgspec into dicts of
only the fields the report reads (the rest is skipped without being decoded).
Each entry is then read by the same :func:`~ait_datasets.report.rows.read_log_entry` as
everywhere: the rules are stated once.

It only ever *agrees or steps aside*: anything unusual (another layout, a malformed or
unexpected row, a lone surrogate escape, a generic row) raises :class:`StepAside`, and the
caller reads the file with the exact pure-Python reader, which says file:line:column. So
the problems a user sees are always the pure-Python reader's.

How a block is cut without parsing it twice: entries are JSON objects, so two of them are
separated by ``}``, a comma and ``{"``; inside a string a ``"`` is always escaped, so that
pattern cannot lie inside a string unless the ``"`` closes it (``"...},{"``). A block is
cut after the last such separator, and the entries decoded from it must be exactly one
more than the separators inside it, which also gives each entry's offset (for its line).
A separator inside a string cuts a string open, which msgspec refuses: step aside.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import accumulate, pairwise
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


_DECODER = msgspec.json.Decoder(list[Entry])


Block = tuple[list[int], list[dict[str, object]]]  # the entries' lines, and the entries


def entries(path: str) -> Iterator[tuple[int, dict[str, object]]]:
    """Each entry of the export at ``path`` with its line; raises :class:`StepAside`."""
    for lines, rows in blocks(path):
        yield from zip(lines, rows, strict=True)


def blocks(path: str) -> Iterator[Block]:
    """The entries of the export at ``path``, a block at a time (one call per block, not
    per entry, keeps the per-entry cost in C); raises :class:`StepAside`."""
    with open(path, "rb") as fh:
        buffer = fh.read(BLOCK)
        prefix = _PREFIX.match(buffer)
        # Fields before the array are kept only for "@odata.nextLink" (an incomplete
        # export, which the exact reader reports): step aside for it, or any escape.
        if prefix is None or re.search(rb"nextLink|\\", prefix.group()) is not None:
            raise StepAside
        wrapped = buffer.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{")
        pos = prefix.end()
        line = 1 + buffer.count(b"\n", 0, pos)
        eof = False
        while True:
            if not eof and len(buffer) - pos < BLOCK:
                more = fh.read(BLOCK)
                eof = not more
                buffer = buffer[pos:] + more
                pos = 0
            if eof:
                last = _last(buffer, pos, line, wrapped)
                if last is not None:
                    yield last
                return
            cut = _last_separator(buffer, pos)
            if cut is None:  # one entry longer than a block: read on
                more = fh.read(len(buffer))
                eof = not more
                buffer = buffer[pos:] + more
                pos = 0
                continue
            starts = [pos, *(m.end() for m in _SEPARATOR.finditer(buffer, pos, cut.start() + 1))]
            block = _decoded(buffer, starts, cut.start() + 1, line)
            yield block
            line = block[0][-1] + buffer.count(b"\n", starts[-1], cut.end())
            pos = cut.end()


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


def _decoded(buffer: bytes, starts: list[int], end: int, line: int) -> Block:
    """The entries of ``buffer[starts[0]:end]``, the first at ``line``, with their lines."""
    body = buffer[starts[0] : end]
    if _SURROGATE_ESCAPE.search(body) is not None:
        raise StepAside
    try:
        decoded = cast("list[dict[str, object]]", _DECODER.decode(b"[" + body + b"]"))
    except (msgspec.DecodeError, RecursionError, ValueError):
        raise StepAside from None
    if len(decoded) != len(starts):
        raise StepAside
    count = buffer.count
    steps = [line, *(count(b"\n", a, b) for a, b in pairwise(starts))]
    return list(accumulate(steps)), decoded


def _last(buffer: bytes, pos: int, line: int, wrapped: bool) -> Block | None:
    """The entries before the array's closing bracket, and a check of what follows it."""
    close = buffer.rfind(b"]")
    if close < pos:
        raise StepAside
    tail = buffer[close + 1 :].strip()
    # A wrapped export ends with "}" or more fields ("@odata.nextLink", which the exact
    # reader reports): step aside for anything but a plain end.
    if tail != (b"}" if wrapped else b""):
        raise StepAside
    end = len(buffer[:close].rstrip())
    if end <= pos:
        return None
    starts = [pos, *(m.end() for m in _SEPARATOR.finditer(buffer, pos, end))]
    return _decoded(buffer, starts, end, line)

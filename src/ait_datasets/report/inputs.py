"""Read result files: the log-entry export (JSON) and the generic JSONL format.

Accepted files:

- JSON: the OData response of the ``aitTestLogEntries`` API page, ``{"value": [...]}``,
  or a plain JSON array; its elements are log entries (or generic rows).
- JSONL (``.jsonl``/``.ndjson``, or any file that is not one JSON document): one row per
  line; blank lines are skipped.

Each file's row shape is decided by its first row (see :mod:`ait_datasets.report.rows`)
and every row must have it. Files may be UTF-8 (with or without a byte order mark) or
UTF-16 with a byte order mark, which Windows PowerShell writes by default.

Every problem names the file, line and column; for JSON arrays also the element's index.
All problems of a file are collected (up to :data:`MAX_PROBLEMS`) and raised together as
:class:`ReportInputError`.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from ait_datasets.internal_error import FileInternalError
from ait_datasets.report.model import InfraError, ResultSet, Run, SkippedRun
from ait_datasets.report.rows import (
    Infrastructure,
    Read,
    Row,
    RowError,
    Skipped,
    kind_of,
    read_row,
)

MAX_PROBLEMS = 20
_WS = re.compile(r"[ \t\n\r]*")
_SURROGATE = re.compile("[\ud800-\udfff]")


def _parse_int(digits: str) -> object:
    # Python refuses to convert integers of over 4300 digits (a ValueError, not a JSON
    # error); no run number is that long, so such a number is read as a float (infinite),
    # which the row check then reports as "not a whole number".
    return int(digits) if len(digits) <= 4000 else float(digits)


_DECODER = json.JSONDecoder(parse_int=_parse_int)
# The C scanner's own integers are much faster than a Python callback; a number too long
# for int() (a ValueError that is not a JSONDecodeError) is read again with _DECODER.
_FAST = json.JSONDecoder()
# A lone surrogate can only come from a \\uD8xx-\\uDFxx escape: text without one needs no
# per-string check.
_SURROGATE_ESCAPE = re.compile(r"\\[uU][dD][89a-fA-F]")


def _raw_decode(text: str, pos: int) -> tuple[object, int]:
    try:
        return _FAST.raw_decode(text, pos)
    except json.JSONDecodeError:
        raise
    except ValueError:
        return _raw_decode(text, pos)


def _decode(text: str) -> object:
    try:
        return _FAST.decode(text)
    except json.JSONDecodeError:
        raise
    except ValueError:
        return _DECODER.decode(text)


@dataclass(frozen=True, slots=True)
class Problem:
    """Why (part of) an input file could not be read. ``line`` 0 means the whole file."""

    path: str
    line: int
    column: int
    message: str

    def __str__(self) -> str:
        if self.line <= 0:
            return f"{self.path}: {self.message}"
        return f"{self.path}:{self.line}:{self.column}: {self.message}"


class ReportInputError(Exception):
    """One or more input files could not be read; ``problems`` says where and why."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems


@dataclass(frozen=True, slots=True)
class ReadOptions:
    """How rows become runs: ``runs_by`` (``version`` or ``tag``) and whether the
    possibly sensitive ``inputData``/``outputData`` are kept (``--show-data``)."""

    runs_by: str = "version"
    show_data: bool = False


def read_results(
    paths: Iterable[str | os.PathLike[str]], options: ReadOptions | None = None
) -> ResultSet:
    """Read every file into one result set; raise :class:`ReportInputError` on any problem."""
    results = ResultSet(runs_by=(options or ReadOptions()).runs_by)
    problems: list[Problem] = []
    for path in paths:
        try:
            results.merge(read_file(path, options))
        except ReportInputError as exc:
            problems.extend(exc.problems)
        except Exception as exc:
            raise FileInternalError(os.fspath(path), exc) from exc
    if problems:
        raise ReportInputError(problems)
    return results


def read_file(path: str | os.PathLike[str], options: ReadOptions | None = None) -> ResultSet:
    """Read one result file (see the module docstring for the accepted shapes)."""
    name = os.fspath(path)
    return read_text(name, decode(name, read_bytes(name)), options)


def read_bytes(path: str) -> bytes:
    """The file's bytes; a file that cannot be opened is a :class:`ReportInputError`."""
    from ait_datasets.source.load import regular_file_size

    try:
        regular_file_size(path)
        with open(path, "rb") as fh:
            return fh.read()
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise ReportInputError([Problem(path, 0, 0, f"cannot read the file: {reason}")]) from None


def decode(path: str, raw: bytes) -> str:
    """Bytes -> text: UTF-8 (BOM optional) or UTF-16 with a BOM."""
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return raw.decode("utf-16")
        except UnicodeDecodeError:
            raise ReportInputError(
                [Problem(path, 1, 1, "the file starts like UTF-16 but is not valid UTF-16")]
            ) from None
    body = raw[3:] if raw.startswith(b"\xef\xbb\xbf") else raw
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = body.count(b"\n", 0, exc.start) + 1
        line_start = body.rfind(b"\n", 0, exc.start) + 1
        # Columns count characters, as editors do, not bytes.
        column = len(body[line_start : exc.start].decode("utf-8", "replace")) + 1
        raise ReportInputError(
            [Problem(path, line, column, "invalid UTF-8; save the export as UTF-8")]
        ) from None


def read_text(path: str, text: str, options: ReadOptions | None = None) -> ResultSet:
    """Read already-decoded text; the shape is chosen by suffix, then by content."""
    try:
        return _read_text(path, text, options or ReadOptions())
    except RecursionError:
        # Python's JSON reader recurses once per nesting level; no result file nests
        # hundreds of levels deep.
        raise ReportInputError(
            [Problem(path, 0, 0, "the JSON nests too deeply to be a result file")]
        ) from None


def _read_text(path: str, text: str, options: ReadOptions) -> ResultSet:
    if not text.strip():
        raise ReportInputError(
            [Problem(path, 0, 0, "the file is empty; expected log entries or result rows")]
        )
    lower = path.lower()
    if lower.endswith((".jsonl", ".ndjson")) or (
        not lower.endswith(".json") and not _is_one_json_document(text)
    ):
        return _collect(path, text, _jsonl_rows(path, text), options, [])
    found: list[str] = []
    return _collect(path, text, _json_rows(path, text, found), options, found)


# A located row: (line, column, label for messages, the parsed value). The label of an
# array element is (prefix, index), made into text only for a problem: most rows have none.
_Located = tuple[int, int, str | tuple[str, int], object]


def _label(label: str | tuple[str, int]) -> str:
    return label if isinstance(label, str) else f"{label[0]}[{label[1]}]: "


def _collect(
    path: str,
    text: str,
    rows: Iterator[_Located],
    options: ReadOptions,
    next_link: list[str],
) -> ResultSet:
    results = ResultSet(sources=[path], runs_by=options.runs_by)
    escapes = _SURROGATE_ESCAPE.search(text) is not None
    problems: list[Problem] = []
    kind: str | None = None
    for line, column, label, value in rows:
        if isinstance(value, _Unreadable):
            if len(problems) < MAX_PROBLEMS:
                problems.append(Problem(path, line, value.column, value.message))
            continue
        if escapes and _has_surrogate(value):
            if len(problems) < MAX_PROBLEMS:
                message = f"{_label(label)}{_SURROGATE_MESSAGE}"
                problems.append(Problem(path, line, column, message))
            continue
        if kind is None:
            kind = kind_of(value)
        try:
            row = read_row(value, kind, options.runs_by, options.show_data)
        except RowError as exc:
            if len(problems) < MAX_PROBLEMS:
                problems.append(Problem(path, line, column, f"{_label(label)}{exc}"))
            continue
        _record(results, row, path, line)
    if problems:
        raise ReportInputError(problems)
    # Filled by the JSON reader once the whole object was read.
    results.incomplete.extend((path, link) for link in next_link)
    return results


def _record(results: ResultSet, row: Read, path: str, line: int) -> None:
    if type(row) is Row:
        run = Run(
            row.run,
            row.passed,
            row.message,
            path,
            line,
            row.tokens,
            row.credits,
            row.duration_ms,
            row.tag,
            row.data,
        )
        results.add(row.key, run, row.tag)
    elif isinstance(row, Skipped):
        results.skipped.append(SkippedRun(row.key, row.run, row.message, f"{path}:{line}"))
    elif isinstance(row, Infrastructure):
        results.infrastructure.append(
            InfraError(
                row.suite, row.line, row.version, row.message, row.call_stack, f"{path}:{line}"
            )
        )
    else:
        results.not_cases += 1


_SURROGATE_MESSAGE = (
    "a string holds an unpaired surrogate escape (such as \\ud800), which is not a "
    "character; write the whole surrogate pair or remove it"
)


def _has_surrogate(value: object) -> bool:
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


@dataclass(frozen=True, slots=True)
class _Unreadable:
    """A line that is not JSON at all; reported like a malformed row."""

    message: str
    column: int


def _is_one_json_document(text: str) -> bool:
    try:
        _decode(text)
    except ValueError:
        return False
    return True


def _jsonl_rows(path: str, text: str) -> Iterator[_Located]:
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            value: object = _decode(line)
        except json.JSONDecodeError as exc:
            value = _Unreadable(
                f"not valid JSON: {exc.msg}; each line must be one JSON object "
                "(one run of one case)",
                exc.colno,
            )
        indent = len(line) - len(line.lstrip())
        yield number, indent + 1, "", value


class _Text:
    """Offset -> line and column, counting forward (elements come in order)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.offset = 0
        self.line = 1

    def position(self, offset: int) -> tuple[int, int]:
        if offset < self.offset:
            self.offset, self.line = 0, 1
        self.line += self.text.count("\n", self.offset, offset)
        self.offset = offset
        return self.line, offset - (self.text.rfind("\n", 0, offset) + 1) + 1


def _json_rows(path: str, text: str, next_link: list[str]) -> Iterator[_Located]:
    """The elements of the file's array, one at a time (a big export is never held twice)."""
    where = _Text(text)
    start = _ws(text, 0)
    if text.startswith("[", start):
        elements: Iterator[tuple[int, object]] = _array(text, start, [0])
        prefix = ""
    elif text.startswith("{", start):
        elements = _value_array(text, start, next_link)
        prefix = "value"
    else:
        line, column = where.position(start)
        raise ReportInputError(
            [Problem(path, line, column, 'expected a JSON array or {"value": [...]}')]
        )
    index = 0
    try:
        for offset, value in elements:
            line, column = where.position(offset)
            yield line, column, (prefix, index), value
            index += 1
    except json.JSONDecodeError as exc:
        raise ReportInputError(
            [Problem(path, exc.lineno, exc.colno, f"not valid JSON: {exc.msg}")]
        ) from None
    except _NoValueArray as exc:
        line, column = where.position(exc.offset)
        raise ReportInputError(
            [
                Problem(
                    path,
                    line,
                    column,
                    'expected the API export {"value": [...]} or a JSON array of log '
                    "entries, found an object without a 'value' array",
                )
            ]
        ) from None


class _NoValueArray(Exception):
    def __init__(self, offset: int) -> None:
        super().__init__(offset)
        self.offset = offset


def _ws(text: str, pos: int) -> int:
    match = _WS.match(text, pos)
    return pos if match is None else match.end()


def _array(text: str, pos: int, end: list[int]) -> Iterator[tuple[int, object]]:
    """The elements of the array at ``text[pos] == '['`` with their offsets; its end is
    left in ``end[0]``; the array must be the whole text."""
    yield from _elements(text, pos, end)
    if _ws(text, end[0]) != len(text):
        raise json.JSONDecodeError("Extra data after the JSON value", text, _ws(text, end[0]))


def _elements(text: str, pos: int, end: list[int]) -> Iterator[tuple[int, object]]:
    pos = _ws(text, pos + 1)
    if text.startswith("]", pos):
        end[0] = pos + 1
        return
    # The C scanner itself (what raw_decode calls), without raw_decode's Python frame.
    scan: Callable[[str, int], tuple[object, int]] = _FAST.scan_once  # type: ignore[attr-defined]
    while True:
        try:
            value, stop = scan(text, pos)
        except StopIteration as exc:
            raise json.JSONDecodeError("Expecting value", text, exc.value) from None
        except json.JSONDecodeError:
            raise
        except ValueError:  # a number too long for int()
            value, stop = _DECODER.raw_decode(text, pos)
        yield pos, value
        # The common layouts first (",{" and ",\n{"), without a regular expression.
        if text.startswith(",", stop):
            pos = stop + 1
            if text.startswith("\n", pos):
                pos += 1
            if text.startswith((" ", "\t", "\r", "\n"), pos):
                pos = _ws(text, pos)
            continue
        pos = _ws(text, stop)
        if text.startswith(",", pos):
            pos = _ws(text, pos + 1)
        elif text.startswith("]", pos):
            end[0] = pos + 1
            return
        else:
            raise json.JSONDecodeError("Expecting ',' delimiter or ']'", text, pos)


def _value_array(text: str, start: int, next_link: list[str]) -> Iterator[tuple[int, object]]:
    """The elements of the ``value`` array of the object at ``text[start] == '{'``; an
    ``@odata.nextLink`` (the response is one page of several) goes to ``next_link``."""
    found = False
    pos = _ws(text, start + 1)
    if text.startswith("}", pos):
        raise _NoValueArray(start)
    while True:
        if not text.startswith('"', pos):
            raise json.JSONDecodeError(
                "Expecting property name enclosed in double quotes", text, pos
            )
        key, pos = _raw_decode(text, pos)
        pos = _ws(text, pos)
        if not text.startswith(":", pos):
            raise json.JSONDecodeError("Expecting ':' delimiter", text, pos)
        pos = _ws(text, pos + 1)
        if key == "value" and text.startswith("[", pos) and not found:
            found = True
            end = [pos]
            yield from _elements(text, pos, end)
            pos = end[0]
        else:
            value, pos = _raw_decode(text, pos)
            if key == "@odata.nextLink" and isinstance(value, str):
                next_link.append(value)
        pos = _ws(text, pos)
        if text.startswith(",", pos):
            pos = _ws(text, pos + 1)
        elif text.startswith("}", pos):
            break
        else:
            raise json.JSONDecodeError("Expecting ',' delimiter or '}'", text, pos)
    if not found:
        raise _NoValueArray(start)
    if _ws(text, pos + 1) != len(text):
        raise json.JSONDecodeError("Extra data after the JSON value", text, _ws(text, pos + 1))

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
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ait_datasets.internal_error import FileInternalError
from ait_datasets.report.fast_rows import record
from ait_datasets.report.json_stream import (
    NoValueArray,
    Text,
    array,
    decode_document,
    skip_ws,
    value_array,
)
from ait_datasets.report.model import ResultSet
from ait_datasets.report.rows import RowError, kind_of, read_row

MAX_PROBLEMS = 20
_SURROGATE = re.compile("[\ud800-\udfff]")


# A lone surrogate can only come from a \uD8xx-\uDFxx escape: text without one needs no
# per-string check.
_SURROGATE_ESCAPE = re.compile(r"\\[uU][dD][89a-fA-F]")


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
    runs_by = (options or ReadOptions()).runs_by
    results: ResultSet | None = None
    problems: list[Problem] = []
    for path in paths:
        try:
            part = read_file(path, options)
        except ReportInputError as exc:
            problems.extend(exc.problems)
            continue
        except Exception as exc:
            raise FileInternalError(os.fspath(path), exc) from exc
        if results is None:
            results = part  # the first file's set is the start: its rows are not added again
        else:
            results.merge(part)
    if problems:
        raise ReportInputError(problems)
    return results if results is not None else ResultSet(runs_by=runs_by)


def read_file(path: str | os.PathLike[str], options: ReadOptions | None = None) -> ResultSet:
    """Read one result file (see the module docstring for the accepted shapes)."""
    name = os.fspath(path)
    fast = _read_fast(name, options or ReadOptions())
    if fast is not None:
        return fast
    return read_text(name, decode(name, read_bytes(name)), options)


def _read_fast(path: str, options: ReadOptions) -> ResultSet | None:
    """The file read by the streaming reader (:mod:`ait_datasets.report.fast_json`), or
    None when it is not installed or steps aside: then the exact reader below reads it,
    and says what is wrong where."""
    lower = path.lower()
    if not lower.endswith((".json", ".jsonl", ".ndjson")):
        return None
    try:
        from ait_datasets.report.fast_json import StepAside, blocks, line_blocks
    except ImportError:  # msgspec is not installed: the pure-Python reader does it all
        return None
    from ait_datasets.report.fast_rows import Interned, add_block
    from ait_datasets.source.load import regular_file_size

    lean = not options.show_data
    json = lower.endswith(".json")
    try:
        regular_file_size(path)
    except OSError:
        return None
    if json and lean:
        scanned = _read_scanned(path, options)
        if scanned is not None:
            return scanned
    results = ResultSet(sources=[path], runs_by=options.runs_by)
    interned = Interned()
    reader = blocks if json else line_blocks
    try:
        for block in reader(path, lean=lean):
            add_block(results, block, path, interned, options.runs_by, options.show_data)
    except (StepAside, RowError, OSError):
        return None
    return results


def _read_scanned(path: str, options: ReadOptions) -> ResultSet | None:
    """The JSON export read by the C pass (:mod:`ait_datasets.report.fast_scan`), or None
    when it was not built or steps aside (then the msgspec reader tries)."""
    try:
        from ait_datasets.report.fast_scan import read_scanned
    except ImportError:  # built without a C compiler
        return None
    from ait_datasets.report.fast_json import StepAside
    from ait_datasets.report.fast_rows import Interned

    results = ResultSet(sources=[path], runs_by=options.runs_by)
    try:
        read_scanned(path, results, Interned(), options.runs_by)
    except (StepAside, RowError, OSError):
        return None
    return results


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
        record(results, row, path, line)
    if problems:
        raise ReportInputError(problems)
    # Filled by the JSON reader once the whole object was read.
    results.incomplete.extend((path, link) for link in next_link)
    return results


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
        decode_document(text)
    except ValueError:
        return False
    return True


def _jsonl_rows(path: str, text: str) -> Iterator[_Located]:
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            value: object = decode_document(line)
        except json.JSONDecodeError as exc:
            value = _Unreadable(
                f"not valid JSON: {exc.msg}; each line must be one JSON object "
                "(one run of one case)",
                exc.colno,
            )
        indent = len(line) - len(line.lstrip())
        yield number, indent + 1, "", value


def _json_rows(path: str, text: str, next_link: list[str]) -> Iterator[_Located]:
    """The elements of the file's array, one at a time (a big export is never held twice)."""
    where = Text(text)
    start = skip_ws(text, 0)
    if text.startswith("[", start):
        elements: Iterator[tuple[int, object]] = array(text, start, [0])
        prefix = ""
    elif text.startswith("{", start):
        elements = value_array(text, start, next_link)
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
    except NoValueArray as exc:
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

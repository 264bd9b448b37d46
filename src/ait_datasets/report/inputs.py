"""Read result files: the log-entry export (JSON) and the generic JSONL format.

Accepted files:

- JSON: the OData response of the ``aitTestLogEntries`` API page, ``{"value": [...]}``,
  or a plain JSON array; its elements are log entries (or generic rows).
- JSONL (``.jsonl``/``.ndjson``, or any file that is not one JSON document): one row per
  line; blank lines are skipped.
- The Excel eval summary (``.xlsx``, report 149030), recognised by content (a zip whose
  sheet starts with the summary's header row): :mod:`ait_datasets.report.eval_summary`.

Each file's row shape is decided by its first row (see :mod:`ait_datasets.report.rows`)
and every row must have it. Files may be UTF-8 (with or without a byte order mark) or
UTF-16 with a byte order mark, which Windows PowerShell writes by default.

The rows are found and decoded by :mod:`ait_datasets.report.reader` and read by
:func:`~ait_datasets.report.rows.read_row`. Every problem names the file, line and column;
for JSON arrays also the element's index. All problems of a file are collected (up to
:data:`MAX_PROBLEMS`) and raised together as :class:`ReportInputError`.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any

from ait_datasets.internal_error import FileInternalError
from ait_datasets.regular_file import regular_file_size
from ait_datasets.report.input_problems import (
    MAX_PROBLEMS,
    Problem,
    ReadOptions,
    ReportInputError,
    unreadable,
)
from ait_datasets.report.model import ResultSet
from ait_datasets.report.reader import (
    Block,
    Malformed,
    Refused,
    Unreadable,
    chars,
    diagnose,
    is_one_document,
    json_blocks,
    jsonl_blocks,
)
from ait_datasets.report.rows import (
    LOG_ENTRY,
    Fields,
    RowError,
    kind_of,
    read_log_entry,
    read_row,
    record,
)

ZIP_SIGNATURE = b"PK\x03\x04"  # how a zip archive (an .xlsx is one) starts


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
    try:
        regular_file_size(name)
        stream = open(name, "rb")  # noqa: SIM115 (closed below, the rows read)
    except OSError as exc:
        raise unreadable(name, exc) from None
    with stream:
        head = stream.read(4)
        if head.startswith(ZIP_SIGNATURE):  # a zip: the Excel eval summary (by content)
            from ait_datasets.report.eval_summary import read_eval_summary

            stream.close()
            return read_eval_summary(name, options)
        if head.startswith((b"\xff\xfe", b"\xfe\xff")):  # UTF-16: read as text
            return read_text(name, decode(name, head + stream.read()), options)
        start = 3 if head.startswith(b"\xef\xbb\xbf") else 0
        stream.seek(start)

        def whole() -> bytes:
            stream.seek(start)
            return stream.read()

        return read_stream(name, stream, whole, options)


def read_text(path: str, text: str, options: ReadOptions | None = None) -> ResultSet:
    """Read already-decoded text; the shape is chosen by suffix, then by content."""
    data = text.encode("utf-8", "surrogatepass")
    return read_stream(path, io.BytesIO(data), lambda: data, options)


def read_stream(
    path: str,
    stream: IO[bytes],
    whole: Callable[[], bytes],
    options: ReadOptions | None = None,
) -> ResultSet:
    """Read the file ``path`` from ``stream`` (its bytes after any byte order mark;
    ``whole()`` gives them all again, to say what is wrong where)."""
    options = options or ReadOptions()
    lower = path.lower()
    jsonl = lower.endswith((".jsonl", ".ndjson"))
    if not jsonl and not lower.endswith(".json"):  # the content decides
        data = stream.read()
        jsonl = bool(data.strip()) and not is_one_document(data)
        stream = io.BytesIO(data)
    results = ResultSet(sources=[path], runs_by=options.runs_by)
    next_links: list[str] = []
    blocks = jsonl_blocks(stream) if jsonl else json_blocks(stream, next_links)
    try:
        _collect(path, blocks, options, results)
    except Malformed as exc:
        raise ReportInputError([Problem(path, exc.line, exc.column, exc.message)]) from None
    except Refused as exc:
        data = whole()
        decode(path, data)  # bytes that are not UTF-8: said first, where they are
        found = diagnose(data, str(exc))
        raise ReportInputError([Problem(path, found.line, found.column, found.message)]) from None
    results.incomplete.extend((path, link) for link in next_links)
    return results


def _collect(path: str, blocks: Iterator[Block], options: ReadOptions, results: ResultSet) -> None:
    problems: list[Problem] = []
    runs_by, show_data = options.runs_by, options.show_data
    kind: str | None = None
    log_entries = False  # the file's rows are log entries (decided by its first row)
    add = results.add
    keys: dict[object, Any] = {}  # see read_log_entry
    for block in blocks:
        for index, (value, line) in enumerate(zip(block.rows, block.lines)):  # noqa: B905
            try:
                if log_entries and type(value) is Fields:  # most rows: straight to the rules
                    row = read_log_entry(value, runs_by, show_data, path, line, keys)
                else:
                    if kind is None and not isinstance(value, Unreadable):
                        kind = kind_of(value)
                        log_entries = kind == LOG_ENTRY
                    row = read_row(value, kind or "", runs_by, show_data, path, line)
            except RowError as exc:
                if len(problems) < MAX_PROBLEMS:
                    problems.append(_problem(path, block, index, value, exc))
                continue
            if type(row) is tuple:  # a run of a case (most rows): added here, once per row
                key, run = row
                add(key, run, run[8])  # its tag, by position
            else:
                record(results, row)
    if problems:
        raise ReportInputError(problems)


def _problem(path: str, block: Block, index: int, value: object, exc: RowError) -> Problem:
    """Where row ``index`` of ``block`` is, and what is wrong with it."""
    column, label = block.where(index)
    if isinstance(value, Unreadable):
        if value.column is not None:  # not JSON: where in the line
            return Problem(path, block.lines[index], value.column, value.message)
        return Problem(path, block.lines[index], column, f"{label}{value.message}")
    return Problem(path, block.lines[index], column, f"{label}{exc}")


def read_bytes(path: str) -> bytes:
    """The file's bytes; a file that cannot be opened is a :class:`ReportInputError`."""
    try:
        regular_file_size(path)
        with open(path, "rb") as fh:
            return fh.read()
    except OSError as exc:
        raise unreadable(path, exc) from None


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
        column = chars(body[line_start : exc.start]) + 1  # characters, as editors count
        raise ReportInputError(
            [Problem(path, line, column, "invalid UTF-8; save the export as UTF-8")]
        ) from None

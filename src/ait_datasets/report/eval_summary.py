"""The Excel eval summary: the Data sheet of report 149030 "AIT Test Summary" (``.xlsx``).

Business Central's "Download eval summary" action (``DownloadTestSummary``,
``src/Tools/AI Test Toolkit/src/TestSuite/AITTestSuiteMgt.Codeunit.al:602-621``) saves
report 149030 (``src/Tools/AI Test Toolkit/src/Logs/AITTestSummary.Report.al``) as Excel,
named ``<suite>_Eval_Summary.xlsx`` (``:34``, ``:618``). Its layout (``AITestSummary.xlsx``)
holds a sheet ``Data`` whose first row names the dataset's columns and whose other rows
are the report's one dataitem, ``Results``, over ``AIT Log Entry``: **one row per log
entry**, nothing aggregated (``AITTestSummary.Report.al:19-95``). BCApps PR #8442 added
``EntryNo``, ``Version``, ``Tag``, ``RunID``, ``TestInputGroupCode``, ``TestInputCode``,
``TestInputDescription``, ``DurationMs``, ``StartTime``, ``EndTime`` (``:57-86``) to
``CodeunitID``, ``Name``, ``TestName``, ``Status``, ``Accuracy``, ``TurnsExecuted``,
``TurnsPassed``, ``Input``, ``Output``, ``Error_Message``, ``Error`` (``:24-56``).

Each row is read as the log entry it is, by the same rules
(:func:`~ait_datasets.report.rows.read_log_entry`): ``TestName`` is ``procedureName``,
``TestInputGroupCode`` ``dataset``, ``TestInputCode`` ``datasetLineNumber``,
``Error_Message`` ``message``, ``Error`` ``errorCallStack``, ``Input``/``Output``
``inputData``/``outputData``. ``Status`` is the option ``Success,Error,Skipped``
(``Logs/AITLogEntry.Table.al:72-77``), written as its text or, as the layout's Data sheet
types it, its number (0, 1, 2). What the summary cannot give:

- the suite: no column holds ``Test Suite Code``; it is read from the file name BC gives
  the download (``SUITE_Eval_Summary.xlsx``, a browser's `` (1)`` allowed), else empty;
- the suite line (``Test Method Line No.``): not a column;
- tokens and Copilot credits: not columns (PR #8442's description names ``Tokens
  Consumed``, its change does not add it), so the report's costs say "not exported".

The failing turn of a failed multi-turn eval is exact here: ``TurnsPassed`` is the
toolkit's own count of turns passed (``AITTestRunIteration.Codeunit.al:261-266``), so it
failed at turn ``TurnsPassed + 1`` of ``TurnsExecuted``.

openpyxl reads it (read-only mode: the sheet is streamed); it is the ``xlsx`` extra.
"""

from __future__ import annotations

import datetime as dt
import os
import re
from collections.abc import Iterator
from typing import Any

import msgspec
from msgspec import UNSET

from ait_datasets.report.input_problems import (
    MAX_PROBLEMS,
    Problem,
    ReadOptions,
    ReportInputError,
    unreadable,
)
from ait_datasets.report.model import ResultSet
from ait_datasets.report.rows import Fields, RowError, read_log_entry, record
from ait_datasets.report.turns import Turn

SHEET = "Data"
EXTRA = "xlsx"
NEEDS_OPENPYXL = "reading an Excel eval summary needs openpyxl: pip install 'ait-datasets[xlsx]'"
# The columns a summary must have to be read (PR #8442 added the last three).
REQUIRED = ("TestName", "Status", "Version", "TestInputGroupCode", "TestInputCode")
# Report 149030's columns -> the log entry's fields (the API page's names).
FIELDS = {
    "CodeunitID": "codeunitID",
    "Name": "codeunitName",
    "TestName": "procedureName",
    "Status": "status",
    "Input": "inputData",
    "Output": "outputData",
    "Error_Message": "message",
    "Error": "errorCallStack",
    "Version": "version",
    "Tag": "tag",
    "TestInputGroupCode": "dataset",
    "TestInputCode": "datasetLineNumber",
    "DurationMs": "durationMs",
}
_STATUS = ("Success", "Error", "Skipped")  # the option's members, by number
_FILE_NAME = re.compile(r"^(?P<suite>.+)_Eval_Summary(?: \(\d+\))?\.xlsx$", re.IGNORECASE)


def suite_of(path: str) -> str:
    """The suite code in the name BC gives the download, or empty."""
    match = _FILE_NAME.match(os.path.basename(path))
    return "" if match is None else match.group("suite").strip()


def read_eval_summary(path: str, options: ReadOptions | None = None) -> ResultSet:
    """The results in the eval summary at ``path``; raises :class:`ReportInputError`."""
    options = options or ReadOptions()
    try:
        import openpyxl
    except ImportError:
        raise ReportInputError([Problem(path, 0, 0, NEEDS_OPENPYXL)]) from None
    try:
        stream = open(path, "rb")  # noqa: SIM115 (closed below, the rows read)
    except OSError as exc:
        raise unreadable(path, exc) from None
    with stream:
        try:
            # A stream, not the name: openpyxl refuses a name not ending in .xlsx, and the
            # summary is recognised by its content.
            book = openpyxl.load_workbook(stream, read_only=True, data_only=True)
        except Exception as exc:  # openpyxl raises many kinds on a damaged file
            raise ReportInputError([_not_readable(path, exc)]) from None
        try:
            return _read_book(path, book, options)
        finally:
            book.close()


def _not_readable(path: str, exc: Exception) -> Problem:
    reason = " ".join(str(exc).split())[:200] or type(exc).__name__
    return Problem(path, 0, 0, f"a zip file that cannot be read as an Excel workbook ({reason})")


def _read_book(path: str, book: Any, options: ReadOptions) -> ResultSet:
    found = _summary_sheet(path, book)
    if found is None:
        raise ReportInputError(
            [
                Problem(
                    path,
                    0,
                    0,
                    "a zip file, but not an Excel eval summary (report 149030): no sheet "
                    f"starts with the header row of its Data sheet ({', '.join(REQUIRED)}, ...)",
                )
            ]
        )
    title, header, rows = found
    missing = [name for name in REQUIRED if name not in header]
    if missing:
        older = "Version" in missing
        hint = (
            "; it was written before BCApps PR #8442 added Version and the test's codes, so "
            "its runs cannot be told apart: download it again or export the log entries"
            if older
            else ""
        )
        raise ReportInputError(
            [
                Problem(
                    path,
                    1,
                    1,
                    f"sheet '{title}': the eval summary has no column {', '.join(missing)}{hint}",
                )
            ]
        )
    columns = {name: index for index, name in enumerate(header) if name in FIELDS}
    turns_at = _index(header, "TurnsExecuted"), _index(header, "TurnsPassed")
    suite = suite_of(path)
    results = ResultSet(sources=[path], runs_by=options.runs_by)
    problems: list[Problem] = []
    keys: dict[object, Any] = {}  # see read_log_entry
    for line, values in _rows(path, rows):
        if all(value is None or value == "" for value in values):
            continue
        fields = _fields(values, columns, suite)
        try:
            row = read_log_entry(fields, options.runs_by, options.show_data, path, line, keys)
        except RowError as exc:
            if len(problems) < MAX_PROBLEMS:
                problems.append(Problem(path, line, 1, f"sheet '{title}': {exc}"))
            continue
        if type(row) is tuple:
            key, run = row
            turn = _exact_turn(values, turns_at) if not run.passed else None
            if turn is not None:
                run = run._replace(turn=turn)
            row = (key, run)
        record(results, row)
    if problems:
        raise ReportInputError(problems)
    return results


def _summary_sheet(path: str, book: Any) -> tuple[str, list[str], Iterator[tuple[Any, ...]]] | None:
    """The sheet whose first row is the summary's header (``Data`` first), its header and
    its other rows."""
    try:
        sheets = sorted(book.worksheets, key=lambda sheet: sheet.title != SHEET)
        for sheet in sheets:
            rows = sheet.iter_rows(values_only=True)
            first = next(rows, None)
            if first is None:
                continue
            header = ["" if cell is None else str(cell).strip() for cell in first]
            if "TestName" in header and "Status" in header:
                return sheet.title, header, rows
    except Exception as exc:  # a damaged sheet
        raise ReportInputError([_not_readable(path, exc)]) from None
    return None


def _rows(path: str, rows: Iterator[tuple[Any, ...]]) -> Iterator[tuple[int, tuple[Any, ...]]]:
    """The data rows with their row numbers (the header is row 1)."""
    line = 1
    while True:
        try:
            values = next(rows)
        except StopIteration:
            return
        except Exception as exc:  # a damaged sheet, found while streaming it
            raise ReportInputError([_not_readable(path, exc)]) from None
        line += 1
        yield line, values


def _index(header: list[str], name: str) -> int | None:
    return header.index(name) if name in header else None


def _fields(values: tuple[Any, ...], columns: dict[str, int], suite: str) -> Fields:
    """A data row as the log entry the API page would export for it."""
    data: dict[str, Any] = {"aitCode": suite or UNSET}
    for column, index in columns.items():
        value = _cell(values[index]) if index < len(values) else None
        name = FIELDS[column]
        if name == "status" and type(value) is int and 0 <= value < len(_STATUS):
            value = _STATUS[value]
        if name in ("inputData", "outputData"):
            value = msgspec.Raw(msgspec.json.encode("" if value is None else str(value)))
        data[name] = value
    return Fields(**data)


def _cell(value: Any) -> Any:
    """A cell's value as JSON would carry it: whole numbers as integers, times as text."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, (dt.datetime, dt.date, dt.time)):
        return value.isoformat()
    return value


def _exact_turn(values: tuple[Any, ...], at: tuple[int | None, int | None]) -> Turn | None:
    """The failing turn from ``TurnsExecuted``/``TurnsPassed`` (a test of two turns or more)."""
    executed, passed = at
    if executed is None or passed is None or max(executed, passed) >= len(values):
        return None
    total, done = _cell(values[executed]), _cell(values[passed])
    if type(total) is not int or type(done) is not int or total < 2 or not 0 <= done < total:
        return None
    return Turn(done + 1, done + 1, total)

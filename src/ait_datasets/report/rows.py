"""One input row -> a case result, a skipped eval, an infrastructure error, or nothing.

Two row shapes are read:

- an AI Test Toolkit log entry, as the ``aitTestLogEntries`` API page exports it
  (``AITLogEntryAPI.Page.al``): ``aitCode`` (suite), ``lineNumber`` (the suite line),
  ``dataset`` (``Test Input Group Code``), ``datasetLineNumber`` (``Test Input Code``,
  the test's code), ``procedureName``, ``version``, ``tag``, ``status`` (the option
  ``Success,Error,Skipped`` of ``AITLogEntry.Table.al``), ``message``, ``tokensConsumed``,
  ``copilotCredits``, ``durationMs``, ``inputData``/``outputData``, ``errorCallStack``;
- a generic row: ``{"case": ..., "run": ..., "passed": true|false}`` with optional
  ``dataset``, ``suite``, ``message``, ``tokens``, ``credits``, ``durationMs``.

How a log entry is classified (the counting rules of the README, with their AL sources):

- ``status: Skipped`` -> :class:`Skipped`: the eval never ran (credit limit); never a run;
- no ``version`` and ``status: Error`` -> :class:`Infrastructure`: a row the command-line
  runner appends when a suite line failed before any eval was logged;
- no ``procedureName`` -> not a case (Microsoft's counters filter ``Procedure Name <> ''``):
  an ``Error`` is an :class:`Infrastructure` error of its suite line (an OnRun failure);
  anything else is :data:`NOT_A_CASE` (counted, not used);
- otherwise a :class:`Row`: one result of one case.

This module is the one statement of these rules: every row of every file goes through
:func:`read_row` (the reader, :mod:`ait_datasets.report.reader`, only finds and decodes
rows). Problems are raised as :class:`RowError` with a message for the person who exported
the file; the caller adds where the row is.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, NamedTuple, TypedDict

import msgspec

from ait_datasets.report.model import CaseKey, InfraError, ResultSet, Run, RunId, SkippedRun
from ait_datasets.report.turns import Turn, failing_turn

LOG_ENTRY = "log entry"
GENERIC = "generic"
RUNS_BY = ("version", "tag")
UNTAGGED = "(no tag)"


class Fields(TypedDict, total=False):
    """The fields either row shape is read from, as msgspec decodes each row: every other
    field is skipped unread, and an absent field stays absent (``found no such field``).

    ``inputData``/``outputData`` (a test's JSON and what the eval wrote, kilobytes a row)
    are kept as their JSON text, decoded only for a failed eval's failing turn or
    ``--show-data``; a row read some other way may hold them decoded.
    """

    # A log entry (AITLogEntryAPI.Page.al)
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
    # A generic row (dataset and message and durationMs as above)
    case: Any
    run: Any
    passed: Any
    suite: Any
    tokens: Any
    credits: Any


JsonObject = Mapping[str, object]  # a row as read: Fields, or any JSON object


class RowError(ValueError):
    """A row that cannot be read; the message says what is wrong and what was expected."""


class Row(NamedTuple):
    """One result of one case (a named tuple: one is made per input row)."""

    key: CaseKey
    run: RunId
    passed: bool
    message: str
    tag: str
    tokens: int | None
    credits: float | None
    duration_ms: int | None
    version: int | None = None
    data: tuple[str, str] | None = None  # (inputData, outputData), kept only when asked
    turn: Turn | None = None  # where a failed multi-turn eval failed


@dataclass(frozen=True, slots=True)
class Skipped:
    """An eval that never ran (``Status::Skipped``, ``AITTestSuiteMgt.LogSkippedEval``)."""

    key: CaseKey
    run: RunId
    message: str
    tag: str


@dataclass(frozen=True, slots=True)
class Infrastructure:
    """An error that is not a result of any case: a suite line failed around its evals."""

    suite: str
    line: str  # the suite line (``lineNumber``) or the codeunit, whatever the row names
    version: int | None
    message: str
    call_stack: str


class _NotACase:
    """A row without ``procedureName`` that is not an error (e.g. a custom operation)."""


NOT_A_CASE: Final = _NotACase()

Read = Row | Skipped | Infrastructure | _NotACase


def kind_of(row: object) -> str:
    """Which shape a row has: a generic row has ``passed``; anything else is a log entry."""
    if isinstance(row, dict) and "passed" in row and "status" not in row:
        return GENERIC
    return LOG_ENTRY


def read_row(row: object, kind: str, runs_by: str = "version", show_data: bool = False) -> Read:
    """Read a row of the given shape, or raise :class:`RowError`."""
    if not isinstance(row, dict):
        raise RowError(f"expected a JSON object (one {kind}), found {_json_type(row)}")
    if kind == LOG_ENTRY:
        return read_log_entry(row, runs_by, show_data)
    return read_generic(row)


_STATUS = {"Success": "success", "Error": "error", "Skipped": "skipped"}
_new = tuple.__new__


def read_log_entry(row: JsonObject, runs_by: str = "version", show_data: bool = False) -> Read:
    """A log entry of the AI Test Toolkit's ``aitTestLogEntries`` API page.

    Called once per row of exports of millions of rows: the common shapes (text fields,
    whole-number version, the exact option names) are checked inline first; anything
    else goes through the general checks, which say what is wrong.
    """
    get = row.get
    raw_status = get("status")
    status = _STATUS.get(raw_status) if type(raw_status) is str else None
    if status is None:
        status = _status(row)
    version_value = get("version")
    procedure = get("procedureName")
    procedure = procedure.strip() if type(procedure) is str else _text(row, "procedureName")
    if version_value is None and status == "error":
        return _infrastructure(row, None)
    if version_value is None:
        raise RowError("the log entry has no 'version'; it says which run the entry belongs to")
    version = version_value if type(version_value) is int else _version(version_value)
    test = get("datasetLineNumber")
    test = test.strip() if type(test) is str else _text(row, "datasetLineNumber")
    if not procedure:
        if not test and not _text(row, "aitCode") and not _text(row, "lineNumber"):
            raise RowError(
                "the log entry has neither 'datasetLineNumber' nor 'procedureName', so it "
                "cannot be matched to a test; export these fields too"
            )
        return _infrastructure(row, version) if status == "error" else NOT_A_CASE
    suite = get("aitCode")
    suite = suite.strip() if type(suite) is str else _text(row, "aitCode")
    dataset = get("dataset")
    dataset = dataset.strip() if type(dataset) is str else _text(row, "dataset")
    # tuple.__new__: a named tuple's own constructor is a Python function, which costs
    # more than the rest of this line, and this runs for every one of millions of rows.
    key = _new(CaseKey, (suite, dataset, test, procedure))
    tag = get("tag")
    tag = tag.strip() if type(tag) is str else _text(row, "tag")
    run: RunId = version if runs_by == "version" else (tag or UNTAGGED)
    message = get("message")
    message = message.strip() if type(message) is str else _text(row, "message")
    if status == "skipped":
        return Skipped(key, run, message, tag)
    tokens = get("tokensConsumed")
    if type(tokens) is not int or tokens < 0:
        tokens = _count(row, "tokensConsumed")
    credits = get("copilotCredits")
    if type(credits) is not float or not 0 <= credits < math.inf:
        credits = _amount(row, "copilotCredits")
    duration = get("durationMs")
    if type(duration) is not int or duration < 0:
        duration = _count(row, "durationMs")
    data = (_data_text(row, "inputData"), _data_text(row, "outputData")) if show_data else None
    # Only a failure has a failing turn; its data is parsed for the turn's number only.
    turn = failing_turn(get("inputData"), get("outputData")) if status == "error" else None
    return _new(
        Row,
        (
            key,
            run,
            status == "success",
            message,
            tag,
            tokens,
            credits,
            duration,
            version,
            data,
            turn,
        ),
    )


def _status(row: JsonObject) -> str:
    status = row.get("status")
    value = status.strip().lower() if isinstance(status, str) else ""
    if value not in ("success", "error", "skipped"):
        shown = _found(row, "status")
        if not value:
            raise RowError(
                "the log entry has no usable 'status'; expected 'Success' (passed) or another "
                f"status such as 'Error' (failed), found {shown}"
            )
        raise RowError(
            "'status' must be Success, Error or Skipped (the AIT Log Entry's Status), "
            f"found {shown}"
        )
    return value


def _infrastructure(row: JsonObject, version: int | None) -> Infrastructure:
    line = _text(row, "lineNumber") or _text(row, "codeunitName") or _text(row, "codeunitID")
    stack = _text(row, "errorCallStack")
    return Infrastructure(_text(row, "aitCode"), line, version, _text(row, "message"), stack)


def read_generic(row: dict[str, object]) -> Row:
    """A generic row: ``case``, ``run``, ``passed`` (+ optional dataset, suite, message)."""
    case = row.get("case")
    if isinstance(case, bool) or not isinstance(case, (str, int)) or str(case).strip() == "":
        raise RowError(f"'case' must be a non-empty text or number, found {_found(row, 'case')}")
    run = row.get("run")
    if isinstance(run, bool) or not isinstance(run, (str, int)) or str(run).strip() == "":
        raise RowError(f"'run' must be a non-empty text or number, found {_found(row, 'run')}")
    passed = row.get("passed")
    if not isinstance(passed, bool):
        raise RowError(f"'passed' must be true or false, found {_found(row, 'passed')}")
    key = CaseKey(_text(row, "suite"), _text(row, "dataset"), str(case).strip())
    run_id = run.strip() if isinstance(run, str) else run
    return Row(
        key,
        run_id,
        passed,
        _text(row, "message"),
        "",
        _count(row, "tokens"),
        _amount(row, "credits"),
        _count(row, "durationMs"),
    )


def _version(value: object) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    raise RowError(f"'version' must be a whole number (the run), found {_json_type(value)}")


def _count(row: JsonObject, name: str) -> int | None:
    """An optional whole number (tokens, milliseconds); absent/null is None."""
    value = row.get(name)
    if type(value) is int and value >= 0:  # the common case first: one check
        return value
    if value is None:
        return None
    if isinstance(value, float) and value.is_integer() and math.isfinite(value):
        return int(value)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RowError(f"'{name}' must be a whole number of at least 0, found {_json_type(value)}")
    return value


def _amount(row: JsonObject, name: str) -> float | None:
    """An optional decimal (Copilot credits); absent/null is None."""
    value = row.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise RowError(f"'{name}' must be a number, found {_json_type(value)}")
    amount = float(value)
    if not math.isfinite(amount) or amount < 0:
        raise RowError(f"'{name}' must be a number of at least 0, found {_json_type(value)}")
    return amount


def _text(row: JsonObject, name: str) -> str:
    """An optional identifying field: text or a number, absent/null as empty."""
    value = row.get(name)
    if type(value) is str:  # the common case first: one check
        return value.strip()
    if value is None:
        return ""
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise RowError(f"'{name}' must be text, found {_json_type(value)}")
    return str(value).strip()


def _data_text(row: JsonObject, name: str) -> str:
    """``inputData``/``outputData`` as text (``--show-data``), decoded if kept as JSON."""
    value = row.get(name)
    if isinstance(value, msgspec.Raw):
        value = msgspec.json.decode(value)
    return _text({name: value}, name)


def _found(row: JsonObject, name: str) -> str:
    return _json_type(row[name]) if name in row else "no such field"


def _json_type(value: object) -> str:
    """The JSON word for a value, quoting short scalars so the user can find them."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return f'the text "{shown}"'
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "an array"
    return type(value).__name__


def record(results: ResultSet, row: Read, path: str, line: int) -> None:
    """Add one read row to ``results``: a run of its case, a skipped eval, an
    infrastructure error, or a row that is not a case (counted)."""
    if type(row) is Row:
        # tuple.__new__ rather than Run(...): see read_log_entry (once per row).
        run = _new(
            Run,
            (
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
                row.turn,
            ),
        )
        results.add(row.key, run, row.tag)
    elif isinstance(row, Skipped):
        results.skipped.append(SkippedRun(row.key, row.run, row.message, f"{path}:{line}"))
    elif isinstance(row, Infrastructure):
        origin = f"{path}:{line}"
        results.infrastructure.append(
            InfraError(row.suite, row.line, row.version, row.message, row.call_stack, origin)
        )
    else:
        results.not_cases += 1

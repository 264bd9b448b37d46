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

(A row of the Excel eval summary is a log entry too: :mod:`ait_datasets.report.eval_summary`
maps its columns to these fields and reads it here.)

How a log entry is classified (the counting rules of the README, with their AL sources):

- ``status: Skipped`` -> a :class:`~.model.SkippedRun`: the eval never ran (credit limit);
  never a run;
- no ``version`` and ``status: Error`` -> an :class:`~.model.InfraError`: a row the
  command-line runner appends when a suite line failed before any eval was logged;
- no ``procedureName`` -> not a case (Microsoft's counters filter ``Procedure Name <> ''``):
  an ``Error`` is an infrastructure error of its suite line (an OnRun failure);
  anything else is :data:`NOT_A_CASE` (counted, not used);
- otherwise a :class:`Row`: one result of one case.

This module is the one statement of these rules: every row of every file goes through
:func:`read_row` (the reader, :mod:`ait_datasets.report.reader`, only finds and decodes
rows). Problems are raised as :class:`RowError` with a message for the person who exported
the file; the caller adds where the row is.
"""

from __future__ import annotations

import math
from typing import Any, Final

import msgspec
from msgspec import UNSET

from ait_datasets.report.model import CaseKey, InfraError, ResultSet, Run, RunId, SkippedRun
from ait_datasets.report.turns import failing_turn

LOG_ENTRY = "log entry"
GENERIC = "generic"
UNTAGGED = "(no tag)"


_NULL = msgspec.Raw(b"null")


class Fields(msgspec.Struct, gc=False):
    """The fields either row shape is read from, as msgspec decodes each row: every other
    field is skipped unread, and an absent field is ``UNSET`` (``found no such field``).

    The log entry's fields are in the order the API page exports them
    (``AITLogEntryAPI.Page.al``): msgspec looks for the next field of a struct after the
    last one it found first. ``inputData``/``outputData`` (a test's JSON and what the
    eval wrote, kilobytes a row) are kept as their JSON text, decoded only for a failed
    eval's failing turn or ``--show-data``; a row made from a dict holds them decoded.
    """

    aitCode: Any = UNSET
    lineNumber: Any = UNSET
    tag: Any = UNSET
    version: Any = UNSET
    tokensConsumed: Any = UNSET
    copilotCredits: Any = UNSET
    codeunitID: Any = UNSET
    codeunitName: Any = UNSET
    procedureName: Any = UNSET
    message: Any = UNSET
    durationMs: Any = UNSET
    status: Any = UNSET
    dataset: Any = UNSET
    datasetLineNumber: Any = UNSET
    inputData: msgspec.Raw = _NULL
    outputData: msgspec.Raw = _NULL
    errorCallStack: Any = UNSET
    # A generic row (dataset, message and durationMs as above)
    case: Any = UNSET
    run: Any = UNSET
    passed: Any = UNSET
    suite: Any = UNSET
    tokens: Any = UNSET
    credits: Any = UNSET


_NAMES = frozenset(Fields.__struct_fields__)


def as_fields(row: dict[str, Any]) -> Fields:
    """A JSON object read some other way (Python's JSON reader), as msgspec reads one."""
    return Fields(**{name: value for name, value in row.items() if name in _NAMES})


class RowError(ValueError):
    """A row that cannot be read; the message says what is wrong and what was expected."""


# One result of one case: its key and the run, made where the row was read (``source``
# and ``line``). A plain tuple: one is made per input row.
Result = tuple[CaseKey, Run]


class _NotACase:
    """A row without ``procedureName`` that is not an error (e.g. a custom operation)."""


NOT_A_CASE: Final = _NotACase()

Read = Result | SkippedRun | InfraError | _NotACase


def kind_of(row: object) -> str:
    """Which shape a row has: a generic row has ``passed``; anything else is a log entry."""
    if isinstance(row, dict):
        row = as_fields(row)
    if isinstance(row, Fields) and row.passed is not UNSET and row.status is UNSET:
        return GENERIC
    return LOG_ENTRY


def read_row(
    row: object,
    kind: str,
    runs_by: str = "version",
    show_data: bool = False,
    source: str = "",
    line: int = 0,
) -> Read:
    """Read a row of the given shape (a JSON object: :class:`Fields`, or a dict) found at
    ``source:line``, or raise :class:`RowError`."""
    if type(row) is not Fields:
        if not isinstance(row, dict):
            raise RowError(f"expected a JSON object (one {kind}), found {_json_type(row)}")
        row = as_fields(row)
    if kind == LOG_ENTRY:
        return read_log_entry(row, runs_by, show_data, source, line)
    return read_generic(row, source, line)


_STATUS = {"Success": "success", "Error": "error", "Skipped": "skipped"}
_INFINITY = math.inf  # a constant: read once per row of millions
_new = tuple.__new__


def read_log_entry(
    row: Fields,
    runs_by: str = "version",
    show_data: bool = False,
    source: str = "",
    line: int = 0,
    keys: dict[object, Any] | None = None,
) -> Read:
    """A log entry of the AI Test Toolkit's ``aitTestLogEntries`` API page.

    Called once per row of exports of millions of rows: the common shapes (text fields,
    whole-number version, the exact option names) are checked inline first; anything
    else goes through the general checks, which say what is wrong. ``keys`` (one per
    file) remembers the case key each spelling of the four fields that name a case made,
    so that a case's rows share one key and its fields are checked and stripped once,
    and each tag's text, so that the runs of a tag share one string (not one a row).
    """
    raw_status = row.status
    status = _STATUS.get(raw_status) if type(raw_status) is str else None
    if status is None:
        status = _status(row)
    version = row.version
    spelling = (row.aitCode, row.dataset, row.datasetLineNumber, row.procedureName)
    key = None
    if keys is not None and type(spelling[3]) is str:
        try:
            key = keys.get(spelling)
        except TypeError:  # a field that is an object or an array: the checks below say so
            key = None
    if key is None:
        procedure = row.procedureName
        procedure = procedure.strip() if type(procedure) is str else _text(row, "procedureName")
    if type(version) is not int:
        if (version is None or version is UNSET) and status == "error":
            return _infrastructure(row, None, source, line)
        if version is None or version is UNSET:
            raise RowError("the log entry has no 'version'; it says which run the entry belongs to")
        version = _version(version)
    if key is None:
        test = row.datasetLineNumber
        test = test.strip() if type(test) is str else _text(row, "datasetLineNumber")
        if not procedure:
            if not test and not _text(row, "aitCode") and not _text(row, "lineNumber"):
                raise RowError(
                    "the log entry has neither 'datasetLineNumber' nor 'procedureName', so it "
                    "cannot be matched to a test; export these fields too"
                )
            return _infrastructure(row, version, source, line) if status == "error" else NOT_A_CASE
        suite = row.aitCode
        suite = suite.strip() if type(suite) is str else _text(row, "aitCode")
        dataset = row.dataset
        dataset = dataset.strip() if type(dataset) is str else _text(row, "dataset")
        # tuple.__new__: a named tuple's own constructor is a Python function, which costs
        # more than the rest of this line, and this runs for every one of millions of rows.
        key = _new(CaseKey, (suite, dataset, test, procedure))
        if keys is not None and all(type(field) is str for field in spelling):
            keys[spelling] = key
    tag = row.tag
    tag = tag.strip() if type(tag) is str else _text(row, "tag")
    if keys is not None:
        tag = keys.setdefault(tag, tag)
    run: RunId = version if runs_by == "version" else (tag or UNTAGGED)
    message = row.message
    message = message.strip() if type(message) is str else _text(row, "message")
    if status == "skipped":
        return SkippedRun(key, run, message, f"{source}:{line}", tag)
    tokens = row.tokensConsumed
    if type(tokens) is not int or tokens < 0:
        tokens = _count(row, "tokensConsumed")
    credits = row.copilotCredits
    if type(credits) is not float or not 0 <= credits < _INFINITY:
        credits = _amount(row, "copilotCredits")
    duration = row.durationMs
    if type(duration) is not int or duration < 0:
        duration = _count(row, "durationMs")
    data = (_data_text(row, "inputData"), _data_text(row, "outputData")) if show_data else None
    # Only a failure has a failing turn; its data is parsed for the turn's number only.
    turn = failing_turn(row.inputData, row.outputData) if status == "error" else None
    passed = status == "success"
    return key, _new(
        Run, (run, passed, message, source, line, tokens, credits, duration, tag, data, turn)
    )


def _status(row: Fields) -> str:
    status = _get(row, "status")
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


def _infrastructure(row: Fields, version: int | None, source: str, line: int) -> InfraError:
    where = _text(row, "lineNumber") or _text(row, "codeunitName") or _text(row, "codeunitID")
    stack = _text(row, "errorCallStack")
    message = _text(row, "message")
    return InfraError(_text(row, "aitCode"), where, version, message, stack, f"{source}:{line}")


def read_generic(row: Fields, source: str = "", line: int = 0) -> Result:
    """A generic row: ``case``, ``run``, ``passed`` (+ optional dataset, suite, message)."""
    case = _get(row, "case")
    if isinstance(case, bool) or not isinstance(case, (str, int)) or str(case).strip() == "":
        raise RowError(f"'case' must be a non-empty text or number, found {_found(row, 'case')}")
    run = _get(row, "run")
    if isinstance(run, bool) or not isinstance(run, (str, int)) or str(run).strip() == "":
        raise RowError(f"'run' must be a non-empty text or number, found {_found(row, 'run')}")
    passed = _get(row, "passed")
    if not isinstance(passed, bool):
        raise RowError(f"'passed' must be true or false, found {_found(row, 'passed')}")
    key = CaseKey(_text(row, "suite"), _text(row, "dataset"), str(case).strip())
    run_id = run.strip() if isinstance(run, str) else run
    message = _text(row, "message")
    tokens, credits = _count(row, "tokens"), _amount(row, "credits")
    return key, Run(
        run_id, passed, message, source, line, tokens, credits, _count(row, "durationMs")
    )


def _version(value: object) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    raise RowError(f"'version' must be a whole number (the run), found {_json_type(value)}")


def _count(row: Fields, name: str) -> int | None:
    """An optional whole number (tokens, milliseconds); absent/null is None."""
    value = _get(row, name)
    if type(value) is int and value >= 0:  # the common case first: one check
        return value
    if value is None:
        return None
    if isinstance(value, float) and value.is_integer() and math.isfinite(value):
        return int(value)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RowError(f"'{name}' must be a whole number of at least 0, found {_json_type(value)}")
    return value


def _amount(row: Fields, name: str) -> float | None:
    """An optional decimal (Copilot credits); absent/null is None."""
    value = _get(row, name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise RowError(f"'{name}' must be a number, found {_json_type(value)}")
    amount = float(value)
    if not math.isfinite(amount) or amount < 0:
        raise RowError(f"'{name}' must be a number of at least 0, found {_json_type(value)}")
    return amount


def _text(row: Fields, name: str) -> str:
    """An optional identifying field: text or a number, absent/null as empty."""
    return _text_of(_get(row, name), name)


def _text_of(value: object, name: str) -> str:
    if type(value) is str:  # the common case first: one check
        return value.strip()
    if value is None:
        return ""
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise RowError(f"'{name}' must be text, found {_json_type(value)}")
    return str(value).strip()


def _data_text(row: Fields, name: str) -> str:
    """``inputData``/``outputData`` as text (``--show-data``), decoded if kept as JSON."""
    value = _get(row, name)
    if isinstance(value, msgspec.Raw):
        value = msgspec.json.decode(value)
    return _text_of(value, name)


def _get(row: Fields, name: str) -> object:
    """Field ``name`` of ``row``; absent is None, as null is."""
    value = getattr(row, name)
    return None if value is UNSET else value


def _found(row: Fields, name: str) -> str:
    value = getattr(row, name)
    return "no such field" if value is UNSET else _json_type(value)


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


def record(results: ResultSet, row: Read) -> None:
    """Add one read row to ``results``: a run of its case, a skipped eval, an
    infrastructure error, or a row that is not a case (counted)."""
    if type(row) is tuple:
        key, run = row
        results.add(key, run, run[8])  # its tag (by position: once per row of millions)
    elif isinstance(row, SkippedRun):
        results.skipped.append(row)
    elif isinstance(row, InfraError):
        results.infrastructure.append(row)
    else:
        results.not_cases += 1

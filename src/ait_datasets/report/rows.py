"""One input row -> one case and one run result.

Two row shapes are read:

- an AI Test Toolkit log entry, as the ``aitTestLogEntries`` API page exports it:
  ``aitCode`` (suite), ``dataset``, ``datasetLineNumber`` (the test's code),
  ``procedureName``, ``version`` (the run), ``status`` (``Success`` passes, anything else
  fails), ``message`` and ``tag``; other fields are ignored;
- a generic row: ``{"case": ..., "run": ..., "passed": true|false}`` with optional
  ``dataset``, ``suite`` and ``message``.

Problems are raised as :class:`RowError` with a message for the person who exported
the file; the caller adds where the row is.
"""

from __future__ import annotations

from dataclasses import dataclass

from ait_datasets.report.model import CaseKey, RunId

LOG_ENTRY = "log entry"
GENERIC = "generic"


class RowError(ValueError):
    """A row that cannot be read; the message says what is wrong and what was expected."""


@dataclass(frozen=True, slots=True)
class Row:
    """What one row says."""

    key: CaseKey
    run: RunId
    passed: bool
    message: str
    tag: str


def kind_of(row: object) -> str:
    """Which shape a row has: a generic row has ``passed``; anything else is a log entry."""
    if isinstance(row, dict) and "passed" in row and "status" not in row:
        return GENERIC
    return LOG_ENTRY


def read_row(row: object, kind: str) -> Row:
    """Read a row of the given shape, or raise :class:`RowError`."""
    if not isinstance(row, dict):
        raise RowError(f"expected a JSON object (one {kind}), found {_json_type(row)}")
    return read_log_entry(row) if kind == LOG_ENTRY else read_generic(row)


def read_log_entry(row: dict[str, object]) -> Row:
    """A log entry of the AI Test Toolkit's ``aitTestLogEntries`` API page."""
    version = row.get("version")
    if version is None:
        raise RowError("the log entry has no 'version'; it says which run the entry belongs to")
    run = _version(version)
    status = row.get("status")
    if not isinstance(status, str) or not status.strip():
        raise RowError(
            "the log entry has no usable 'status'; expected 'Success' (passed) or another "
            f"status such as 'Error' (failed), found {_found(row, 'status')}"
        )
    test = _text(row, "datasetLineNumber")
    procedure = _text(row, "procedureName")
    if not test and not procedure:
        raise RowError(
            "the log entry has neither 'datasetLineNumber' nor 'procedureName', so it "
            "cannot be matched to a test; export these fields too"
        )
    key = CaseKey(_text(row, "aitCode"), _text(row, "dataset"), test, procedure)
    passed = status.strip().lower() == "success"
    return Row(key, run, passed, _text(row, "message"), _text(row, "tag"))


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
    return Row(key, run.strip() if isinstance(run, str) else run, passed, _text(row, "message"), "")


def _version(value: object) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    raise RowError(f"'version' must be a whole number (the run), found {_json_type(value)}")


def _text(row: dict[str, object], name: str) -> str:
    """An optional identifying field: text or a number, absent/null as empty."""
    value = row.get(name)
    if value is None:
        return ""
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise RowError(f"'{name}' must be text, found {_json_type(value)}")
    return str(value).strip()


def _found(row: dict[str, object], name: str) -> str:
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

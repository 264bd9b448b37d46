"""An export's log entries as history rows, each read by the report's own rules.

The report's reader (:func:`~ait_datasets.report.inputs.read_file`) reads the file first:
what it refuses is refused here in its words (file:line:column), so a file is added to a
history exactly when ``datasets report`` reads it. The rows are then decoded once more
with the two fields the history needs besides the report's (``id``, which keeps a log
entry from being stored twice, and ``startTime``, for ``--since``), and every row goes
through the report's rules (:func:`~ait_datasets.report.rows.read_log_entry`,
:func:`~ait_datasets.report.rows.read_generic`): a run, a skipped eval, an infrastructure
error, or a row that is not a case.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Iterator
from datetime import datetime, timedelta
from typing import Any

import msgspec
from msgspec import UNSET

from ait_datasets.report.history.keys import case_hash
from ait_datasets.report.input_problems import Problem, ReportInputError
from ait_datasets.report.inputs import decode, read_bytes, read_file
from ait_datasets.report.model import InfraError, SkippedRun
from ait_datasets.report.reader import has_other_breaks, is_one_document
from ait_datasets.report.rows import (
    LOG_ENTRY,
    Fields,
    kind_of,
    read_generic,
    read_log_entry,
)


class _Entry(Fields, gc=False):
    """A row as the report reads it, with the log entry's ``id`` and ``startTime``."""

    id: Any = UNSET
    startTime: Any = UNSET


class _Response(msgspec.Struct):
    value: list[_Entry]


_JSON = msgspec.json.Decoder(_Response | list[_Entry])
_LINE = msgspec.json.Decoder(_Entry)
_ENCODE = msgspec.json.Encoder()
_TIME = re.compile(
    r"(\d{4})-(\d\d)-(\d\d)[T ](\d\d):(\d\d):(\d\d)(?:\.(\d{1,9}))?(Z|[+-]\d\d:?\d\d)?$"
)

Record = dict[str, object]


def read_export(path: str) -> list[Record]:
    """The rows of one export as history rows (see :mod:`.layout`), in file order, without
    ``batch`` and ``added`` (set when they are added) and with the case's hash (cleared
    when it is added if another case has it); raise ``ReportInputError``."""
    read_file(path)  # the report's reader: its refusals, its positions
    rows = list(_rows(path))
    if not rows:
        return []
    kind = kind_of(rows[0])
    export = os.path.basename(path)
    seen: dict[str, int] = {}
    # A case has many rows (one a run): its hash is computed once.
    hashes: dict[tuple[object, ...], int] = {}
    records = []
    for ordinal, row in enumerate(rows):
        record = _record(row, kind)
        record["id"] = _identity(row, seen)
        record["started"] = _started(row.startTime)
        record["export"] = export
        record["ordinal"] = ordinal
        key = (record["suite"], record.get("dataset"), record.get("test"), record.get("procedure"))
        found = hashes.get(key)
        if found is None:
            found = hashes[key] = case_hash(*key)
        record["case_hash"] = found
        records.append(record)
    return records


def _rows(path: str) -> Iterator[_Entry]:
    """Every row of a file the report's reader has read (so its shape is known good)."""
    raw = read_bytes(path)
    if raw.startswith((b"\xff\xfe", b"\xfe\xff", b"\xef\xbb\xbf")):
        raw = decode(path, raw).encode("utf-8", "surrogatepass")
    lower = path.lower()
    jsonl = lower.endswith((".jsonl", ".ndjson"))
    if not jsonl and not lower.endswith(".json"):
        jsonl = bool(raw.strip()) and not is_one_document(raw)
    try:
        if not jsonl:
            found = _JSON.decode(raw)
            yield from found.value if isinstance(found, _Response) else found
            return
        if has_other_breaks(raw):
            lines = [text.encode("utf-8") for text in raw.decode("utf-8").splitlines()]
        else:
            lines = raw.split(b"\n")
        for line in lines:
            if line.strip():
                yield _LINE.decode(line)
    except (msgspec.MsgspecError, RecursionError, UnicodeDecodeError) as exc:
        # The report read it; a shape it reads that this does not (a new format) lands here.
        raise ReportInputError(
            [Problem(path, 0, 0, f"cannot be added to a history (JSON or JSONL rows): {exc}")]
        ) from None


def _record(row: _Entry, kind: str) -> Record:
    """The report's reading of the row, as the history's columns."""
    record: Record = {"shape": kind}  # LOG_ENTRY or GENERIC: "log entry" or "generic"
    read = read_log_entry(row) if kind == LOG_ENTRY else read_generic(row)
    if type(read) is tuple:
        key, run = read
        record.update(
            key._asdict(),  # the case's key as the history's columns, named as its fields
            kind="run",
            passed=run.passed,
            message=run.message,
            tokens=run.tokens,
            credits=run.credits,
            duration_ms=run.duration_ms,
            tag=run.tag,
        )
        _put_run(record, run.run)
        if run.turn is not None:
            record.update(turn_first=run.turn.first, turn_last=run.turn.last, turn_of=run.turn.of)
    elif isinstance(read, SkippedRun):
        record.update(read.key._asdict(), kind="skipped", message=read.message, tag=read.tag)
        _put_run(record, read.run)
    elif isinstance(read, InfraError):
        record.update(
            kind="infrastructure",
            suite=read.suite,
            version=read.version,
            message=read.message,
            line=read.line,
            call_stack=read.call_stack,
            tag=_text(row.tag),
        )
    else:
        record.update(kind="not a case", suite=_text(row.aitCode), tag=_text(row.tag))
    record.setdefault("suite", "")
    record.setdefault("tag", "")
    return record


def _put_run(record: Record, run: int | str) -> None:
    if isinstance(run, int):
        record["version"] = run
    else:
        record["run_text"] = run


def _text(value: object) -> str:
    """A partition value: text or a number as text; anything else (the rules have read
    the row, so only the fields they do not check) is empty."""
    if isinstance(value, str):
        return value.strip()
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    return ""


def _identity(row: _Entry, seen: dict[str, int]) -> str:
    """The log entry's ``id``; a row without one is named by its content and how many
    identical rows came before it in the file (the same file added twice: the same names)."""
    given = row.id
    if isinstance(given, str) and given.strip():
        return given.strip()
    if isinstance(given, int) and not isinstance(given, bool):
        return str(given)
    digest = hashlib.sha256(_ENCODE.encode(row)).hexdigest()[:32]
    count = seen.get(digest, 0)
    seen[digest] = count + 1
    return f"row:{digest}:{count}"


def _started(value: object) -> str | None:
    """``startTime`` in UTC as ``YYYY-MM-DD HH:MM:SS.ffffff``; None when absent, not a
    time, or Business Central's blank (year 1)."""
    if not isinstance(value, str):
        return None
    match = _TIME.match(value.strip())
    if match is None:
        return None
    year, month, day, hour, minute, second = map(int, match.groups()[:6])
    if year <= 1:
        return None
    micro = int((match.group(7) or "0")[:6].ljust(6, "0"))
    zone = match.group(8)
    try:
        moment = datetime(year, month, day, hour, minute, second, micro)
        if zone and zone != "Z":
            sign = 1 if zone[0] == "+" else -1
            digits = zone[1:].replace(":", "")
            offset = sign * (int(digits[:2]) * 60 + int(digits[2:]))
            moment -= timedelta(minutes=offset)
    except ValueError:
        return None
    return moment.isoformat(sep=" ")

"""The history's Parquet layout: the one statement of its columns and partitioning.

A history is a folder (or a URL DuckDB reads: ``s3://``, ``az://``...) holding
``log_entries/suite=<aitCode>/tag=<Tag>/<uuid>.parquet``: Hive-style partitions, the
values URL-encoded (``tag=rc%201``; an empty Tag is ``tag=``). Each row is one log entry
of an export, read by the report's own rules (:mod:`ait_datasets.report.rows`) when it
was added, so the history counts exactly as ``datasets report`` does. The columns are
listed in :data:`COLUMNS` (``docs/history.md`` is checked against them), so Spark, pandas
or any Parquet engine can read the files too: the partition columns ``suite`` and
``tag`` are in the path only, as Hive partitioning puts them.

Beside it, ``cases/cases_<uuid>.parquet`` names each case once by its hash
(:data:`CASE_COLUMNS`, :mod:`.keys`): reading a history needs the names only of the
cases it lists, and a few thousand cases are read faster there than from millions of
entries.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

TABLE = "log_entries"  # the folder under the store that holds the entries
CASES = "cases"  # the folder that names each case once by its hash
PARTITIONS = ("suite", "tag")

Kind = Literal["run", "skipped", "infrastructure", "not a case"]
KINDS: tuple[Kind, ...] = ("run", "skipped", "infrastructure", "not a case")


class Column(NamedTuple):
    """One column: its name, its DuckDB (Parquet) type and what it holds."""

    name: str
    type: str
    meaning: str


COLUMNS: tuple[Column, ...] = (
    Column(
        "id",
        "VARCHAR",
        "the log entry's id; a row without one: row:HASH:N (SHA-256 of its content, N-th such row)",
    ),
    Column("kind", "VARCHAR", "run, skipped, infrastructure or not a case (the report's rules)"),
    Column("shape", "VARCHAR", "log entry, or generic (a JSONL row with case/run/passed)"),
    Column("suite", "VARCHAR", "partition: the suite (aitCode), empty when the row has none"),
    Column("tag", "VARCHAR", "partition: the Tag, empty when the row has none"),
    Column("dataset", "VARCHAR", "the dataset"),
    Column("test", "VARCHAR", "the test code (datasetLineNumber), or a generic row's case"),
    Column("procedure", "VARCHAR", "the test procedure (procedureName)"),
    Column("version", "BIGINT", "the Version (a generic row's run when it is a number)"),
    Column("run_text", "VARCHAR", "a generic row's run when it is text, else null"),
    Column("passed", "BOOLEAN", "whether the run passed (null for rows that are not runs)"),
    Column("message", "VARCHAR", "the message (a failure's reason)"),
    Column("tokens", "BIGINT", "tokensConsumed (null: not exported)"),
    Column("credits", "DOUBLE", "copilotCredits (null: not exported)"),
    Column("duration_ms", "BIGINT", "durationMs (null: not exported)"),
    Column("turn_first", "INTEGER", "a failed multi-turn eval's failing turn, from"),
    Column("turn_last", "INTEGER", "... to (the same when known exactly)"),
    Column("turn_of", "INTEGER", "... of this many turns (0: not exported)"),
    Column("line", "VARCHAR", "infrastructure errors: the suite line or codeunit"),
    Column("call_stack", "VARCHAR", "infrastructure errors: errorCallStack"),
    Column("started", "TIMESTAMP", "startTime in UTC (null when absent)"),
    Column("export", "VARCHAR", "the file name of the export the row came from"),
    Column("batch", "VARCHAR", "one per export per `history add`: TIME-PLACE-RANDOM (sortable)"),
    Column("ordinal", "BIGINT", "the row's place in its export (0, 1, ...)"),
    Column("added", "TIMESTAMP", "when the row was added to the history (UTC)"),
    Column(
        "case_hash",
        "BIGINT",
        "64-bit hash of suite, dataset, test, procedure (see below); null: read by the full key",
    ),
)

NAMES = tuple(column.name for column in COLUMNS)

CASE_COLUMNS: tuple[Column, ...] = (
    Column("case_hash", "BIGINT", "the case's hash, as in the entries"),
    Column("suite", "VARCHAR", "the suite (aitCode)"),
    Column("dataset", "VARCHAR", "the dataset"),
    Column("test", "VARCHAR", "the test code, or a generic row's case"),
    Column("procedure", "VARCHAR", "the test procedure"),
)

"""``datasets history add``: append exports' log entries to a store, each entry once.

The rows of each export (read by the report's rules, :mod:`.entries`) are handed to
DuckDB as a temporary JSONL file, the ones whose ``id`` the store already holds (or that
an earlier row of the same call holds) are dropped, and the rest are written with
``COPY ... (FORMAT parquet, PARTITION_BY (suite, tag), APPEND)``: new files beside the
old ones, never a rewrite. Adding the same export twice adds nothing the second time.

Two ``add`` calls on one store at the same moment could both write an entry neither had
seen: run a team's adds one after the other (one CI job, or a concurrency group).
"""

from __future__ import annotations

import os
import tempfile
import uuid
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import TYPE_CHECKING

import msgspec

from ait_datasets.report.history.entries import Record, read_export
from ait_datasets.report.history.layout import CASE_COLUMNS, COLUMNS, NAMES, PARTITIONS
from ait_datasets.report.history.store import (
    cases_root,
    cases_source,
    columns,
    entries_root,
    entries_source,
    has_cases,
    has_entries,
    literal,
    opened,
    scheme,
)

if TYPE_CHECKING:
    import duckdb


@dataclass(frozen=True, slots=True)
class Added:
    """What one export brought: rows read, and of them the ones new to the store."""

    path: str
    rows: int
    added: int


def add_exports(store: str, paths: list[str]) -> list[Added]:
    """Add every export to ``store``; raise ``ReportInputError`` (an export the report's
    reader refuses: nothing is added) or :class:`~.store.HistoryError`."""
    read = [(path, read_export(path)) for path in paths]  # every file read before any write
    now = datetime.now(timezone.utc).replace(tzinfo=None).isoformat(sep=" ")
    with (
        tempfile.TemporaryDirectory(prefix="ait-history-") as folder,
        opened(store, create=True) as connection,
    ):
        staged = os.path.join(folder, "rows.jsonl")
        counts = _stage(staged, read, now)
        columns = "{" + ", ".join(f"{literal(c.name)}: {literal(c.type)}" for c in COLUMNS) + "}"
        connection.execute(
            "CREATE TEMP TABLE incoming AS SELECT *, row_number() OVER () AS position "
            f"FROM read_json({literal(staged.replace(os.sep, '/'))}, "
            f"format = 'newline_delimited', columns = {columns})"
        )
        stored = has_entries(connection, store)
        _clear_shared_hashes(connection, store if stored else "")
        known = (
            f"SELECT id FROM {entries_source(store)}"
            if stored
            else "SELECT NULL::VARCHAR AS id WHERE false"
        )
        selected = ", ".join(NAMES)
        # Each id's first row, by the smallest place, not by a window: DuckDB 2.0.1 can
        # give a window (or QUALIFY) over a join of a filtered subquery another
        # column's values, or crash, and here the window would read the anti-join.
        connection.execute(
            f"CREATE TEMP TABLE fresh AS SELECT {selected}, position FROM incoming "
            f"WHERE id NOT IN ({known}) "
            "AND position IN (SELECT min(position) FROM incoming GROUP BY id)"
        )
        new = connection.execute("SELECT batch, count(*) FROM fresh GROUP BY batch").fetchall()
        if any(count for _, count in new):
            connection.execute(
                f"COPY (SELECT {selected} FROM fresh ORDER BY position) "
                f"TO {literal(entries_root(store))} (FORMAT parquet, "
                f"PARTITION_BY ({', '.join(PARTITIONS)}), APPEND, "
                "FILENAME_PATTERN 'entries_{uuid}')"
            )
            _name_new_cases(connection, store)
    by_batch = dict(new)
    return [
        Added(path, len(rows), int(by_batch.get(batch, 0)))
        for (path, rows), batch in zip(read, counts, strict=True)
    ]


def _clear_shared_hashes(connection: duckdb.DuckDBPyConnection, store: str) -> None:
    """Clear the hash of every incoming case whose hash another case has, among the
    incoming rows and the store's (empty ``store``: a new one): such a store is then read
    by the full key (:mod:`.keys`). A store whose files predate the hash has none to
    compare with, and is read by the full key anyway.

    The store's case of a hash is read from ``cases/`` (a row a case), and from the
    entries (a row a run) only for the incoming hashes ``cases/`` does not name: hashes
    new to the store, those of rows that are not runs, or those of an add stopped before
    it named its cases. Every add checks the whole store this way, so the entries of a
    hash ``cases/`` names hold that case only (unless two adds ran at once, which the
    module's doc rules out); a ``cases/`` file that names a hash by another case too
    clears it, as reading by the full key is always right."""
    key = "case_hash, suite, dataset, test, procedure"
    connection.execute(
        f"CREATE TEMP TABLE arriving AS SELECT DISTINCT {key} FROM incoming "
        "WHERE case_hash IS NOT NULL"
    )
    connection.execute("CREATE TEMP TABLE holding AS SELECT * FROM arriving WHERE false")
    if store and "case_hash" in columns(connection, store):
        if has_cases(connection, store):
            connection.execute(
                f"INSERT INTO holding SELECT DISTINCT {key} FROM {cases_source(store)} "
                "WHERE case_hash IN (SELECT case_hash FROM arriving)"
            )
        connection.execute(
            "CREATE TEMP TABLE unnamed AS SELECT DISTINCT case_hash FROM arriving "
            "WHERE case_hash NOT IN (SELECT case_hash FROM holding)"
        )
        if _count(connection, "unnamed"):
            connection.execute(
                f"INSERT INTO holding SELECT DISTINCT {key} FROM {entries_source(store)} "
                "WHERE case_hash IN (SELECT case_hash FROM unnamed)"
            )
    connection.execute(
        "UPDATE incoming SET case_hash = NULL WHERE case_hash IN (SELECT case_hash FROM ("
        "SELECT * FROM arriving UNION SELECT * FROM holding) GROUP BY case_hash "
        "HAVING count(*) > 1)"
    )


def _name_new_cases(connection: duckdb.DuckDBPyConnection, store: str) -> None:
    """Write the names of the cases just added that ``cases/`` does not name yet (one
    file, beside the earlier ones)."""
    names = ", ".join(c.name for c in CASE_COLUMNS)
    known = (
        f"SELECT case_hash FROM {cases_source(store)}"
        if has_cases(connection, store)
        else "SELECT NULL::BIGINT AS case_hash WHERE false"
    )
    connection.execute(
        f"CREATE TEMP TABLE named AS SELECT DISTINCT {names} FROM fresh "
        f"WHERE kind = 'run' AND case_hash IS NOT NULL AND case_hash NOT IN ({known})"
    )
    if _count(connection, "named"):
        if not scheme(store):
            os.makedirs(cases_root(store), exist_ok=True)
        target = f"{cases_root(store)}/cases_{uuid.uuid4().hex}.parquet"
        connection.execute(
            f"COPY (SELECT * FROM named ORDER BY {names}) TO {literal(target)} (FORMAT parquet)"
        )


def _count(connection: duckdb.DuckDBPyConnection, table: str) -> int:
    found = connection.execute(f"SELECT count(*) FROM {table}").fetchone()
    return int(found[0]) if found else 0


def _stage(staged: str, read: list[tuple[str, list[Record]]], now: str) -> list[str]:
    """Write every row to ``staged`` (JSONL); the batch id of each export, in order."""
    encode = msgspec.json.Encoder().encode
    batches = []
    stamp = now.replace("-", "").replace(":", "").replace(" ", "T")
    with open(staged, "wb") as out:
        for index, (_, rows) in enumerate(read):
            # Sortable: the time of the call, then the export's place in it.
            batch = f"{stamp}-{index:04d}-{uuid.uuid4().hex[:12]}"
            batches.append(batch)
            for row in rows:
                row["batch"], row["added"] = batch, now
                out.write(encode(row))
                out.write(b"\n")
    return batches

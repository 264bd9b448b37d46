"""Where a history lives, and the DuckDB connection that reads and writes it.

A store is a local folder or a URL DuckDB reads and writes through its extensions:
``s3://`` (``httpfs``), ``az://``/``abfss://`` (``azure``), ``gs://``/``gcs://``
(``httpfs``). For a URL the credentials come from the standard chain of that cloud
(environment variables, the CLI's sign-in, a managed identity), as a DuckDB secret of
provider ``credential_chain``; nothing is written to disk.

DuckDB is an optional dependency (``pip install 'ait-datasets[history]'``): without it
every history command says so in one line.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ait_datasets.report.history.layout import CASES, TABLE

if TYPE_CHECKING:
    import duckdb

INSTALL = "pip install 'ait-datasets[history]'"
_URL = re.compile(r"^([a-zA-Z][a-zA-Z0-9+.-]*)://")
# URL scheme -> (extension, secret type) of DuckDB.
_SCHEMES = {
    "s3": ("httpfs", "s3"),
    "s3a": ("httpfs", "s3"),
    "gs": ("httpfs", "gcs"),
    "gcs": ("httpfs", "gcs"),
    "az": ("azure", "azure"),
    "azure": ("azure", "azure"),
    "abfss": ("azure", "azure"),
    "http": ("httpfs", ""),
    "https": ("httpfs", ""),
}


class HistoryError(Exception):
    """The history cannot be used; the message says why and what to do (exit 2)."""


def scheme(store: str) -> str:
    """The store's URL scheme, lower-cased; empty for a local folder (``C:\\`` too)."""
    match = _URL.match(store)
    return match.group(1).lower() if match and len(match.group(1)) > 1 else ""


def entries_root(store: str) -> str:
    """The folder of the entries (``STORE/log_entries``), with ``/`` as DuckDB takes it."""
    if scheme(store):
        return store.rstrip("/") + "/" + TABLE
    return os.path.join(store, TABLE).replace("\\", "/")


def cases_root(store: str) -> str:
    """The folder of the case names (``STORE/cases``), with ``/`` as DuckDB takes it."""
    return entries_root(store)[: -len(TABLE)] + CASES


def literal(text: str) -> str:
    """``text`` as an SQL string literal."""
    return "'" + text.replace("'", "''") + "'"


def duckdb_module() -> Any:
    """The duckdb module, or :class:`HistoryError` saying which extra to install."""
    try:
        import duckdb
    except ImportError:
        raise HistoryError(f"the history needs DuckDB: {INSTALL}") from None
    return duckdb


def connect(store: str) -> duckdb.DuckDBPyConnection:
    """An in-memory DuckDB that can read and write ``store``."""
    engine = duckdb_module()
    connection: duckdb.DuckDBPyConnection = engine.connect(":memory:")
    kind = scheme(store)
    if kind:
        extension, secret = _SCHEMES.get(kind, ("", ""))
        if not extension:
            raise HistoryError(
                f"{store}: DuckDB cannot read '{kind}://' URLs; use a folder, s3://, az://, "
                "abfss:// or gs://"
            )
        try:
            connection.execute(f"LOAD {extension}")
        except engine.Error:
            try:
                connection.execute(f"INSTALL {extension}; LOAD {extension}")
            except engine.Error as exc:
                raise HistoryError(
                    f"{store}: DuckDB's '{extension}' extension is needed and could not be "
                    f"installed ({one_line(exc)})"
                ) from None
        if secret:
            # No chain for this cloud here: DuckDB's own settings (or none) apply.
            with contextlib.suppress(engine.Error):
                connection.execute(f"CREATE SECRET ({_secret_options(secret)})")
    return connection


@contextlib.contextmanager
def opened(store: str, *, create: bool) -> Iterator[duckdb.DuckDBPyConnection]:
    """A connection to ``store`` (a local one checked first, and made with ``create``),
    closed after use; an error of DuckDB's on the way is a :class:`HistoryError`."""
    check_local(store, create=create)
    connection = connect(store)
    engine = duckdb_module()
    try:
        yield connection
    except engine.Error as exc:
        raise HistoryError(f"{store}: {one_line(exc)}") from None
    finally:
        connection.close()


def _secret_options(secret: str) -> str:
    """A DuckDB secret from the cloud's standard chain; for Azure, the account or the
    connection string of the standard ``AZURE_STORAGE_*`` variables when they are set."""
    if secret == "azure":
        connection_string = os.environ.get("AZURE_STORAGE_CONNECTION_STRING", "")
        if connection_string:
            return f"TYPE azure, CONNECTION_STRING {literal(connection_string)}"
        account = os.environ.get("AZURE_STORAGE_ACCOUNT", "")
        if account:
            return f"TYPE azure, PROVIDER credential_chain, ACCOUNT_NAME {literal(account)}"
    return f"TYPE {secret}, PROVIDER credential_chain"


def one_line(exc: BaseException) -> str:
    """An engine's message on one line (DuckDB's span several, with a caret)."""
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


def check_local(store: str, *, create: bool) -> None:
    """A local store must be a folder (created by ``add`` when absent)."""
    if scheme(store):
        return
    if os.path.isdir(store):
        return
    if os.path.exists(store):
        raise HistoryError(f"{store}: not a folder (a history is a folder of Parquet files)")
    if not create:
        raise HistoryError(f"{store}: no such folder (create it with `datasets history add`)")
    try:
        os.makedirs(store, exist_ok=True)
    except OSError as exc:
        raise HistoryError(f"{store}: cannot create the folder: {exc.strerror or exc}") from None


def has_entries(connection: duckdb.DuckDBPyConnection, store: str) -> bool:
    """Whether the store holds any entry file yet."""
    pattern = literal(entries_root(store) + "/**/*.parquet")
    found = connection.execute(f"SELECT count(*) FROM glob({pattern})").fetchone()
    return bool(found and found[0])


def entries_source(store: str) -> str:
    """The SQL table expression of every entry in the store."""
    pattern = literal(entries_root(store) + "/**/*.parquet")
    return (
        f"read_parquet({pattern}, hive_partitioning = true, union_by_name = true, "
        "hive_types = {'suite': 'VARCHAR', 'tag': 'VARCHAR'})"
    )


def columns(connection: duckdb.DuckDBPyConnection, store: str) -> set[str]:
    """The columns the store's files hold (all files together), partitions included."""
    found = connection.execute(f"DESCRIBE SELECT * FROM {entries_source(store)}").fetchall()
    return {str(row[0]) for row in found}


def has_cases(connection: duckdb.DuckDBPyConnection, store: str) -> bool:
    """Whether the store names any case yet (stores written before it name none)."""
    pattern = literal(cases_root(store) + "/*.parquet")
    found = connection.execute(f"SELECT count(*) FROM glob({pattern})").fetchone()
    return bool(found and found[0])


def cases_source(store: str) -> str:
    """The SQL table expression of every case name in the store."""
    return f"read_parquet({literal(cases_root(store) + '/*.parquet')}, union_by_name = true)"

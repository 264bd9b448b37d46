"""``datasets history STORE``: per release, the report's numbers over the history.

A release is a Tag; rows without a Tag are grouped by their Version (``v3``). Within a
release the report's rules apply as they are (:mod:`ait_datasets.report.stats`): a run
is a Version, a case's rows in one run are one run that passed only when every row
passed, ``k`` is the run count most of the release's cases have (ties: the larger), a
case is judged on its first ``k`` runs (passed / flaky / never passed), a case with fewer
runs is counted apart, pass@1 counts every run. The Wilson interval of pass^k is
:func:`~ait_datasets.report.stats.wilson_interval` of its two counts.

Releases are in the order they started (the earliest ``startTime`` of their rows; rows
without one: the earliest Version, then the name). A case's verdict *changed* when it was
judged in the release before and in this one (each with at least ``k`` runs) and the
states differ.

DuckDB does all the counting (:mod:`.counting`); Python sees one row per release and
the cases it names.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from ait_datasets.report.costs import per_pass
from ait_datasets.report.history import counting
from ait_datasets.report.history.layout import CASE_COLUMNS
from ait_datasets.report.history.store import (
    cases_source,
    columns,
    entries_source,
    has_cases,
    has_entries,
    literal,
    opened,
)
from ait_datasets.report.stats import Share

if TYPE_CHECKING:
    import duckdb


@dataclass(frozen=True, slots=True)
class Change:
    """A case whose verdict differs from the release before."""

    case: str
    before: str
    after: str


@dataclass(frozen=True, slots=True)
class Release:
    """One release's numbers. ``flaky`` and ``changed`` are every such case, or the first
    ones when the history was read with a ``listed`` limit; their counts are
    ``flaky_total`` and ``changed_total``."""

    name: str
    started: datetime | None
    k: int
    cases: int
    runs: int
    pass_at_1: Share
    pass_hat_k: Share
    flaky: tuple[str, ...]
    never_passed: int
    short: int
    skipped: int
    infrastructure: int
    tokens: int | None
    credits: float | None
    changed: tuple[Change, ...]
    flaky_total: int
    changed_total: int

    @property
    def credits_per_pass(self) -> float | None:
        """Copilot credits per passing run (the report's cost per pass)."""
        return per_pass(self.credits, self.pass_at_1.passed)

    @property
    def tokens_per_pass(self) -> float | None:
        return per_pass(self.tokens, self.pass_at_1.passed)


@dataclass(frozen=True, slots=True)
class History:
    """The releases of a store, oldest first, with the filters that chose the rows."""

    store: str
    suite: str
    since: datetime | None
    releases: tuple[Release, ...]


def read_history(
    store: str, suite: str = "", since: datetime | None = None, listed: int | None = None
) -> History:
    """The releases of ``store`` (only suite ``suite``, only rows that started at or
    after ``since`` when given; with ``listed``, each release names at most that many
    flaky and changed cases); raise :class:`~.store.HistoryError`."""
    with opened(store, create=False) as connection:
        if not has_entries(connection, store):
            return History(store, suite, since, ())
        return History(store, suite, since, _count(connection, store, suite, since, listed))


def _count(
    connection: duckdb.DuckDBPyConnection,
    store: str,
    suite: str,
    since: datetime | None,
    listed: int | None,
) -> tuple[Release, ...]:
    hashed = "case_hash" in columns(connection, store)
    where = []
    # Literals, not parameters: a view holds no parameters.
    if suite:
        where.append(f"suite = {literal(suite)}")
    if since is not None:
        where.append(f"coalesce(started, added) >= TIMESTAMP {literal(since.isoformat(sep=' '))}")
    condition = f"WHERE {' AND '.join(where)}" if where else ""
    connection.execute(counting.view(entries_source(store), condition, hashed=hashed))
    key = counting.HASHED if hashed else counting.NAMES
    connection.execute(counting.cases(key))
    if hashed and _any(connection, "cases WHERE case_hash IS NULL"):
        # Rows without a hash (files that predate it, or cases that share one).
        connection.execute("DROP TABLE cases")
        key = counting.NAMES
        connection.execute(counting.cases(key))
    connection.execute(counting.releases())
    connection.execute(counting.runs_table(key))
    if _any(connection, "cases WHERE NOT simple"):
        connection.execute(counting.runs(key, "NOT simple"))
        connection.execute(counting.counted(key))
    connection.execute(counting.KS)
    if _any(connection, f"cases WHERE {counting.LONG}"):
        connection.execute(counting.runs(key, f"simple AND {counting.LONG}"))
        for query in counting.first_k(key):
            connection.execute(query)
    connection.execute(counting.judged(key))
    rows = connection.execute(counting.numbers()).fetchall()
    connection.execute(counting.changed(key))
    # By place (1, 2, ...: the order of rows), each release's changed cases.
    changed_total = dict(
        connection.execute("SELECT place, count(*) FROM changed GROUP BY place").fetchall()
    )
    flaky: dict[int, list[str]] = {}
    changes: dict[int, list[Change]] = {}
    if any(row[-1] for row in rows) or changed_total:
        connection.execute(counting.names(key, _names_source(connection, store, key)))
        connection.execute(counting.shown("flaky", "judged", key, "r.state = 2"))
        for place, case in connection.execute(counting.listed("flaky", listed)).fetchall():
            flaky.setdefault(place, []).append(case)
        connection.execute(counting.shown("shown", "changed", key, "true", "before", "after"))
        for place, case, before, after in connection.execute(
            counting.listed("shown", listed, "before", "after")
        ).fetchall():
            changes.setdefault(place, []).append(Change(case, before, after))
    releases = []
    for place, row in enumerate(rows, start=1):
        name, started, k, cases, runs, passes, eligible, passed = row[:8]
        never, short, skipped, infrastructure, tokens, credits, flaky_total = row[8:]
        releases.append(
            Release(
                name=name,
                started=started,
                k=int(k),
                cases=int(cases),
                runs=int(runs),
                pass_at_1=Share(int(passes), int(runs)),
                pass_hat_k=Share(int(passed), int(eligible)),
                flaky=tuple(flaky.get(place, ())),
                never_passed=int(never),
                short=int(short),
                skipped=int(skipped),
                infrastructure=int(infrastructure),
                tokens=None if tokens is None else int(tokens),
                credits=None if credits is None else float(credits),
                changed=tuple(changes.get(place, ())),
                flaky_total=int(flaky_total),
                changed_total=int(changed_total.get(place, 0)),
            )
        )
    return tuple(releases)


def _any(connection: duckdb.DuckDBPyConnection, rows: str) -> bool:
    found = connection.execute(f"SELECT EXISTS (SELECT 1 FROM {rows})").fetchone()
    return bool(found and found[0])


CASE_NAMES = tuple(column.name for column in CASE_COLUMNS)


def _names_source(connection: duckdb.DuckDBPyConnection, store: str, key: tuple[str, ...]) -> str:
    """Where the names of the hashed cases are read: ``cases/`` when it names every case
    counted, each hash by one case; else the entries themselves."""
    entries = "(SELECT case_hash, suite, dataset, test, procedure FROM e WHERE kind = 'run')"
    if key != counting.HASHED or not has_cases(connection, store):
        return entries
    # Every case the store names (a few thousand; with --suite, other suites' too).
    connection.execute(
        f"CREATE TEMP TABLE named AS SELECT DISTINCT {counting.columns(CASE_NAMES)} "
        f"FROM {cases_source(store)}"
    )
    one_each = not _any(
        connection,
        "(SELECT case_hash FROM named GROUP BY case_hash HAVING count(*) > 1)",
    )
    every = not _any(connection, "cases WHERE case_hash NOT IN (SELECT case_hash FROM named)")
    return "named" if one_each and every else entries

"""``datasets history STORE``: per release, the report's numbers over the history.

A release is a Tag; rows without a Tag are grouped by their Version (``v3``). Within a
release the report's rules apply as they are (:mod:`ait_datasets.report.stats`): a run
is a Version, a case's rows in one run are one run that passed only when every row
passed, ``k`` is the run count most of the release's cases have (ties: the larger), a
case is judged on its first ``k`` runs (passed / flaky / never passed), a case with fewer
runs is counted apart, pass@1 counts every run. The counting is done by DuckDB over the
Parquet files (millions of rows never become Python objects); the Wilson interval of
pass^k is :func:`~ait_datasets.report.stats.wilson_interval` of its two counts.

Releases are in the order they started (the earliest ``startTime`` of their rows; rows
without one: the earliest Version, then the name). A case's verdict *changed* when it was
judged in the release before and in this one (each with at least ``k`` runs) and the
states differ.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from itertools import pairwise
from typing import TYPE_CHECKING

from ait_datasets.report.history.store import (
    HistoryError,
    check_local,
    connect,
    duckdb_module,
    entries_source,
    has_entries,
    literal,
    one_line,
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
    """One release's numbers."""

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

    @property
    def credits_per_pass(self) -> float | None:
        """Copilot credits per passing run (the report's cost per pass)."""
        passed = self.pass_at_1.passed
        return None if self.credits is None or not passed else self.credits / passed

    @property
    def tokens_per_pass(self) -> float | None:
        passed = self.pass_at_1.passed
        return None if self.tokens is None or not passed else self.tokens / passed


@dataclass(frozen=True, slots=True)
class History:
    """The releases of a store, oldest first, with the filters that chose the rows."""

    store: str
    suite: str
    since: datetime | None
    releases: tuple[Release, ...]


RELEASE = (
    "CASE WHEN tag <> '' THEN tag WHEN version IS NOT NULL THEN 'v' || version::VARCHAR "
    "ELSE run_text END"
)
CASE_ID = (
    "concat_ws('/', nullif(suite, ''), nullif(dataset, ''), nullif(test, ''), "
    "nullif(procedure, ''))"
)
RUN_ORDER = "version IS NULL, version, run_text"

# A case with at most k runs is judged on all of them: its passes are all its passes. Only
# the cases with more runs than k (few: k is the count most cases have) are ranked.
_QUERIES = (
    """
CREATE TEMP TABLE runs AS
SELECT release, suite, dataset, test, procedure, version, run_text, bool_and(passed) AS passed
FROM e WHERE kind = 'run' GROUP BY ALL
""",
    f"""
CREATE TEMP TABLE cases AS
WITH counted AS (
  SELECT release, suite, dataset, test, procedure, count(*) AS n,
         count_if(passed) AS all_passes
  FROM runs GROUP BY ALL
), ks AS (
  SELECT release, first(n ORDER BY m DESC, n DESC) AS k
  FROM (SELECT release, n, count(*) AS m FROM counted GROUP BY ALL) GROUP BY release
)
SELECT counted.*, ks.k, {CASE_ID} AS id FROM counted JOIN ks USING (release)
""",
    f"""
CREATE TEMP TABLE judged AS
WITH long AS (
  SELECT r.release, r.suite, r.dataset, r.test, r.procedure, r.passed, c.k,
         row_number() OVER (
           PARTITION BY r.release, r.suite, r.dataset, r.test, r.procedure ORDER BY {RUN_ORDER}
         ) AS place
  FROM runs r JOIN cases c USING (release, suite, dataset, test, procedure)
  WHERE c.n > c.k
), first_k AS (
  SELECT release, suite, dataset, test, procedure, count_if(passed) AS passes
  FROM long WHERE place <= k GROUP BY ALL
)
SELECT c.release, c.id, c.suite, c.dataset, c.test, c.procedure, c.n, c.all_passes, c.k,
       c.n < c.k AS short, coalesce(f.passes, c.all_passes) AS passes
FROM cases c LEFT JOIN first_k f USING (release, suite, dataset, test, procedure)
""",
)

_RELEASES = """
WITH rel AS (
  SELECT release, min(started) AS started, min(version) AS first_version,
         count_if(kind = 'skipped') AS skipped,
         count_if(kind = 'infrastructure') AS infrastructure,
         sum(tokens) FILTER (kind = 'run') AS tokens,
         sum(credits) FILTER (kind = 'run') AS credits
  FROM e GROUP BY release
), numbers AS (
  SELECT release, any_value(k) AS k, count(*) AS cases, sum(n) AS runs,
         sum(all_passes) AS passes,
         count_if(NOT short) AS eligible,
         count_if(NOT short AND passes = k) AS passed,
         count_if(NOT short AND passes = 0) AS never_passed,
         count_if(short) AS short
  FROM judged GROUP BY release
)
SELECT rel.release, rel.started, coalesce(numbers.k, 0), coalesce(numbers.cases, 0),
       coalesce(numbers.runs, 0), coalesce(numbers.passes, 0), coalesce(numbers.eligible, 0),
       coalesce(numbers.passed, 0), coalesce(numbers.never_passed, 0),
       coalesce(numbers.short, 0), rel.skipped, rel.infrastructure, rel.tokens, rel.credits
FROM rel LEFT JOIN numbers USING (release)
ORDER BY rel.started NULLS LAST, rel.first_version NULLS LAST, rel.release
"""

_STATE = (
    "CASE WHEN passes = least(n, k) THEN 'passed' WHEN passes = 0 THEN 'never passed' "
    "ELSE 'flaky' END"
)


def read_history(store: str, suite: str = "", since: datetime | None = None) -> History:
    """The releases of ``store`` (only suite ``suite``, only rows that started at or
    after ``since`` when given); raise :class:`HistoryError`."""
    check_local(store, create=False)
    connection = connect(store)
    duckdb = duckdb_module()
    try:
        if not has_entries(connection, store):
            return History(store, suite, since, ())
        select_rows(connection, store, suite, since)
        for query in _QUERIES:
            connection.execute(query)
        return History(store, suite, since, _releases(connection))
    except duckdb.Error as exc:
        raise HistoryError(f"{store}: {one_line(exc)}") from None
    finally:
        connection.close()


def select_rows(
    connection: duckdb.DuckDBPyConnection, store: str, suite: str, since: datetime | None
) -> None:
    """The view ``e``: the store's rows that pass the filters, with their release; only
    the columns the numbers need are read from the files."""
    where = []
    # Literals, not parameters: a view holds no parameters.
    if suite:
        where.append(f"suite = {literal(suite)}")
    if since is not None:
        where.append(f"coalesce(started, added) >= TIMESTAMP {literal(since.isoformat(sep=' '))}")
    condition = f"WHERE {' AND '.join(where)}" if where else ""
    connection.execute(
        f"CREATE TEMP VIEW e AS SELECT kind, suite, dataset, test, procedure, version, "
        f"run_text, passed, tokens, credits, started, {RELEASE} AS release "
        f"FROM {entries_source(store)} {condition}"
    )


def _releases(connection: duckdb.DuckDBPyConnection) -> tuple[Release, ...]:
    rows = connection.execute(_RELEASES).fetchall()
    order = [row[0] for row in rows]
    flaky: dict[str, list[str]] = {}
    for release, case in connection.execute(
        "SELECT release, id FROM judged WHERE NOT short AND passes > 0 AND passes < k "
        "ORDER BY release, suite, dataset, test, procedure"
    ).fetchall():
        flaky.setdefault(release, []).append(case)
    changed = _changes(connection, order)
    releases = []
    for row in rows:
        name, started, k, cases, runs, passes, eligible, passed = row[:8]
        never, short, skipped, infrastructure, tokens, credits = row[8:]
        releases.append(
            Release(
                name=name,
                started=started,
                k=int(k),
                cases=int(cases),
                runs=int(runs),
                pass_at_1=Share(int(passes), int(runs)),
                pass_hat_k=Share(int(passed), int(eligible)),
                flaky=tuple(flaky.get(name, ())),
                never_passed=int(never),
                short=int(short),
                skipped=int(skipped),
                infrastructure=int(infrastructure),
                tokens=None if tokens is None else int(tokens),
                credits=None if credits is None else float(credits),
                changed=tuple(changed.get(name, ())),
            )
        )
    return tuple(releases)


def _changes(connection: duckdb.DuckDBPyConnection, order: list[str]) -> dict[str, list[Change]]:
    """For each release, the cases judged in it and in the release before whose states
    differ."""
    if len(order) < 2:
        return {}
    pairs = list(pairwise(order))  # (before, after)
    connection.execute("CREATE TEMP TABLE pairs (before VARCHAR, after VARCHAR)")
    connection.executemany("INSERT INTO pairs VALUES (?, ?)", pairs)
    found = connection.execute(
        f"""
        WITH states AS (
          SELECT release, id, suite, dataset, test, procedure, {_STATE} AS state
          FROM judged WHERE NOT short
        )
        SELECT p.after, b.id, b.state, a.state
        FROM pairs p
        JOIN states b ON b.release = p.before
        JOIN states a ON a.release = p.after AND a.suite = b.suite AND a.dataset = b.dataset
             AND a.test = b.test AND a.procedure = b.procedure
        WHERE a.state <> b.state
        ORDER BY p.after, a.suite, a.dataset, a.test, a.procedure
        """
    ).fetchall()
    changes: dict[str, list[Change]] = {}
    for after, case, before_state, after_state in found:
        changes.setdefault(after, []).append(Change(case, before_state, after_state))
    return changes

"""The SQL that counts a history per release, run by :mod:`.releases` in this order.

Millions of rows never become Python objects, and the entries are read as few times as
the numbers allow: once grouped by release and case (the case's 64-bit hash,
:mod:`.keys`, or its four key columns), once grouped by release (the rows that are no
case's, tokens, credits, start times). Everything after works on one row per release
and case; the names of the cases listed come from ``cases/``.

Grouping by run as well would make a group of nearly every row, so a case's runs are
told apart by a 64-bit mask of its Versions (bit ``Version mod 64``): when the mask has
as many bits as the case has rows, no two rows share a run, so each row is one run (a
release is a few Versions, usually consecutive). Only the other cases (several rows a
run, runs without a Version, 64 Versions or more in one release) and the cases with
more runs than ``k`` (which must be ranked) have their rows read again and grouped by
run, as the report does.
"""

from __future__ import annotations

RELEASE = (
    "CASE WHEN tag <> '' THEN tag WHEN version IS NOT NULL THEN 'v' || version::VARCHAR "
    "ELSE run_text END"
)
NAMES = ("suite", "dataset", "test", "procedure")
HASHED = ("case_hash",)
CASE_ID = (
    "concat_ws('/', nullif(suite, ''), nullif(dataset, ''), nullif(test, ''), "
    "nullif(procedure, ''))"
)
RUN_ORDER = "version IS NULL, version, run_text"
# A Version's bit in a case's mask: Version mod 64 (two's complement: never negative).
_BIT = "(1::UBIGINT << (version & 63)::UBIGINT)"


def columns(names: tuple[str, ...], table: str = "") -> str:
    """``a, b`` (with ``table`` before each: ``t.a, t.b``)."""
    return ", ".join(f"{table}{name}" for name in names)


def view(source: str, condition: str, *, hashed: bool) -> str:
    """The view ``e``: the entries that pass the filters, with their release; only the
    columns the numbers need are read from the files."""
    return (
        "CREATE TEMP VIEW e AS SELECT kind, suite, dataset, test, procedure, version, "
        f"run_text, passed, tokens, credits, started, {RELEASE} AS release"
        f"{', case_hash' if hashed else ''} FROM {source} {condition}"
    )


def cases(key: tuple[str, ...]) -> str:
    """Per release and case, from its runs' rows: the run count and passes when the
    mask tells them (``simple``); ``passes`` becomes the passes of the first ``k`` runs."""
    return f"""
CREATE TEMP TABLE cases AS
SELECT *, all_passes AS passes FROM (
SELECT release, {columns(key)}, rows AS n,
       rows - coalesce(bit_count(failing), 0) AS all_passes,
       coalesce(bit_count(mask) = rows, false) AS simple
FROM (
  SELECT release, {columns(key)}, count(*) AS rows, bit_or({_BIT}) AS mask,
         bit_or(CASE WHEN passed THEN 0::UBIGINT ELSE {_BIT} END) AS failing
  FROM e WHERE kind = 'run' GROUP BY release, {columns(key)}
))
"""


def releases() -> str:
    """Per release, from every row: what is not counted by case, and its place (the
    order the releases started in)."""
    return """
CREATE TEMP TABLE releases AS
SELECT *, row_number() OVER (
         ORDER BY started NULLS LAST, first_version NULLS LAST, release
       ) AS place
FROM (
  SELECT release, min(started) AS started, min(version) AS first_version,
         count_if(kind = 'skipped') AS skipped,
         count_if(kind = 'infrastructure') AS infrastructure,
         sum(CASE WHEN kind = 'run' THEN tokens END) AS tokens,
         sum(CASE WHEN kind = 'run' THEN credits END) AS credits
  FROM e GROUP BY release
)
"""


def runs(key: tuple[str, ...], which: str) -> str:
    """The runs of the cases ``which`` chooses (a condition on ``cases``), read again
    from their rows and grouped by run, into ``runs``."""
    return f"""
INSERT INTO runs
SELECT release, {columns(key)}, version, run_text, bool_and(passed) AS passed
FROM e SEMI JOIN (SELECT release, {columns(key)} FROM cases WHERE {which})
     USING (release, {columns(key)})
WHERE kind = 'run' GROUP BY ALL
"""


def runs_table(key: tuple[str, ...]) -> str:
    keys = "".join(f", {c} {'BIGINT' if c == 'case_hash' else 'VARCHAR'}" for c in key)
    return (
        f"CREATE TEMP TABLE runs (release VARCHAR{keys}, version BIGINT, run_text VARCHAR, "
        "passed BOOLEAN)"
    )


def _same(key: tuple[str, ...], left: str, right: str) -> str:
    return " AND ".join(f"{left}.{c} = {right}.{c}" for c in ("release", *key))


def counted(key: tuple[str, ...]) -> str:
    """The run count and passes of the cases that are not simple, from their runs."""
    return f"""
UPDATE cases SET n = counted.n, all_passes = counted.passes, passes = counted.passes
FROM (SELECT release, {columns(key)}, count(*) AS n, count_if(passed) AS passes
      FROM runs GROUP BY ALL) AS counted
WHERE NOT cases.simple AND {_same(key, "cases", "counted")}
"""


KS = """
CREATE TEMP TABLE ks AS
SELECT release, first(n ORDER BY m DESC, n DESC) AS k
FROM (SELECT release, n, count(*) AS m FROM cases GROUP BY ALL) GROUP BY release
"""

LONG = "n > (SELECT k FROM ks WHERE ks.release = cases.release)"


def first_k(key: tuple[str, ...]) -> tuple[str, str]:
    """A case with more runs than ``k`` is judged on its first ``k`` (run order). (The
    runs are ranked in a table of their own, as in :func:`listed`.)"""
    return (
        """
CREATE TEMP TABLE ranked AS
SELECT r.*, ks.k FROM runs r JOIN ks ON r.release = ks.release
""",
        f"""
UPDATE cases SET passes = first.passes
FROM (
  SELECT release, {columns(key)}, count_if(passed) AS passes FROM (
    SELECT *, row_number() OVER (
             PARTITION BY release, {columns(key)} ORDER BY {RUN_ORDER}
           ) AS place
    FROM ranked
  ) WHERE place <= k GROUP BY ALL
) AS first
WHERE {_same(key, "cases", "first")} AND cases.{LONG}
""",
    )


# A case's state in a release, as a small number: 0 fewer than k runs (not judged),
# then the report's verdicts.
STATES = {1: "passed", 2: "flaky", 3: "never passed"}
_STATE_TEXT = (
    "CASE {0} " + " ".join(f"WHEN {code} THEN '{text}'" for code, text in STATES.items()) + " END"
)


def judged(key: tuple[str, ...]) -> str:
    """Each case with its release's place (the release is named once, in ``releases``)
    and ``k``, and its state (:data:`STATES`)."""
    return f"""
CREATE TEMP TABLE judged AS
SELECT r.place, {columns(key, "c.")}, c.n, c.all_passes, ks.k,
       CASE WHEN c.n < ks.k THEN 0 WHEN c.passes = ks.k THEN 1 WHEN c.passes = 0 THEN 3
            ELSE 2 END::UTINYINT AS state
FROM cases c JOIN ks ON c.release = ks.release JOIN releases r ON c.release = r.release
"""


def numbers() -> str:
    """One row per release, in the order they started."""
    return """
SELECT r.release, r.started, coalesce(j.k, 0), coalesce(j.cases, 0), coalesce(j.runs, 0),
       coalesce(j.passes, 0), coalesce(j.eligible, 0), coalesce(j.passed, 0),
       coalesce(j.never_passed, 0), coalesce(j.short, 0), r.skipped, r.infrastructure,
       r.tokens, r.credits, coalesce(j.flaky, 0)
FROM releases r LEFT JOIN (
  SELECT place, any_value(k) AS k, count(*) AS cases, sum(n) AS runs,
         sum(all_passes) AS passes, count_if(state > 0) AS eligible,
         count_if(state = 1) AS passed, count_if(state = 3) AS never_passed,
         count_if(state = 0) AS short, count_if(state = 2) AS flaky
  FROM judged GROUP BY place
) j ON r.place = j.place
ORDER BY r.place
"""


def changed(key: tuple[str, ...]) -> str:
    """The cases judged (at least ``k`` runs) in a release and in the one before whose
    states differ, under the later release's place."""
    same = " AND ".join(f"a.{c} = b.{c}" for c in key)
    return f"""
CREATE TEMP TABLE changed AS
SELECT a.place, {columns(key, "a.")}, b.state AS before, a.state AS after
FROM judged b JOIN judged a ON a.place = b.place + 1 AND {same}
WHERE a.state > 0 AND b.state > 0 AND a.state <> b.state
"""


def names(key: tuple[str, ...], source: str) -> str:
    """Each case's names and its rank by them (the order cases are listed in): from the
    key itself, or by the hash from ``source`` (``cases/``, or the entries)."""
    if key == HASHED:
        found = (
            f"SELECT case_hash, {', '.join(f'any_value({c}) AS {c}' for c in NAMES)} "
            f"FROM {source} GROUP BY case_hash"
        )
    else:
        found = f"SELECT DISTINCT {columns(NAMES)} FROM cases"
    return (
        f"CREATE TEMP TABLE names AS SELECT *, {CASE_ID} AS id, "
        f"row_number() OVER (ORDER BY {columns(NAMES)}) AS rank FROM ({found})"
    )


def shown(name: str, rows: str, key: tuple[str, ...], condition: str, *extra: str) -> str:
    """The table ``name``: the rows of ``rows`` (with ``place`` and the key) that meet
    ``condition``, with their case's rank by name."""
    same = " AND ".join(f"r.{c} = n.{c}" for c in key)
    chosen = "".join(f", r.{c}" for c in extra)
    return (
        f"CREATE TEMP TABLE {name} AS SELECT r.place, n.rank{chosen} "
        f"FROM {rows} r JOIN names n ON {same} WHERE {condition}"
    )


def listed(name: str, limit: int | None, *states: str) -> str:
    """The rows of the table ``name`` (:func:`shown`): the release's place, the case's
    id and the ``states`` as text, by place then name; at most ``limit`` a release when
    given. (The window reads a table of its own: DuckDB 2.0.1 mixes up columns, or
    crashes, when one reads a join of a filtered subquery.)"""
    chosen = "".join(f", {_STATE_TEXT.format('s.' + c)}" for c in states)
    kept = name
    if limit is not None:
        kept = (
            f"(SELECT * FROM (SELECT *, row_number() OVER (PARTITION BY place ORDER BY rank) "
            f"AS listed FROM {name}) WHERE listed <= {int(limit)})"
        )
    return (
        f"SELECT s.place, n.id{chosen} FROM {kept} s JOIN names n ON s.rank = n.rank "
        "ORDER BY s.place, s.rank"
    )

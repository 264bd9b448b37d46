"""``datasets report --history STORE --last N``: each case judged over its last N runs.

The runs come from every export added to the store, so "flaky across the last 30
nightlies" is one command. Each case keeps its last ``N`` runs in run order (Versions, or
Tags with ``--runs-by tag``); every row of those runs is read back as the report's
reader made it when it was added, in the order the rows were added, into the report's own
:class:`~ait_datasets.report.model.ResultSet`, and the report is built from it as from
the exports themselves. Rows that are no case's run (skipped evals, infrastructure
errors, rows without a procedure) are kept when they came from an export that one of the
kept runs came from. The history keeps no ``inputData``/``outputData`` and no file
positions: a run's origin is empty.
"""

from __future__ import annotations

from ait_datasets.report.history.store import entries_source, has_entries, opened
from ait_datasets.report.model import CaseKey, InfraError, ResultSet, Run, RunId, SkippedRun
from ait_datasets.report.rows import UNTAGGED
from ait_datasets.report.turns import Turn

_CASE = "suite, dataset, test, procedure"


def _run_columns(runs_by: str) -> str:
    """The run of a row as two columns (a number, or a text), as the report's rules made
    it: a log entry's Version (or with ``tag``, its Tag), a generic row's own run."""
    if runs_by == "tag":
        return (
            "CASE WHEN shape = 'log entry' THEN NULL ELSE version END AS run_number, "
            f"CASE WHEN shape = 'log entry' THEN coalesce(nullif(tag, ''), '{UNTAGGED}') "
            "ELSE run_text END AS run_label"
        )
    return "version AS run_number, run_text AS run_label"


_SELECTED = (
    "kind, suite, dataset, test, procedure, run_number, run_label, tag, passed, message, "
    "tokens, credits, duration_ms, turn_first, turn_last, turn_of, line, version, call_stack"
)


def last_runs(store: str, last: int | None, runs_by: str = "version") -> ResultSet:
    """The store's rows of each case's last ``last`` runs (all runs when None) as a
    result set; raise :class:`~.store.HistoryError`."""
    results = ResultSet(sources=[store], runs_by=runs_by)
    with opened(store, create=False) as connection:
        if not has_entries(connection, store):
            return results
        connection.execute(
            f"CREATE TEMP TABLE e AS SELECT *, {_run_columns(runs_by)} FROM {entries_source(store)}"
        )
        window = "" if last is None else f"WHERE back <= {int(last)}"
        rows = connection.execute(
            f"""
            WITH runs AS (
              SELECT DISTINCT {_CASE}, run_number, run_label FROM e WHERE kind = 'run'
            ), kept AS (
              SELECT * FROM (
                SELECT *, row_number() OVER (
                  PARTITION BY {_CASE}
                  ORDER BY run_number IS NULL DESC, run_number DESC, run_label DESC
                ) AS back FROM runs
              ) {window}
            ), kept_rows AS (
              SELECT e.* FROM e JOIN kept USING ({_CASE}) WHERE e.kind = 'run'
                AND e.run_number IS NOT DISTINCT FROM kept.run_number
                AND e.run_label IS NOT DISTINCT FROM kept.run_label
            ), batches AS (SELECT DISTINCT batch FROM kept_rows)
            SELECT {_SELECTED} FROM (
              SELECT * FROM kept_rows
              UNION ALL
              SELECT * FROM e WHERE kind <> 'run' AND batch IN (SELECT batch FROM batches)
            ) ORDER BY batch, ordinal
            """
        ).fetchall()
    _fill(results, rows)
    return results


def _fill(results: ResultSet, rows: list[tuple[object, ...]]) -> None:
    add = results.add
    for row in rows:
        kind, suite, dataset, test, procedure, number, label, tag = row[:8]
        run: RunId = number if isinstance(number, int) else str(label)
        if kind == "run":
            passed, message, tokens, credits, duration, first, last, of = row[8:16]
            turn = None if first is None else Turn(int(first), int(last), int(of))  # type: ignore[call-overload]
            key = CaseKey(str(suite), str(dataset), str(test), str(procedure))
            add(
                key,
                Run(
                    run,
                    bool(passed),
                    str(message or ""),
                    "",
                    0,
                    _int(tokens),
                    None if credits is None else float(credits),  # type: ignore[arg-type]
                    _int(duration),
                    str(tag or ""),
                    None,
                    turn,
                ),
                str(tag or ""),
            )
        elif kind == "skipped":
            key = CaseKey(str(suite), str(dataset), str(test), str(procedure))
            results.skipped.append(SkippedRun(key, run, str(row[9] or ""), ""))
        elif kind == "infrastructure":
            line, version, stack = row[16:19]
            results.infrastructure.append(
                InfraError(
                    str(suite),
                    str(line or ""),
                    _int(version),
                    str(row[9] or ""),
                    str(stack or ""),
                    "",
                )
            )
        else:
            results.not_cases += 1


def _int(value: object) -> int | None:
    return value if isinstance(value, int) else None

"""Rows -> the result set, one block at a time: the plain run of a case in a few steps,
every other row through :func:`~ait_datasets.report.rows.read_log_entry`.

Most rows of a large export are the same shape: ``status`` ``Success`` or ``Error``, a
whole-number ``version``, a ``procedureName``, text where text is expected and counts of
at least 0. For those (and only those) :func:`add_block` makes the run itself, with what
``read_log_entry`` would make of the row (a failed eval's failing turn read from its
``inputData``/``outputData``, decoded for that row alone, by the same
:func:`~ait_datasets.report.turns.failing_turn`); every other row (a skipped eval, an
infrastructure row, a row with anything unusual) is decoded whole and read by
``read_log_entry``, the one statement of the rules. A property test proves both ways
agree on every export (``tests/report/test_report_fast_reader.py``).

Where the package's C module was built, a JSON export's plain rows are added by it
instead (:mod:`ait_datasets.report.fast_scan`), by the same rules; the tests run every
export through both.

What the plain path does differently is only *how*: a case's key is made once per
distinct spelling and shared by its runs (each raw spelling maps straight to the case's
runs), a tag likewise, and the result set's ``add`` is done inline (once per row of
millions).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ait_datasets.report.model import CaseKey, InfraError, ResultSet, Run, RunId, SkippedRun
from ait_datasets.report.rows import (
    UNTAGGED,
    Infrastructure,
    Read,
    Row,
    Skipped,
    read_log_entry,
)
from ait_datasets.report.turns import failing_turn

if TYPE_CHECKING:
    from ait_datasets.report.fast_json import Block

_new = tuple.__new__
# A raw key whose procedureName is empty: not a case, the exact reader decides what it is.
_NOT_PLAIN = CaseKey("", "", "", "")

RawKey = tuple[str, str, str, str]


# The table of a raw key that is not a case's (its procedureName is empty): the exact
# reader decides what such a row is.
NOT_PLAIN_TABLE: dict[RunId, Run] = {}


class Interned:
    """Case keys and tags seen in one file, so that runs share them (memory) and each
    distinct spelling is stripped once (time): ``tables`` maps each raw key (the four
    fields as exported) straight to its case's runs in the file's result set, one lookup
    per row."""

    __slots__ = ("tables", "tags")

    def __init__(self) -> None:
        self.tags: dict[str, str] = {}
        self.tables: dict[RawKey, dict[RunId, Run]] = {}

    def key(self, raw: RawKey) -> CaseKey:
        suite, dataset, test, procedure = raw
        procedure = procedure.strip()
        if not procedure:
            return _NOT_PLAIN
        return _new(CaseKey, (suite.strip(), dataset.strip(), test.strip(), procedure))

    def table(self, raw: RawKey, results: ResultSet) -> dict[RunId, Run]:
        """The runs of the case ``raw`` names (made when it has none yet), or
        :data:`NOT_PLAIN_TABLE`; called once per distinct raw key, and kept for it."""
        table = self.tables[raw] = self.table_of(raw, results)
        return table

    def table_of(self, raw: RawKey, results: ResultSet) -> dict[RunId, Run]:
        """:meth:`table`, not kept (for a caller that keeps its own index of raw keys)."""
        key = self.key(raw)
        table = NOT_PLAIN_TABLE if key is _NOT_PLAIN else results.cases.get(key)
        if table is None:
            table = results.cases[key] = {}
        return table

    def tag(self, raw: str) -> str:
        tag = self.tags[raw] = raw.strip()
        return tag


def add_block(
    results: ResultSet,
    block: Block,
    path: str,
    interned: Interned,
    runs_by: str = "version",
    show_data: bool = False,
) -> None:
    """Add every row of ``block`` to ``results`` in file order (raises RowError, which
    makes the caller step aside, for a row the exact reader would report)."""
    lean = block.lean
    if lean is None:
        rows = block.rows or []
        for line, entry in zip(block.lines, rows, strict=True):
            record(results, read_log_entry(entry, runs_by, show_data), path, line)
        return
    if show_data:  # the plain path keeps no data: only dicts are read with --show-data
        raise ValueError("a block of lean entries cannot be read with show_data")
    all_tags = results.tags
    tables = interned.tables
    tags = interned.tags
    by_version = runs_by == "version"
    index = -1
    last_run: RunId | None = None
    last_tag = ""
    for e, line in zip(lean, block.lines, strict=True):
        index += 1
        version = e.version
        status = e.status
        passed = status == "Success"
        if (not passed and status != "Error") or version is None:
            record(results, read_log_entry(block.entry(index), runs_by), path, line)
            continue
        tokens = e.tokensConsumed
        credits = e.copilotCredits
        duration = e.durationMs
        if (
            (tokens is not None and tokens < 0)
            or (credits is not None and credits < 0)
            or (duration is not None and duration < 0)
        ):
            record(results, read_log_entry(block.entry(index), runs_by), path, line)
            continue
        raw = (e.aitCode, e.dataset, e.datasetLineNumber, e.procedureName)
        runs = tables.get(raw)
        if runs is None:
            runs = interned.table(raw, results)
        if runs is NOT_PLAIN_TABLE:
            record(results, read_log_entry(block.entry(index), runs_by), path, line)
            continue
        tag = e.tag
        if tag:
            tag = tags.get(tag) or interned.tag(tag)
        message = e.message
        if message:
            message = message.strip()
        run: RunId = version if by_version else (tag or UNTAGGED)
        # A failed eval: where it failed, read from its data as read_log_entry reads it.
        turn = None if passed else failing_turn(*block.data(index))
        result = _new(
            Run, (run, passed, message, path, line, tokens, credits, duration, tag, None, turn)
        )
        # ResultSet.add, inline (one dict call when the case has no result of this run).
        if runs.setdefault(run, result) is not result:
            runs[run] = runs[run].merged(result)
        # The tags of each run: exports list a run's rows together, so a row's run and
        # tag are most often the previous row's (then there is nothing to add).
        if run != last_run or tag != last_tag:
            seen = all_tags.get(run)
            if seen is None:
                seen = all_tags[run] = set()
            if tag:
                seen.add(tag)
            last_run, last_tag = run, tag


def record(results: ResultSet, row: Read, path: str, line: int) -> None:
    """Add one row as the exact reader read it: a run, a skipped eval, an infrastructure
    error, or a row that is not a case (counted)."""
    if type(row) is Row:
        # tuple.__new__ rather than Run(...): see rows.read_log_entry (once per row).
        run = _new(
            Run,
            (
                row.run,
                row.passed,
                row.message,
                path,
                line,
                row.tokens,
                row.credits,
                row.duration_ms,
                row.tag,
                row.data,
                row.turn,
            ),
        )
        results.add(row.key, run, row.tag)
    elif isinstance(row, Skipped):
        results.skipped.append(SkippedRun(row.key, row.run, row.message, f"{path}:{line}"))
    elif isinstance(row, Infrastructure):
        results.infrastructure.append(
            InfraError(
                row.suite, row.line, row.version, row.message, row.call_stack, f"{path}:{line}"
            )
        )
    else:
        results.not_cases += 1

"""What a set of test results is: cases, the runs of each case, and the rows that are not runs.

A *case* is one test of one dataset run by one test procedure of one suite. A *run* is,
by default, one Version (``--runs-by tag`` makes it one Tag); a case has at most one result
per run. When an input holds several rows for the same case and run (several turns
logged, or the same export given twice), they are merged: the run passed only when every
row passed, and what the rows consumed is added up.

Rows that are not results of a case are kept apart and never mixed into the numbers:
*skipped* evals (they never ran), *infrastructure* errors (a suite line failed around its
evals), and rows without ``procedureName`` that are not errors (counted only).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from operator import itemgetter
from typing import TYPE_CHECKING, NamedTuple, TypeVar

if TYPE_CHECKING:
    from ait_datasets.report.turns import Turn

RunId = int | str


def run_order(run: RunId) -> tuple[int, int, str]:
    """Sort key of runs: numbers (Versions) ascending, then text labels in text order."""
    if isinstance(run, int):
        return (0, run, "")
    return (1, 0, run)


def run_label(run: RunId) -> str:
    """How a run is shown: ``v3`` for Version 3, a text label as it is."""
    return f"v{run}" if isinstance(run, int) else run


class CaseKey(NamedTuple):
    """Identity of a case; the same case in two result sets has the same key.

    A named tuple: hashing and comparing it is done in C, which matters when millions of
    rows are grouped by case."""

    suite: str
    dataset: str
    test: str
    procedure: str = ""

    # Both join the non-empty fields with filter (in C): asked of every case of a large
    # report, a generator took three times as long.
    @property
    def id(self) -> str:
        """``SUITE/DATASET/TEST/Procedure`` without the empty parts; used by quarantine files."""
        return "/".join(filter(None, self))

    @property
    def group(self) -> str:
        """The dataset this case belongs to, for the per-dataset breakdown."""
        return "/".join(filter(None, self[:2])) or "(no dataset)"


class Run(NamedTuple):
    """One result of one case in one run, with what it consumed (None: not exported).

    A named tuple: built once per input row, so it must be cheap to make and small."""

    run: RunId
    passed: bool
    message: str = ""
    source: str = ""
    line: int = 0
    tokens: int | None = None
    credits: float | None = None
    duration_ms: int | None = None
    tag: str = ""
    data: tuple[str, str] | None = None
    turn: Turn | None = None  # where a failed multi-turn eval failed (None: not known)

    @property
    def origin(self) -> str:
        """Where the (first) row came from, as ``path:line``."""
        return f"{self.source}:{self.line}" if self.source else ""

    def merged(self, other: Run) -> Run:
        """This run and a second row of it: fails if either failed; costs add up."""
        failed = other if self.passed and not other.passed else self
        return Run(
            self.run,
            self.passed and other.passed,
            failed.message,
            self.source,
            self.line,
            _add(self.tokens, other.tokens),
            _add(self.credits, other.credits),
            _add(self.duration_ms, other.duration_ms),
            self.tag or other.tag,
            self.data or other.data,
            failed.turn,
        )


# Each field of a run read by position, for passes in C over many runs (``map``): made from
# Run's own field order, so they follow it.
(
    run_id_of,
    passed_of,
    message_of,
    tokens_of,
    credits_of,
    duration_of,
    turn_of,
) = (
    itemgetter(Run._fields.index(name))
    for name in ("run", "passed", "message", "tokens", "credits", "duration_ms", "turn")
)


Amount = TypeVar("Amount", int, float)


def _add(a: Amount | None, b: Amount | None) -> Amount | None:
    """The sum of two amounts a row may not carry (None: unknown, not zero)."""
    if a is None:
        return b
    return a if b is None else a + b


@dataclass(frozen=True, slots=True)
class SkippedRun:
    """An eval the toolkit skipped (Copilot credit limit): not a run, listed and counted
    (``Status::Skipped``, ``AITTestSuiteMgt.LogSkippedEval``)."""

    key: CaseKey
    run: RunId
    message: str
    origin: str
    tag: str = ""  # the row's Tag (a history keeps it)


@dataclass(frozen=True, slots=True)
class InfraError:
    """A failure that is no case's result: listed and counted, never in the case numbers."""

    suite: str
    line: str  # the suite line (``lineNumber``) or the codeunit, whatever the row names
    version: int | None
    message: str
    call_stack: str
    origin: str


@dataclass(slots=True)
class ResultSet:
    """All results read from one or more files.

    ``runs`` maps each case to its runs keyed by run id; ``tags`` holds the tags seen for
    each run (the AI Test Toolkit lets a run be tagged, e.g. with the model it used).
    """

    cases: dict[CaseKey, dict[RunId, Run]] = field(default_factory=dict)
    tags: dict[RunId, set[str]] = field(default_factory=dict)
    sources: list[str] = field(default_factory=list)
    skipped: list[SkippedRun] = field(default_factory=list)
    infrastructure: list[InfraError] = field(default_factory=list)
    not_cases: int = 0
    # ``@odata.nextLink`` of a saved response that is only the first page: (path, link).
    incomplete: list[tuple[str, str]] = field(default_factory=list)
    runs_by: str = "version"

    def add(self, key: CaseKey, run: Run, tag: str = "") -> None:
        """Record one row; a second row for the same case and run can only make it fail."""
        runs = self.cases.get(key)
        if runs is None:
            runs = self.cases[key] = {}
        run_id = run[0]  # Run.run, by position: once per row of millions
        previous = runs.setdefault(run_id, run)
        if previous is not run:
            runs[run_id] = previous.merged(run)
        tags = self.tags.get(run_id)
        if tags is None:
            tags = self.tags[run_id] = set()
        if tag:
            tags.add(tag)

    def merge(self, other: ResultSet) -> None:
        """Add every row of ``other`` (reading several files into one set)."""
        for key, runs in other.cases.items():
            for run in runs.values():
                self.add(key, run)
        for run_id, tags in other.tags.items():
            self.tags.setdefault(run_id, set()).update(tags)
        self.sources.extend(other.sources)
        self.skipped.extend(other.skipped)
        self.infrastructure.extend(other.infrastructure)
        self.not_cases += other.not_cases
        self.incomplete.extend(other.incomplete)

    def runs_of(self, key: CaseKey) -> list[Run]:
        """The runs of a case in run order."""
        runs = self.cases.get(key, {})
        seen = list(runs)
        try:
            # All Versions or all labels (the usual case): their own order is run order,
            # and sorting them needs no Python call per run.
            order = sorted(seen)
        except TypeError:  # numbers and labels mixed
            order = sorted(seen, key=run_order)
        if order == seen:  # added in run order (exports list runs in order): as they are
            return list(runs.values())
        return list(map(runs.__getitem__, order))

    def run_ids(self) -> list[RunId]:
        """Every run seen in this set, in run order."""
        ids: set[RunId] = set()
        for runs in self.cases.values():
            ids.update(runs)
        return sorted(ids, key=run_order)

    def case_keys(self) -> list[CaseKey]:
        """The cases, sorted by suite, dataset, test and procedure."""
        return sorted(self.cases)

    def __iter__(self) -> Iterator[CaseKey]:
        return iter(self.case_keys())

    def __len__(self) -> int:
        return len(self.cases)


def result_set(rows: Iterable[tuple[CaseKey, Run]]) -> ResultSet:
    """A set from ``(case, run)`` pairs; a convenience for tests and the Python API."""
    results = ResultSet()
    for key, run in rows:
        results.add(key, run)
    return results

"""What a set of test results is: cases, and the runs of each case.

A *case* is one test of one dataset run by one test procedure of one suite. A *run* is
one execution of the whole suite; in Business Central each run of a suite is a new
Version, so a case has at most one result per run. When an input holds several rows for
the same case and run (several turns logged, or the same export given twice), they are
merged: the run passed only when every row passed.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

RunId = int | str


def run_order(run: RunId) -> tuple[int, int, str]:
    """Sort key of runs: numbers (Versions) ascending, then text labels in text order."""
    if isinstance(run, int):
        return (0, run, "")
    return (1, 0, run)


def run_label(run: RunId) -> str:
    """How a run is shown: ``v3`` for Version 3, a text label as it is."""
    return f"v{run}" if isinstance(run, int) else run


@dataclass(frozen=True, slots=True, order=True)
class CaseKey:
    """Identity of a case; the same case in two result sets has the same key."""

    suite: str
    dataset: str
    test: str
    procedure: str = ""

    @property
    def id(self) -> str:
        """``SUITE/DATASET/TEST/Procedure`` without the empty parts; used by quarantine files."""
        return "/".join(p for p in (self.suite, self.dataset, self.test, self.procedure) if p)

    @property
    def group(self) -> str:
        """The dataset this case belongs to, for the per-dataset breakdown."""
        return "/".join(p for p in (self.suite, self.dataset) if p) or "(no dataset)"


@dataclass(frozen=True, slots=True)
class Run:
    """One result of one case in one run."""

    run: RunId
    passed: bool
    message: str = ""
    # Where the (first) row came from, as ``path:line``.
    origin: str = ""


@dataclass(slots=True)
class ResultSet:
    """All results read from one or more files.

    ``runs`` maps each case to its runs keyed by run id; ``tags`` holds the tags seen for
    each run (the AI Test Toolkit lets a run be tagged, e.g. with the model it used).
    """

    cases: dict[CaseKey, dict[RunId, Run]] = field(default_factory=dict)
    tags: dict[RunId, set[str]] = field(default_factory=dict)
    sources: list[str] = field(default_factory=list)

    def add(self, key: CaseKey, run: Run, tag: str = "") -> None:
        """Record one row; a second row for the same case and run can only make it fail."""
        runs = self.cases.setdefault(key, {})
        previous = runs.get(run.run)
        if previous is None:
            runs[run.run] = run
        elif previous.passed and not run.passed:
            runs[run.run] = Run(run.run, False, run.message, run.origin)
        if tag:
            self.tags.setdefault(run.run, set()).add(tag)
        else:
            self.tags.setdefault(run.run, set())

    def merge(self, other: ResultSet) -> None:
        """Add every row of ``other`` (reading several files into one set)."""
        for key, runs in other.cases.items():
            for run in runs.values():
                self.add(key, run)
        for run_id, tags in other.tags.items():
            self.tags.setdefault(run_id, set()).update(tags)
        self.sources.extend(other.sources)

    def runs_of(self, key: CaseKey) -> list[Run]:
        """The runs of a case in run order."""
        return sorted(self.cases.get(key, {}).values(), key=lambda r: run_order(r.run))

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

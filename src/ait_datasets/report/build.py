"""Put a report together: the summary, per dataset, costs, comparison, quarantine, gates."""

from __future__ import annotations

from dataclasses import dataclass, field

from ait_datasets.report.compare import Comparison, compare
from ait_datasets.report.costs import Costs, overall_and_by_release
from ait_datasets.report.model import CaseKey, InfraError, ResultSet, RunId, SkippedRun
from ait_datasets.report.quarantine import Entry, Quarantine, assign
from ait_datasets.report.sources import SourceIndex, TestSource
from ait_datasets.report.stats import CaseOutcome, KChoice, Summary, by_dataset, choose_k, summarize

# Above this many distinct runs the HTML grid stops giving each run a column: each case
# then shows its own runs in order, so the page grows with the rows, not cases x runs.
GRID_COLUMNS = 30


@dataclass(frozen=True, slots=True)
class Report:
    """Everything a renderer shows; computed once, rendered in any format."""

    summary: Summary
    datasets: tuple[Summary, ...]
    run_ids: tuple[RunId, ...]
    tags: dict[RunId, tuple[str, ...]]
    sources: tuple[str, ...]
    k_from_data: bool
    comparison: Comparison | None = None
    quarantine: Quarantine | None = None
    quarantined: tuple[tuple[CaseOutcome, Entry], ...] = ()
    stale: tuple[Entry, ...] = ()
    k_choice: KChoice | None = None
    runs_by: str = "version"
    skipped: tuple[SkippedRun, ...] = ()
    infrastructure: tuple[InfraError, ...] = ()
    not_cases: int = 0
    incomplete: tuple[tuple[str, str], ...] = ()
    costs: Costs | None = None
    releases: tuple[tuple[str, Costs], ...] = ()
    show_data: bool = False
    # Each case's test in the dataset files (--datasets), when found.
    located: dict[CaseKey, TestSource] = field(default_factory=dict)
    source_files: int | None = None  # dataset files read for `located` (None: not asked)
    # Set by the gate step (see :mod:`ait_datasets.report.policy`), shown in the summary.
    verdicts: tuple[object, ...] = ()

    @property
    def k(self) -> int:
        return self.summary.k

    @property
    def quarantined_keys(self) -> frozenset[CaseKey]:
        return frozenset(outcome.key for outcome, _ in self.quarantined)

    @property
    def per_row_labels(self) -> bool:
        """Whether the run labels look like one per row (timestamps, ids): many more
        labels than any grid can show, and most of them held by a single case."""
        labels = len(self.run_ids)
        return labels > GRID_COLUMNS and labels * 2 > self.summary.runs

    @property
    def grid_columns(self) -> bool:
        """Whether the HTML grid gives each run its own column."""
        return len(self.run_ids) <= GRID_COLUMNS

    def languages(self) -> tuple[Summary, ...]:
        """The numbers per ``language:`` of the cases' tests (with --datasets; a test
        without one counts under "(no language)")."""
        if not self.located:
            return ()
        groups: dict[str, list[CaseOutcome]] = {}
        for outcome in self.summary.outcomes:
            source = self.located.get(outcome.key)
            if source is not None:
                groups.setdefault(source.language or "(no language)", []).append(outcome)
        return tuple(Summary(name, self.k, tuple(groups[name])) for name in sorted(groups))

    def where(self, key: CaseKey) -> str:
        """``path:line`` of the case's test, or empty when not found."""
        source = self.located.get(key)
        return "" if source is None else source.location

    def warnings(self) -> list[str]:
        """What the reader must know before trusting the numbers."""
        out = [
            f"{path}: the response holds '@odata.nextLink', so it is only one page of the "
            "log entries; fetch every page (datasets pull does) or the numbers are partial"
            for path, _ in self.incomplete
        ]
        if self.per_row_labels:
            out.append(
                f"{len(self.run_ids)} distinct run labels for {self.summary.runs} results: "
                "they look like one label per row (a timestamp?), so the runs are grouped "
                "per case instead of one column per label"
            )
        if self.source_files is not None:
            missing = self.summary.cases - len(self.located)
            if missing:
                out.append(
                    f"{missing} of {self.summary.cases} cases were not found in the "
                    f"{self.source_files} dataset files given with --datasets"
                )
        return out


def build_report(
    results: ResultSet,
    k: int | None = None,
    *,
    baseline: ResultSet | None = None,
    quarantine: Quarantine | None = None,
    show_data: bool = False,
    sources: SourceIndex | None = None,
) -> Report:
    """The report of ``results`` at ``k`` (default: the run count most cases have)."""
    choice = choose_k(results, k)
    summary = summarize(results, choice.k)
    quarantined: list[tuple[CaseOutcome, Entry]] = []
    stale: tuple[Entry, ...] = ()
    if quarantine is not None:
        assignment = assign(quarantine, [o.key for o in summary.outcomes])
        for outcome in summary.outcomes:
            entry = assignment.entries.get(outcome.key)
            if entry is not None:
                quarantined.append((outcome, entry))
        stale = assignment.stale
    run_ids = results.run_ids()
    costs, releases = overall_and_by_release(summary.outcomes)
    return Report(
        summary=summary,
        datasets=by_dataset(summary),
        run_ids=tuple(run_ids),
        tags={run: tuple(sorted(results.tags.get(run, ()))) for run in run_ids},
        sources=tuple(results.sources),
        k_from_data=choice.from_data,
        comparison=None if baseline is None else compare(baseline, results, choice.k),
        quarantine=quarantine,
        quarantined=tuple(quarantined),
        stale=stale,
        k_choice=choice,
        runs_by=results.runs_by,
        skipped=tuple(results.skipped),
        infrastructure=tuple(results.infrastructure),
        not_cases=results.not_cases,
        incomplete=tuple(results.incomplete),
        costs=costs,
        releases=releases,
        show_data=show_data,
        located=_locate(summary, sources),
        source_files=None if sources is None else sources.files,
    )


def _locate(summary: Summary, sources: SourceIndex | None) -> dict[CaseKey, TestSource]:
    if sources is None:
        return {}
    found = {}
    for outcome in summary.outcomes:
        source = sources.find(outcome.key)
        if source is not None:
            found[outcome.key] = source
    return found

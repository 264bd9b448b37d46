"""Put a report together: the summary, per dataset, comparison and quarantine."""

from __future__ import annotations

from dataclasses import dataclass

from ait_datasets.report.compare import Comparison, compare
from ait_datasets.report.model import CaseKey, ResultSet, RunId
from ait_datasets.report.quarantine import Entry, Quarantine
from ait_datasets.report.stats import CaseOutcome, Summary, by_dataset, default_k, summarize


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

    @property
    def k(self) -> int:
        return self.summary.k

    def is_quarantined(self, key: CaseKey) -> bool:
        return any(outcome.key == key for outcome, _ in self.quarantined)


def build_report(
    results: ResultSet,
    k: int | None = None,
    *,
    baseline: ResultSet | None = None,
    quarantine: Quarantine | None = None,
) -> Report:
    """The report of ``results`` at ``k`` (default: the most runs any case has)."""
    k_from_data = k is None
    chosen = default_k(results) if k is None else k
    summary = summarize(results, chosen)
    quarantined: list[tuple[CaseOutcome, Entry]] = []
    stale: tuple[Entry, ...] = ()
    if quarantine is not None:
        for outcome in summary.outcomes:
            entry = quarantine.entry_for(outcome.key)
            if entry is not None:
                quarantined.append((outcome, entry))
        stale = quarantine.stale(results.case_keys())
    return Report(
        summary=summary,
        datasets=by_dataset(summary),
        run_ids=tuple(results.run_ids()),
        tags={run: tuple(sorted(results.tags.get(run, ()))) for run in results.run_ids()},
        sources=tuple(results.sources),
        k_from_data=k_from_data,
        comparison=None if baseline is None else compare(baseline, results, chosen),
        quarantine=quarantine,
        quarantined=tuple(quarantined),
        stale=stale,
    )

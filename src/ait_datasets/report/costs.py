"""What the runs consumed: tokens, Copilot credits and duration, per case and per release.

The API page exports ``tokensConsumed`` (``AIT Log Entry."Tokens Consumed"``),
``copilotCredits`` (computed per log entry by the agent test context) and ``durationMs``
(``"Duration (ms)"``); see ``AITLogEntryAPI.Page.al``. A field a row does not carry is
unknown, not zero: totals say how many runs they cover.

Percentiles are nearest-rank (the value below which p% of the runs lie, always one of the
observed durations), computed with one sort per group: n log n. Copilot credits are added
up exactly (``math.fsum``): the total is the float nearest the true sum, whatever order the
rows come in (0.1 + 0.2 + 0.3 is not 0.3 + 0.2 + 0.1 one addition at a time).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from ait_datasets.report.model import Run
from ait_datasets.report.run_totals import RunTotals, TagTotals
from ait_datasets.report.stats import CaseOutcome


@dataclass(frozen=True, slots=True)
class Costs:
    """Totals over a group of runs; None where no run of the group carried the field."""

    runs: int
    passed: int
    tokens: int | None
    credits: float | None
    p50_ms: int | None
    p95_ms: int | None

    @property
    def credits_per_pass(self) -> float | None:
        """Copilot credits spent per passing run: what one pass costs."""
        if self.credits is None or self.passed == 0:
            return None
        return self.credits / self.passed

    @property
    def tokens_per_pass(self) -> float | None:
        """Tokens spent per passing run."""
        if self.tokens is None or self.passed == 0:
            return None
        return self.tokens / self.passed

    @property
    def known(self) -> bool:
        """Whether the export carried any cost or duration at all."""
        return self.tokens is not None or self.credits is not None or self.p50_ms is not None


def percentile(sorted_values: list[int], p: float) -> int | None:
    """Nearest-rank percentile of already sorted values (None for none)."""
    if not sorted_values:
        return None
    rank = max(1, math.ceil(p / 100 * len(sorted_values)))
    return sorted_values[rank - 1]


def costs_of_totals(totals: TagTotals) -> Costs:
    """The :class:`Costs` of runs added up in ``totals`` (sorts its durations)."""
    durations = totals.durations
    durations.sort()
    return Costs(
        totals.count,
        totals.passed,
        totals.tokens,
        math.fsum(totals.credits) if totals.credits else None,
        percentile(durations, 50),
        percentile(durations, 95),
    )


def costs_of(runs: Iterable[Run]) -> Costs:
    """The totals of ``runs``: what :meth:`TagTotals.add` of each run gives, written out
    on local variables (the HTML page asks this of every case, so of every run)."""
    totals = TagTotals()
    count = passed = 0
    tokens: int | None = None
    credits = totals.credits.append
    durations = totals.durations.append
    for run in runs:
        _, ok, _, _, _, used, spent, took, _, _, _ = run
        count += 1
        passed += ok
        if used is not None:
            tokens = used + (tokens or 0)
        if spent is not None:
            credits(spent)
        if took is not None:
            durations(took)
    totals.count, totals.passed, totals.tokens = count, passed, tokens
    return costs_of_totals(totals)


def overall_and_by_release(
    outcomes: Iterable[CaseOutcome], totals: RunTotals | None = None
) -> tuple[Costs, tuple[tuple[str, Costs], ...]]:
    """:func:`costs_of` every run and :func:`by_release`: from ``totals`` when the reader
    added the runs up as it read them (:mod:`ait_datasets.report.run_totals`), else from
    the runs of ``outcomes``."""
    if totals is None or not totals.valid:
        totals = RunTotals()
        for outcome in outcomes:
            for run in outcome.runs:
                totals.add(run)
    groups = totals.groups
    releases = tuple((tag, costs_of_totals(groups[tag])) for tag in sorted(groups))
    overall = TagTotals()
    for group in groups.values():
        overall.count += group.count
        overall.passed += group.passed
        if group.tokens is not None:
            overall.tokens = group.tokens + (overall.tokens or 0)
        overall.credits += group.credits
        # Sorted already: sorting them one after the other merges them.
        overall.durations += group.durations
    return costs_of_totals(overall), releases


def by_case(outcomes: Iterable[CaseOutcome]) -> tuple[tuple[CaseOutcome, Costs], ...]:
    """Each case's costs over all its runs."""
    return tuple((o, costs_of(o.runs)) for o in outcomes)


def by_release(outcomes: Iterable[CaseOutcome]) -> tuple[tuple[str, Costs], ...]:
    """Costs per Tag (the field the toolkit provides to group runs into a release)."""
    groups: dict[str, list[Run]] = {}
    for outcome in outcomes:
        for run in outcome.runs:
            groups.setdefault(run.tag or "(no tag)", []).append(run)
    return tuple((tag, costs_of(groups[tag])) for tag in sorted(groups))

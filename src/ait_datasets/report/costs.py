"""What the runs consumed: tokens, Copilot credits and duration, per case and per release.

The API page exports ``tokensConsumed`` (``AIT Log Entry."Tokens Consumed"``),
``copilotCredits`` (computed per log entry by the agent test context) and ``durationMs``
(``"Duration (ms)"``); see ``AITLogEntryAPI.Page.al``. A field a row does not carry is
unknown, not zero: totals say how many runs they cover.

Percentiles are nearest-rank (the value below which p% of the runs lie, always one of the
observed durations), computed with one sort per group: n log n.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from ait_datasets.report.model import Run
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


class _Totals:
    """Running totals of a group of runs, added to one run at a time."""

    __slots__ = ("count", "credits", "durations", "passed", "tokens")

    def __init__(self) -> None:
        self.count = self.passed = 0
        self.tokens: int | None = None
        self.credits: float | None = None
        self.durations: list[int] = []

    def add(self, run: Run) -> None:
        self.count += 1
        self.passed += run.passed
        if run.tokens is not None:
            self.tokens = run.tokens + (self.tokens or 0)
        if run.credits is not None:
            self.credits = run.credits + (self.credits or 0.0)
        if run.duration_ms is not None:
            self.durations.append(run.duration_ms)

    def costs(self) -> Costs:
        durations = self.durations
        durations.sort()
        return Costs(
            self.count,
            self.passed,
            self.tokens,
            self.credits,
            percentile(durations, 50),
            percentile(durations, 95),
        )


def costs_of(runs: Iterable[Run]) -> Costs:
    """The totals of ``runs`` (one pass over them, one sort of the durations)."""
    totals = _Totals()
    add = totals.add
    for run in runs:
        add(run)
    return totals.costs()


def overall_and_by_release(
    outcomes: Iterable[CaseOutcome],
) -> tuple[Costs, tuple[tuple[str, Costs], ...]]:
    """:func:`costs_of` every run and :func:`by_release` in one pass over the runs (they
    are millions), each group added up in the same order as those two would."""
    overall = _Totals()
    groups: dict[str, _Totals] = {}
    for outcome in outcomes:
        for run in outcome.runs:
            overall.add(run)
            tag = run.tag or "(no tag)"
            group = groups.get(tag)
            if group is None:
                group = groups[tag] = _Totals()
            group.add(run)
    return overall.costs(), tuple((tag, groups[tag].costs()) for tag in sorted(groups))


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

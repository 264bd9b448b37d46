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
from functools import partial, reduce
from itertools import chain
from operator import add, is_not

from ait_datasets.report.model import Run, credits_of, duration_of, passed_of, tokens_of
from ait_datasets.report.stats import CaseOutcome


def per_pass(amount: float | None, passed: int) -> float | None:
    """``amount`` (tokens, Copilot credits) per passing run: what one pass costs; None
    when the amount was not exported or no run passed."""
    return None if amount is None or passed == 0 else amount / passed


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
        return per_pass(self.credits, self.passed)

    @property
    def tokens_per_pass(self) -> float | None:
        """Tokens spent per passing run."""
        return per_pass(self.tokens, self.passed)

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
    """Running totals of a group of runs (one tag's), as :func:`overall_and_by_release`
    adds them up."""

    __slots__ = ("count", "credits", "durations", "passed", "tokens")

    def __init__(self) -> None:
        self.count = self.passed = 0
        self.tokens: int | None = None
        self.credits: float | None = None
        self.durations: list[int] = []

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


_KNOWN = partial(is_not, None)


def costs_of(runs: Iterable[Run]) -> Costs:
    """The totals of ``runs``: their count and passes, tokens and credits added up in run
    order (None when no run carried the field), and their duration percentiles.

    The HTML page asks this of every case, so of every run: each field is read by one
    pass in C over the case's runs (a Python loop over the runs took 1.5 µs a run, a
    third of the page's rendering). The credits are added one
    after the other, in run order, as the loop added them (``reduce``, not ``sum``, which
    compensates since Python 3.12)."""
    every = runs if isinstance(runs, (tuple, list)) else tuple(runs)
    tokens = list(filter(_KNOWN, map(tokens_of, every)))
    credits = list(filter(_KNOWN, map(credits_of, every)))
    durations = sorted(filter(_KNOWN, map(duration_of, every)))
    return Costs(
        len(every),
        sum(map(passed_of, every)),
        sum(tokens) if tokens else None,
        reduce(add, credits, 0.0) if credits else None,
        percentile(durations, 50),
        percentile(durations, 95),
    )


def overall_and_by_release(
    outcomes: Iterable[CaseOutcome],
) -> tuple[Costs, tuple[tuple[str, Costs], ...]]:
    """:func:`costs_of` every run, and of each Tag's runs (the field the toolkit provides
    to group runs into a release; ``(no tag)`` for none), in one pass over the runs (they
    are millions), each group added up in the same order as :func:`costs_of` would.

    Written out on local variables (a method call and attribute updates per run, twice,
    were a sixth of a large report's time): the totals of every run, and those of the
    current tag's group, which change only when the tag does (a case's runs mostly share
    their tag with the previous run)."""
    every = outcomes if isinstance(outcomes, (tuple, list)) else tuple(outcomes)
    groups: dict[str, _Totals] = {}
    count = passed = 0
    tokens: int | None = None
    credits: float | None = None
    group: _Totals | None = None
    name = ""
    g_passed = 0
    g_tokens: int | None = None
    g_credits: float | None = None
    g_durations: list[int] = []
    g_start = 0  # `count` when the current group took over
    for outcome in every:
        for run in outcome.runs:
            _, ok, _, _, _, used, spent, took, tag, _, _ = run
            tag = tag or "(no tag)"
            if group is None or tag != name:
                if group is not None:
                    group.count += count - g_start
                    group.passed, group.tokens, group.credits = g_passed, g_tokens, g_credits
                group = groups.get(tag)
                if group is None:
                    group = groups[tag] = _Totals()
                name, g_start = tag, count
                g_passed, g_tokens, g_credits = group.passed, group.tokens, group.credits
                g_durations = group.durations
            count += 1
            passed += ok
            g_passed += ok
            if used is not None:
                tokens = used + (tokens or 0)
                g_tokens = used + (g_tokens or 0)
            if spent is not None:
                credits = spent + (credits or 0.0)
                g_credits = spent + (g_credits or 0.0)
            if took is not None:
                g_durations.append(took)
    if group is not None:
        group.count += count - g_start
        group.passed, group.tokens, group.credits = g_passed, g_tokens, g_credits
    return _finish(groups, count, passed, tokens, credits)


def _finish(
    groups: dict[str, _Totals],
    count: int,
    passed: int,
    tokens: int | None,
    credits: float | None,
) -> tuple[Costs, tuple[tuple[str, Costs], ...]]:
    """The overall costs and each tag's, from each group's totals (in the order the tags
    were first met) and the overall sums."""
    releases = tuple((tag, groups[tag].costs()) for tag in sorted(groups))
    overall = _Totals()
    overall.count, overall.passed, overall.tokens, overall.credits = count, passed, tokens, credits
    # Every duration is in one group, whose costs() sorted them: sorting the sorted groups
    # one after the other merges them (the percentiles only ask which values there are).
    overall.durations = list(chain.from_iterable(groups[tag].durations for tag in groups))
    return overall.costs(), releases

"""Which cases a rerun should spend credits on, and how many runs each needs.

A case is in the plan when it is (checked in this order; the first that applies is its
reason):

- **under-sampled**: fewer than k runs (skipped evals are not runs), so pass^k cannot
  judge it; a case whose every eval was skipped (the credit limit) has 0 runs;
- **flaky**: at least one pass and at least one failure among *all* its runs (the
  report's flaky list looks at the first k only; a failure in a later run counts here);
- **borderline**: every run agrees, but there are so few that the 95% Wilson interval of
  its pass rate still reaches across 50%: a case that passed all n runs could still fail
  as often as it passes (lower end below 0.5), one that failed all n could still pass as
  often as it fails. With z = 1.96 that is n <= 3 agreeing runs (n / (n + z^2) < 0.5).

For each planned case, *more runs* is the fewest extra runs after which the 95% Wilson
interval of its pass rate is no wider than the target width, assuming the rate stays what
it was so far (0.5, the widest, when it has no runs), and at least enough to reach k.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from ait_datasets.report.model import CaseKey, SkippedRun
from ait_datasets.report.stats import Z_95, CaseOutcome, wilson_interval

# Why 0.3: a 95% interval of +/-0.15 tells a case that passes about half the time from one
# that passes 85% of the time, which is what a release decision needs; it costs at most
# ~40 runs (at a pass rate of 0.5) and 9 for a case that passes every run. 0.2 would cost
# 2.3 times as many runs; 0.4 cannot tell 50% from 85%.
TARGET_WIDTH = 0.3

UNDER_SAMPLED = "under-sampled"
FLAKY = "flaky"
BORDERLINE = "borderline"

# The most runs a plan asks for (a target width of 0.001 at 0.5 needs ~3.8 million).
_MAX_RUNS = 1 << 40


@dataclass(frozen=True, slots=True)
class Need:
    """One case of the plan: why, what it has, and what it needs."""

    key: CaseKey
    why: str
    runs: int
    passes: int
    more: int  # extra runs for the target width (and k)
    credits_per_run: float | None  # mean Copilot credits of its runs, when exported

    @property
    def width(self) -> float | None:
        """The width of its 95% Wilson interval now (None with no runs)."""
        interval = wilson_interval(self.passes, self.runs)
        return None if interval is None else interval.high - interval.low

    @property
    def credits(self) -> float | None:
        """What its extra runs are expected to cost, in Copilot credits."""
        return None if self.credits_per_run is None else self.more * self.credits_per_run


def width_at(rate: float, runs: int, z: float = Z_95) -> float:
    """The width of the Wilson interval of a pass rate ``rate`` seen over ``runs`` runs."""
    z2 = z * z
    half = z / (1 + z2 / runs) * math.sqrt(rate * (1 - rate) / runs + z2 / (4 * runs * runs))
    return 2 * half


def runs_for_width(passes: int, runs: int, width: float, z: float = Z_95) -> int:
    """The fewest runs (at least ``runs``) whose Wilson interval, at the pass rate seen so
    far, is no wider than ``width``; a binary search (the width falls as runs grow)."""
    if not 0 < width <= 1:
        raise ValueError(f"the target width must be above 0 and at most 1, not {width}")
    rate = passes / runs if runs else 0.5
    low, high = max(runs, 1), max(runs, 1)
    while width_at(rate, high, z) > width:
        if high >= _MAX_RUNS:
            return _MAX_RUNS
        low, high = high, high * 2
    while low < high:
        middle = (low + high) // 2
        if width_at(rate, middle, z) > width:
            low = middle + 1
        else:
            high = middle
    return high


def reason(outcome: CaseOutcome) -> str | None:
    """Why a case belongs in the plan (see the module docstring), or None."""
    runs, passes = len(outcome.runs), outcome.all_passes
    if outcome.short:
        return UNDER_SAMPLED
    if 0 < passes < runs:
        return FLAKY
    interval = wilson_interval(passes, runs)
    if interval is not None and interval.low < 0.5 < interval.high:
        return BORDERLINE
    return None


def plan(
    outcomes: Iterable[CaseOutcome],
    skipped: Iterable[SkippedRun],
    k: int,
    width: float = TARGET_WIDTH,
) -> list[Need]:
    """The cases to rerun, in case order, each with the runs it needs."""
    needs: list[Need] = []
    seen: set[CaseKey] = set()
    for outcome in outcomes:
        seen.add(outcome.key)
        why = reason(outcome)
        if why is None:
            continue
        runs, passes = len(outcome.runs), outcome.all_passes
        total = max(runs_for_width(passes, runs, width), k if why == UNDER_SAMPLED else 0)
        credits = [r.credits for r in outcome.runs if r.credits is not None]
        mean = sum(credits) / len(credits) if credits else None
        needs.append(Need(outcome.key, why, runs, passes, total - runs, mean))
    # Cases whose every eval was skipped have no outcome, and need runs most of all.
    for key in sorted({s.key for s in skipped} - seen):
        needs.append(Need(key, UNDER_SAMPLED, 0, 0, max(runs_for_width(0, 0, width), k), None))
    needs.sort(key=lambda need: need.key)
    return needs

"""The numbers of a reliability report: pass@1, pass^k with its Wilson interval, pass@k.

How ``k`` is applied (the same rule everywhere in the report):

- A case with **at least k runs** is judged on its **first k runs in run order** (Version
  1, 2, 3, ... ascending). It *passed* when all k passed, is *flaky* when some but not all
  passed, and *never passed* when none did. Later runs beyond the first k are not used for
  pass^k, but they do count for pass@1 (every run counts) and for the pass@k estimate
  (which is unbiased for any number of runs n >= k, so it uses all n).
- A case with **fewer than k runs** is listed on its own ("fewer than k runs") with its
  passes out of its runs, and is left out of pass^k, of the flaky and never-passed lists
  and of the pass@k estimate; its runs still count for pass@1.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property

from ait_datasets.report.model import CaseKey, ResultSet, Run, passed_of

# Two-sided 95%: the 0.975 quantile of the standard normal distribution.
Z_95 = 1.959963984540054


class State(str, Enum):
    """How a case did over the runs it is judged on."""

    PASSED = "passed"
    FLAKY = "flaky"
    FAILED = "never passed"


@dataclass(frozen=True, slots=True)
class Interval:
    """A confidence interval for a share, both ends in [0, 1]."""

    low: float
    high: float


@dataclass(frozen=True, slots=True)
class Share:
    """``passed`` out of ``total``, with its 95% Wilson interval; None when total is 0."""

    passed: int
    total: int

    @property
    def value(self) -> float | None:
        return self.passed / self.total if self.total else None

    @property
    def interval(self) -> Interval | None:
        return wilson_interval(self.passed, self.total)

    def data(self, *, with_interval: bool = False) -> dict[str, object]:
        """The share as plain data (the JSON reports), with ``interval_95`` when asked."""
        data: dict[str, object] = {"passed": self.passed, "total": self.total, "value": self.value}
        if with_interval:
            interval = self.interval
            data["interval_95"] = None if interval is None else [interval.low, interval.high]
        return data


def wilson_interval(successes: int, trials: int, z: float = Z_95) -> Interval | None:
    """The Wilson score interval for ``successes`` out of ``trials`` (None for 0 trials).

    Unlike the textbook ``p ± z·sqrt(p(1-p)/n)`` it stays inside [0, 1] and does not
    collapse to a single point at 0/n or n/n, which is exactly where small suites live.
    """
    if trials <= 0:
        return None
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must be between 0 and {trials}, not {successes}")
    n = trials
    p = successes / n
    z2 = z * z
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    # The exact ends at 0/n and n/n are 0 and 1; rounding must not push them outside.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return Interval(low, high)


def pass_at_k(n: int, c: int, k: int) -> float:
    """The unbiased pass@k estimator of Chen et al. (2021): ``1 - C(n-c, k) / C(n, k)``.

    The chance that at least one of k runs drawn without replacement from the case's n
    runs (c of which passed) passed. Exact binomials while they are small; for large n the
    ratio is the product ``prod (n-c-i)/(n-i)``, at most k <= n steps (never a number of
    hundreds of thousands of digits).
    """
    if not 0 < k <= n:
        raise ValueError(f"k must be between 1 and the number of runs ({n}), not {k}")
    if not 0 <= c <= n:
        raise ValueError(f"passes must be between 0 and {n}, not {c}")
    if n - c < k:
        return 1.0
    if n <= 1000:
        return 1.0 - math.comb(n - c, k) / math.comb(n, k)
    ratio = 1.0
    for i in range(k):
        ratio *= (n - c - i) / (n - i)
        if ratio < 1e-300:  # below any float's resolution of 1 - ratio
            return 1.0
    return 1.0 - ratio


@dataclass(frozen=True, slots=True)
class CaseOutcome:
    """One case's runs and how it is judged at k; the counts and the state are computed
    once (the report asks for them many times, for each of up to millions of cases)."""

    key: CaseKey
    runs: tuple[Run, ...]
    k: int
    skipped: int = 0
    passes: int = field(init=False)
    all_passes: int = field(init=False)
    judged_count: int = field(init=False)
    short: bool = field(init=False)  # True when the case has fewer than k runs
    state: State = field(init=False)  # passed / flaky / never passed over the judged runs

    def __post_init__(self) -> None:
        runs, k = self.runs, self.k
        passes = sum(map(passed_of, runs[:k]))
        judged = min(len(runs), k)
        setattr_ = object.__setattr__
        setattr_(self, "passes", passes)
        setattr_(self, "all_passes", passes + sum(map(passed_of, runs[k:])))
        setattr_(self, "judged_count", judged)
        setattr_(self, "short", len(runs) < k)
        state = State.PASSED if passes == judged else State.FAILED if passes == 0 else State.FLAKY
        setattr_(self, "state", state)

    @property
    def judged(self) -> tuple[Run, ...]:
        """The runs the case is judged on: its first k (all of them when it has fewer)."""
        return self.runs[: self.k]


@dataclass(frozen=True)
class Summary:
    """The numbers for one group of cases (the whole set, or one dataset); each is
    computed once, on first use."""

    name: str
    k: int
    outcomes: tuple[CaseOutcome, ...]

    @property
    def cases(self) -> int:
        return len(self.outcomes)

    @cached_property
    def runs(self) -> int:
        return sum(len(o.runs) for o in self.outcomes)

    @cached_property
    def skipped(self) -> int:
        """Skipped evals of these cases (not runs; listed and counted apart)."""
        return sum(o.skipped for o in self.outcomes)

    @cached_property
    def pass_at_1(self) -> Share:
        """Share of all runs that passed (every run of every case counts)."""
        return Share(sum(o.all_passes for o in self.outcomes), self.runs)

    @cached_property
    def eligible(self) -> tuple[CaseOutcome, ...]:
        """Cases with at least k runs: the ones pass^k is computed over."""
        return tuple(o for o in self.outcomes if not o.short)

    @cached_property
    def pass_hat_k(self) -> Share:
        """Cases that passed all of their first k runs, out of the cases with k runs."""
        eligible = self.eligible
        return Share(sum(1 for o in eligible if o.state is State.PASSED), len(eligible))

    @cached_property
    def pass_at_k(self) -> float | None:
        """Mean of the unbiased pass@k estimate over the cases with at least k runs."""
        eligible = self.eligible
        if not eligible:
            return None
        total = sum(pass_at_k(len(o.runs), o.all_passes, self.k) for o in eligible)
        return total / len(eligible)

    @cached_property
    def flaky(self) -> tuple[CaseOutcome, ...]:
        return tuple(o for o in self.eligible if o.state is State.FLAKY)

    @cached_property
    def never_passed(self) -> tuple[CaseOutcome, ...]:
        return tuple(o for o in self.eligible if o.state is State.FAILED)

    @cached_property
    def short(self) -> tuple[CaseOutcome, ...]:
        """Cases with fewer than k runs, reported on their own."""
        return tuple(o for o in self.outcomes if o.short)


@dataclass(frozen=True, slots=True)
class KChoice:
    """The k a report uses, why, and the cases whose run count is not k."""

    k: int
    from_data: bool
    # Cases with more or fewer runs than k: (case, its run count), in case order.
    out_of_line: tuple[tuple[CaseKey, int], ...]
    # How many cases have exactly k runs.
    in_line: int


def choose_k(results: ResultSet, k: int | None = None) -> KChoice:
    """``k`` as given, or the run count most cases have (ties: the larger count).

    A Version is not always a run of the whole suite (a single line run, the command-line
    runner's ``RunNextTest``, "Rerun eval" give one line or one case a new Version), so
    the most runs of any case would let one rerun push every other case out of pass^k.
    """
    counts = Counter(len(runs) for runs in results.cases.values())
    if k is not None:
        chosen = k
    else:
        chosen = max(counts.items(), key=lambda kv: (kv[1], kv[0]), default=(1, 0))[0] or 1
    # Only the few cases out of line are sorted, not every case.
    out = tuple(
        sorted((key, len(runs)) for key, runs in results.cases.items() if len(runs) != chosen)
    )
    return KChoice(chosen, k is None, out, counts.get(chosen, 0))


def outcomes(results: ResultSet, k: int) -> tuple[CaseOutcome, ...]:
    """Every case of ``results`` judged at ``k``, sorted by case."""
    if k < 1:
        raise ValueError(f"k must be at least 1, not {k}")
    skipped = Counter(s.key for s in results.skipped)

    def one_case(key: CaseKey) -> CaseOutcome:
        return CaseOutcome(key, tuple(results.runs_of(key)), k, skipped.get(key, 0))

    return tuple(map(one_case, results.case_keys()))


def summarize(results: ResultSet, k: int, name: str = "all") -> Summary:
    """The overall numbers of ``results`` at ``k``."""
    return Summary(name, k, outcomes(results, k))


def by_dataset(summary: Summary) -> tuple[Summary, ...]:
    """The same numbers for each dataset (suite/dataset), in name order."""
    groups: dict[str, list[CaseOutcome]] = {}
    for outcome in summary.outcomes:
        groups.setdefault(outcome.key.group, []).append(outcome)
    return tuple(Summary(name, summary.k, tuple(groups[name])) for name in sorted(groups))

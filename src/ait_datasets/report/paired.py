"""Paired release comparison: did pass^k change between the baseline and this run?

Only the cases judged in both (k runs in each) are paired. Each pair is (passed k of k
in the baseline, passed k of k now): ``both`` passed, ``lost`` (passed before, not now),
``gained`` (not before, now), ``neither``.

- **Exact McNemar test**: under "no change" a discordant pair is as likely to be a loss
  as a gain, so ``lost`` ~ Binomial(lost + gained, 1/2); the two-sided p-value is twice
  the smaller tail (at most 1). Exact, so it is right for the small numbers suites have.
- **Newcombe's interval** (1998, method 10) for the change in pass^k, current minus
  baseline: from the Wilson intervals of both shares and the correlation of the pairs.

"No evidence of change" is the honest answer when p >= 0.05; below
:data:`FEW_PAIRS` pairs the report warns that the test can hardly show anything.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ait_datasets.plural import plural
from ait_datasets.report.stats import CaseOutcome, Interval, State, wilson_interval

FEW_PAIRS = 10
ALPHA = 0.05


@dataclass(frozen=True, slots=True)
class Paired:
    both: int
    lost: int
    gained: int
    neither: int
    p_value: float
    change: float  # current pass^k minus baseline pass^k, over the pairs
    interval: Interval

    @property
    def pairs(self) -> int:
        return self.both + self.lost + self.gained + self.neither

    @property
    def evidence(self) -> bool:
        return self.pairs > 0 and self.p_value < ALPHA

    def verdict(self) -> str:
        if self.pairs == 0:
            return "no case was judged in both"
        if not self.evidence:
            return "no evidence of change"
        return "evidence of a regression" if self.change < 0 else "evidence of an improvement"

    def summary(self) -> str:
        """One line: the counts, the test and the interval, and what they mean."""
        if self.pairs == 0:
            return "paired: no case has k runs in both the baseline and now"
        low, high = self.interval.low * 100, self.interval.high * 100
        text = (
            f"paired over {plural(self.pairs, 'case')}: {self.lost} lost, {self.gained} gained; "
            f"exact McNemar p = {self.p_value:.3g}; change in pass^k "
            f"{self.change * 100:+.1f} pts (95% CI {low:+.1f} to {high:+.1f}): {self.verdict()}"
        )
        if self.pairs < FEW_PAIRS:
            only = plural(self.pairs, "pair")
            text += f" (warning: only {only}; fewer than {FEW_PAIRS} show little)"
        return text


def mcnemar_exact(lost: int, gained: int) -> float:
    """Two-sided exact McNemar p-value (1.0 when there is no discordant pair)."""
    n = lost + gained
    if n == 0:
        return 1.0
    low = min(lost, gained)
    # log-space terms: exact enough for any n, and no huge integers.
    log_half = n * math.log(0.5)
    tail = sum(
        math.exp(math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1) + log_half)
        for i in range(low + 1)
    )
    return min(1.0, 2 * tail)


def newcombe(both: int, lost: int, gained: int, neither: int) -> tuple[float, Interval]:
    """The change current - baseline of paired shares, with Newcombe's 95% interval."""
    n = both + lost + gained + neither
    before = wilson_interval(both + lost, n)
    after = wilson_interval(both + gained, n)
    assert before is not None and after is not None
    p_before = (both + lost) / n
    p_after = (both + gained) / n
    # Correlation of the pairs (phi), 0 when a margin is empty.
    denominator = (both + lost) * (gained + neither) * (both + gained) * (lost + neither)
    phi = 0.0 if denominator == 0 else (both * neither - lost * gained) / math.sqrt(denominator)
    change = p_after - p_before
    d_after, e_after = p_after - after.low, after.high - p_after
    d_before, e_before = p_before - before.low, before.high - p_before
    down = math.sqrt(max(0.0, d_after**2 - 2 * phi * d_after * e_before + e_before**2))
    up = math.sqrt(max(0.0, e_after**2 - 2 * phi * e_after * d_before + d_before**2))
    return change, Interval(max(-1.0, change - down), min(1.0, change + up))


def paired(pairs: list[tuple[CaseOutcome, CaseOutcome]]) -> Paired:
    """The paired comparison of (baseline, current) outcomes judged in both."""
    both = lost = gained = neither = 0
    for before, after in pairs:
        was, now = before.state is State.PASSED, after.state is State.PASSED
        if was and now:
            both += 1
        elif was:
            lost += 1
        elif now:
            gained += 1
        else:
            neither += 1
    if both + lost + gained + neither == 0:
        return Paired(0, 0, 0, 0, 1.0, 0.0, Interval(0.0, 0.0))
    change, interval = newcombe(both, lost, gained, neither)
    return Paired(both, lost, gained, neither, mcnemar_exact(lost, gained), change, interval)

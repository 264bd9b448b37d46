"""Compare two result sets case by case (``--baseline``).

Both sets are judged at the same k (see :mod:`ait_datasets.report.stats`), each case on
its first k runs, or on all its runs when it has fewer. Every case falls in one group:

- **fixed**: passed now; flaky or never passed in the baseline;
- **broken**: never passed now; passed or flaky in the baseline;
- **newly flaky**: flaky now; passed or never passed in the baseline;
- **still flaky**: flaky in both;
- **still failing**: never passed in both;
- **still passing**: passed in both (counted, not listed);
- **added**: only in the current results; **removed**: only in the baseline.
"""

from __future__ import annotations

from dataclasses import dataclass

from ait_datasets.report.model import CaseKey, ResultSet
from ait_datasets.report.paired import Paired, paired
from ait_datasets.report.stats import CaseOutcome, State, Summary, summarize

GROUPS: tuple[str, ...] = (
    "fixed",
    "broken",
    "newly flaky",
    "still flaky",
    "still failing",
    "still passing",
    "added",
    "removed",
)
# The groups reports list case by case ("still passing" is only counted).
LISTED_GROUPS: tuple[str, ...] = tuple(g for g in GROUPS if g != "still passing")


@dataclass(frozen=True, slots=True)
class Change:
    """One case in both sets (either side None for added/removed cases)."""

    key: CaseKey
    group: str
    before: CaseOutcome | None
    after: CaseOutcome | None


@dataclass(frozen=True, slots=True)
class Comparison:
    """The case-by-case comparison and both sets' summaries."""

    baseline: Summary
    current: Summary
    changes: tuple[Change, ...]
    paired: Paired | None = None

    def group(self, name: str) -> tuple[Change, ...]:
        """The changes of one group (one of :data:`GROUPS`), in case order."""
        if name not in GROUPS:
            raise ValueError(f"unknown comparison group {name!r}")
        return tuple(c for c in self.changes if c.group == name)

    def counts(self) -> dict[str, int]:
        """How many cases fell in each group, every group present."""
        return {name: len(self.group(name)) for name in GROUPS}


def classify(before: State, after: State) -> str:
    """The group of a case present in both sets."""
    if before is after:
        return {
            State.PASSED: "still passing",
            State.FLAKY: "still flaky",
            State.FAILED: "still failing",
        }[after]
    if after is State.PASSED:
        return "fixed"
    if after is State.FAILED:
        return "broken"
    return "newly flaky"


def compare(baseline: ResultSet, current: ResultSet, k: int) -> Comparison:
    """Compare ``current`` against ``baseline`` at ``k``."""
    before = summarize(baseline, k, "baseline")
    after = summarize(current, k, "current")
    old = {o.key: o for o in before.outcomes}
    new = {o.key: o for o in after.outcomes}
    changes: list[Change] = []
    for key in sorted(old.keys() | new.keys()):
        was, now = old.get(key), new.get(key)
        if was is None:
            group = "added"
        elif now is None:
            group = "removed"
        else:
            group = classify(was.state, now.state)
        changes.append(Change(key, group, was, now))
    pairs = [
        (c.before, c.after)
        for c in changes
        if c.before is not None and c.after is not None and not c.before.short and not c.after.short
    ]
    return Comparison(before, after, tuple(changes), paired(pairs))

"""What the runs of a result set consumed, per Tag, added up while the runs are read.

A report of two million runs needs the totals of every run and of each release (Tag).
Adding them up afterwards walks the runs case by case, and a case's runs lie far apart in
memory (an export lists every case of one Version before the next Version), so each run
cost a cache miss or two: a sixth of a large report's time. Added up as each run is read,
the same numbers come from values already in hand.

They are the totals of the runs *as recorded*: a second row of the same case and run (two
turns logged, or one export given twice) makes a merged run whose cost and outcome are no
longer the first row's, so it marks the totals :attr:`RunTotals.valid` False and the report
adds up the merged runs instead (:func:`~ait_datasets.report.costs.overall_and_by_release`).

The credits are added up exactly once all are in (``math.fsum``), so the total does not
depend on the order of the rows; the durations are sorted once, for the percentiles.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ait_datasets.report.model import Run

NO_TAG = "(no tag)"


class TagTotals:
    """The runs of one Tag: how many, how many passed, tokens (None: no run carried the
    field), and the Copilot credits and durations of the runs that carried them."""

    __slots__ = ("count", "credits", "durations", "passed", "tokens")

    def __init__(self) -> None:
        self.count = 0
        self.passed = 0
        self.tokens: int | None = None
        self.credits: list[float] = []
        self.durations: list[int] = []

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TagTotals):
            return NotImplemented
        return (self.count, self.passed, self.tokens, self.credits, self.durations) == (
            other.count,
            other.passed,
            other.tokens,
            other.credits,
            other.durations,
        )

    __hash__ = None  # type: ignore[assignment]  # mutable

    def add(self, run: Run) -> None:
        """Count one run (the fast reader does the same inline, once per row)."""
        self.count += 1
        self.passed += run.passed
        if run.tokens is not None:
            self.tokens = run.tokens + (self.tokens or 0)
        if run.credits is not None:
            self.credits.append(run.credits)
        if run.duration_ms is not None:
            self.durations.append(run.duration_ms)


class RunTotals:
    """:class:`TagTotals` per Tag (an untagged run counts under ``(no tag)``)."""

    __slots__ = ("groups", "valid")

    def __init__(self) -> None:
        self.groups: dict[str, TagTotals] = {}
        self.valid = True

    def __eq__(self, other: object) -> bool:
        """Equal when both are invalid, or both hold the same groups: what the report
        gets from either is then the same (the readers are held to this)."""
        if not isinstance(other, RunTotals):
            return NotImplemented
        if self.valid != other.valid:
            return False
        return not self.valid or self.groups == other.groups

    __hash__ = None  # type: ignore[assignment]  # mutable

    def group(self, tag: str) -> TagTotals:
        """The totals of the runs tagged ``tag``, made when there are none yet."""
        name = tag or NO_TAG
        found = self.groups.get(name)
        if found is None:
            found = self.groups[name] = TagTotals()
        return found

    def add(self, run: Run) -> None:
        self.group(run.tag).add(run)

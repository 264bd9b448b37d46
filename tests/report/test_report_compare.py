"""Case-by-case comparison with a baseline, and quarantine files."""

from __future__ import annotations

import pytest

from ait_datasets.report.build import build_report
from ait_datasets.report.compare import GROUPS, classify, compare
from ait_datasets.report.model import CaseKey, ResultSet, Run, result_set
from ait_datasets.report.quarantine import parse_quarantine
from ait_datasets.report.stats import State


def _set(cases: dict[str, str]) -> ResultSet:
    """Cases as strings of P/F per run (runs 1, 2, 3, ...); '.' = no result for that run."""
    return result_set(
        (CaseKey("S", "D", name), Run(run, mark == "P"))
        for name, marks in cases.items()
        for run, mark in enumerate(marks, start=1)
        if mark != "."
    )


@pytest.mark.parametrize(
    ("before", "after", "group"),
    [
        (State.FAILED, State.PASSED, "fixed"),
        (State.FLAKY, State.PASSED, "fixed"),
        (State.PASSED, State.FAILED, "broken"),
        (State.FLAKY, State.FAILED, "broken"),
        (State.PASSED, State.FLAKY, "newly flaky"),
        (State.FAILED, State.FLAKY, "newly flaky"),
        (State.FLAKY, State.FLAKY, "still flaky"),
        (State.FAILED, State.FAILED, "still failing"),
        (State.PASSED, State.PASSED, "still passing"),
    ],
)
def test_classify_every_transition(before: State, after: State, group: str) -> None:
    assert classify(before, after) == group


def test_compare_case_by_case() -> None:
    baseline = _set(
        {
            "fix": "FFF",
            "break": "PPP",
            "wobble": "PPP",
            "shaky": "PFP",
            "dead": "FFF",
            "fine": "PPP",
            "gone": "PPP",
        }
    )
    current = _set(
        {
            "fix": "PPP",
            "break": "FFF",
            "wobble": "PPF",
            "shaky": "FPF",
            "dead": "FFF",
            "fine": "PPP",
            "new": "PP.",
        }
    )
    comparison = compare(baseline, current, 3)
    groups = {c.key.test: c.group for c in comparison.changes}
    assert groups == {
        "fix": "fixed",
        "break": "broken",
        "wobble": "newly flaky",
        "shaky": "still flaky",
        "dead": "still failing",
        "fine": "still passing",
        "new": "added",
        "gone": "removed",
    }
    assert comparison.counts() == {g: 1 for g in GROUPS}
    (added,) = comparison.group("added")
    assert added.before is None and added.after is not None
    assert (comparison.baseline.pass_hat_k.passed, comparison.baseline.pass_hat_k.total) == (4, 7)
    assert (comparison.current.pass_hat_k.passed, comparison.current.pass_hat_k.total) == (2, 6)


def test_compare_judges_both_sets_on_the_same_first_k_runs() -> None:
    # The baseline's 4th run failed, but at k=3 only runs 1-3 count: still passing.
    comparison = compare(_set({"a": "PPPF"}), _set({"a": "PPP"}), 3)
    assert [c.group for c in comparison.changes] == ["still passing"]


def test_a_short_case_is_compared_on_the_runs_it_has() -> None:
    comparison = compare(_set({"a": "F"}), _set({"a": "PPP"}), 3)
    (change,) = comparison.changes
    assert change.group == "fixed"
    assert change.before is not None and change.before.short


def test_unknown_group_name_is_an_error() -> None:
    with pytest.raises(ValueError):
        compare(_set({}), _set({}), 1).group("better")


# --- quarantine ------------------------------------------------------------------------


def test_quarantine_file_syntax() -> None:
    q = parse_quarantine(
        "q.txt",
        "# known problems\n\nS/D/a   # bug 12\n  S/D/b*\nS/X/?\n",
    )
    assert [(e.pattern, e.line, e.comment) for e in q.entries] == [
        ("S/D/a", 3, "bug 12"),
        ("S/D/b*", 4, ""),
        ("S/X/?", 5, ""),
    ]
    assert q.entry_for(CaseKey("S", "D", "a")) is q.entries[0]
    assert q.entry_for(CaseKey("S", "D", "beta")) is q.entries[1]
    assert q.entry_for(CaseKey("S", "D", "A")) is None  # ids are case-sensitive
    assert q.entry_for(CaseKey("S", "D", "ab")) is None  # no wildcard, no prefix match


def test_quarantined_cases_are_listed_and_still_counted() -> None:
    results = _set({"a": "PFP", "b": "PPP", "c": "FFF"})
    quarantine = parse_quarantine("q.txt", "S/D/a  # flaky model\nS/D/zz\n")
    report = build_report(results, quarantine=quarantine)
    assert [(o.key.test, e.comment) for o, e in report.quarantined] == [("a", "flaky model")]
    assert [e.pattern for e in report.stale] == ["S/D/zz"]
    assert CaseKey("S", "D", "a") in report.quarantined_keys
    # Still counted: pass^3 is 1/3 with or without the quarantine.
    assert (report.summary.pass_hat_k.passed, report.summary.pass_hat_k.total) == (1, 3)
    assert [o.key.test for o in report.summary.flaky] == ["a"]

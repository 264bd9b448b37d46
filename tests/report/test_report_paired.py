"""Paired release comparison: exact McNemar test and Newcombe's interval."""

from __future__ import annotations

import json
from math import comb

import pytest

from ait_datasets.report import build_report, render
from ait_datasets.report.model import CaseKey, ResultSet, Run, result_set
from ait_datasets.report.paired import mcnemar_exact, newcombe


def test_mcnemar_exact_is_twice_the_binomial_tail() -> None:
    assert mcnemar_exact(0, 5) == pytest.approx(2 / 32)
    assert mcnemar_exact(1, 9) == pytest.approx(2 * (1 + 10) / 1024)
    assert mcnemar_exact(3, 3) == 1.0 and mcnemar_exact(0, 0) == 1.0
    n, low = 40, 12
    tail = sum(comb(n, i) for i in range(low + 1)) / 2**n
    assert mcnemar_exact(low, n - low) == pytest.approx(2 * tail)


def test_newcombe_matches_the_published_example() -> None:
    # Newcombe (1998), paired example (a): 36 both, 12 lost, 2 gained, 0 neither; the
    # method 10 interval for the difference of the shares is 0.0569 to 0.3404.
    change, interval = newcombe(36, 12, 2, 0)
    assert change == pytest.approx(-0.2)
    assert (interval.low, interval.high) == (
        pytest.approx(-0.3404, abs=5e-5),
        pytest.approx(-0.0569, abs=5e-5),
    )


def _results(plan: dict[str, str]) -> ResultSet:
    return result_set(
        (CaseKey("S", "D", name), Run(v, m == "P"))
        for name, marks in plan.items()
        for v, m in enumerate(marks, 1)
    )


def test_no_evidence_of_change_is_said_honestly() -> None:
    base = {f"c{i}": "PPP" for i in range(12)}
    now = dict(base, c0="PFP", c1="PPP")
    report = build_report(_results(now), baseline=_results(base))
    paired = report.comparison.paired if report.comparison else None
    assert paired is not None and (paired.lost, paired.gained, paired.pairs) == (1, 0, 12)
    assert paired.verdict() == "no evidence of change"
    text = render(report, "text")
    assert "paired over 12 cases: 1 lost, 0 gained; exact McNemar p = 1" in text
    assert "no evidence of change" in text and "warning: only" not in text


def test_a_clear_regression_and_the_few_pairs_warning() -> None:
    base = {f"c{i}": "PPP" for i in range(8)}
    now = {f"c{i}": "FFF" for i in range(8)}
    report = build_report(_results(now), baseline=_results(base))
    data = json.loads(render(report, "json"))["comparison"]["paired"]
    assert data["lost"] == 8 and data["mcnemar_exact_p"] == pytest.approx(2 / 256)
    assert data["verdict"] == "evidence of a regression" and data["few_pairs"] is True
    assert data["change"] == pytest.approx(-1.0)
    assert "only 8 pairs; fewer than 10 show little" in render(report, "markdown")


def test_cases_short_on_either_side_are_not_paired() -> None:
    base = {"a": "PPP", "b": "PP"}
    now = {"a": "PPP", "b": "PPP", "c": "PPP"}
    report = build_report(_results(now), baseline=_results(base), k=3)
    assert report.comparison is not None and report.comparison.paired is not None
    assert report.comparison.paired.pairs == 1

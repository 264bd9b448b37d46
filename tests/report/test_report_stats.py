"""pass@1, pass^k, the Wilson interval and pass@k against values computed by hand."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ait_datasets.report.model import CaseKey, ResultSet, Run, result_set
from ait_datasets.report.stats import (
    State,
    by_dataset,
    choose_k,
    pass_at_k,
    summarize,
    wilson_interval,
)


def _set(cases: dict[str, str], dataset: str = "D") -> ResultSet:
    """Cases as strings of P/F per run (runs 1, 2, 3, ...); '.' = no result for that run."""
    rows = []
    for name, marks in cases.items():
        for run, mark in enumerate(marks, start=1):
            if mark != ".":
                rows.append((CaseKey("S", dataset, name), Run(run, mark == "P")))
    return result_set(rows)


# --- Wilson score interval -------------------------------------------------------------


def test_wilson_16_of_20_is_058_to_092() -> None:
    interval = wilson_interval(16, 20)
    assert interval is not None
    assert (round(interval.low, 2), round(interval.high, 2)) == (0.58, 0.92)
    # By hand: centre (0.8 + z²/40) / (1 + z²/20) = 0.75167, half-width 0.16768.
    assert interval.low == pytest.approx(0.58399, abs=1e-4)
    assert interval.high == pytest.approx(0.91935, abs=1e-4)


def test_wilson_0_of_n_starts_at_zero() -> None:
    interval = wilson_interval(0, 10)
    assert interval is not None
    assert interval.low == 0.0
    # By hand: z²/n / (1 + z²/n) with z²/n = 0.38415 -> 0.27753.
    assert interval.high == pytest.approx(0.27753, abs=1e-4)


def test_wilson_n_of_n_ends_at_one() -> None:
    interval = wilson_interval(10, 10)
    assert interval is not None
    assert interval.high == 1.0
    assert interval.low == pytest.approx(1 - 0.27753, abs=1e-4)


def test_wilson_1_of_1_is_wide() -> None:
    interval = wilson_interval(1, 1)
    assert interval is not None
    # 1/(1 + z²) = 0.20654: one passing case proves almost nothing.
    assert (interval.low, interval.high) == (pytest.approx(0.20654, abs=1e-4), 1.0)


def test_wilson_of_nothing_is_none() -> None:
    assert wilson_interval(0, 0) is None


def test_wilson_rejects_impossible_counts() -> None:
    with pytest.raises(ValueError):
        wilson_interval(3, 2)


@settings(max_examples=200, deadline=None)
@given(
    st.integers(min_value=1, max_value=500).flatmap(
        lambda n: st.tuples(st.integers(min_value=0, max_value=n), st.just(n))
    )
)
def test_wilson_contains_the_observed_share(counts: tuple[int, int]) -> None:
    x, n = counts
    interval = wilson_interval(x, n)
    assert interval is not None
    assert 0.0 <= interval.low <= x / n <= interval.high <= 1.0
    assert interval.low < interval.high


# --- unbiased pass@k -------------------------------------------------------------------


def test_pass_at_k_matches_hand_computed_values() -> None:
    # n=5, c=2, k=2: 1 - C(3,2)/C(5,2) = 1 - 3/10.
    assert pass_at_k(5, 2, 2) == pytest.approx(0.7)
    # n=4, c=1, k=3: 1 - C(3,3)/C(4,3) = 1 - 1/4.
    assert pass_at_k(4, 1, 3) == pytest.approx(0.75)
    # k=1 is the plain share of passes.
    assert pass_at_k(10, 3, 1) == pytest.approx(0.3)


def test_pass_at_k_edges() -> None:
    assert pass_at_k(3, 0, 3) == 0.0
    assert pass_at_k(3, 3, 3) == 1.0
    # n - c < k: every draw of k runs includes a pass.
    assert pass_at_k(5, 4, 2) == 1.0


def test_pass_at_k_rejects_k_above_n() -> None:
    with pytest.raises(ValueError):
        pass_at_k(2, 1, 3)


@settings(max_examples=200, deadline=None)
@given(
    st.integers(min_value=1, max_value=30).flatmap(
        lambda n: st.tuples(
            st.just(n), st.integers(min_value=0, max_value=n), st.integers(min_value=1, max_value=n)
        )
    )
)
def test_pass_at_k_is_the_exact_combinatorial_probability(nck: tuple[int, int, int]) -> None:
    n, c, k = nck
    expected = 1 - math.comb(n - c, k) / math.comb(n, k)
    assert pass_at_k(n, c, k) == pytest.approx(expected)
    assert 0.0 <= pass_at_k(n, c, k) <= 1.0


# --- summaries -------------------------------------------------------------------------


def test_summary_of_a_small_suite() -> None:
    results = _set({"a": "PPP", "b": "PFP", "c": "FFF", "d": "PPP"})
    s = summarize(results, 3)
    assert (s.cases, s.runs) == (4, 12)
    assert (s.pass_at_1.passed, s.pass_at_1.total) == (8, 12)
    assert (s.pass_hat_k.passed, s.pass_hat_k.total) == (2, 4)
    # pass@3 over n=3 runs: a 1, b 1, c 0, d 1.
    assert s.pass_at_k == pytest.approx(0.75)
    assert [o.key.test for o in s.flaky] == ["b"]
    assert [o.key.test for o in s.never_passed] == ["c"]
    assert s.short == ()


def test_sixteen_of_twenty_cases_gives_the_expected_interval() -> None:
    cases = {f"t{i:02}": ("PP" if i < 16 else "PF") for i in range(20)}
    s = summarize(_set(cases), 2)
    assert (s.pass_hat_k.passed, s.pass_hat_k.total) == (16, 20)
    interval = s.pass_hat_k.interval
    assert interval is not None
    assert (round(interval.low, 2), round(interval.high, 2)) == (0.58, 0.92)


def test_all_pass_and_all_fail() -> None:
    good = summarize(_set({"a": "PP", "b": "PP"}), 2)
    assert good.pass_hat_k.value == 1.0 and good.pass_at_k == 1.0
    bad = summarize(_set({"a": "FF", "b": "FF"}), 2)
    assert bad.pass_hat_k.value == 0.0 and bad.pass_at_k == 0.0
    assert bad.pass_at_1.value == 0.0
    assert len(bad.never_passed) == 2


def test_cases_with_more_than_k_runs_use_their_first_k() -> None:
    # 'a' fails only in run 4, 'b' only in run 1: at k=3 'a' passed and 'b' is flaky.
    s = summarize(_set({"a": "PPPF", "b": "FPPP"}), 3)
    states = {o.key.test: o.state for o in s.outcomes}
    assert states == {"a": State.PASSED, "b": State.FLAKY}
    assert (s.pass_hat_k.passed, s.pass_hat_k.total) == (1, 2)
    # Every run counts for pass@1, and pass@k uses all n = 4 runs: both cases have 3 passes.
    assert (s.pass_at_1.passed, s.pass_at_1.total) == (6, 8)
    assert s.pass_at_k == pytest.approx(1.0)


def test_runs_are_ordered_by_version_not_by_input_order() -> None:
    key = CaseKey("S", "D", "a")
    results = result_set([(key, Run(3, True)), (key, Run(1, False)), (key, Run(2, True))])
    outcome = summarize(results, 2).outcomes[0]
    assert [r.run for r in outcome.judged] == [1, 2]
    assert outcome.state is State.FLAKY


def test_cases_with_fewer_than_k_runs_are_reported_and_excluded() -> None:
    s = summarize(_set({"a": "PPP", "b": "..P", "c": "F"}), 3)
    assert [o.key.test for o in s.short] == ["b", "c"]
    assert (s.pass_hat_k.passed, s.pass_hat_k.total) == (1, 1)
    assert s.flaky == () and s.never_passed == ()
    # Their runs still count for pass@1: 3 + 1 passed of 5.
    assert (s.pass_at_1.passed, s.pass_at_1.total) == (4, 5)


def test_no_case_with_k_runs_gives_no_pass_hat_k() -> None:
    s = summarize(_set({"a": "P"}), 3)
    assert s.pass_hat_k.value is None and s.pass_hat_k.interval is None
    assert s.pass_at_k is None


def test_default_k_is_the_most_runs_of_any_case() -> None:
    assert choose_k(_set({"a": "PP", "b": "PFPF"})).k == 4
    assert choose_k(ResultSet()).k == 1


def test_duplicate_rows_for_one_run_fail_when_any_fails() -> None:
    key = CaseKey("S", "D", "a")
    results = result_set([(key, Run(1, True)), (key, Run(1, False, "turn 2 failed"))])
    (run,) = results.runs_of(key)
    assert run.passed is False and run.message == "turn 2 failed"


def test_breakdown_per_dataset() -> None:
    results = _set({"a": "PP", "b": "PF"}, dataset="Orders")
    results.merge(_set({"c": "FF"}, dataset="Quotes"))
    parts = by_dataset(summarize(results, 2))
    assert [p.name for p in parts] == ["S/Orders", "S/Quotes"]
    assert [(p.pass_hat_k.passed, p.pass_hat_k.total) for p in parts] == [(1, 2), (0, 1)]
    assert [(p.pass_at_1.passed, p.pass_at_1.total) for p in parts] == [(3, 4), (0, 2)]


def test_k_must_be_positive() -> None:
    with pytest.raises(ValueError):
        summarize(_set({"a": "P"}), 0)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.one_of(st.integers(1, 30), st.sampled_from(["rc-1", "rc-2", "a", "(no tag)"])),
        unique=True,
        max_size=12,
    )
)
def test_a_cases_runs_come_in_run_order_whatever_order_they_were_added_in(
    added: list[int | str],
) -> None:
    """runs_of takes a case's runs as they are when they were added in run order, and
    sorts them otherwise: either way they come in run order (Versions, then labels)."""
    from ait_datasets.report.model import run_order

    key = CaseKey("S", "D", "T", "Run")
    results = result_set((key, Run(run, True)) for run in added)
    assert [r.run for r in results.runs_of(key)] == sorted(added, key=run_order)
    in_order = result_set((key, Run(run, True)) for run in sorted(added, key=run_order))
    assert [r.run for r in in_order.runs_of(key)] == sorted(added, key=run_order)

"""The report's C passes over every case (``_case_speedups``): judging each case and
adding up its costs as the Python code does (the cost totals to the last bit), or handing
the work back.
"""

from __future__ import annotations

import math
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

case_speedups = pytest.importorskip(
    "ait_datasets.report._case_speedups", reason="built without a C compiler"
)

from ait_datasets.report import costs, stats  # noqa: E402
from ait_datasets.report.model import CaseKey, ResultSet, Run, RunId, SkippedRun  # noqa: E402
from ait_datasets.report.stats import CaseOutcome  # noqa: E402

RUN = st.builds(
    lambda passed, tokens, credits, duration, tag: Run(
        1, passed, "", "", 0, tokens, credits, duration, tag
    ),
    st.booleans(),
    st.one_of(st.none(), st.integers(0, 10**6)),
    st.one_of(st.none(), st.floats(0, 9), st.just(-0.0), st.just(0.1)),
    st.one_of(st.none(), st.integers(0, 10**5)),
    st.sampled_from(["", "rc-1", "rc-2", "(no tag)"]),
)


def _outcomes(runs_per_case: list[list[Run]]) -> tuple[CaseOutcome, ...]:
    return tuple(
        CaseOutcome(CaseKey("S", "DS", f"T{i}", "Run"), tuple(runs), 1)
        for i, runs in enumerate(runs_per_case)
    )


def _python_totals(
    outcomes: tuple[CaseOutcome, ...], monkeypatch: pytest.MonkeyPatch
) -> tuple[costs.Costs, tuple[tuple[str, costs.Costs], ...]]:
    with monkeypatch.context() as patched:
        patched.setattr(costs, "_added_in_c", lambda outcomes: None)
        return costs.overall_and_by_release(outcomes)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(RUN, max_size=6), max_size=6))
def test_cost_totals_in_c_are_the_python_loops_to_the_last_bit(
    runs_per_case: list[list[Run]],
) -> None:
    outcomes = _outcomes(runs_per_case)
    in_c = costs._added_in_c(outcomes)
    assert in_c is not None
    with pytest.MonkeyPatch.context() as monkeypatch:
        in_python = _python_totals(outcomes, monkeypatch)
    assert in_c == in_python
    # equal floats can still differ in sign: compare the bits of every credit total
    mine_all = [in_c[0], *(c for _, c in in_c[1])]
    theirs_all = [in_python[0], *(c for _, c in in_python[1])]
    for mine, theirs in zip(mine_all, theirs_all, strict=True):
        if mine.credits is not None:
            assert theirs.credits is not None
            assert math.copysign(1, mine.credits) == math.copysign(1, theirs.credits)
            assert mine.credits.hex() == theirs.credits.hex()


@settings(max_examples=200, deadline=None)
@given(st.lists(RUN, max_size=12))
def test_a_cases_costs_in_c_are_the_python_passes(runs: list[Run]) -> None:
    in_c = costs.costs_of(runs)
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setattr(costs, "_case_speedups", None)
        in_python = costs.costs_of(runs)
    assert in_c == in_python
    assert (in_c.credits is None) == (in_python.credits is None)
    if in_c.credits is not None and in_python.credits is not None:
        assert in_c.credits.hex() == in_python.credits.hex()


@pytest.mark.parametrize(
    "odd",
    [
        Run(1, True, tokens=2**70),  # beyond a C integer: Python's own arithmetic
        Run(1, True, credits=3),  # an int where a float is (an int is a float to mypy)
        Run(1, 1, duration_ms=5),  # type: ignore[arg-type]  # a number where a bool is
    ],
    ids=["huge-tokens", "int-credits", "int-passed"],
)
def test_runs_the_c_totals_do_not_take_are_added_up_in_python(
    odd: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    outcomes = _outcomes([[Run(1, True, tokens=1, credits=0.5, duration_ms=3), odd]])
    assert costs._added_in_c(outcomes) is None
    assert costs.overall_and_by_release(outcomes) == _python_totals(outcomes, monkeypatch)
    runs = outcomes[0].runs  # and one case's costs (the HTML page's cost cell)
    assert case_speedups.case_totals(runs) is None
    with monkeypatch.context() as patched:
        patched.setattr(costs, "_case_speedups", None)
        in_python = costs.costs_of(runs)
    assert costs.costs_of(runs) == in_python


RUN_IDS = st.one_of(
    st.lists(st.integers(1, 6), unique=True, min_size=1, max_size=5),  # any order
    st.lists(st.sampled_from(["rc-1", "rc-2", "b"]), unique=True, min_size=1, max_size=3),
    st.just([2, "rc-1"]),  # Versions and labels mixed
)


@settings(max_examples=200, deadline=None)
@given(
    cases=st.lists(st.tuples(RUN_IDS, st.lists(st.booleans(), min_size=6, max_size=6)), max_size=6),
    k=st.integers(1, 7),
    skipped=st.lists(st.integers(0, 5), min_size=6, max_size=6),
)
def test_cases_judged_in_c_are_the_python_judgement(
    cases: list[tuple[list[RunId], list[bool]]], k: int, skipped: list[int]
) -> None:
    """Each case's runs in run order, counts and state, as CaseOutcome makes them: for
    Versions in order (the C module's) and out of order or labelled (handed back)."""
    results = ResultSet()
    for number, (run_ids, outcomes) in enumerate(cases):
        key = CaseKey("S", "DS", f"T{number}", "Run")
        for run_id, passed in zip(run_ids, outcomes, strict=False):
            results.add(key, Run(run_id, passed))
        results.skipped.extend(
            SkippedRun(key, 9, "skipped", "export.json:1") for _ in range(skipped[number])
        )
    in_c = stats.outcomes(results, k)
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setattr(stats, "_case_speedups", None)
        in_python = stats.outcomes(results, k)
    assert in_c == in_python
    assert [type(o.runs) for o in in_c] == [tuple] * len(in_c)
    assert [(o.passes, o.all_passes, o.judged_count, o.short, o.state) for o in in_c] == [
        (o.passes, o.all_passes, o.judged_count, o.short, o.state) for o in in_python
    ]


def test_a_case_whose_passed_is_not_a_bool_is_judged_in_python() -> None:
    results = ResultSet()
    key = CaseKey("S", "DS", "T1", "Run")
    results.add(key, Run(1, True))
    results.add(key, Run(2, 1))  # type: ignore[arg-type]  # a number where a bool is
    (outcome,) = stats.outcomes(results, 2)
    assert outcome.passes == 2 and outcome.state is stats.State.PASSED


def test_without_the_c_module_the_python_code_judges_and_adds_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    results = ResultSet()
    key = CaseKey("S", "DS", "T1", "Run")
    for version in (1, 2):
        results.add(key, Run(version, version == 1, tokens=10, credits=0.25, duration_ms=5))
    in_c = stats.outcomes(results, 2)
    monkeypatch.setitem(sys.modules, "ait_datasets.report._case_speedups", None)  # ImportError
    monkeypatch.setattr(costs, "_case_speedups", None)  # as their imports found no module
    monkeypatch.setattr(stats, "_case_speedups", None)
    assert stats.outcomes(results, 2) == in_c
    assert costs._added_in_c(in_c) is None  # and the Python loop adds the costs up
    assert costs.overall_and_by_release(in_c)[0] == costs.Costs(2, 1, 20, 0.5, 5, 5)

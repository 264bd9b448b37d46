"""The renderers' C module (``_render_speedups``): it answers as the Python code does, or
returns None and the Python code answers.

The render, escaping and streaming tests run whole reports both ways (conftest's
``render_path``); these compare each function on odd inputs, value by value.
"""

from __future__ import annotations

import html
import importlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ait_datasets.report import costs, wording
from ait_datasets.report.costs import Costs
from ait_datasets.report.model import CaseKey, Run, RunId
from ait_datasets.report.stats import CaseOutcome
from ait_datasets.report.turns import Turn

c_render = pytest.importorskip(
    "ait_datasets.report._render_speedups", reason="built without a C compiler"
)
render_html = importlib.import_module("ait_datasets.report.render_html")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from("&<>\"'ab é€😀\u202e\x00"), max_size=30) | st.text())
def test_escape_is_html_escape(text: str) -> None:
    assert c_render.escape(text) == html.escape(text)
    assert type(c_render.escape(text)) is str


def test_escape_of_a_str_subclass_is_a_str_and_of_anything_else_an_error() -> None:
    class Name(str):
        pass

    for text in ("plain", "a<b"):
        escaped = c_render.escape(Name(text))
        assert type(escaped) is str and escaped == html.escape(text)
    with pytest.raises(TypeError, match="takes str"):
        c_render.escape(b"<bytes>")  # type: ignore[arg-type]


MESSAGE = st.sampled_from(["", "", "Assert failed", 'a "quoted" <b>', "é"])
TURN = st.one_of(
    st.none(), st.builds(Turn, st.integers(1, 3), st.integers(1, 3), st.integers(0, 3))
)


def _run(run: RunId, passed: bool, message: str, turn: Turn | None) -> Run:
    return Run(run, passed, message, turn=turn)


CASE = st.lists(st.tuples(st.booleans(), MESSAGE, TURN), min_size=1, max_size=6)


def _python_cells(outcome: CaseOutcome, run_ids: tuple[RunId, ...]) -> str:
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(render_html, "_render_speedups", None)
        cells: str = render_html._cells(outcome, run_ids, [])
    return cells


@settings(max_examples=200, deadline=None)
@given(cases=st.lists(CASE, min_size=1, max_size=5), k=st.integers(1, 7), labels=st.booleans())
def test_grid_cells_are_the_python_cells_case_after_case(
    cases: list[list[tuple[bool, str, Turn | None]]], k: int, labels: bool
) -> None:
    """One memo for the whole grid, as the page keeps it: a plain cell made for one case
    is the cell of the next case's run in that column."""
    width = max(map(len, cases))
    run_ids: tuple[RunId, ...] = tuple(f"rc-{i}" if labels else i for i in range(1, width + 1))
    memo: list[str | None] = [None] * (4 * width)
    for number, case in enumerate(cases):
        runs = tuple(_run(run_ids[i], *fields) for i, fields in enumerate(case))
        outcome = CaseOutcome(CaseKey("S", "D", f"T{number}"), runs, k)
        made = c_render.grid_cells(runs, run_ids, k, render_html._cell_html, memo)
        if len(runs) < width:  # a case without every run: the Python walk makes its cells
            assert made is None
        else:
            assert made == _python_cells(outcome, run_ids)
        assert render_html._cells(outcome, run_ids, memo) == _python_cells(outcome, run_ids)


@pytest.mark.parametrize(
    ("runs", "run_ids"),
    [
        ((Run(1, True), Run(3, True)), (1, 2)),  # not the report's runs
        ((Run(1, True),), (1, 2)),  # fewer
        ((Run(1, 1), Run(2, True)), (1, 2)),  # type: ignore[arg-type]  # passed not a bool
        ([Run(1, True), Run(2, True)], (1, 2)),  # not a tuple
    ],
    ids=["other-runs", "fewer", "int-passed", "list"],
)
def test_grid_cells_and_marks_leave_other_cases_to_python(
    runs: tuple[Run, ...], run_ids: tuple[RunId, ...]
) -> None:
    assert c_render.grid_cells(runs, run_ids, 2, render_html._cell_html, [None] * 8) is None
    assert c_render.marks(runs, run_ids, "P", "F") is None
    outcome = CaseOutcome(CaseKey("S", "D", "T"), tuple(runs), 2)
    assert render_html._cells(outcome, run_ids, [None] * 8) == _python_cells(outcome, run_ids)


def test_tuples_that_are_not_runs_are_not_taken() -> None:
    runs = ((1, True), (2, True))
    assert c_render.grid_cells(runs, (1, 2), 2, render_html._cell_html, [None] * 8) is None
    assert c_render.marks(runs, (1, 2), "P", "F") is None


def test_a_memo_of_another_size_is_not_used() -> None:
    runs = (Run(1, True), Run(2, False))
    assert c_render.grid_cells(runs, (1, 2), 2, render_html._cell_html, [None] * 4) is None


def test_a_cell_maker_that_fails_or_makes_no_text_is_an_error() -> None:
    runs = (Run(1, True),)

    def fails(*args: object) -> str:
        raise ValueError("no cell")

    with pytest.raises(ValueError, match="no cell"):
        c_render.grid_cells(runs, (1,), 1, fails, [None] * 4)
    with pytest.raises(TypeError, match="not a str"):
        c_render.grid_cells(runs, (1,), 1, lambda *args: 3, [None] * 4)


@settings(max_examples=200, deadline=None)
@given(case=CASE, every=st.booleans())
def test_marks_are_the_python_marks(case: list[tuple[bool, str, Turn | None]], every: bool) -> None:
    run_ids: tuple[RunId, ...] = tuple(range(1, len(case) + 1 + (not every)))
    runs = tuple(_run(run_ids[i], *fields) for i, fields in enumerate(case))
    outcome = CaseOutcome(CaseKey("S", "D", "T"), runs, 3)
    in_c = wording.marks(outcome, run_ids, "✓", "✗")
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(wording, "_render_speedups", None)
        assert in_c == wording.marks(outcome, run_ids, "✓", "✗")
    assert (c_render.marks(runs, run_ids, "✓", "✗") is None) is not every


COUNT = st.one_of(st.integers(-(10**6), 10**15), st.sampled_from([0, 1, 2**53, -(2**53)]))
AMOUNT = st.one_of(
    st.floats(allow_nan=False, allow_infinity=False, min_value=-1e15, max_value=1e15),
    st.sampled_from([0.0, -0.0, 0.005, 0.015, 0.125, 2.675, 999999.995, 1e15 - 1]),
)


@settings(max_examples=500, deadline=None)
@given(
    passed=st.integers(0, 10**6),
    tokens=st.one_of(st.none(), COUNT),
    credits=st.one_of(st.none(), AMOUNT),
    durations=st.one_of(st.none(), st.tuples(COUNT, COUNT)),
)
def test_cost_line_is_the_python_wording_to_the_last_digit(
    passed: int, tokens: int | None, credits: float | None, durations: tuple[int, int] | None
) -> None:
    """Thousands separators, rounding of halves (Python's own digits), per-pass
    divisions, "n/a" with no pass, what is None left out."""
    p50, p95 = durations or (None, None)
    costs = Costs(0, passed, tokens, credits, p50, p95)
    assert c_render.cost_line(passed, tokens, credits, p50, p95) == wording.cost_line(costs)


@pytest.mark.parametrize(
    "fields",
    [
        (1, 2**53 + 1, None, None, None),  # tokens beyond an exact double
        (1, None, 1e16, None, None),  # credits as large
        (1, None, float("inf"), None, None),
        (1, None, float("nan"), None, None),
        (1, None, 3, None, None),  # an int where a float is
        (1, None, None, 5, 2**60),
        (True, 5, None, None, None),  # a bool where a count is
        (-1, 5, None, None, None),
    ],
)
def test_costs_beyond_what_the_c_wording_takes_are_worded_in_python(
    fields: tuple[int, int | None, float | None, int | None, int | None],
) -> None:
    assert c_render.cost_line(*fields) is None
    runs = (Run(1, True, tokens=2**60, credits=0.5, duration_ms=3),)
    assert wording.case_cost_line(runs) == wording.cost_line(costs.costs_of(runs))


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.builds(
            lambda passed, tokens, credits, duration: Run(
                1, passed, tokens=tokens, credits=credits, duration_ms=duration
            ),
            st.booleans(),
            st.one_of(st.none(), st.integers(0, 10**6)),
            st.one_of(st.none(), st.floats(0, 9), st.just(0.1)),
            st.one_of(st.none(), st.integers(0, 10**5)),
        ),
        max_size=8,
    )
)
def test_a_cases_cost_cell_is_its_costs_worded(runs: list[Run]) -> None:
    case = tuple(runs)
    assert wording.case_cost_line(case) == wording.cost_line(costs.costs_of(case))

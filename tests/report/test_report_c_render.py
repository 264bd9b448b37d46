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

from ait_datasets.report import wording
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

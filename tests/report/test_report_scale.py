"""Bounded at any scale: work and output grow with the rows, never with their product.

No wall-clock guard anywhere: each test bounds the *work* (output size, matcher calls)
by the size of its input, so a quadratic algorithm fails here on any host.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ait_datasets.cli import main
from ait_datasets.report import build_report, render
from ait_datasets.report import quarantine as quarantine_module
from ait_datasets.report.costs import Costs, costs_of, overall_and_by_release, percentile
from ait_datasets.report.model import CaseKey, ResultSet, Run, result_set
from ait_datasets.report.quarantine import parse_quarantine
from ait_datasets.report.stats import CaseOutcome, pass_at_k


def _one_run_per_label(cases: int) -> ResultSet:
    """Each case has one run, each labelled differently (a timestamp per row)."""
    return result_set(
        (CaseKey("S", "D", f"c{i}"), Run(f"2026-01-01T10:{i // 60:02d}:{i % 60:02d}.{i}", True))
        for i in range(cases)
    )


def test_html_grows_with_rows_not_cases_times_labels() -> None:
    small, big = (build_report(_one_run_per_label(n)) for n in (300, 3000))
    pages = [render(r, "html") for r in (small, big)]
    # Ten times the rows, about ten times the page (a grid of cases x labels would be 100x).
    assert len(pages[1]) < 12 * len(pages[0])
    assert len(pages[1]) < 1500 * 3000
    assert '<th class="run"' not in pages[1]  # no column per label
    assert big.per_row_labels
    assert any("look like one label per row" in w for w in big.warnings())
    assert "look like one label per row" in pages[1]


def test_few_runs_keep_one_column_per_run() -> None:
    report = build_report(
        result_set((CaseKey("S", "D", f"c{i}"), Run(v, True)) for i in range(50) for v in (1, 2))
    )
    page = render(report, "html")
    assert page.count('<th class="run"') == 2
    assert not report.per_row_labels and report.warnings() == []


@pytest.mark.parametrize("runs", [40_000, 200_000])
def test_one_case_with_many_runs_is_linear(runs: int) -> None:
    key = CaseKey("S", "D", "T", "P")
    results = ResultSet()
    for i in range(runs):
        results.add(key, Run(i + 1, i % 3 != 0, "assert failed" if i % 3 == 0 else ""))
    report = build_report(results)
    assert report.k == runs
    (outcome,) = report.summary.outcomes
    assert (outcome.passes, outcome.judged_count) == (runs - (runs + 2) // 3, runs)
    text = render(report, "text")
    assert len(text) < 5000  # at most 40 marks per case in text, then a count
    assert f"… +{runs - 40}" in text
    page = render(report, "html")
    assert len(page) < 120 * runs
    data = json.loads(render(report, "json"))
    assert len(data["cases"][0]["runs"]) == runs
    assert [run.run for run in outcome.runs] == list(range(1, runs + 1))


def test_a_huge_k_is_bounded_by_the_runs() -> None:
    key = CaseKey("S", "D", "T")
    results = result_set([(key, Run(i, i % 2 == 0)) for i in range(1, 200_001)])
    report = build_report(results, 150_000)
    assert report.summary.pass_hat_k.total == 1
    assert report.summary.pass_at_k == pytest.approx(1.0)
    render(report, "text")
    assert build_report(results, 10**9).summary.short[0].key == key


def test_pass_at_k_for_large_n_agrees_with_the_exact_value() -> None:
    from math import comb

    for n, c, k in [(1500, 3, 200), (5000, 10, 7), (2000, 1999, 2), (3000, 0, 3000)]:
        exact = 1 - comb(n - c, k) / comb(n, k)
        assert pass_at_k(n, c, k) == pytest.approx(exact, rel=1e-9, abs=1e-12)


class _Counting:
    """A compiled pattern that counts how often it is tried."""

    calls = 0

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern

    def fullmatch(self, text: str) -> re.Match[str] | None:
        _Counting.calls += 1
        return self.pattern.fullmatch(text)


@pytest.mark.parametrize(
    ("make", "expected"),
    [
        (lambda i: f"S/D/T{i}*/P", {"T5", "T5x"}),  # a literal prefix
        (lambda i: f"S/*/T{i}/*", {"T5"}),  # a literal part
        (lambda i: f"*T{i}x*", {"T5x"}),  # only an inner literal run
    ],
)
def test_quarantine_patterns_times_cases_is_not_quadratic(
    make: object, expected: set[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert callable(make)
    compiled: list[str] = []
    real = re.compile

    def counting_compile(pattern: str, flags: int = 0) -> _Counting:
        compiled.append(pattern)
        return _Counting(real(pattern, flags))

    monkeypatch.setattr(quarantine_module.re, "compile", counting_compile)
    _Counting.calls = 0
    entries = "\n".join(make(i) for i in range(1000))
    q = parse_quarantine("q.txt", entries)
    keys = [CaseKey("S", "D", f"X{i}", "P") for i in range(20_000)]
    keys += [CaseKey("S", "D", "T5", "P"), CaseKey("S", "D", "T5x", "P")]
    assignment = quarantine_module.assign(q, keys)
    assert len(compiled) == 1000  # each pattern compiled once
    assert _Counting.calls < 2 * (len(keys) + 1000)  # not 1000 x 20,000
    assert {k.test for k in assignment.entries} == expected
    assert len(assignment.stale) == 999


def test_quarantine_first_entry_wins_and_shadowed_entries_are_not_stale() -> None:
    q = parse_quarantine("q.txt", "S/D/*\nS/D/a\nS/*/a\nS/D/zz\nS/D/a\n")
    keys = [CaseKey("S", "D", "a"), CaseKey("S", "D", "b")]
    assignment = quarantine_module.assign(q, keys)
    assert {k.test: e.line for k, e in assignment.entries.items()} == {"a": 1, "b": 1}
    assert [e.pattern for e in assignment.stale] == ["S/D/zz"]
    # The same answers as trying every entry on every case.
    for key in keys:
        first = next(e for e in q.entries if e.matches(key))
        assert assignment.entries[key] is first


# --- -o that names an input ----------------------------------------------------------------


def _export(tmp_path: Path) -> Path:
    path = tmp_path / "export.json"
    path.write_text('[{"case": "a", "run": 1, "passed": true}]', encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "option",
    [
        "files",
        "baseline",
        "quarantine",
        pytest.param(
            "symlink",
            marks=pytest.mark.skipif(
                sys.platform == "win32",
                reason="symbolic links need administrator rights on Windows",
            ),
        ),
    ],
)
def test_output_naming_an_input_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], option: str
) -> None:
    export = _export(tmp_path)
    other = tmp_path / "other.jsonl"
    other.write_text('{"case": "a", "run": 1, "passed": true}\n', encoding="utf-8")
    before = {p: p.read_bytes() for p in (export, other)}
    if option == "files":
        argv = [str(export), "-o", str(export)]
    elif option == "baseline":
        argv = [str(export), "--baseline", str(other), "-o", str(other)]
    elif option == "quarantine":
        argv = [str(export), "--quarantine", str(other), "-o", str(other)]
    else:
        link = tmp_path / "link.md"
        link.symlink_to(export)
        argv = [str(export), "-o", str(link)]
    code = main(["report", *argv])
    _, err = capsys.readouterr()
    assert code == 2
    assert "names one of the inputs; refusing to overwrite it" in err
    assert {p: p.read_bytes() for p in (export, other)} == before


def _by_release(outcomes: tuple[CaseOutcome, ...]) -> tuple[tuple[str, Costs], ...]:
    """The definition of the costs per Tag: costs_of() of each Tag's runs, by Tag."""
    groups: dict[str, list[Run]] = {}
    for outcome in outcomes:
        for run in outcome.runs:
            groups.setdefault(run.tag or "(no tag)", []).append(run)
    return tuple((tag, costs_of(groups[tag])) for tag in sorted(groups))


def _one_run_at_a_time(runs: Iterable[Run]) -> Costs:
    """The definition of the totals of runs: each run added in turn, in order."""
    count = passed = 0
    tokens: int | None = None
    credits: float | None = None
    durations: list[int] = []
    for run in runs:
        count += 1
        passed += run.passed
        if run.tokens is not None:
            tokens = run.tokens + (tokens or 0)
        if run.credits is not None:
            credits = run.credits + (credits or 0.0)
        if run.duration_ms is not None:
            durations.append(run.duration_ms)
    durations.sort()
    median, p95 = percentile(durations, 50), percentile(durations, 95)
    return Costs(count, passed, tokens, credits, median, p95)


def test_one_pass_costs_equal_the_two_definitions() -> None:
    """The report's totals and per-release costs come from one pass over the runs; they
    must be exactly costs_of(every run) and the costs per Tag (floats added in the same
    order)."""
    from ait_datasets.report.stats import summarize

    results = result_set(
        (
            CaseKey("S", "D", f"c{i % 7}"),
            Run(
                1 + i // 7,
                i % 3 != 0,
                tokens=None if i % 5 == 0 else 100 + i,
                credits=None if i % 4 == 0 else 0.1 * i,
                duration_ms=None if i % 6 == 0 else 1000 + 37 * i,
                tag=("", "rc-1", "rc-2", "(no tag)")[i % 4],
            ),
        )
        for i in range(70)
    )
    outcomes = summarize(results, 3).outcomes
    every = [run for outcome in outcomes for run in outcome.runs]
    assert overall_and_by_release(outcomes) == (costs_of(every), _by_release(outcomes))


_run_costs = st.builds(
    lambda run, passed, tokens, credits, duration, tag: Run(
        run, passed, tokens=tokens, credits=credits, duration_ms=duration, tag=tag
    ),
    st.integers(1, 6),
    st.booleans(),
    st.none() | st.integers(0, 10**6),
    st.none() | st.floats(0, 1e6, allow_nan=False, allow_infinity=False),
    st.none() | st.integers(0, 10**5),
    st.sampled_from(["", "rc-1", "rc-2", "(no tag)", " rc-1"]),
)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 5), _run_costs), max_size=60), st.integers(1, 4))
def test_one_pass_costs_agree_with_the_definitions_on_any_runs(
    rows: list[tuple[int, Run]], k: int
) -> None:
    """The written-out one pass (tag switches, unknown fields, "(no tag)" spelt out, float
    credits) gives exactly, float for float, what adding each run to costs_of(every run)
    and the costs per Tag give."""
    from ait_datasets.report.stats import summarize

    results = result_set((CaseKey("S", "D", f"c{case}"), run) for case, run in rows)
    outcomes = summarize(results, k).outcomes
    every = [run for outcome in outcomes for run in outcome.runs]
    assert overall_and_by_release(outcomes) == (costs_of(every), _by_release(outcomes))
    # costs_of itself is what adding one run at a time gives.
    for runs in [every, *(outcome.runs for outcome in outcomes)]:
        assert costs_of(runs) == _one_run_at_a_time(runs)

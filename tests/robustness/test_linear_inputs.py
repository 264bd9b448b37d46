"""Inputs that grew badly: work stays linear in the input (counted, never timed)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

import pytest
from work import growth

from ait_datasets.lint.config import LintConfig
from ait_datasets.lint.engine import lint_document
from ait_datasets.lint.fixing import Fixer
from ait_datasets.lint.reporters import Report
from ait_datasets.lint.reporters.text_reporter import render
from ait_datasets.placeholders.positions import MAX_MATCHED_PIECES, ValueInSource
from ait_datasets.source.load import load_text

# Doubling a linear input doubles the work; allow for constant costs and noise, far
# below the four-fold growth of a quadratic scan.
LINEAR = 2.4
WORK_DATE = dt.date(2025, 1, 10)


def _agent_test(value: str) -> str:
    return (
        "tests:\n  - name: T\n    turns:\n      - query:\n"
        f"          title: {value}\n        expected_data:\n          x: 1\n"
    )


def _dates(n: int, quoted: bool) -> str:
    line = " ".join(f"2025-01-{10 + i % 18:02d}" for i in range(n))
    return _agent_test(f'"{line}"' if quoted else line)


def _prefixes(n: int) -> str:
    return f'tests:\n  - name: "{"$DateFormula-<" * n}"\n    question: q\n'


def _config() -> LintConfig:
    return LintConfig(work_date=WORK_DATE)


def _lint(text: str) -> Callable[[], object]:
    return lambda: lint_document(load_text("t.yaml", text), _config())


@pytest.mark.parametrize("quoted", [True, False], ids=["quoted", "plain"])
def test_lint_of_a_title_full_of_dates_is_linear(quoted: bool) -> None:
    # 8,000 dates in a title took minutes: each finding re-scanned the value.
    assert growth(lambda n: _lint(_dates(n, quoted)), 1000) < LINEAR
    found = lint_document(load_text("t.yaml", _dates(8000, quoted)), _config())
    dates = [d for d in found if d.code == "PH008"]
    assert len(dates) == 8000
    # Each finding points at its own date.
    assert len({(d.line, d.column) for d in dates}) == 8000
    assert dates[-1].column == 18 + 11 * 7999 + (1 if quoted else 0)


def test_lint_of_a_name_of_placeholder_prefixes_is_linear() -> None:
    assert growth(lambda n: _lint(_prefixes(n)), 1000) < LINEAR
    found = lint_document(load_text("t.yaml", _prefixes(8000)), _config())
    # Each token is `$DateFormula-<$`: its `$` is the next prefix's first character.
    formulas = [d for d in found if d.code == "PH001"]
    assert len(formulas) == 4000
    assert [d.column for d in formulas[:2]] == [12, 12 + 28]


def _fix(text: str) -> Callable[[], object]:
    return lambda: Fixer(unsafe=True)(load_text("t.yaml", text), _config())


@pytest.mark.parametrize("quoted", [True, False], ids=["quoted", "plain"])
def test_fixing_a_line_of_dates_is_linear_and_fixes_every_date(quoted: bool) -> None:
    assert growth(lambda n: _fix(_dates(n, quoted)), 1000) < LINEAR
    fixed, applied = Fixer(unsafe=True)(load_text("t.yaml", _dates(4000, quoted)), _config())
    assert applied == 4000
    title = fixed.data["tests"][0]["turns"][0]["query"]["title"]
    assert title.split(" ")[:2] == ["$DateFormula-<CD>$", "$DateFormula-<CD+1D>$"]
    assert "2025-" not in title
    assert not [d for d in lint_document(fixed, _config()) if d.code == "PH008"]


def test_the_text_report_of_many_findings_on_one_long_line_is_linear() -> None:
    def report(n: int) -> Callable[[], object]:
        text = _dates(n, quoted=True)
        found = lint_document(load_text("t.yaml", text), _config())
        return lambda: render(Report(found, files=1, sources={"t.yaml": text}))

    assert growth(report, 1000) < LINEAR


def test_a_value_with_escapes_is_scanned_once_per_distinct_piece() -> None:
    value = "\t".join(f"piece{i}" for i in range(1000))
    source = '"' + value.replace("\t", "\\t") + '"'
    placed = ValueInSource(source, 0, len(source), value)
    assert placed.base is None  # not verbatim: the escapes make it longer
    at = value.index("piece7")
    assert source[placed.find(at, 6) or 0 :].startswith("piece7")
    # Past the budget of distinct pieces a piece gets the scalar's span, not a scan.
    for i in range(MAX_MATCHED_PIECES):
        assert placed.find(value.index(f"piece{i}\t"), 5 + len(str(i))) is not None
    assert placed.find(value.index("piece999"), 8) is None
    # A piece already matched is still placed.
    assert placed.find(value.index("piece1\t"), 6) == source.index("piece1\\t")

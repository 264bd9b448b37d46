"""Fixed dates (PH008) are found however the test's text hides them.

The rule skips agent tests whose text cannot hold a date; a date that reaches a value
through an alias or an escape, or in a file with non-ASCII text, must still be found.
"""

from __future__ import annotations

import datetime as dt

from ait_datasets.diagnostics import Diagnostic
from ait_datasets.lint.config import LintConfig
from ait_datasets.lint.context import LintContext
from ait_datasets.lint.rules import placeholders
from ait_datasets.source import load_text


def lint(text: str) -> list[tuple[int, int, str]]:
    doc = load_text("t.yaml", text)
    ctx = LintContext(config=LintConfig(work_date=dt.date(2026, 2, 10)), kind="dataset")
    found: list[Diagnostic] = list(placeholders.check(doc, ctx))
    return [(d.line, d.column, d.code) for d in found]


def dataset(turn_setup: str, before: str = "") -> str:
    return (
        f"{before}tests:\n"
        "  - name: T1\n"
        "    turns:\n"
        f"      - turn_setup: {turn_setup}\n"
        "        query: {from: Jane, title: Go}\n"
        "        expected_data: {}\n"
        "  - name: T2\n"
        "    turns:\n"
        "      - query: {from: Jane, title: Quantity 1.5 to 2}\n"
        "        expected_data: {}\n"
    )


def test_a_date_brought_in_by_an_alias_is_found_at_its_anchor() -> None:
    text = dataset("*due", before='dates: &due "2026-02-15"\n')
    assert lint(text) == [(1, 14, "PH008")]


def test_a_date_spelt_with_escapes_is_found() -> None:
    # No digit, separator and digit in a row in the text: the dashes are escapes.
    text = dataset('"2026\\x2D02\\x2D15"')
    assert lint(text) == [(4, 21, "PH008")]


def test_a_date_in_a_file_with_non_ascii_text_is_found() -> None:
    text = dataset('{due: "Livré le 2026-02-15"}')
    assert lint(text) == [(4, 37, "PH008")]


def test_numbers_that_look_like_ranges_are_not_dates() -> None:
    assert lint(dataset("{qty: 1-2}")) == []

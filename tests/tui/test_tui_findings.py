"""Diagnostics mapped to their test and turn; placeholder previews."""

from __future__ import annotations

import datetime as dt

from tui_support import SAMPLE

from ait_datasets.tui.findings import lint_text
from ait_datasets.tui.preview import previews


def test_each_diagnostic_is_mapped_to_the_turn_that_contains_it() -> None:
    text = SAMPLE.replace("          type: ReviewRecord", "          type: Review")
    result = lint_text("returns.yaml", text)
    found = [
        (f.diagnostic.line, f.diagnostic.column, f.diagnostic.code, f.test, f.turn)
        for f in result.findings
    ]
    assert (12, 18, "PH007", 0, 0) in found
    bad_type = [f for f in result.findings if f.diagnostic.line == 15]
    assert bad_type and (bad_type[0].test, bad_type[0].turn) == (0, 0)
    assert bad_type[0].diagnostic.column == 17
    assert result.dash_lines == [5, 25]


def test_file_level_findings_belong_to_no_test() -> None:
    result = lint_text("returns.yaml", "name: X\ntests: []\n")
    assert all(f.test is None for f in result.findings)


def test_placeholders_resolve_for_the_work_date_and_errors_are_shown() -> None:
    value = {
        "query": {
            "title": "Ship by $DateFormula-<CW+1D>$",
            "message": "no token here",
            "attachments": [{"file": "$DateTimeFormula-<CD>-13:30:00$"}],
        },
        "bad": "$DateFormula-<1X>$",
    }
    found = previews(value, dt.date(2026, 3, 17))
    assert [(p.path, p.ok) for p in found] == [
        ("query.title", True),
        ("query.attachments[0].file", True),
        ("bad", False),
    ]
    assert found[0].resolved == "Ship by 2026-03-23"
    assert found[1].resolved.startswith("2026-03-17")
    assert found[2].resolved.startswith("error: ")

"""Counts in messages and summaries take the right number: `1 error`, `2 files`, no `(s)`."""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

import pytest

import ait_datasets
from ait_datasets.plural import plural
from ait_datasets.report import build_report, render
from ait_datasets.report.model import CaseKey, Run, result_set


@pytest.mark.parametrize(
    ("count", "expected"),
    [(0, "0 files"), (1, "1 file"), (2, "2 files"), (-1, "-1 files")],
)
def test_plural(count: int, expected: str) -> None:
    assert plural(count, "file") == expected
    assert plural(1, "entry", "entries") == "1 entry"
    assert plural(3, "entry", "entries") == "3 entries"


def _literals(text: str) -> list[tuple[int, str]]:
    """(line, text) of every string literal but docstrings (triple-quoted strings)."""
    kinds = {tokenize.STRING, getattr(tokenize, "FSTRING_MIDDLE", tokenize.STRING)}
    return [
        (token.start[0], token.string)
        for token in tokenize.generate_tokens(io.StringIO(text).readline)
        if token.type in kinds and not token.string.startswith(('"' * 3, "'" * 3))
    ]


def test_no_message_says_s_in_parentheses() -> None:
    # `(s)` after a noun is a count that was not worth a helper; `http(s)` is a scheme.
    # (Replacement fields are left out: `f(s)` there is a call.)
    found = [
        f"{path.name}:{line}"
        for path in Path(ait_datasets.__file__).parent.rglob("*.py")
        for line, literal in _literals(path.read_text(encoding="utf-8"))
        if "(s)" in re.sub(r"\{[^{}]*\}", "", literal).replace("http(s)", "")
    ]
    assert found == []


def test_the_report_counts_one_infrastructure_error_and_one_case_in_the_singular() -> None:
    key = CaseKey("S", "D", "T")
    text = render(build_report(result_set([(key, Run(1, False, "no"))])), "text")
    assert "of 1 case " in text
    annotation = render(build_report(result_set([(key, Run(1, False, "no"))])), "github")
    assert "never passed (0 of 1 run)" in annotation

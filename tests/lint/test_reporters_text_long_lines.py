"""The text report shows a window of a long line around the finding, caret in place."""

from __future__ import annotations

from ait_datasets.diagnostics import Diagnostic, Severity
from ait_datasets.lint.reporters import Report
from ait_datasets.lint.reporters.text_reporter import WINDOW, render


def _excerpt(line: str, column: int, end_column: int) -> tuple[str, str]:
    found = Diagnostic("s.xml", 2, column, 2, end_column, "XML001", Severity.ERROR, "bad")
    lines = render(Report([found], 1, {"s.xml": f"<?xml?>\n{line}\n"})).splitlines()
    source = next(text for text in lines if text.startswith("    2 | "))
    caret = lines[lines.index(source) + 1]
    return source, caret


def test_a_long_suite_line_shows_the_part_around_the_finding() -> None:
    line = "<Suite " + " ".join(f'A{i}="{i:04}"' for i in range(60)) + ' Code="BAD"/>'
    column = line.index('Code="BAD"') + 1
    source, caret = _excerpt(line, column, column + len('Code="BAD"'))
    shown = source[len("    2 | ") :]
    assert shown.startswith("\u2026") and not shown.endswith("\u2026")
    assert len(shown) <= WINDOW + 2
    # The caret sits under the finding's text, however much of the line was cut.
    assert source[caret.index("^") : len(caret)] == 'Code="BAD"'


def test_a_finding_in_the_middle_of_a_long_line_is_cut_on_both_sides() -> None:
    line = "x" * 500 + "TARGET" + "y" * 500
    column = 501
    source, caret = _excerpt(line, column, column + 6)
    shown = source[len("    2 | ") :]
    assert shown.startswith("\u2026") and shown.endswith("\u2026")
    assert source[caret.index("^") : len(caret)] == "TARGET"


def test_a_long_line_with_escapes_keeps_the_caret_under_its_text() -> None:
    line = "\x1b" * 300 + "TARGET" + "\x1b" * 10
    column = 301
    source, caret = _excerpt(line, column, column + 6)
    assert source[caret.index("^") : len(caret)] == "TARGET"
    assert "\x1b" not in source

"""Inline suppressions: same line, line above, whole file, unused and malformed ones."""

from __future__ import annotations

from pathlib import Path

import pytest
from lint_support import LintText, where

from ait_datasets.cli import main

NO_FROM = (
    "tests:\n  - name: T1\n    turns:\n      - query: {{title: Hi, message: Hi}}{comment}\n"
    "        expected_data: {{}}\n"
)


def test_disable_on_the_offending_line(lint_text: LintText) -> None:
    text = NO_FROM.format(comment="  # datasets: disable=QRY003")
    assert lint_text(text) == []


def test_disable_on_the_line_above(lint_text: LintText) -> None:
    text = NO_FROM.format(comment="").replace(
        "      - query", "      # datasets: disable=QRY003\n      - query"
    )
    assert lint_text(text) == []


def test_disable_by_prefix(lint_text: LintText) -> None:
    assert lint_text(NO_FROM.format(comment="  # datasets: disable=QRY")) == []


def test_disable_file_anywhere(lint_text: LintText) -> None:
    text = NO_FROM.format(comment="") + "# datasets: disable-file=QRY003, TST\n"
    assert where(lint_text(text)) == [(6, 1, "SUP001")]  # TST silenced nothing
    assert "TST" in lint_text(text)[0].message


def test_a_suppression_two_lines_up_does_not_apply(lint_text: LintText) -> None:
    text = "# datasets: disable=QRY003\n\n" + NO_FROM.format(comment="")
    assert where(lint_text(text)) == [(1, 1, "SUP001"), (6, 17, "QRY003")]


def test_unused_suppression_is_reported(lint_text: LintText) -> None:
    text = "tests:\n  - name: T1  # datasets: disable=TST003\n"
    found = lint_text(text)
    assert where(found) == [(2, 15, "SUP001")]
    assert found[0].severity.value == "warning"


def test_malformed_suppression(lint_text: LintText) -> None:
    assert where(lint_text("tests:\n  - name: T1  # datasets: disabel=TST003\n")) == [
        (2, 15, "SUP002")
    ]


def test_other_codes_on_the_line_still_report(lint_text: LintText) -> None:
    text = NO_FROM.format(comment="  # datasets: disable=QRY001").replace("name: T1", "name: T1")
    assert where(lint_text(text)) == [(4, 17, "QRY003"), (4, 42, "SUP001")]


def test_suppressions_through_the_command_including_cross_file_findings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "a.yaml"
    path.write_text(NO_FROM.format(comment="  # datasets: disable=QRY003"), encoding="utf-8")
    assert main(["lint", str(path)]) == 0
    assert "All checks passed" in capsys.readouterr().out


def test_unused_suppressions_can_be_ignored(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "a.yaml"
    path.write_text("tests:\n  - name: T1  # datasets: disable=TST003\n", encoding="utf-8")
    assert main(["lint", "--ignore", "SUP", str(path)]) == 0
    assert "All checks passed" in capsys.readouterr().out


BLOCK = (
    "tests:\n  - name: T1\n    turns:\n      - query:{comment}\n          title: Hi\n"
    "          message: Hi\n        expected_data: {{}}\n"
)


def test_end_of_line_suppression_covers_the_node_that_starts_on_the_line(
    lint_text: LintText,
) -> None:
    # The docs' example (suppressions-and-baseline.md): the caret of the missing `from` is
    # on `title:`, a line below.
    bare = lint_text(BLOCK.format(comment=""))
    assert where(bare) == [(5, 11, "QRY003")]
    assert lint_text(BLOCK.format(comment="   # datasets: disable=QRY003")) == []


def test_own_line_suppression_covers_the_node_on_the_next_line(lint_text: LintText) -> None:
    text = BLOCK.format(comment="").replace(
        "      - query:", "      # datasets: disable=QRY003\n      - query:"
    )
    assert lint_text(text) == []


def test_the_node_ends_where_its_indentation_does(lint_text: LintText) -> None:
    # A suppression on `name:` does not reach the turns below it (indented the same).
    text = BLOCK.format(comment="").replace("name: T1", "name: T1  # datasets: disable=QRY003")
    assert where(lint_text(text)) == [(2, 15, "SUP001"), (5, 11, "QRY003")]


def test_stacked_own_line_suppressions_both_apply(lint_text: LintText) -> None:
    text = BLOCK.format(comment="").replace(
        "      - query:",
        "      # datasets: disable=QRY003\n      # datasets: disable=TST\n      - query:",
    )
    assert where(lint_text(text)) == [(5, 7, "SUP001")]  # TST silenced nothing


def _fixed(text: str) -> str:
    from ait_datasets.diagnostics import apply_edits

    found = [d for d in _lint(text) if d.code == "SUP001"]
    assert found and all(d.fix is not None and d.fix.safe for d in found)
    return apply_edits(text, [e for d in found if d.fix for e in d.fix.edits])


def _lint(text: str) -> list:  # type: ignore[type-arg]
    from ait_datasets.lint.engine import lint_document
    from ait_datasets.source import load_text

    return lint_document(load_text("t.yaml", text))


def test_sup001_fix_removes_an_end_of_line_comment() -> None:
    text = "tests:\n  - name: T1  # datasets: disable=TST003\n"
    assert _fixed(text) == "tests:\n  - name: T1\n"


def test_sup001_fix_removes_an_own_line_comment_with_its_line() -> None:
    text = "tests:\n  # datasets: disable=TST003\n  - name: T1\n"
    assert _fixed(text) == "tests:\n  - name: T1\n"


def test_sup001_fix_removes_only_the_unused_codes() -> None:
    text = NO_FROM.format(comment="  # datasets: disable=QRY003, TST001")
    assert _fixed(text) == NO_FROM.format(comment="  # datasets: disable=QRY003")


def test_sup001_fix_in_xml_removes_the_whole_comment() -> None:
    from ait_datasets.diagnostics import apply_edits
    from ait_datasets.lint.engine import lint_document
    from ait_datasets.source.xml_loader import load_xml_text

    text = (
        '<?xml version="1.0" encoding="UTF-8"?>\n<Root>\n'
        '  <Suite Code="A" Description="d" Dataset="a.yaml"/> <!-- datasets: disable=XML008 -->\n'
        "</Root>\n"
    )
    found = [d for d in lint_document(load_xml_text("s.xml", text)) if d.code == "SUP001"]
    assert len(found) == 1 and found[0].fix is not None
    fixed = apply_edits(text, found[0].fix.edits)
    assert '  <Suite Code="A" Description="d" Dataset="a.yaml"/>\n' in fixed
    assert "datasets:" not in fixed


def test_sup001_of_a_cross_file_code_says_why_it_has_no_fix() -> None:
    found = [
        d for d in _lint("tests:\n  - name: T1  # datasets: disable=REF001\n") if d.code == "SUP001"
    ]
    assert len(found) == 1 and found[0].fix is not None
    assert found[0].fix.edits == ()
    assert "across the app's files" in found[0].fix.description


def test_fix_removes_unused_suppressions_through_the_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "a.yaml"
    path.write_text("tests:\n  - name: T1  # datasets: disable=TST003\n", encoding="utf-8")
    assert main(["lint", "--fix", str(path)]) == 0
    assert path.read_text(encoding="utf-8") == "tests:\n  - name: T1\n"


def test_a_suppression_of_a_code_not_checked_is_not_unused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # `--ignore TST --fix` must not delete a TST suppression it could not see being used.
    path = tmp_path / "a.yaml"
    text = "tests:\n  - description: d  # datasets: disable=TST001\n"
    path.write_text(text, encoding="utf-8")
    assert main(["lint", "--ignore", "TST", "--fix", str(path)]) == 0
    assert path.read_text(encoding="utf-8") == text


def test_cross_file_codes_are_the_rules_of_the_cross_file_checks() -> None:
    from ait_datasets.lint.rules import all_rules
    from ait_datasets.lint.rules.suite_xml_rules import DUPLICATE_CODE, UNKNOWN_DATASET
    from ait_datasets.lint.suppressions import CROSS_FILE_CODES

    refs = [r.code for r in all_rules() if r.family == "references"]
    assert refs and all(code.startswith("REF") for code in refs)
    assert {UNKNOWN_DATASET.code, DUPLICATE_CODE.code} <= set(CROSS_FILE_CODES)


def test_line_numbers_count_newlines_only(lint_text: LintText) -> None:
    # A U+2028 inside a quoted value is not a line break for the diagnostics either.
    text = NO_FROM.format(comment="  # datasets: disable=QRY003").replace(
        "name: T1", 'name: "T\u20281"'
    )
    assert lint_text(text) == []

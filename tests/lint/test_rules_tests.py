"""TST rules: names and descriptions of tests."""

from __future__ import annotations

from lint_support import LintText, where

AGENT_TURN = (
    "    turns:\n      - query: {from: Jane, title: Hi, message: Hi}\n        expected_data: {}\n"
)


def test_tst001_agent_test_without_name(lint_text: LintText) -> None:
    text = "tests:\n  - description: no name\n" + AGENT_TURN
    assert where(lint_text(text), "TST001") == [(2, 5, "TST001")]


def test_tst001_copilot_tests_may_be_unnamed(lint_text: LintText) -> None:
    assert where(lint_text('{"question": "q"}\n', path="d.jsonl"), "TST001") == []


def test_tst001_named_agent_test_passes(lint_text: LintText) -> None:
    assert lint_text("tests:\n  - name: T1\n" + AGENT_TURN) == []


def test_tst002_name_is_a_list(lint_text: LintText) -> None:
    assert where(lint_text("tests:\n  - name: [T1]\n"), "TST002") == [(2, 11, "TST002")]


def test_tst002_description_is_a_mapping(lint_text: LintText) -> None:
    found = lint_text("tests:\n  - name: T1\n    description: {a: 1}\n")
    assert where(found, "TST002") == [(3, 18, "TST002")]


def test_tst003_name_longer_than_100(lint_text: LintText) -> None:
    long_name = "N" * 101
    assert where(lint_text(f"tests:\n  - name: {long_name}\n"), "TST003") == [(2, 11, "TST003")]
    assert where(lint_text(f"tests:\n  - name: {'N' * 100}\n"), "TST003") == []


def test_tst004_duplicate_names_ignore_case(lint_text: LintText) -> None:
    found = lint_text("tests:\n  - name: release\n  - name: other\n  - name: RELEASE\n")
    assert where(found, "TST004") == [(4, 11, "TST004")]
    assert "line 2" in found[0].message


def test_tst004_duplicates_across_jsonl_rows(lint_text: LintText) -> None:
    found = lint_text('{"name": "a"}\n{"name": "A"}\n', path="d.jsonl")
    assert where(found, "TST004") == [(2, 10, "TST004")]


def test_tst004_unique_names_pass(lint_text: LintText) -> None:
    assert where(lint_text("tests:\n  - name: a1\n  - name: a2\n"), "TST004") == []


def test_tst005_description_too_long(lint_text: LintText) -> None:
    text = f"tests:\n  - name: T1\n    description: {'d' * 2049}\n"
    assert where(lint_text(text), "TST005") == [(3, 18, "TST005")]
    text = f"tests:\n  - name: T1\n    description: {'d' * 2048}\n"
    assert where(lint_text(text), "TST005") == []


def test_tst001_names_the_code_the_importer_generates(lint_text: LintText) -> None:
    turn = "    turns:\n      - query: {from: J, title: Hi}\n        expected_data: {}\n"
    text = "tests:\n  - description: a\n" + turn + "  - description: b\n" + turn
    found = [d for d in lint_text(text) if d.code == "TST001"]
    assert [(d.line, d.column) for d in found] == [(2, 5), (6, 5)]
    assert "INPUT-000001" in found[0].message and "INPUT-000002" in found[1].message


def test_tst006_explicit_name_equal_to_a_generated_code(lint_text: LintText) -> None:
    text = (
        "tests:\n  - question: a\n  - name: input-000001\n    question: b\n"
        "  - question: c\n  - name: INPUT-000003\n    question: d\n"
    )
    # Unnamed tests get INPUT-000001, then (after the explicit one) INPUT-000002: only the
    # first explicit name collides; INPUT-000003 is taken by nobody.
    assert where(lint_text(text), "TST006") == [(3, 11, "TST006")]


def test_tst006_explicit_input_names_before_unnamed_tests_pass(lint_text: LintText) -> None:
    # The importer continues after the group's last INPUT- code: no collision.
    text = "tests:\n  - name: INPUT-000001\n    question: a\n  - question: b\n"
    assert where(lint_text(text), "TST006") == []

"""The placeholder rules skip subtrees whose text cannot hold a token, but not escapes."""

from __future__ import annotations

from lint_support import LintText, where


def turn(message: str) -> str:
    return (
        "tests:\n  - name: T1\n    turns:\n"
        f"      - query: {{from: J, title: Hi, message: {message}}}\n"
        "        expected_data: {}\n"
    )


def test_a_token_written_with_escapes_is_still_checked(lint_text: LintText) -> None:
    # No `$` in the file's text: both come from YAML escapes.
    found = lint_text(turn('"on \\x24DateFormula-<CX>\\x24"'))
    assert where(found, "PH001") == [(4, 46, "PH001")]


def test_subtrees_without_tokens_produce_nothing(lint_text: LintText) -> None:
    assert lint_text(turn('"no placeholder here"')) == []


def test_a_repeated_bad_value_is_reported_every_time(lint_text: LintText) -> None:
    text = (
        "tests:\n  - name: T1\n    turns:\n"
        '      - query: {from: J, title: Hi, message: "$DateFormula-<CX>$"}\n'
        "        expected_data: {}\n"
        '      - query: {from: J, title: Ho, message: "$DateFormula-<CX>$"}\n'
        "        expected_data: {}\n"
    )
    assert [(line, code) for line, _, code in where(lint_text(text), "PH001")] == [
        (4, "PH001"),
        (6, "PH001"),
    ]

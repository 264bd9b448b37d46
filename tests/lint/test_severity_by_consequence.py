"""Severity follows consequence (issue 30): an error when the import or the run fails or a
test cannot test anything; a warning when the framework silently drops or ignores data."""

from __future__ import annotations

from lint_support import LintText

from ait_datasets.diagnostics import Severity
from ait_datasets.lint.rules import rules_by_code

# Each rule whose severity issue 30 changed, with what the framework does.
CHANGED = {
    "STR001": Severity.WARNING,  # a key the framework never reads: dropped
    "TRN004": Severity.WARNING,  # turn keys beside `turns`: never read
    "TST003": Severity.WARNING,  # a test name cut to 100 characters (collisions: TST004)
    "REF003": Severity.WARNING,  # a group code cut to 100 characters (collisions: REF002)
    "REF006": Severity.WARNING,  # a second suite setup of one name and language: never used
    "PH010": Severity.WARNING,  # the character after `>` dropped without an error
}


def test_the_changed_rules_list_the_severity_of_their_consequence() -> None:
    rules = rules_by_code()
    assert {code: rules[code].severity for code in CHANGED} == CHANGED


def _severities(found: list, code: str) -> list[tuple[int, int, str]]:
    return [(d.line, d.column, d.severity.value) for d in found if d.code == code]


def test_str001_a_top_level_key_beside_tests_is_dropped_data_a_warning(
    lint_text: LintText,
) -> None:
    # Microsoft's Shopify tax-matching datasets: `test_setup:` beside `tests:` imports and
    # runs; the importer stores only each test (TestInputsManagement ~314-325).
    text = "test_setup:\n  company: CRONUS\nextra: 1\ntests:\n  - name: T1\n    question: Hi\n"
    found = lint_text(text)
    assert _severities(found, "STR001") == [(1, 1, "warning"), (3, 1, "warning")]
    for diag in (d for d in found if d.code == "STR001"):
        assert "dropped" in diag.message and "still import and run" in diag.message
    assert not [d for d in found if d.severity is Severity.ERROR]


def test_str001_in_a_turn_is_a_warning_and_the_missing_key_is_the_error(
    lint_text: LintText,
) -> None:
    # `expected_date:` is dropped (STR001, a warning); the turn then has no
    # `expected_data`, which FinalizeTurn fails on (TRN003, an error).
    text = (
        "tests:\n  - name: T1\n    turns:\n      - query: {from: J, title: Hi}\n"
        "        expected_date: {}\n"
    )
    found = lint_text(text)
    assert _severities(found, "STR001") == [(5, 9, "warning")]
    assert "Did you mean 'expected_data'?" in next(d.message for d in found if d.code == "STR001")
    assert [d.severity.value for d in found if d.code == "TRN003"] == ["error"]


def test_tst003_a_long_name_is_cut_silently_a_warning(lint_text: LintText) -> None:
    text = f"tests:\n  - name: {'N' * 101}\n    question: Hi\n"
    assert _severities(lint_text(text), "TST003") == [(2, 11, "warning")]


def test_ph010_the_skipped_character_is_a_warning(lint_text: LintText) -> None:
    text = "tests:\n  - name: T1\n    question: 'At $DateTimeFormula-<CD>14:45:00$'\n"
    assert [s for _, _, s in _severities(lint_text(text), "PH010")] == ["warning"]


def test_qry005_an_attachment_without_file_is_skipped_a_warning(lint_text: LintText) -> None:
    def turn(attachments: str) -> str:
        return (
            "tests:\n  - name: T1\n    turns:\n      - query:\n          from: J\n"
            f"          title: Hi\n          attachments: {attachments}\n"
            "        expected_data: {}\n"
        )

    skipped = lint_text(turn("[{path: a.pdf}]"))
    assert [s for _, _, s in _severities(skipped, "QRY005")] == ["warning"]
    # Not a list: `AsArray()` fails the turn, an error.
    broken = lint_text(turn("a.pdf"))
    assert [s for _, _, s in _severities(broken, "QRY005")] == ["error"]

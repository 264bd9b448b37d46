"""TRN rules: agent tests are multi-turn, every turn has query and expected_data."""

from __future__ import annotations

from lint_support import LintText, where


def test_trn001_flat_agent_test(lint_text: LintText) -> None:
    text = (
        "tests:\n  - name: T1\n    query:\n      from: Jane\n      title: Hi\n"
        "    expected_data: {}\n"
    )
    found = lint_text(text)
    assert where(found, "TRN001") == [(3, 5, "TRN001")]
    assert "datasets migrate" in found[0].message
    # The framework runs a flat test as one turn: a warning, not an error (issue 15).
    assert found[0].severity.value == "warning"
    assert "runs it as one turn" in found[0].message


def test_trn004_keys_beside_turns_are_ignored(lint_text: LintText) -> None:
    # Was TRN001 (an error for flat and mixed alike); the mixed form is TRN004, since the
    # flat keys are never read beside `turns` (issue 15).
    text = (
        "tests:\n  - name: T1\n    expected_data: {}\n    turns:\n"
        "      - query: {from: J, title: Hi}\n        expected_data: {}\n"
    )
    found = lint_text(text)
    assert where(found, "TRN004") == [(3, 5, "TRN004")]
    assert where(found, "TRN001") == []
    # The keys beside `turns` are dropped while the turns run: a warning (issue 30).
    assert [d.severity.value for d in found if d.code == "TRN004"] == ["warning"]


def test_trn001_one_turn_in_turns_passes(lint_text: LintText) -> None:
    text = (
        "tests:\n  - name: T1\n    turns:\n      - query: {from: J, title: Hi}\n"
        "        expected_data: {}\n"
    )
    assert lint_text(text) == []


def test_trn002_turn_without_query(lint_text: LintText) -> None:
    text = (
        "tests:\n  - name: T1\n    turns:\n      - query: {from: J, title: Hi}\n"
        "        expected_data: {}\n      - expected_data: {done: true}\n"
    )
    found = lint_text(text)
    assert where(found, "TRN002") == [(6, 9, "TRN002")]
    assert "The element question does not exist" in found[0].message


def test_trn003_turn_without_expected_data(lint_text: LintText) -> None:
    text = "tests:\n  - name: T1\n    turns:\n      - query: {from: J, title: Hi}\n"
    found = lint_text(text)
    assert where(found, "TRN003") == [(4, 9, "TRN003")]
    assert "expected_data: {}" in found[0].message


def test_str001_unknown_turn_key_did_you_mean(lint_text: LintText) -> None:
    text = (
        "tests:\n  - name: T1\n    turns:\n      - query: {from: J, title: Hi}\n"
        "        expected_date: {}\n"
    )
    found = lint_text(text)
    assert where(found, "STR001") == [(5, 9, "STR001")]
    unknown = next(d for d in found if d.code == "STR001")
    assert "Did you mean 'expected_data'?" in unknown.message


def test_str002_turns_not_a_list(lint_text: LintText) -> None:
    text = (
        "tests:\n  - name: T1\n    query: {from: J, title: Hi}\n    turns:\n"
        "      query: {from: J, title: Hi}\n"
    )
    assert (5, 7, "STR002") in where(lint_text(text), "STR002")


def test_str002_turn_not_a_mapping(lint_text: LintText) -> None:
    text = (
        "tests:\n  - name: T1\n    turns:\n      - query: {from: J, title: Hi}\n"
        "        expected_data: {}\n      - hello\n"
    )
    assert where(lint_text(text), "STR002") == [(6, 9, "STR002")]


def test_copilot_multi_turn_tests_are_not_agent_tests(lint_text: LintText) -> None:
    # The 2024 Test Runner sample: turns with from/subject/body, read by the app's own code.
    text = (
        "tests:\n  - name: QUOTE01\n    turns:\n      - from: a@b.c\n        subject: Hi\n"
        "        body: text\n        expected_data: {quotes: []}\n"
    )
    assert lint_text(text) == []


def test_flat_agent_test_is_checked_as_its_one_turn(lint_text: LintText) -> None:
    # Without `turns` the getters read the test object: its query is checked as a turn's.
    text = "tests:\n  - name: T1\n    query:\n      title: Hi\n    expected_data: {}\n"
    assert where(lint_text(text), "QRY003") == [(4, 7, "QRY003")]


def test_turns_that_is_not_a_list_in_a_copilot_dataset(lint_text: LintText) -> None:
    text = "tests:\n  - name: T1\n    turns:\n      question: Which orders?\n"
    found = lint_text(text)
    assert where(found, "STR002") == [(4, 7, "STR002")]
    assert "The element is not an array, use a different method." in found[0].message


def test_trn005_empty_turns_and_null_turn(lint_text: LintText) -> None:
    text = (
        "tests:\n  - name: T1\n    turns: []\n  - name: T2\n    turns:\n"
        "      - query: {from: J, title: Hi}\n        expected_data: {}\n      -\n"
    )
    found = lint_text(text)
    assert where(found, "TRN005") == [(3, 12, "TRN005"), (8, 8, "TRN005")]
    assert where(found, "STR002") == []


def test_trn005_passes_a_turn_list_with_turns(lint_text: LintText) -> None:
    text = "tests:\n  - name: T1\n    turns:\n      - question: Which orders?\n"
    assert where(lint_text(text), "TRN005") == []


def test_trn006_test_without_query_in_an_agent_file(lint_text: LintText) -> None:
    text = (
        "tests:\n  - name: T1\n    turns:\n      - query: {from: J, title: Hi}\n"
        "        expected_data: {}\n  - name: T2\n    expected_data: {}\n"
    )
    assert where(lint_text(text), "TRN006") == [(6, 5, "TRN006")]


def test_trn006_not_in_a_copilot_file(lint_text: LintText) -> None:
    text = "tests:\n  - name: T1\n    expected_data: {}\n  - name: T2\n    question: Hi\n"
    assert where(lint_text(text), "TRN006") == []


def test_str001_accepts_turn_aware_getter_keys(lint_text: LintText) -> None:
    text = (
        "tests:\n  - name: T1\n    turns:\n      - query: {from: J, title: Hi}\n"
        "        context: The customer is new\n        ground_truth: released\n"
        "        expected_data: {}\n        contxt: typo\n"
    )
    assert where(lint_text(text), "STR001") == [(8, 9, "STR001")]

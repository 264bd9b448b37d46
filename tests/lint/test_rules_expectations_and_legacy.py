"""EXP and LEG rules."""

from __future__ import annotations

import pytest
from lint_support import LintText, where

from ait_datasets.diagnostics import apply_edits
from ait_datasets.lint.config import LintConfig


def request(body: str) -> str:
    lines = "\n".join("            " + line for line in body.splitlines())
    return (
        "tests:\n  - name: T1\n    turns:\n      - query: {from: J, title: Hi}\n"
        f"        expected_data:\n          intervention_request:\n{lines}\n"
    )


def test_exp001_wrong_case_has_a_safe_fix(lint_text: LintText) -> None:
    text = request("type: assistance")
    found = lint_text(text)
    assert where(found, "EXP001") == [(7, 19, "EXP001")]
    fix = found[0].fix
    assert fix is not None and fix.safe
    assert "type: Assistance" in apply_edits(text, fix.edits)


def test_exp001_quoted_value_keeps_its_quotes(lint_text: LintText) -> None:
    text = request('type: "reviewrecord"')
    fix = lint_text(text)[0].fix
    assert fix is not None
    assert 'type: "ReviewRecord"' in apply_edits(text, fix.edits)


def test_exp001_docs_review_names_both_choices(lint_text: LintText) -> None:
    found = lint_text(request("type: Review"))
    assert where(found, "EXP001") == [(7, 19, "EXP001")]
    assert "ReviewRecord" in found[0].message and "ReviewMessage" in found[0].message
    # No edit; the reason there is none is the choice between the two names (issue 30),
    # not "an escape or an alias", which the report said before.
    fix = found[0].fix
    assert fix is not None and fix.edits == ()
    assert "'ReviewRecord' or 'ReviewMessage'" in fix.description


def test_exp001_review_report_gives_the_ambiguity_as_the_reason_for_no_fix(
    lint_text: LintText,
) -> None:
    from ait_datasets.lint.reporters.text_reporter import unfixable_reason

    text = request("type: review")
    [diag] = [d for d in lint_text(text) if d.code == "EXP001"]
    reason = unfixable_reason(diag, text)
    assert reason is not None
    assert "ReviewRecord" in reason and "ReviewMessage" in reason
    assert "escape" not in reason


def test_exp001_unknown_type_has_no_fix_and_says_why(lint_text: LintText) -> None:
    [diag] = [d for d in lint_text(request("type: Approval")) if d.code == "EXP001"]
    assert diag.fix is not None and diag.fix.edits == ()
    assert "yours to choose" in diag.fix.description


def test_exp001_docs_message_is_an_unsafe_fix(lint_text: LintText) -> None:
    found = lint_text(request("type: Message"))
    assert found[0].fix is not None and not found[0].fix.safe


def test_exp001_enum_names_pass(lint_text: LintText) -> None:
    for name in ("Assistance", "ReviewRecord", "ReviewMessage"):
        assert lint_text(request(f"type: {name}")) == []


def test_exp001_accepted_list_is_configurable(lint_text: LintText) -> None:
    config = LintConfig(intervention_types=("Assistance", "Approval"))
    assert lint_text(request("type: Approval"), config=config) == []
    assert where(lint_text(request("type: ReviewRecord"), config=config), "EXP001") == [
        (7, 19, "EXP001")
    ]


def test_exp002_suggestions_not_a_list(lint_text: LintText) -> None:
    found = lint_text(request("type: Assistance\nsuggestions: APPROVE"))
    assert where(found, "EXP002") == [(8, 26, "EXP002")]


def test_exp002_duplicate_suggestion(lint_text: LintText) -> None:
    found = lint_text(request("type: Assistance\nsuggestions: [APPROVE, REJECT, APPROVE]"))
    assert where(found, "EXP002") == [(8, 44, "EXP002")]


def test_exp002_non_text_suggestion(lint_text: LintText) -> None:
    found = lint_text(request("type: Assistance\nsuggestions: [APPROVE, {a: 1}]"))
    assert where(found, "EXP002") == [(8, 36, "EXP002")]


def test_exp002_list_of_codes_passes(lint_text: LintText) -> None:
    assert lint_text(request("type: Assistance\nsuggestions: [APPROVE, REJECT]")) == []


def test_str001_unknown_intervention_request_key(lint_text: LintText) -> None:
    found = lint_text(request("typ: Assistance"))
    assert where(found, "STR001") == [(7, 13, "STR001")]
    assert "Did you mean 'type'?" in found[0].message


def test_leg001_question_in_agent_turn(lint_text: LintText) -> None:
    text = (
        "tests:\n  - name: T1\n    turns:\n      - question: {from: J, title: Hi}\n"
        "        expected_data:\n          intervention_request: {type: Assistance}\n"
    )
    found = lint_text(text)
    assert where(found, "LEG001") == [(4, 9, "LEG001")]
    assert "datasets migrate" in found[0].message
    # The question is already the query object: the fix renames the key, unsafe (the Q&A
    # output copies `question`, and the app's code may read it by name).
    fix = found[0].fix
    assert fix is not None and not fix.safe
    assert apply_edits(text, fix.edits) == text.replace("- question:", "- query:")


@pytest.mark.parametrize(
    "turn",
    [
        # Text: it must become an object, which is `datasets migrate`'s work.
        "      - query: {from: J, title: Hi}\n        expected_data: {}\n      - question: go on\n",
        # A `query` is read instead: renaming would give the turn the key twice.
        "      - query: {from: J, title: Hi}\n        question: {from: J, title: Hi}\n",
    ],
)
def test_leg001_no_fix_when_more_than_a_rename(lint_text: LintText, turn: str) -> None:
    text = "tests:\n  - name: T1\n    turns:\n" + turn + "        expected_data: {}\n"
    found = [d for d in lint_text(text) if d.code == "LEG001"]
    assert len(found) == 1 and found[0].fix is None


def test_leg001_plain_text_question_also_fails_the_query_rule(lint_text: LintText) -> None:
    text = (
        "tests:\n  - name: T1\n    turns:\n      - query: {from: J, title: Hi}\n"
        "        expected_data: {}\n      - question: go on\n        expected_data: {}\n"
    )
    assert where(lint_text(text)) == [(6, 9, "LEG001"), (6, 19, "QRY002")]


def test_leg002_test_setup_in_agent_turn_with_unsafe_fix(lint_text: LintText) -> None:
    text = (
        "tests:\n  - name: T1\n    turns:\n      - test_setup: {a: 1}\n"
        "        query: {from: J, title: Hi}\n        expected_data: {}\n"
    )
    found = lint_text(text)
    assert where(found, "LEG002") == [(4, 9, "LEG002")]
    fix = found[0].fix
    assert fix is not None and not fix.safe
    assert "- turn_setup: {a: 1}" in apply_edits(text, fix.edits)


def test_legacy_keys_in_copilot_tests_pass(lint_text: LintText) -> None:
    assert lint_text("tests:\n  - name: T1\n    question: q\n    test_setup: {a: 1}\n") == []


def test_exp002_accepts_numeric_suggestion_codes_and_flw003_compares_text(
    lint_text: LintText,
) -> None:
    text = (
        "tests:\n  - name: T1\n    turns:\n      - query: {from: J, title: Hi}\n"
        "        expected_data:\n          intervention_request:\n"
        "            type: Assistance\n            suggestions: [1, 2]\n"
        "      - query:\n          intervention: {suggestion: '1'}\n        expected_data: {}\n"
    )
    found = lint_text(text)
    assert where(found, "EXP002") == []
    assert where(found, "FLW003") == []


def test_exp002_number_and_text_of_one_code_are_a_duplicate(lint_text: LintText) -> None:
    text = (
        "tests:\n  - name: T1\n    turns:\n      - query: {from: J, title: Hi}\n"
        "        expected_data:\n          intervention_request:\n"
        "            suggestions: [7, '7', true]\n"
    )
    assert where(lint_text(text), "EXP002") == [(7, 30, "EXP002"), (7, 35, "EXP002")]


def test_intervention_request_intent_is_an_unmerged_proposal_a_warning(
    lint_text: LintText,
) -> None:
    # `intent` is BCApps pull request #8375, not merged: on main FinalizeTurn reads only
    # `type` and `suggestions`, so the key is silently ignored (issue 30): a warning that
    # says so, not an "unknown key" error.
    text = request("type: Assistance\nintent: The agent asks which order to release")
    found = [d for d in lint_text(text) if d.code == "STR001"]
    assert [(d.line, d.column, d.severity.value) for d in found] == [(8, 13, "warning")]
    assert "#8375" in found[0].message and "not merged" in found[0].message
    assert "silently ignored" in found[0].message
    assert not [d for d in lint_text(text) if d.severity.value == "error"]

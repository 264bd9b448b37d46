"""QRY rules: task inputs and intervention replies."""

from __future__ import annotations

from lint_support import LintText, where


def one_turn(query_yaml: str, expected: str = "{}") -> str:
    body = "\n".join("          " + line for line in query_yaml.splitlines())
    return (
        "tests:\n  - name: T1\n    turns:\n      - query:\n"
        f"{body}\n        expected_data: {expected}\n"
    )


def test_qry001_title_and_intervention(lint_text: LintText) -> None:
    found = lint_text(one_turn("from: J\ntitle: Hi\nintervention:\n  instruction: go"))
    assert where(found, "QRY001") == [(7, 11, "QRY001")]
    assert "Query cannot contain both 'title' and 'intervention' elements." in found[0].message


def test_qry002_neither_title_nor_intervention(lint_text: LintText) -> None:
    text = (
        "tests:\n  - name: T1\n    turns:\n      - query: {from: J, title: Hi}\n"
        "        expected_data: {}\n      - query: {from: J, message: Hi}\n"
        "        expected_data: {}\n"
    )
    found = lint_text(text)
    assert where(found, "QRY002") == [(6, 16, "QRY002")]
    assert (
        "Query must contain either a 'title' (task input) or 'intervention' element."
        in found[0].message
    )


def test_qry002_plain_text_query_in_an_agent_test(lint_text: LintText) -> None:
    text = (
        "tests:\n  - name: T1\n    turns:\n      - query: {from: J, title: Hi}\n"
        "        expected_data: {}\n      - query: Go on please\n        expected_data: {}\n"
    )
    assert where(lint_text(text), "QRY002") == [(6, 16, "QRY002")]


def test_qry003_task_input_without_from(lint_text: LintText) -> None:
    found = lint_text(one_turn("title: Process orders\nmessage: Release them"))
    assert where(found, "QRY003") == [(5, 11, "QRY003")]
    assert where(lint_text(one_turn("from: J\ntitle: Hi")), "QRY003") == []


def test_qry004_negative_timeout(lint_text: LintText) -> None:
    found = lint_text(one_turn("from: J\ntitle: Hi\ntimeout: -5"))
    assert where(found, "QRY004") == [(7, 20, "QRY004")]


def test_qry004_text_timeout(lint_text: LintText) -> None:
    assert where(lint_text(one_turn("from: J\ntitle: Hi\ntimeout: 5m")), "QRY004") == [
        (7, 20, "QRY004")
    ]


def test_qry004_whole_milliseconds_pass(lint_text: LintText) -> None:
    assert lint_text(one_turn("from: J\ntitle: Hi\ntimeout: 150000")) == []


def test_qry005_attachments_not_a_list(lint_text: LintText) -> None:
    found = lint_text(one_turn("from: J\ntitle: Hi\nattachments: invoice.pdf"))
    assert where(found, "QRY005") == [(7, 24, "QRY005")]


def test_qry005_attachment_without_file(lint_text: LintText) -> None:
    found = lint_text(one_turn("from: J\ntitle: Hi\nattachments:\n  - path: a.pdf"))
    assert where(found, "QRY005") == [(8, 15, "QRY005")]
    assert where(found, "STR001") == [(8, 15, "STR001")]


def test_qry005_file_attachments_pass(lint_text: LintText) -> None:
    text = one_turn(
        "from: J\ntitle: Hi\nattachments:\n  - file: a.pdf\n"
        "  - file:\n      action_type: sales-invoice\n      action_data: {no: 1}"
    )
    assert lint_text(text) == []


def intervention_turns(intervention_yaml: str) -> str:
    body = "\n".join("              " + line for line in intervention_yaml.splitlines())
    return (
        "tests:\n  - name: T1\n    turns:\n      - query: {from: J, title: Hi}\n"
        "        expected_data:\n          intervention_request: {type: Assistance}\n"
        f"      - query:\n            intervention:\n{body}\n        expected_data: {{}}\n"
    )


def test_qry006_intervention_without_reply(lint_text: LintText) -> None:
    text = (
        "tests:\n  - name: T1\n    turns:\n      - query: {from: J, title: Hi}\n"
        "        expected_data: {}\n      - query:\n          intervention: {}\n"
        "        expected_data: {}\n"
    )
    found = [d for d in lint_text(text) if d.code == "QRY006"]
    assert where(found) == [(7, 25, "QRY006")]
    assert "Intervention must contain either a 'suggestion' or 'instruction' element." in (
        found[0].message
    )


def test_qry007_suggestion_and_instruction(lint_text: LintText) -> None:
    found = lint_text(intervention_turns("suggestion: APPROVE\ninstruction: approve it"))
    assert where(found, "QRY007") == [(10, 15, "QRY007")]
    assert found[0].severity.value == "warning"


def test_intervention_with_one_reply_passes(lint_text: LintText) -> None:
    assert lint_text(intervention_turns("instruction: Use next Monday")) == []


def test_str001_unknown_query_key(lint_text: LintText) -> None:
    found = lint_text(one_turn("from: J\ntitle: Hi\nmesage: typo"))
    assert where(found, "STR001") == [(7, 11, "STR001")]
    assert "Did you mean 'message'?" in found[0].message


def test_str002_title_must_be_text(lint_text: LintText) -> None:
    found = lint_text(one_turn("from: J\ntitle: [a, b]"))
    assert where(found, "STR002") == [(6, 18, "STR002")]


def _task(query: str) -> str:
    return (
        f"tests:\n  - name: T1\n    turns:\n      - query: {query}\n        expected_data: {{}}\n"
    )


def test_qry008_timeout_above_the_online_maximum(lint_text: LintText) -> None:
    found = lint_text(_task("{from: J, title: Hi, timeout: 3600001}"))
    assert where(found, "QRY008") == [(4, 46, "QRY008")]
    assert where(found, "QRY004") == []
    for ok in ("3600000", "0"):
        assert where(lint_text(_task(f"{{from: J, title: Hi, timeout: {ok}}}")), "QRY008") == []


def test_qry009_from_and_title_lengths(lint_text: LintText) -> None:
    text = _task("{from: " + "F" * 251 + ", title: " + "T" * 151 + "}")
    assert where(lint_text(text), "QRY009") == [(4, 23, "QRY009"), (4, 283, "QRY009")]
    ok = _task("{from: " + "F" * 250 + ", title: " + "T" * 150 + "}")
    assert where(lint_text(ok), "QRY009") == []


def test_qry010_empty_texts(lint_text: LintText) -> None:
    found = lint_text(_task("{from: ' ', title: Hi}"))
    assert where(found, "QRY010") == [(4, 23, "QRY010")]
    reply = (
        "tests:\n  - name: T1\n    turns:\n      - query: {from: J, title: Hi}\n"
        "        expected_data: {intervention_request: {type: Assistance}}\n"
        "      - query: {intervention: {instruction: ''}}\n        expected_data: {}\n"
    )
    assert where(lint_text(reply), "QRY010") == [(6, 45, "QRY010")]


def test_qry011_attachment_file_object(lint_text: LintText) -> None:
    att = (
        "[{file: {action_type: pdf}}, {file: {action_data: x}},"
        " {file: {action_type: pdf, action_data: x}}]"
    )
    found = lint_text(_task("{from: J, title: Hi, attachments: " + att + "}"))
    assert where(found, "QRY011") == [(4, 58, "QRY011"), (4, 86, "QRY011")]
    assert "action_data does not exist" in found[0].message
    assert "ValueAsText()" in found[1].message

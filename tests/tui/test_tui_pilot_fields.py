"""Driving the editor's forms with Pilot, then checking the saved file byte for byte."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Checkbox, Input, Label, Select, TextArea
from tui_support import SAMPLE, make_editor, select, settle

from ait_datasets.tui import shape

pytestmark = pytest.mark.asyncio


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


async def test_typing_a_test_name_and_ctrl_s_saves_only_that_change(
    sample_file: Path,
) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(80, 24)) as pilot:
        await select(pilot, 0)
        app.query_one("#test-name", Input).focus()
        # Focus keeps the text (the cursor at its end); select it all to type over it.
        await pilot.press("ctrl+shift+a", "N", "E", "W", "minus", "1")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert "[modified]" not in app.sub_title
    assert read(sample_file) == SAMPLE.replace("- name: RETURN-ONE\n", "- name: NEW-1\n")


async def test_task_input_fields_are_saved_with_their_quotes_and_comments(
    sample_file: Path,
) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(80, 24)) as pilot:
        await select(pilot, 0, 0)
        app.query_one("#turn-task-title", Input).value = "Return to sender"
        app.query_one("#turn-from", Input).value = "buyer@contoso.com"
        app.query_one("#turn-timeout", Input).value = "60000"
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
    expected = (
        SAMPLE.replace('title: "Return request"', 'title: "Return to sender"')
        .replace(
            '        from: customer@contoso.com\n        title: "Return to sender"',
            '        from: buyer@contoso.com\n        title: "Return to sender"',
        )
        .replace(
            "        message: Please take the chair back by $DateFormula-<CD+5D>$.\n",
            "        message: Please take the chair back by $DateFormula-<CD+5D>$.\n"
            "        timeout: 60000\n",
        )
    )
    assert read(sample_file) == expected


async def test_a_multi_line_message_becomes_a_literal_block(
    sample_file: Path,
) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(80, 24)) as pilot:
        await select(pilot, 1, 0)
        app.query_one("#turn-message", TextArea).load_text("Two chairs.\nBoth scratched.")
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
    assert read(sample_file) == SAMPLE.replace(
        "        title: Return two\n",
        "        title: Return two\n        message: |-\n          Two chairs.\n"
        "          Both scratched.\n",
    )


async def test_switching_to_an_intervention_reply_keeps_the_message_as_instruction(
    sample_file: Path,
) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(80, 24)) as pilot:
        await select(pilot, 1, 0)
        app.query_one("#turn-message", TextArea).load_text("Approve it")
        await settle(pilot)
        app.query_one("#turn-kind", Select).value = shape.REPLY
        await settle(pilot)
        assert app.query_one("#reply-fields").display
        assert app.query_one("#turn-reply-text", Input).value == "Approve it"
        app.query_one("#turn-reply-kind", Select).value = "suggestion"
        await settle(pilot)
        app.query_one("#turn-reply-text", Input).value = "APPROVE"
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
    assert read(sample_file) == SAMPLE.replace(
        "    - query:\n        from: customer@contoso.com\n        title: Return two\n",
        "    - query:\n        intervention:\n          suggestion: APPROVE\n",
    )


async def test_expecting_a_pause_with_type_and_suggestions(
    sample_file: Path,
) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(80, 24)) as pilot:
        await select(pilot, 0, 1)
        app.query_one("#turn-pause", Checkbox).value = True
        await settle(pilot)
        assert app.query_one("#request-fields").display
        app.query_one("#turn-request-type", Select).value = "ReviewMessage"
        await settle(pilot)
        app.query_one("#turn-suggestions", TextArea).load_text("POST\nCANCEL\n")
        await settle(pilot)
        labels = [str(n.label) for n in app.dataset_tree.test_node(0).children]
        assert labels[1] == "turn 2 reply: instruction · pause"
        await pilot.press("ctrl+s")
        await settle(pilot)
    assert read(sample_file) == SAMPLE.replace(
        "      expected_data:\n        credit_memo_posted: true\n",
        "      expected_data:\n        intervention_request:\n          type: ReviewMessage\n"
        "          suggestions:\n            - POST\n            - CANCEL\n"
        "        credit_memo_posted: true\n",
    )


async def test_expected_data_and_turn_setup_yaml_fields_are_saved(
    sample_file: Path,
) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(80, 24)) as pilot:
        await select(pilot, 0, 1)
        others = app.query_one("#turn-expected", TextArea)
        assert others.text == "credit_memo_posted: true"
        others.load_text("credit_memo_posted: true\nemail_sent: true  # to the customer\n")
        app.query_one("#turn-setup", TextArea).load_text("setup_actions:\n- action_type: x\n")
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
    assert read(sample_file) == SAMPLE.replace(
        "        credit_memo_posted: true\n\n",
        "        credit_memo_posted: true\n        email_sent: true # to the customer\n"
        "      turn_setup:\n        setup_actions:\n          - action_type: x\n\n",
    )


async def test_invalid_yaml_is_shown_inline_and_never_saved(
    sample_file: Path,
) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(80, 24)) as pilot:
        await select(pilot, 0, 0)
        app.query_one("#turn-expected", TextArea).load_text("credit_memo_created: [true\n")
        await settle(pilot)
        error = app.query_one("#turn-expected-error", Label)
        assert error.display
        assert "Invalid YAML, not applied: line 2, column 1" in str(error.render())
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert read(sample_file) == SAMPLE
        # Fixing the text applies it, and then saving works.
        app.query_one("#turn-expected", TextArea).load_text("credit_memo_created: false\n")
        await settle(pilot)
        assert not error.display
        await pilot.press("ctrl+s")
        await settle(pilot)
    assert read(sample_file) == SAMPLE.replace(
        "        credit_memo_created: true\n", "        credit_memo_created: false\n"
    )


async def test_placeholder_preview_follows_the_work_date(
    sample_file: Path,
) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(80, 24)) as pilot:
        await select(pilot, 0, 0)
        body = app.query_one("#preview-body")
        assert "query.message → Please take the chair back by 2026-03-22." in str(body.render())
        await pilot.press("f2")
        assert app.focused is app.query_one("#work-date", Input)
        app.query_one("#work-date", Input).value = "2026-12-30"
        await settle(pilot)
        assert "query.message → Please take the chair back by 2027-01-04." in str(body.render())


REQUEST = "        intervention_request:\n          type: ReviewRecord # review the credit memo\n"


async def test_clearing_the_type_and_the_pause_removes_them(sample_file: Path) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(80, 24)) as pilot:
        await select(pilot, 0, 0)
        assert app.query_one("#turn-request-type", Select).value == "ReviewRecord"
        app.query_one("#turn-request-type", Select).clear()
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert read(sample_file) == SAMPLE.replace(REQUEST, "        intervention_request: {}\n")
        app.query_one("#turn-pause", Checkbox).value = False
        await settle(pilot)
        assert not app.query_one("#request-fields").display
        labels = [str(n.label) for n in app.dataset_tree.test_node(0).children]
        assert labels[0] == "turn 1 task"
        await pilot.press("ctrl+s")
        await settle(pilot)
    assert read(sample_file) == SAMPLE.replace(REQUEST, "")


async def test_description_and_attachments_are_saved(sample_file: Path) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(80, 24)) as pilot:
        await select(pilot, 1)
        app.query_one("#test-description", TextArea).load_text("Two items, one box")
        await settle(pilot)
        await select(pilot, 1, 0)
        attachments = app.query_one("#turn-attachments", TextArea)
        attachments.load_text("- file: attachments/box.png  # the photo\n")
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        # Not a list: shown inline, not applied.
        attachments.load_text("file: x.png\n")
        await settle(pilot)
        error = app.query_one("#turn-attachments-error", Label)
        assert "attachments must be a list" in str(error.render())
    assert read(sample_file) == SAMPLE.replace(
        "  description: 'Two items'\n", "  description: 'Two items, one box'\n"
    ).replace(
        "        title: Return two\n",
        "        title: Return two\n"
        "        attachments:\n"
        "          - file: attachments/box.png # the photo\n",
    )

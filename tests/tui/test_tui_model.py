"""The editor's model: surgical edits, structural edits, undo/redo, without Textual."""

from __future__ import annotations

from tui_support import SAMPLE

from ait_datasets.tui import shape
from ait_datasets.tui.model import DatasetModel


def model() -> DatasetModel:
    return DatasetModel.from_text("returns.yaml", SAMPLE)


def changed_lines(before: str, after: str) -> list[tuple[str, str]]:
    a, b = before.splitlines(), after.splitlines()
    assert len(a) == len(b)
    return [(x, y) for x, y in zip(a, b, strict=True) if x != y]


def test_typing_a_value_replaces_only_its_characters_keeping_the_quotes() -> None:
    m = model()
    m.set_value(0, ("description",), "Customer returns two chairs")
    m.set_value(0, ("turns", 1, "query", "intervention", "instruction"), "OK, post it")
    assert changed_lines(SAMPLE, m.text()) == [
        (
            '  description: "Customer returns a chair"',
            '  description: "Customer returns two chairs"',
        ),
        ('          instruction: "Approved."', '          instruction: "OK, post it"'),
    ]
    assert m.dirty


def test_plain_values_stay_plain_unless_they_need_quotes() -> None:
    m = model()
    m.set_value(1, ("turns", 0, "query", "title"), "Return three")
    m.set_value(0, ("name",), "RETURN: ONE")
    m.set_value(1, ("description",), "it's")
    assert changed_lines(SAMPLE, m.text()) == [
        ("- name: RETURN-ONE", '- name: "RETURN: ONE"'),
        ("  description: 'Two items'", "  description: 'it''s'"),
        ("        title: Return two", "        title: Return three"),
    ]


def test_placeholder_values_are_written_in_double_quotes() -> None:
    m = model()
    m.set_value(1, ("turns", 0, "query", "title"), "Due $DateFormula-<CM>$")
    assert '        title: "Due $DateFormula-<CM>$"\n' in m.text()


def test_a_missing_key_is_added_by_re_dumping_only_that_test() -> None:
    m = model()
    m.set_value(1, ("turns", 0, "query", "message"), "Two chairs")
    first, second = m.layout.chunks[0], m.chunks[1]
    assert m.chunks[0] is first  # the other test is untouched
    assert second == (
        "- name: RETURN-TWO\n"
        "  description: 'Two items'\n"
        "  turns:\n"
        "    - query:\n"
        "        from: customer@contoso.com\n"
        "        title: Return two\n"
        "        message: Two chairs\n"
        "      expected_data: {}\n"
    )


def test_typing_in_one_field_is_one_undo_step_and_redo_restores_it() -> None:
    m = model()
    for text in ("R", "RE", "RET"):
        m.set_value(0, ("name",), text)
    m.seal()
    m.set_value(0, ("description",), "x")
    assert m.undo() is not None
    assert "- name: RET\n" in m.text() and '"Customer returns a chair"' in m.text()
    assert m.undo() is not None
    assert m.text() == SAMPLE and not m.dirty
    assert m.undo() is None
    m.redo()
    assert "- name: RET\n" in m.text()


def test_tests_are_added_duplicated_moved_and_deleted() -> None:
    m = model()
    index = m.add_test(0)
    assert index == 1 and len(m) == 3
    assert m.chunks[1] == (
        "- name: RETURN-THREE\n"
        "  description: ''\n"
        "  turns:\n"
        "    - query:\n"
        "        from: ''\n"
        "        title: ''\n"
        "        message: ''\n"
        "      expected_data: {}\n"
    )
    # The comment before RETURN-TWO moved with it, after the new test.
    assert m.chunks[2] == "\n# Second test keeps its comment.\n" + m.layout.chunks[1]
    copy = m.duplicate_test(2)
    assert copy == 3 and m.chunks[3].startswith("- name: RETURN-TWO-COPY\n")
    assert m.move_test(3, -1) == 2
    assert m.move_test(2, -1) == 1
    assert [m.name(i) for i in range(len(m))] == [
        "RETURN-ONE",
        "RETURN-TWO-COPY",
        "RETURN-THREE",
        "RETURN-TWO",
    ]
    m.delete_test(2)
    assert [m.name(i) for i in range(len(m))] == ["RETURN-ONE", "RETURN-TWO-COPY", "RETURN-TWO"]
    # RETURN-TWO is untouched: its comment and bytes are as they were.
    assert m.text().endswith("\n# Second test keeps its comment.\n" + m.layout.chunks[1])


def test_turns_are_added_duplicated_moved_and_deleted() -> None:
    m = model()
    assert m.add_turn(1) == 1
    assert [t.kind for t in m.summary(1).turns] == [shape.TASK, shape.REPLY]
    assert m.duplicate_turn(0, 0) == 1
    assert len(m.summary(0).turns) == 3
    assert m.move_turn(0, 2, -2) == 0
    assert [t.kind for t in m.summary(0).turns] == [shape.REPLY, shape.TASK, shape.TASK]
    m.delete_turn(0, 0)
    assert [t.kind for t in m.summary(0).turns] == [shape.TASK, shape.TASK]
    assert "# 1st turn: the customer asks." in m.text()


def test_adding_a_turn_to_a_single_turn_test_moves_its_query_into_turns() -> None:
    m = DatasetModel.from_text(
        "flat.yaml",
        "tests:\n- name: FLAT\n  query:\n    title: T\n    from: a@b.c\n  expected_data: {}\n",
    )
    assert m.summary(0).flat
    m.add_turn(0, 0)
    assert m.text() == (
        "tests:\n- name: FLAT\n  turns:\n"
        "    - query:\n        title: T\n        from: a@b.c\n      expected_data: {}\n"
        "    - query:\n        intervention:\n          instruction: ''\n"
        "      expected_data: {}\n"
    )


def test_adding_a_turn_to_a_flat_copilot_test_moves_every_turn_key_into_turn_one() -> None:
    # With turns:, GetContext and GetGroundTruth read the current turn (codeunit 149043):
    # left on the test they would no longer be read.
    m = DatasetModel.from_text(
        "flat.yaml",
        "tests:\n- name: Q1\n  question: Why?\n  context: Because.\n  ground_truth: 'yes'\n"
        "  expected_data: {}\n",
    )
    m.add_turn(0, 0, kind=shape.QUESTION, texts={"question": "And then?"})
    assert m.text() == (
        "tests:\n- name: Q1\n  turns:\n"
        "    - question: Why?\n      context: Because.\n      ground_truth: 'yes'\n"
        "      expected_data: {}\n"
        "    - question: And then?\n      expected_data: {}\n"
    )
    assert m.summary(0).copilot


def test_switching_query_kind_keeps_the_words_and_restores_the_rest() -> None:
    m = model()
    stash: dict[str, object] = {}
    m.update(0, lambda t: shape.switch_kind(t["turns"][0], shape.REPLY, stash))
    query = m.test(0)["turns"][0]["query"]
    assert dict(query["intervention"]) == {
        "instruction": "Please take the chair back by $DateFormula-<CD+5D>$."
    }
    assert "title" not in query
    m.update(0, lambda t: shape.switch_kind(t["turns"][0], shape.TASK, stash))
    query = m.test(0)["turns"][0]["query"]
    assert dict(query) == {
        "from": "customer@contoso.com",
        "title": "Return request",
        "message": "Please take the chair back by $DateFormula-<CD+5D>$.",
    }


def test_windows_line_endings_are_kept_in_edited_tests() -> None:
    text = SAMPLE.replace("\n", "\r\n")
    m = DatasetModel.from_text("crlf.yaml", text)
    m.add_turn(1)
    out = m.text()
    assert out.count("\r\n") == out.count("\n")
    assert out.startswith(text[: text.index("- name: RETURN-TWO")])


def test_saved_state_is_tracked_for_the_unsaved_marker() -> None:
    m = model()
    m.set_value(0, ("name",), "X")
    m.mark_saved()
    assert not m.dirty
    m.undo()
    assert m.dirty


def test_a_duplicated_turn_does_not_repeat_the_comment_introducing_the_next_turn() -> None:
    m = model()
    m.duplicate_turn(0, 0)
    text = m.text()
    assert text.count("# 2nd turn: the user approves.") == 1
    assert text.count("type: ReviewRecord # review the credit memo") == 2
    assert (
        "        credit_memo_created: true\n"
        "    # 2nd turn: the user approves.\n"
        "    - query:\n"
        "        intervention:\n"
    ) in text

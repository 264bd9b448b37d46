"""The migrations on plain data, and how a title is taken from a message."""

from __future__ import annotations

from ait_datasets.migrate.rules import migrate_test, migrate_tests_in, title_from
from ait_datasets.schema.vocabulary import MAX_TASK_TITLE


def test_title_is_the_first_non_empty_line() -> None:
    title = title_from("\n  Process the order  \nShip it Friday\n")
    assert (title.text, title.cut, title.first_line_only) == ("Process the order", False, True)


def test_title_is_cut_to_the_limit_at_a_word_boundary() -> None:
    title = title_from("word " * 60)
    assert title.cut
    assert len(title.text) <= MAX_TASK_TITLE
    assert title.text.endswith("word")


def test_title_cut_never_splits_a_placeholder() -> None:
    message = "x" * 140 + " $DateFormula-<CW+1M+1D>$ tail"
    title = title_from(message)
    assert title.text == "x" * 140


def test_flat_test_becomes_one_turn_at_the_first_flat_key() -> None:
    test = {"name": "T", "test_setup": {"a": 1}, "description": "d", "question": "Go"}
    assert migrate_test(test, None) == {
        "name": "T",
        "turns": [{"turn_setup": {"a": 1}, "query": {"title": "Go", "message": "Go"}}],
        "description": "d",
    }
    assert list(migrate_test(test, None)) == ["name", "turns", "description"]


def test_question_object_gets_title_before_message_and_sender_first() -> None:
    turn = {"question": {"message": "Hi there", "timeout": 5}}
    result = migrate_test({"turns": [turn]}, "Jane")
    query = result["turns"][0]["query"]  # type: ignore[index]
    assert list(query) == ["from", "title", "message", "timeout"]
    assert query["title"] == "Hi there"


def test_conflicting_keys_and_odd_questions_are_left_alone() -> None:
    turn = {"question": "old", "query": {"title": "new"}, "test_setup": 1, "turn_setup": 2}
    assert migrate_test({"turns": [turn]}, None) == {"turns": [turn]}
    for odd in (None, "", "  ", 42, ["a"]):
        assert migrate_test({"turns": [{"question": odd}]}, None) == {"turns": [{"question": odd}]}


def test_continuations_get_no_sender() -> None:
    turn = {"query": {"intervention": {"instruction": "go"}}}
    assert migrate_test({"turns": [turn]}, "Jane") == {"turns": [turn]}


def test_documents_are_walked_like_the_importer() -> None:
    setup = {"suite_setup": {"question": "x"}}
    assert migrate_tests_in(setup, None) == setup
    wrapped = {"tests": [{"testInput": {"question": "Go"}}]}
    assert migrate_tests_in(wrapped, None) == {
        "tests": [{"testInput": {"turns": [{"query": {"title": "Go", "message": "Go"}}]}}]
    }
    shared = {"question": "Go"}  # a YAML alias shares its data
    data = {"tests": [{"turns": [shared]}, {"turns": [shared]}]}
    migrated = migrate_tests_in(data, "Jane")
    assert shared == {"question": "Go"}  # the input is never changed
    turn = {"query": {"from": "Jane", "title": "Go", "message": "Go"}}
    assert migrated == {"tests": [{"turns": [turn]}, {"turns": [turn]}]}


def test_no_part_of_the_input_is_changed_whatever_the_shape() -> None:
    import copy

    question = {"from": "J", "message": "Process order 1"}
    documents: list[object] = [
        {"tests": [{"name": "A", "test_setup": {"x": [1]}, "question": question}]},
        {"tests": [{"turns": [{"question": "Go", "test_setup": {}}, {"query": {"title": "T"}}]}]},
        {"tests": {"testInput": {"question": question, "expected_data": {"a": [1, {"b": 2}]}}}},
        [{"question": "x"}, {"testInput": {"question": "y"}}],
        {"question": "top level", "expected_data": None},
    ]
    for data in documents:
        before = copy.deepcopy(data)
        migrate_tests_in(data, "Jane")
        assert data == before

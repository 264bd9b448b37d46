"""Combinations the framework cannot run are refused when they are built."""

from __future__ import annotations

import re

import pytest

from ait_datasets import dsl
from ait_datasets.dsl import DatasetBuildError


def _raises(match: str) -> pytest.RaisesContext[DatasetBuildError]:
    return pytest.raises(DatasetBuildError, match=re.escape(match))


def test_query_with_both_title_and_intervention() -> None:
    with _raises("Query cannot contain both 'title' and 'intervention' elements"):
        dsl.query(title="Process", from_="Jane", instruction="Use next month")


def test_query_with_neither_title_nor_intervention() -> None:
    with _raises("Query must contain either a 'title' (task input) or 'intervention' element"):
        dsl.query(from_="Jane")


def test_task_query_without_from() -> None:
    with _raises("a task query needs from_: without 'from' the framework creates no task"):
        dsl.query(title="Process")


def test_intervention_reply_with_a_message() -> None:
    with _raises("an intervention reply has no message"):
        dsl.query(instruction="Use next month", message="hello")


def test_intervention_reply_with_both_suggestion_and_instruction() -> None:
    with _raises("give suggestion or instruction, not both"):
        dsl.query(suggestion="A", instruction="B")


@pytest.mark.parametrize(
    ("given", "hint"),
    [
        ("Review", "the documentation's 'Review' is 'ReviewRecord' in the code"),
        ("Message", "the documentation's 'Message' is 'ReviewMessage' in the code"),
        ("assistance", "did you mean 'Assistance'?"),
        ("ReviewRecrd", "did you mean 'ReviewRecord'?"),
    ],
)
def test_unknown_intervention_type_names_the_right_value(given: str, hint: str) -> None:
    with _raises(
        f"unknown intervention type {given!r} ({hint}); the framework accepts "
        "Assistance, ReviewRecord, ReviewMessage (exact case)"
    ):
        dsl.expect(given)


def test_suggestions_must_be_a_list() -> None:
    with _raises("suggestions is a list of suggestion codes, not one string"):
        dsl.intervention_request("Assistance", suggestions="APPROVE")


def test_negative_timeout() -> None:
    with _raises("The task timeout cannot be negative."):
        dsl.task("T", from_="F", timeout=-1)
    with _raises("The task timeout cannot be negative."):
        dsl.suggestion("A", timeout=-5)
    with _raises("timeout is a whole number of milliseconds, not 2.5"):
        dsl.instruction("go", timeout=2.5)  # type: ignore[arg-type]


def test_title_longer_than_the_task_title_field() -> None:
    with _raises("the task title is 151 characters; an agent task title holds at most 150"):
        dsl.task("T" * 151, from_="F")


def test_agent_test_needs_turns_and_must_start_with_a_task() -> None:
    with _raises("agent test 'T1' needs at least one turn"):
        dsl.agent_test("T1")
    with _raises("agent test 'T1': the first turn must start a task"):
        dsl.agent_test("T1", dsl.turn(dsl.instruction("go on")))


def test_agent_test_rejects_a_flat_query() -> None:
    turn = dsl.turn(dsl.task("T", from_="F"))
    # The schema's text since a flat test became valid and only the mixed form an error.
    with _raises("'expected_data' beside 'turns:' is never read: move it into a turn"):
        dsl.agent_test("T1", turn, expected_data={})


def test_copilot_test_rejects_query() -> None:
    with _raises("Copilot test 'Q1': 'query' makes it an agent test"):
        dsl.copilot_test("Q1", query="What?")


def test_test_names_must_be_unique_ignoring_case() -> None:
    a = dsl.copilot_test("Order-1", question="a")
    b = dsl.copilot_test("ORDER-1", question="b")
    with _raises("test names 'Order-1' and 'ORDER-1' are the same for the importer"):
        dsl.dataset(a, b)


def test_description_longer_than_the_framework_keeps() -> None:
    with _raises("test 'Q1': the description is 2049 characters; the framework keeps only 2048"):
        dsl.copilot_test("Q1", description="D" * 2049, question="q")


def test_test_name_longer_than_100_characters() -> None:
    with _raises("name is longer than 100 characters"):
        dsl.copilot_test("N" * 101, question="q")


def test_turn_query_must_come_from_a_query_builder() -> None:
    with _raises("a turn's query is built with task(), suggestion() or instruction()"):
        dsl.turn({"title": "T", "from": "F"})  # type: ignore[arg-type]


def test_write_refuses_a_suffix_the_importer_skips(tmp_path: object) -> None:
    data = dsl.dataset(dsl.copilot_test("Q1", question="q"))
    with _raises("x.yml: dataset files must end in '.yaml' (lower case)"):
        dsl.write(data, "x.yml")


def test_reading_a_broken_file_says_where(tmp_path: pytest.TempPathFactory) -> None:
    text = "tests:\n  - name: T1\n    turns:\n      - query:\n          title: Go\n"
    with pytest.raises(DatasetBuildError) as exc:
        dsl.from_yaml(text, "bad.yaml")
    assert str(exc.value) == "bad.yaml:5:11: tests[0].turns[0].query: 'from' is required here"


def test_reading_an_unknown_key_says_where() -> None:
    text = "tests:\n  - name: T1\n    turns:\n      - query: {from: a, title: b}\n" + (
        "        expected_date: {}\n"
    )
    with pytest.raises(DatasetBuildError) as exc:
        dsl.from_yaml(text, "bad.yaml")
    assert str(exc.value) == "bad.yaml:4:9: tests[0].turns[0]: 'expected_data' is required here"

"""Copilot (non-agent) datasets: rows named by what they ask, and a form that fits them,
for a flat test and for each turn of a test with turns; YAML typed there that does not
parse is kept as an unapplied change, as in the agent form (Pilot)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from textual.containers import Vertical
from textual.pilot import Pilot
from textual.widgets import ContentSwitcher, Input, Label, TextArea
from tui_support import make_editor, select, settle

from ait_datasets.tui.app import DatasetEditor
from ait_datasets.tui.screens import ConfirmQuit
from ait_datasets.tui.widgets.copilot_form import CopilotForm

pytestmark = pytest.mark.asyncio

JSONL = (
    '{"question": "What is the credit limit of customer 10000?", "ground_truth": "5000"}\n'
    '{"context": "Customer 20000 is blocked.", "question": ""}\n'
    '{"name": "NAMED", "question": "Which items are blocked?", "expected_data": {"n": 2}}\n'
)
COPILOT_YAML = """\
tests:
  - name: Q1
    question: What is the credit limit of customer 10000?
    context: Customer 10000 has a credit limit of 5000.
    expected_data:
      answer: 5000
  - name: AGENT
    query:
      from: a@b.c
      title: T
    expected_data: {}
"""


def labels(app: object) -> list[str]:
    from ait_datasets.tui.app import DatasetEditor

    assert isinstance(app, DatasetEditor)
    return [app.model.name(i) for i in range(len(app.model))]


async def test_jsonl_rows_are_named_by_their_name_question_or_first_field(
    tmp_path: Path,
) -> None:
    path = tmp_path / "questions.jsonl"
    path.write_text(JSONL, encoding="utf-8")
    app = make_editor(path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert labels(app) == [
            "What is the credit limit of customer 10000?",
            "context: Customer 20000 is blocked.",
            "NAMED",
        ]
        tree_text = [str(node.label) for node in app.dataset_tree.root.children]
        assert not any("(unnamed)" in t for t in tree_text)


async def test_a_copilot_row_opens_in_the_copilot_form_and_edits_its_keys(
    tmp_path: Path,
) -> None:
    path = tmp_path / "questions.jsonl"
    path.write_text(JSONL, encoding="utf-8")
    app = make_editor(path)
    async with app.run_test(size=(100, 40)) as pilot:
        await select(pilot, 0)
        assert app.query_one(ContentSwitcher).current == "copilot-form"
        form = app.query_one(CopilotForm)
        question = form.query_one("#copilot-question", TextArea)
        assert question.text == "What is the credit limit of customer 10000?"
        assert form.query_one("#copilot-ground_truth", TextArea).text == "5000"
        assert form.query_one("#copilot-name", Input).value == ""
        context = form.query_one("#copilot-context", TextArea)
        context.focus()
        await pilot.press(*"Limit 5000.")
        await settle(pilot)
        await select(pilot, 2)
        assert form.query_one("#copilot-expected_data", TextArea).text == '{"n": 2}'
    first = app.model.text().splitlines()[0]
    assert first == (
        '{"question": "What is the credit limit of customer 10000?", "ground_truth": "5000", '
        '"context": "Limit 5000."}'
    )


async def test_a_copilot_yaml_test_gets_the_copilot_form_an_agent_test_the_test_form(
    tmp_path: Path,
) -> None:
    path = tmp_path / "copilot.yaml"
    path.write_text(COPILOT_YAML, encoding="utf-8")
    app = make_editor(path)
    async with app.run_test(size=(100, 40)) as pilot:
        await select(pilot, 0)
        assert app.query_one(ContentSwitcher).current == "copilot-form"
        form = app.query_one(CopilotForm)
        context = form.query_one("#copilot-context", TextArea)
        assert context.text == "Customer 10000 has a credit limit of 5000."
        context.load_text("")  # emptied: the key goes
        context.post_message(TextArea.Changed(context))
        await settle(pilot)
        assert "context:" not in app.model.text()
        await select(pilot, 1)
        assert app.query_one(ContentSwitcher).current == "test-form"
        assert isinstance(app.query_one("#test-form"), Vertical)


# A Copilot test with turns (the shape of the toolkit's MultiTurnInput sample), a flat one.
COPILOT_TURNS = """\
name: QUOTES
tests:
  - name: QUOTE1
    description: first quote
    turns:
      - question: What does item 1000 cost?
        context: Item 1000 costs 10.
        ground_truth: "10"
        test_setup:
          item: "1000"
      - question: And item 2000?
        subject: prices
        expected_data:
          price: 20
  - name: FLAT
    question: Is customer 10000 blocked?
    expected_data: {}
"""


@pytest.fixture
def turns_file(tmp_path: Path) -> Path:
    path = tmp_path / "quotes.yaml"
    path.write_text(COPILOT_TURNS, encoding="utf-8")
    return path


def rendered(app: DatasetEditor, selector: str) -> str:
    return str(app.query_one(selector, Label).render())


async def test_a_copilot_test_with_turns_shows_its_turns_in_the_copilot_form(
    turns_file: Path,
) -> None:
    app = make_editor(turns_file)
    async with app.run_test(size=(100, 40)) as pilot:
        await select(pilot, 0)
        # The test: its name and description; the turns hold what AITTestContext reads.
        assert app.query_one(ContentSwitcher).current == "test-form"
        assert rendered(app, "#test-note").startswith("A Copilot AI test with 2 turns:")
        await select(pilot, 0, 0)
        assert app.query_one(ContentSwitcher).current == "copilot-form"
        form = app.query_one(CopilotForm)
        assert form.target == (0, 0)
        assert rendered(app, "#copilot-title") == "Turn 1 of a Copilot test"
        assert not form.query_one("#copilot-name-row").display
        assert not form.query_one("#copilot-description-row").display
        fields = {
            key: form.query_one(f"#copilot-{key}", TextArea).text
            for key in ("question", "context", "ground_truth", "expected_data", "test_setup")
        }
        assert fields == {
            "question": "What does item 1000 cost?",
            "context": "Item 1000 costs 10.",
            "ground_truth": "10",
            "expected_data": "",
            "test_setup": 'item: "1000"',
        }
        await select(pilot, 0, 1)
        assert form.target == (0, 1)
        assert form.query_one("#copilot-question", TextArea).text == "And item 2000?"
        assert form.query_one("#copilot-expected_data", TextArea).text == "price: 20"
        # A key the form does not show is named, for F3.
        assert "Also here: subject." in rendered(app, "#copilot-note")
        # Typed into turn 2: written into turn 2 (a new key at the turn's end), in place.
        context = form.query_one("#copilot-context", TextArea)
        context.focus()
        await pilot.press(*"Twenty.")
        question = form.query_one("#copilot-question", TextArea)
        question.focus()
        await pilot.press("end", "!")
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
    assert turns_file.read_text(encoding="utf-8") == COPILOT_TURNS.replace(
        "      - question: And item 2000?\n",
        "      - question: And item 2000?!\n",
    ).replace(
        "          price: 20\n",
        "          price: 20\n        context: Twenty.\n",
    )


async def test_a_copilot_turns_emptied_field_removes_its_key_and_yaml_applies(
    turns_file: Path,
) -> None:
    app = make_editor(turns_file)
    async with app.run_test(size=(100, 40)) as pilot:
        await select(pilot, 0, 0)
        form = app.query_one(CopilotForm)
        ground_truth = form.query_one("#copilot-ground_truth", TextArea)
        ground_truth.load_text("")
        ground_truth.post_message(TextArea.Changed(ground_truth))
        setup = form.query_one("#copilot-test_setup", TextArea)
        setup.load_text("item: '2000'\n")
        setup.post_message(TextArea.Changed(setup))
        await settle(pilot)
        turn = app.model.test(0)["turns"][0]
        assert "ground_truth" not in turn
        assert dict(turn["test_setup"]) == {"item": "2000"}
        # The test itself did not gain the keys.
        assert "test_setup" not in app.model.test(0)


async def test_an_agent_test_with_turns_keeps_the_agent_turn_form(tmp_path: Path) -> None:
    path = tmp_path / "copilot.yaml"
    path.write_text(
        COPILOT_YAML.replace(
            "  - name: AGENT\n    query:\n      from: a@b.c\n      title: T\n"
            "    expected_data: {}\n",
            "  - name: AGENT\n    turns:\n      - question: Hello\n        expected_data: {}\n"
            "      - query:\n          intervention:\n            instruction: go\n"
            "        expected_data: {}\n",
        ),
        encoding="utf-8",
    )
    app = make_editor(path)
    async with app.run_test(size=(100, 40)) as pilot:
        # One turn answers a pause (a query object): an agent test, all its turns agent turns.
        await select(pilot, 1, 0)
        assert app.query_one(ContentSwitcher).current == "turn-form"
        await select(pilot, 1)
        assert rendered(app, "#test-note") == "2 turns; press t to add one."


BROKEN = "n: [1, 2\n"
BROKEN_PROBLEM = "2:1: expected ',' or ']', but got '<stream end>'"


async def type_flat_expected(pilot: Pilot[None], app: DatasetEditor) -> TextArea:
    """The flat Copilot test's expected_data (its test node), an unclosed flow list."""
    await select(pilot, 1)
    area = app.query_one("#copilot-expected_data", TextArea)
    area.text = BROKEN
    await settle(pilot)
    return area


async def type_turn_setup(pilot: Pilot[None], app: DatasetEditor) -> TextArea:
    """The test_setup of turn 1 of the Copilot test with turns, an unclosed flow list."""
    await select(pilot, 0, 0)
    area = app.query_one("#copilot-test_setup", TextArea)
    area.text = BROKEN
    await settle(pilot)
    return area


Typing = Callable[[Pilot[None], DatasetEditor], Awaitable[TextArea]]
WHERE = [
    pytest.param(type_flat_expected, "the expected_data of test FLAT", id="flat-test"),
    pytest.param(type_turn_setup, "the test_setup of turn 1 of test QUOTE1", id="turn"),
]


def notices(app: DatasetEditor) -> list[str]:
    return [n.message for n in app._notifications]


@pytest.mark.parametrize(("typing", "what"), WHERE)
async def test_copilot_yaml_that_does_not_parse_is_a_change_that_is_not_saved(
    turns_file: Path, typing: Typing, what: str
) -> None:
    app = make_editor(turns_file)
    async with app.run_test(size=(120, 40)) as pilot:
        area = await typing(pilot, app)
        assert not app.model.dirty  # the document itself did not change
        assert app.sub_title == "quotes.yaml [modified]"
        assert rendered(app, f"#{area.id}-error").startswith("Invalid YAML, not applied:")
        # The cursor goes elsewhere and comes back: the text is still there.
        here = app.dataset_tree.current
        await select(pilot, None)
        await select(pilot, *here)
        assert area.text == BROKEN
        await pilot.press("ctrl+s")
        await settle(pilot)
        refusals = [m for m in notices(app) if m.startswith("not saved:")]
        assert refusals == [
            f"not saved: {what} is not valid YAML ({BROKEN_PROBLEM}); fix it or undo "
            "(ctrl+z). The file was not changed."
        ]
        await pilot.press("ctrl+q")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmQuit)
        assert app.is_running
    assert turns_file.read_text(encoding="utf-8") == COPILOT_TURNS


@pytest.mark.parametrize(("typing", "what"), WHERE)
async def test_undo_drops_copilot_yaml_that_does_not_parse(
    turns_file: Path, typing: Typing, what: str
) -> None:
    app = make_editor(turns_file)
    async with app.run_test(size=(120, 40)) as pilot:
        area = await typing(pilot, app)
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert area.text != BROKEN
        assert app.sub_title == "quotes.yaml"
        assert f"Undo: {what}, which was not applied" in notices(app)
        await pilot.press("ctrl+q")
        await settle(pilot)
    assert app.return_code == 0
    assert turns_file.read_text(encoding="utf-8") == COPILOT_TURNS


async def test_a_flat_copilot_tests_turn_node_edits_the_test_and_shares_its_unapplied_text(
    turns_file: Path,
) -> None:
    app = make_editor(turns_file)
    async with app.run_test(size=(120, 40)) as pilot:
        await type_flat_expected(pilot, app)
        await select(pilot, 1, 0)
        form = app.query_one(CopilotForm)
        assert form.target == (1, None)  # the test itself: a flat test is its own turn
        assert rendered(app, "#copilot-title") == "Turn 1 of a Copilot test (single-turn test)"
        area = form.query_one("#copilot-expected_data", TextArea)
        assert area.text == BROKEN
        area.text = "n: [1, 2]\n"
        await settle(pilot)
        assert not app.unapplied
        await pilot.press("ctrl+s")
        await settle(pilot)
    assert turns_file.read_text(encoding="utf-8") == COPILOT_TURNS.replace(
        "    expected_data: {}\n", "    expected_data:\n      n: [1, 2]\n"
    )

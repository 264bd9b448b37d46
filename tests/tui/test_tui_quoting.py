"""A text typed into a one-line field is saved in the style its author gave it: plain stays
plain unless YAML needs quotes for the final text, quoted stays quoted. Quotes the text
needed only for a moment while it was typed (after "T ", after the "4" of "42 apples")
do not stay (Pilot and the model, typing key by key)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, TextArea
from tui_support import SAMPLE, make_editor, select, settle

from ait_datasets.tui.model import DatasetModel

pytestmark = pytest.mark.asyncio

TITLE = ("turns", 0, "query", "title")

ONE_TEST = """\
name: SR
tests:
  - name: T1
    description: 'Two items'
    turns:
      - query:
          from: user
          title: T
          message: Hello
"""


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def typed(model: DatasetModel, path: tuple[str | int, ...], text: str) -> None:
    """Type ``text`` after the value at ``path`` of the first test, key by key (each key
    sets the whole value, as a field's change does)."""
    start = model.test(0)
    for part in path:
        start = start[part]
    for end in range(1, len(text) + 1):
        model.set_value(0, path, str(start) + text[:end], turn=0)


@pytest.mark.parametrize(
    ("path", "text", "line"),
    [
        (TITLE, " Hi there", "          title: T Hi there\n"),
        (("turns", 0, "query", "message"), " world, hi", "          message: Hello world, hi\n"),
        (("name",), " plus", "  - name: T1 plus\n"),
        # The author's single quotes stay.
        (("description",), " and more", "    description: 'Two items and more'\n"),
        # Quotes when YAML needs them for the final text.
        (TITLE, " ", '          title: "T "\n'),
        (TITLE, ": a", '          title: "T: a"\n'),
        (TITLE, " #1", '          title: "T #1"\n'),
        (TITLE, " $DateFormula-<CD>$", '          title: "T $DateFormula-<CD>$"\n'),
    ],
)
async def test_the_final_text_and_the_authors_style_decide_the_quotes(
    path: tuple[str | int, ...], text: str, line: str
) -> None:
    model = DatasetModel.from_text("t.yaml", ONE_TEST)
    typed(model, path, text)
    assert line in model.text()


async def test_a_text_that_read_as_a_number_for_a_moment_is_saved_plain() -> None:
    model = DatasetModel.from_text("t.yaml", ONE_TEST)
    model.set_value(0, TITLE, "", turn=0)
    assert '          title: ""\n' in model.text()
    typed(model, TITLE, "42 apples")
    assert "          title: 42 apples\n" in model.text()


async def test_a_placeholder_typed_then_deleted_leaves_the_text_plain() -> None:
    model = DatasetModel.from_text("t.yaml", ONE_TEST)
    typed(model, TITLE, " $DateFormula-<CD>$")
    for end in range(len("T $DateFormula-<CD>$"), len("T"), -1):  # backspace
        model.set_value(0, TITLE, "T $DateFormula-<CD>$"[: end - 1], turn=0)
    typed(model, TITLE, "oday")
    assert "          title: Today\n" in model.text()


async def test_the_file_keys_keep_their_authors_style() -> None:
    model = DatasetModel.from_text("t.yaml", ONE_TEST)
    for end in range(1, len(" 2026 plan") + 1):
        model.set_file_value("name", "SR" + " 2026 plan"[:end])
    assert model.text().startswith("name: SR 2026 plan\n")
    model.set_file_value("name", "")
    for end in range(1, len("2026 plan") + 1):
        model.set_file_value("name", "2026 plan"[:end])
    assert model.text().startswith("name: 2026 plan\n")


async def test_a_plain_title_typed_with_spaces_is_saved_plain(sample_file: Path) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(100, 40)) as pilot:
        await select(pilot, 1, 0)
        app.query_one("#turn-task-title", Input).focus()
        await pilot.press("end", "ctrl+u", *"T Hi there")
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
    assert read(sample_file) == SAMPLE.replace("title: Return two\n", "title: T Hi there\n")


async def test_each_form_keeps_plain_plain_and_quoted_quoted(sample_file: Path) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(100, 40)) as pilot:
        await select(pilot, None)  # the file form
        app.query_one("#file-name", Input).focus()
        await pilot.press("end", *" all")
        await select(pilot, 1)  # the test form
        app.query_one("#test-name", Input).focus()
        await pilot.press("end", *" B")
        area = app.query_one("#test-description", TextArea)
        area.focus()
        area.move_cursor(area.document.end)
        await pilot.press(*" and one box")
        await select(pilot, 0, 0)  # the turn form, a title the author quoted
        app.query_one("#turn-task-title", Input).focus()
        await pilot.press("end", *" for a chair")
        app.query_one("#turn-from", Input).focus()
        await pilot.press("end", *" et al")
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
    assert read(sample_file) == (
        SAMPLE.replace("name: SR-SAMPLE\n", "name: SR-SAMPLE all\n")
        .replace("- name: RETURN-TWO\n", "- name: RETURN-TWO B\n")
        .replace("'Two items'", "'Two items and one box'")
        .replace('"Return request"', '"Return request for a chair"')
        .replace(
            '        from: customer@contoso.com\n        title: "Return',
            '        from: customer@contoso.com et al\n        title: "Return',
        )
    )


async def test_a_trailing_space_left_behind_does_not_stay_quoted(sample_file: Path) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(100, 40)) as pilot:
        await select(pilot, 1, 0)
        app.query_one("#turn-task-title", Input).focus()
        await pilot.press("end", "space")
        await settle(pilot)
        assert '        title: "Return two "\n' in app.model.text()
        # Another field, another node, a save and an undo of other typing in between.
        app.query_one("#turn-from", Input).focus()
        await pilot.press("end", "x")
        await pilot.press("ctrl+s")
        await settle(pilot)
        await pilot.press("escape")
        await select(pilot, 0)
        app.query_one("#test-name", Input).focus()
        await pilot.press("end", "y")
        await pilot.press("escape")
        await pilot.press("ctrl+z")
        await settle(pilot)
        await select(pilot, 1, 0)
        app.query_one("#turn-task-title", Input).focus()
        await pilot.press("end", *"and one box")
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
    assert read(sample_file) == SAMPLE.replace(
        "        from: customer@contoso.com\n        title: Return two\n",
        "        from: customer@contoso.comx\n        title: Return two and one box\n",
    )


COPILOT = """\
tests:
  - name: Q1
    question: What is the credit limit of customer 10000?
    expected_data:
      answer: 5000
"""


async def test_copilot_texts_typed_and_added_are_saved_plain(tmp_path: Path) -> None:
    path = tmp_path / "copilot.yaml"
    path.write_text(COPILOT, encoding="utf-8")
    app = make_editor(path)
    async with app.run_test(size=(100, 40)) as pilot:
        await select(pilot, 0)
        area = app.query_one("#copilot-question", TextArea)
        area.focus()
        area.move_cursor(area.document.end)
        await pilot.press(*" Say it in words")
        # A key the test does not have yet, whose first character reads as a number.
        app.query_one("#copilot-ground_truth", TextArea).focus()
        await pilot.press(*"5000 dollars")
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
    assert (
        read(path)
        == COPILOT.replace("10000?\n", "10000? Say it in words\n")
        + "    ground_truth: 5000 dollars\n"
    )

"""Text typed into the raw view (F3) or a YAML field that does not apply is a change all
the same: `[modified]` shows, quit asks, save says what it cannot save and writes nothing,
and the text stays in its field, also after the tree's cursor went elsewhere (Pilot)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import TextArea
from tui_support import SAMPLE, make_editor, select, settle

from ait_datasets.tui.app import DatasetEditor
from ait_datasets.tui.screens import ConfirmQuit

pytestmark = pytest.mark.asyncio

BROKEN_RAW = "  notes: [\n"
BROKEN_SETUP = "orders: [1, 2\n"


async def type_raw(pilot: Pilot[None], app: DatasetEditor) -> TextArea:
    """The second test's raw text, with an unclosed flow list added."""
    await select(pilot, 1)
    await pilot.press("f3")
    await settle(pilot)
    area = app.query_one("#raw-text", TextArea)
    area.text = area.text + BROKEN_RAW
    await settle(pilot)
    return area


async def type_setup(pilot: Pilot[None], app: DatasetEditor) -> TextArea:
    """The second test's turn setup, an unclosed flow list."""
    await select(pilot, 1, 0)
    area = app.query_one("#turn-setup", TextArea)
    area.text = BROKEN_SETUP
    await settle(pilot)
    return area


Typing = Callable[[Pilot[None], DatasetEditor], Awaitable[TextArea]]
RAW_PROBLEM = (
    "9:1: YAML syntax error: did not find expected node content (while parsing a flow node)."
    " The framework fails the import with 'The data does not represent valid YAML.'"
)
SETUP_PROBLEM = "2:1: expected ',' or ']', but got '<stream end>'"
# How the text is typed, the text, what the refusal calls it and why it does not apply.
WHERE = [
    pytest.param(type_raw, BROKEN_RAW, "the raw text of test RETURN-TWO", RAW_PROBLEM, id="raw"),
    pytest.param(
        type_setup,
        BROKEN_SETUP,
        "the turn_setup of turn 1 of test RETURN-TWO",
        SETUP_PROBLEM,
        id="field",
    ),
]


def notices(app: DatasetEditor) -> list[str]:
    return [n.message for n in app._notifications]


@pytest.mark.parametrize(("typing", "typed", "what", "problem"), WHERE)
async def test_unapplied_text_shows_as_modified(
    sample_file: Path, typing: Typing, typed: str, what: str, problem: str
) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(120, 40)) as pilot:
        await typing(pilot, app)
        assert not app.model.dirty  # the document itself did not change
        assert app.sub_title == "returns.yaml [modified]"


@pytest.mark.parametrize(("typing", "typed", "what", "problem"), WHERE)
async def test_quit_asks_about_unapplied_text(
    sample_file: Path, typing: Typing, typed: str, what: str, problem: str
) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(120, 40)) as pilot:
        await typing(pilot, app)
        await pilot.press("ctrl+q")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmQuit)
        assert app.is_running


@pytest.mark.parametrize(("typing", "typed", "what", "problem"), WHERE)
async def test_save_says_what_it_cannot_save_and_writes_nothing(
    sample_file: Path, typing: Typing, typed: str, what: str, problem: str
) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(120, 40)) as pilot:
        area = await typing(pilot, app)
        here = app.dataset_tree.current
        # The cursor goes elsewhere and comes back: the text is still there.
        await select(pilot, 0)
        await select(pilot, *here)
        assert typed in area.text
        await pilot.press("ctrl+s")
        await settle(pilot)
        refusals = [m for m in notices(app) if m.startswith("not saved:")]
        assert refusals == [
            f"not saved: {what} is not valid YAML ({problem}); fix it or undo (ctrl+z). "
            "The file was not changed."
        ]
        assert typed in area.text
        assert app.sub_title == "returns.yaml [modified]"
    assert sample_file.read_text(encoding="utf-8") == SAMPLE


@pytest.mark.parametrize(("typing", "typed", "what", "problem"), WHERE)
async def test_undo_drops_the_unapplied_text(
    sample_file: Path, typing: Typing, typed: str, what: str, problem: str
) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(120, 40)) as pilot:
        area = await typing(pilot, app)
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert typed not in area.text
        assert app.sub_title == "returns.yaml"
        assert f"Undo: {what}, which was not applied" in notices(app)
        await pilot.press("ctrl+q")
        await settle(pilot)
    assert app.return_code == 0
    assert sample_file.read_text(encoding="utf-8") == SAMPLE


async def test_text_fixed_applies_and_saves(sample_file: Path) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(120, 40)) as pilot:
        area = await type_setup(pilot, app)
        area.text = "orders: [1, 2]\n"
        await settle(pilot)
        assert not app.unapplied
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.sub_title == "returns.yaml"
    assert sample_file.read_text(encoding="utf-8") == SAMPLE.replace(
        "      expected_data: {}\n",
        "      expected_data: {}\n      turn_setup:\n        orders: [1, 2]\n",
    )


async def test_tests_do_not_move_while_text_is_unapplied(sample_file: Path) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(120, 40)) as pilot:
        await type_setup(pilot, app)
        app.dataset_tree.focus()
        await select(pilot, 1)
        await pilot.press("K")  # move the test up: its unapplied text is kept by number
        await settle(pilot)
        assert app.model.name(1) == "RETURN-TWO"
        assert (
            "Fix or undo (ctrl+z) the turn_setup of turn 1 of test RETURN-TWO first: it "
            f"is not valid YAML ({SETUP_PROBLEM})." in notices(app)
        )


async def test_quit_discarding_unapplied_text_leaves_the_file(sample_file: Path) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(120, 40)) as pilot:
        await type_raw(pilot, app)
        await pilot.press("ctrl+q")
        await settle(pilot)
        await pilot.press("d")
        await settle(pilot)
    assert app.return_code == 0
    assert sample_file.read_text(encoding="utf-8") == SAMPLE


async def test_reload_asks_before_dropping_unapplied_text(sample_file: Path) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(120, 40)) as pilot:
        await type_setup(pilot, app)
        await pilot.press("ctrl+r")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmQuit) and app.screen.reload
        await pilot.press("d")
        await settle(pilot)
        assert not app.unapplied
        assert app.sub_title == "returns.yaml"


SETUP_FILE = """\
name: SR-SETUP
suite_setup:
  setup_actions:
    - action_type: create_customers
"""


async def test_a_suite_setup_files_raw_text_that_does_not_parse_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "SR-SETUP.yaml"
    path.write_text(SETUP_FILE, encoding="utf-8")
    app = make_editor(path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("f3")
        await settle(pilot)
        area = app.query_one("#raw-text", TextArea)
        area.text = SETUP_FILE + "    action_data: [\n"
        await settle(pilot)
        assert app.sub_title == "SR-SETUP.yaml [modified]"
        await pilot.press("ctrl+s")
        await settle(pilot)
        refusals = [m for m in notices(app) if m.startswith("not saved:")]
        assert refusals == [
            "not saved: the raw text of SR-SETUP.yaml cannot be applied (the file has a YAML "
            "syntax error at line 5, column 5; fix it first (see datasets lint)); fix it or "
            "undo (ctrl+z). The file was not changed."
        ]
        assert area.text.endswith("action_data: [\n")
        await pilot.press("ctrl+q")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmQuit)
    assert path.read_text(encoding="utf-8") == SETUP_FILE


async def test_ctrl_z_typed_in_the_field_drops_its_unapplied_text(sample_file: Path) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(120, 40)) as pilot:
        await select(pilot, 1, 0)
        area = app.query_one("#turn-setup", TextArea)
        area.focus()
        await pilot.press(*"orders: [1, 2")
        await settle(pilot)
        assert app.unapplied and app.focused is area
        await pilot.press("ctrl+z")
        await settle(pilot)
        # What did not apply goes; the field shows the document ("orders:" applied).
        assert not app.unapplied and "[" not in area.text
        assert "Undo: the turn_setup of turn 1 of test RETURN-TWO, which was not applied" in (
            notices(app)
        )
        await pilot.press("ctrl+z")  # the typing that applied, one step
        await settle(pilot)
        assert area.text == "" and app.model.text() == SAMPLE
        assert app.sub_title == "returns.yaml"

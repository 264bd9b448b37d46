"""The new-test, new-turn and save-as dialogs write what the linter accepts (Pilot)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input
from tui_support import SAMPLE, answer, make_editor, select, settle

from ait_datasets.tui.app import DatasetEditor
from ait_datasets.tui.lint_adapter import lint_buffer
from ait_datasets.tui.name_pattern import proposed_name
from ait_datasets.tui.prompts import NewItemScreen
from ait_datasets.tui.screens import DiskChangedScreen, save_as_proposal

pytestmark = pytest.mark.asyncio

PLACEHOLDER = "$DateFormula-<CD+5D>$"

PAUSING = """\
tests:
  - name: APPROVE-ONE
    turns:
      - query:
          from: customer@contoso.com
          title: Return request
        expected_data:
          intervention_request:
            type: Assistance
            suggestions:
              - APPROVE
              - REJECT
"""


def codes_at(app: DatasetEditor, code: str) -> list[tuple[int, int]]:
    """Where the linter reports ``code`` in the editor's text (line, column)."""
    found, _ = lint_buffer(app.model.text(), app.model.path)
    return [(d.line, d.column) for d in found if d.code == code]


async def test_a_placeholder_typed_into_the_new_test_dialog_is_quoted(
    sample_file: Path,
) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(100, 30)) as pilot:
        await select(pilot, 1)
        await pilot.press("n")
        await answer(
            pilot,
            from_="bob@contoso.com",
            title=f"Return by {PLACEHOLDER}",
            message=f"Due {PLACEHOLDER}",
        )
    added = app.model.text()[len(SAMPLE) :]
    assert f'title: "Return by {PLACEHOLDER}"\n' in added
    assert f'message: "Due {PLACEHOLDER}"\n' in added
    # PH007 fires on SAMPLE's own bare placeholder (line 12), never on the new test.
    assert codes_at(app, "PH007") == [(12, 18)]


async def test_a_placeholder_typed_into_the_new_turn_dialog_is_quoted(
    sample_file: Path,
) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(100, 30)) as pilot:
        await select(pilot, 1, 0)
        await pilot.press("t")
        await answer(pilot, instruction=f"Post it on {PLACEHOLDER}")
    assert f'instruction: "Post it on {PLACEHOLDER}"\n' in app.model.text()
    assert codes_at(app, "PH007") == [(12, 18)]


async def test_the_new_test_dialog_focuses_the_offered_name_in_the_files_pattern(
    sample_file: Path,
) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(100, 30)) as pilot:
        await select(pilot, 0)
        await pilot.press("n")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, NewItemScreen)
        name = screen.query_one("#prompt-name", Input)
        # RETURN-ONE, RETURN-TWO: the next is RETURN-THREE, focused and selected, so
        # typing replaces it and Tab keeps it.
        assert name.value == "RETURN-THREE"
        assert app.focused is name
        assert name.selected_text == "RETURN-THREE"
        await pilot.press(*"RETURN-X")
        await settle(pilot)
        assert name.value == "RETURN-X"


@pytest.mark.parametrize(
    ("names", "anchor", "expected"),
    [
        (["RETURN-ONE", "RETURN-TWO"], 0, "RETURN-THREE"),
        (["Return-One", "Return-Two"], None, "Return-Three"),
        (["ORDER-001", "ORDER-007", "ORDER-002"], 0, "ORDER-008"),
        (["Q9"], None, "Q10"),
        (["ORDER-DESK", "ORDER-CHAIR"], 1, "ORDER-003"),
        (["DESK", "CHAIR"], 1, "TEST-003"),
        ([], None, "TEST-001"),
        (["TEST-003", "DESK"], None, "TEST-004"),  # TEST-003 is taken
        (["A-TWENTY"], None, "TEST-002"),  # no word after twenty
    ],
)
async def test_the_offered_name_follows_the_files_pattern(
    names: list[str], anchor: int | None, expected: str
) -> None:
    assert proposed_name(names, anchor) == expected


async def test_the_reply_dialog_offers_the_previous_turns_suggestion_codes(
    tmp_path: Path,
) -> None:
    path = tmp_path / "pausing.yaml"
    path.write_text(PAUSING, encoding="utf-8")
    app = make_editor(path)
    async with app.run_test(size=(100, 30)) as pilot:
        await select(pilot, 0, 0)
        await pilot.press("t")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, NewItemScreen)
        assert [f.key for f in screen.fields] == ["suggestion", "instruction"]
        assert screen.fields[0].choices == ("APPROVE", "REJECT")
        field = screen.query_one("#prompt-suggestion", Input)
        assert app.focused is field
        await pilot.press("enter")  # neither given: asked again
        await settle(pilot)
        assert app.screen is screen
        await pilot.press("r", "right")  # the completion is accepted
        await settle(pilot)
        assert field.value == "REJECT"
        await pilot.press("enter")
        await settle(pilot)
    assert app.model.text() == PAUSING + (
        "      - query:\n          intervention:\n            suggestion: REJECT\n"
        "        expected_data: {}\n"
    )


async def test_save_as_proposes_a_path_outside_the_resources_folder(tmp_path: Path) -> None:
    folder = tmp_path / "app" / ".resources" / "datasets"
    folder.mkdir(parents=True)
    path = folder / "returns.yaml"
    path.write_text(SAMPLE, encoding="utf-8")
    # A copy inside .resources would be imported as a second dataset (REF002): next to it.
    assert save_as_proposal(str(path)) == str(tmp_path / "app" / "returns.mine.yaml")
    (tmp_path / "app" / "returns.mine.yaml").write_text("", encoding="utf-8")
    assert save_as_proposal(str(path)) == str(tmp_path / "app" / "returns.mine-2.yaml")
    outside = tmp_path / "returns.yaml"
    assert save_as_proposal(str(outside)) == str(tmp_path / "returns.mine.yaml")
    app = make_editor(path)
    async with app.run_test(size=(100, 30)) as pilot:
        app.push_screen(DiskChangedScreen("returns.yaml", str(path)))
        await settle(pilot)
        shown = app.screen.query_one("#save-as-path", Input).value
        assert shown == str(tmp_path / "app" / "returns.mine-2.yaml")

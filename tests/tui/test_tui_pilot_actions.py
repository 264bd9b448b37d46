"""Structure, history, palette, help, quit and diagnostics — through keys, via Pilot."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, Static
from tui_support import SAMPLE, answer, make_editor, select, settle

from ait_datasets.tui.screens import ConfirmQuit, HelpScreen
from ait_datasets.tui.widgets.diagnostics_panel import DiagnosticsPanel

pytestmark = pytest.mark.asyncio

# The second test's chunk, exactly as in SAMPLE.
TWO = SAMPLE[SAMPLE.index("- name: RETURN-TWO") :]
ONE = SAMPLE[SAMPLE.index("- name: RETURN-ONE") : SAMPLE.index("- name: RETURN-TWO")]
HEAD = SAMPLE[: SAMPLE.index("- name: RETURN-ONE")]
# The comment before the second test, and the first test without it.
COMMENT = "\n# Second test keeps its comment.\n"
ONE_BODY = ONE[: -len(COMMENT)]

NEW_TEST = (
    "- name: RETURN-THREE\n"
    "  turns:\n"
    "    - query:\n"
    "        from: jane@contoso.com\n"
    "        title: Return a desk\n"
    "      expected_data: {}\n"
)
# What the new-test dialog is given for NEW_TEST (the name is the one offered).
NEW_TEST_TEXTS = {"from_": "jane@contoso.com", "title": "Return a desk"}


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


async def save(pilot: object) -> None:
    from textual.pilot import Pilot

    assert isinstance(pilot, Pilot)
    await pilot.press("ctrl+s")
    await settle(pilot)


async def test_n_adds_a_test_after_the_selected_one(sample_file: Path) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(80, 24)) as pilot:
        await select(pilot, 0)
        await pilot.press("n")
        await answer(pilot, **NEW_TEST_TEXTS)
        assert app.dataset_tree.current == (1, None)
        assert app.query_one("#test-name", Input).value == "RETURN-THREE"
        await save(pilot)
    # The comment that introduced the second test still does.
    assert read(sample_file) == HEAD + ONE_BODY + NEW_TEST + COMMENT + TWO


async def test_c_duplicates_and_delete_removes_a_test(sample_file: Path) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(80, 24)) as pilot:
        await select(pilot, 1)
        await pilot.press("c")
        await settle(pilot)
        assert app.dataset_tree.current == (2, None)
        await select(pilot, 0)
        await pilot.press("delete")
        await settle(pilot)
        await pilot.press("enter")  # confirms
        await settle(pilot)
        await save(pilot)
    copy = TWO.replace("RETURN-TWO", "RETURN-TWO-COPY")
    assert read(sample_file) == HEAD + COMMENT + TWO + copy


async def test_alt_down_and_alt_up_move_a_test_with_its_comments(sample_file: Path) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(80, 24)) as pilot:
        await select(pilot, 0)
        await pilot.press("alt+down")
        await settle(pilot)
        assert app.dataset_tree.current == (1, None)
        await save(pilot)
        assert read(sample_file) == HEAD + COMMENT + TWO + ONE_BODY
        await pilot.press("alt+up")
        await settle(pilot)
        await save(pilot)
    assert read(sample_file) == SAMPLE


async def test_t_adds_a_reply_turn_and_turns_move_duplicate_and_delete(sample_file: Path) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(80, 24)) as pilot:
        await select(pilot, 1, 0)
        await pilot.press("t")
        await answer(pilot, instruction="Go ahead.")
        assert app.dataset_tree.current == (1, 1)
        await save(pilot)
        assert read(sample_file) == SAMPLE + (
            "    - query:\n"
            "        intervention:\n"
            "          instruction: Go ahead.\n"
            "      expected_data: {}\n"
        )
        await pilot.press("alt+up")  # the reply now comes first
        await settle(pilot)
        assert app.dataset_tree.current == (1, 0)
        await pilot.press("delete")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await select(pilot, 0, 1)
        await pilot.press("c")
        await settle(pilot)
        assert app.dataset_tree.current == (0, 2)
        await save(pilot)
    duplicated = (
        "    - query:\n"
        "        intervention:\n"
        '          instruction: "Approved."\n'
        "      expected_data:\n"
        "        credit_memo_posted: true\n"
    )
    expected = SAMPLE.replace(
        "        credit_memo_posted: true\n\n# Second test",
        "        credit_memo_posted: true\n" + duplicated + "\n# Second test",
    )
    assert read(sample_file) == expected


async def test_ctrl_z_undoes_and_ctrl_y_redoes(sample_file: Path) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(80, 24)) as pilot:
        await select(pilot, 0)
        await pilot.press("n")
        await answer(pilot, **NEW_TEST_TEXTS)
        app.query_one("#test-name", Input).value = "NEW"
        await settle(pilot)
        await select(pilot, 0)
        await pilot.press("ctrl+z")  # the name
        await settle(pilot)
        await pilot.press("ctrl+z")  # the new test
        await settle(pilot)
        assert app.model.text() == SAMPLE
        assert "[modified]" not in app.sub_title
        await pilot.press("ctrl+y")
        await settle(pilot)
        assert app.dataset_tree.current == (1, None)
        await save(pilot)
    assert read(sample_file) == HEAD + ONE_BODY + NEW_TEST + COMMENT + TWO


async def test_command_palette_runs_editor_commands(sample_file: Path) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(80, 24)) as pilot:
        await select(pilot, 1)
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"Duplicate")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert len(app.model) == 3
        await save(pilot)
    assert read(sample_file) == SAMPLE + TWO.replace("RETURN-TWO", "RETURN-TWO-COPY")


async def test_f1_shows_every_binding_and_escape_closes_it(sample_file: Path) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        table = str(app.screen.query_one("#help-table", Static).render())
        for key, words in [
            ("ctrl+s", "Save"),
            ("ctrl+q", "Quit"),
            ("ctrl+z", "Undo"),
            ("ctrl+y", "Redo"),
            ("n", "New test"),
            ("t", "New turn"),
            ("alt+up, K", "Move up"),
            ("delete, x", "Delete"),
        ]:
            assert key in table and words in table
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, HelpScreen)


async def test_ctrl_q_quits_at_once_when_nothing_changed(sample_file: Path) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert app.return_code == 0
    assert read(sample_file) == SAMPLE


@pytest.mark.parametrize(("key", "saved"), [("d", False), ("s", True)])
async def test_ctrl_q_with_changes_asks_to_save_or_discard(
    sample_file: Path, key: str, saved: bool
) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(80, 24)) as pilot:
        await select(pilot, 0)
        app.query_one("#test-name", Input).value = "CHANGED"
        await settle(pilot)
        await pilot.press("ctrl+q")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmQuit)
        await pilot.press(key)
        await settle(pilot)
    changed = SAMPLE.replace("- name: RETURN-ONE", "- name: CHANGED")
    assert read(sample_file) == (changed if saved else SAMPLE)


async def test_escape_cancels_quitting(sample_file: Path) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(80, 24)) as pilot:
        await select(pilot, 0)
        app.query_one("#test-name", Input).value = "CHANGED"
        await settle(pilot)
        await pilot.press("ctrl+q")
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, ConfirmQuit)
        assert app.is_running
    assert read(sample_file) == SAMPLE


async def test_diagnostics_update_while_editing_and_enter_jumps_to_the_turn(
    sample_file: Path,
) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        panel = app.query_one(DiagnosticsPanel)
        codes = [f.diagnostic.code for f in panel.findings]
        # What `datasets lint` says, cross-file REF001 (no such suite setup) included.
        assert codes == ["REF001", "PH007"]
        await select(pilot, 1)
        app.query_one("#test-name", Input).value = "RETURN-ONE"
        await settle(pilot)
        found = [
            (f.diagnostic.line, f.diagnostic.column, f.diagnostic.code) for f in panel.findings
        ]
        assert found == [(3, 14, "REF001"), (12, 18, "PH007"), (25, 9, "TST004")]
        await pilot.press("f4")
        panel.highlighted = 1  # the PH007 finding, in the first test's first turn
        await pilot.press("enter")
        await settle(pilot)
        assert app.dataset_tree.current == (0, 0)
        assert app.focused is app.dataset_tree


async def test_usable_at_80_by_24(sample_file: Path) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(80, 24)) as pilot:
        await select(pilot, 0, 0)
        for selector in ("#tree", "#form-scroll", "#preview", "#diagnostics"):
            region = app.query_one(selector).region
            assert region.width >= 20 and region.height >= 3, selector
            assert region.right <= 80 and region.bottom <= 24, selector
        assert app.query_one("#turn-task-title", Input).region.width >= 20


async def test_large_files_show_tests_in_groups_and_save_one_change(tmp_path: Path) -> None:
    body = "".join(f"- name: T{i:04d}\n  turns: []\n" for i in range(1200))
    path = tmp_path / "big.yaml"
    path.write_text("tests:\n" + body, encoding="utf-8")
    app = make_editor(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        groups = app.dataset_tree.root.children
        assert [str(g.label) for g in groups] == [
            "tests 1–500",
            "tests 501–1000",
            "tests 1001–1200",
        ]
        await select(pilot, 1100)
        assert app.query_one("#test-name", Input).value == "T1100"
        app.query_one("#test-name", Input).value = "RENAMED"
        await settle(pilot)
        await save(pilot)
    assert read(path) == "tests:\n" + body.replace("- name: T1100\n", "- name: RENAMED\n")


async def test_t_on_a_test_adds_a_turn_at_its_end(sample_file: Path) -> None:
    app = make_editor(sample_file)
    async with app.run_test(size=(80, 24)) as pilot:
        await select(pilot, 0)
        await pilot.press("t")
        await answer(pilot, instruction="Post it.")
        assert app.dataset_tree.current == (0, 2)
        await save(pilot)
    assert read(sample_file) == SAMPLE.replace(
        "        credit_memo_posted: true\n\n# Second test",
        "        credit_memo_posted: true\n"
        "    - query:\n"
        "        intervention:\n"
        "          instruction: Post it.\n"
        "      expected_data: {}\n"
        "\n# Second test",
    )

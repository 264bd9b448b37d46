"""Snapshots of the editor's main screens at 80x24 (update with --snapshot-update)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import TextArea
from tui_support import answer, make_editor, select, settle, until

Snap = Callable[..., bool]


async def steady(pilot: Pilot[Any]) -> None:
    """Stop the text cursors blinking, so a snapshot never catches one mid-blink, and let
    scrolling finish (a busy host can be slower than a fixed pause)."""
    for widget in pilot.app.screen.query("Input, TextArea"):
        widget.cursor_blink = False  # type: ignore[attr-defined]
        # A text area keys its cached lines on the blinking cursor only: a line drawn in
        # a blink's off phase would be reused with the cursor now steady (the snapshot
        # then lacks a cursor, now and then). A style update drops those lines.
        widget.notify_style_update()
        widget.refresh()
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()


def before(
    test: int | None = None, turn: int | None = None, *keys: str
) -> Callable[[Pilot[Any]], Awaitable[None]]:
    async def run(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        if test is not None:
            await select(pilot, test, turn)
        if keys:
            await pilot.press(*keys)
        await settle(pilot)
        await steady(pilot)

    return run


def test_overview_screen(sample_file: Path, snap_compare: Snap) -> None:
    assert snap_compare(make_editor(sample_file), run_before=before())


def test_test_form(sample_file: Path, snap_compare: Snap) -> None:
    assert snap_compare(make_editor(sample_file), run_before=before(0))


def test_task_input_turn_with_placeholder_preview(sample_file: Path, snap_compare: Snap) -> None:
    assert snap_compare(make_editor(sample_file), run_before=before(0, 0))


def test_intervention_reply_turn(sample_file: Path, snap_compare: Snap) -> None:
    assert snap_compare(make_editor(sample_file), run_before=before(0, 1))


def test_help_screen(sample_file: Path, snap_compare: Snap) -> None:
    assert snap_compare(make_editor(sample_file), run_before=before(None, None, "f1"))


def test_unsaved_changes_question(sample_file: Path, snap_compare: Snap) -> None:
    async def run(pilot: Pilot[Any]) -> None:
        await select(pilot, 0)
        await pilot.press("n")
        await answer(pilot, from_="jane@contoso.com", title="Return a desk")
        await pilot.press("ctrl+q")
        await settle(pilot)

    assert snap_compare(make_editor(sample_file), run_before=run)


def test_invalid_yaml_shown_inline(sample_file: Path, snap_compare: Snap) -> None:
    async def run(pilot: Pilot[Any]) -> None:
        await select(pilot, 0, 1)
        area = pilot.app.query_one("#turn-expected", TextArea)
        area.load_text("posted: [true\n")
        area.focus()  # the author is typing there; focus scrolls it into view
        await settle(pilot)
        await until(pilot, lambda: area.has_focus, "the expected-data field has the focus")
        await steady(pilot)

    assert snap_compare(make_editor(sample_file), run_before=run)


def test_raw_yaml_view(sample_file: Path, snap_compare: Snap) -> None:
    assert snap_compare(make_editor(sample_file), run_before=before(0, 1, "f3"))


def test_file_changed_on_disk_question(sample_file: Path, snap_compare: Snap) -> None:
    async def run(pilot: Pilot[Any]) -> None:
        await select(pilot, 0)
        await pilot.press("n")
        await answer(pilot, from_="jane@contoso.com", title="Return a desk")
        sample_file.write_text(sample_file.read_text(encoding="utf-8") + "# theirs\n")
        # The once-a-second check, now (so the notice is in every run of the snapshot).
        pilot.app._check_disk()  # type: ignore[attr-defined]
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)

    assert snap_compare(make_editor(sample_file), run_before=run)


def test_unsafe_fix_question(sample_file: Path, snap_compare: Snap) -> None:
    text = sample_file.read_text(encoding="utf-8")
    sample_file.write_text(
        text.replace("$DateFormula-<CD+5D>$.", '$DateFormula-CD+5D$."').replace(
            "message: Please", 'message: "Please'
        ),
        encoding="utf-8",
    )

    async def run(pilot: Pilot[Any]) -> None:
        from ait_datasets.tui.widgets.diagnostics_panel import DiagnosticsPanel

        await settle(pilot)
        panel = pilot.app.query_one(DiagnosticsPanel)
        panel.focus()
        panel.highlighted = [f.diagnostic.code for f in panel.findings].index("PH009")
        await pilot.press("f")
        await settle(pilot)

    assert snap_compare(make_editor(sample_file), run_before=run)


def test_new_test_dialog(sample_file: Path, snap_compare: Snap) -> None:
    async def run(pilot: Pilot[Any]) -> None:
        await select(pilot, 0)
        await pilot.press("n")
        await settle(pilot)
        await pilot.press(*"jane@contoso.com", "enter")  # the title is still missing
        await settle(pilot)
        await steady(pilot)

    assert snap_compare(make_editor(sample_file), run_before=run)


def test_new_reply_turn_dialog(sample_file: Path, snap_compare: Snap) -> None:
    assert snap_compare(make_editor(sample_file), run_before=before(0, 1, "t"))


def test_delete_confirmation(sample_file: Path, snap_compare: Snap) -> None:
    assert snap_compare(make_editor(sample_file), run_before=before(1, None, "delete"))


def test_suite_setup_file_form(tmp_path: Path, snap_compare: Snap) -> None:
    path = tmp_path / "SR-SETUP.yaml"
    path.write_text(
        "name: SR-SETUP\ndescription: Creates the customers\n"
        "suite_setup:\n  setup_actions:\n    - action_type: create_customers\n",
        encoding="utf-8",
    )
    assert snap_compare(make_editor(path), run_before=before())


def test_copilot_question_turn(tmp_path: Path, snap_compare: Snap) -> None:
    path = tmp_path / "copilot.yaml"
    path.write_text(
        "name: NOSERIES\n"
        "tests:\n"
        "  - name: Q1\n"
        '    question: "Create a number series for sales orders"\n'
        "    expected_data:\n"
        "      code: SO\n",
        encoding="utf-8",
    )
    assert snap_compare(make_editor(path), run_before=before(0, 0))


COPILOT_ROWS = (
    '{"question": "What is the credit limit of customer 10000?", "ground_truth": "5000"}\n'
    '{"name": "BLOCKED", "question": "Which items are blocked?", "expected_data": {"n": 2}}\n'
)


def test_copilot_row_form(tmp_path: Path, snap_compare: Snap) -> None:
    path = tmp_path / "questions.jsonl"
    path.write_text(COPILOT_ROWS, encoding="utf-8")
    assert snap_compare(make_editor(path), run_before=before(0))

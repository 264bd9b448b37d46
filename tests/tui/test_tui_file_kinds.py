"""Files without a tests: list: a whole-file test, and a suite-setup file (Pilot and the
layout behind them)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, TextArea
from tui_support import answer, make_editor, select, settle

from ait_datasets.tui.layout import SINGLE, SUITE_SETUP, split_layout, unwrap_single, wrap_single
from ait_datasets.tui.widgets.diagnostics_panel import DiagnosticsPanel

SINGLE_TEST = """\
# A whole file that is one test (as the Test Runner samples are).
name: QUOTE01
description: Quote request
turns:
   - query:
        from: jessica.stone@toytopia.com
        title: Request for Quote
        message: |
          Hello,

            indented line
          Jessica
     expected_data:
        quotes: 1  # one quote
"""

SETUP = """\
name: SR-SETUP
description: Creates the customers
suite_setup:
  setup_actions:
    # The customers first.
    - action_type: create_customers
      action_data: []
"""


def test_a_whole_file_test_is_one_wrapped_chunk_and_renders_back() -> None:
    lay = split_layout(SINGLE_TEST)
    assert lay.kind == SINGLE and len(lay.chunks) == 1 and lay.names == ["QUOTE01"]
    assert lay.prefix == "# A whole file that is one test (as the Test Runner samples are).\n"
    assert lay.chunks[0].startswith("- name: QUOTE01\n  description: Quote request\n")
    assert lay.render(lay.chunks) == SINGLE_TEST
    body = SINGLE_TEST[len(lay.prefix) :]
    assert unwrap_single(wrap_single(body)) == body


def test_a_suite_setup_file_has_no_tests_and_renders_as_it_is() -> None:
    lay = split_layout(SETUP)
    assert lay.kind == SUITE_SETUP and lay.chunks == []
    assert lay.render([]) == SETUP


@pytest.mark.asyncio
async def test_a_whole_file_test_edits_its_turns_and_keeps_the_rest(tmp_path: Path) -> None:
    path = tmp_path / "QUOTE01.yaml"
    path.write_text(SINGLE_TEST, encoding="utf-8")
    app = make_editor(path)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        assert len(app.model) == 1
        await select(pilot, 0, 0)
        app.query_one("#turn-task-title", Input).value = "Request for a quote"
        await settle(pilot)
        await pilot.press("t")
        await answer(pilot, instruction="Send it.")
        # Tests cannot be added to a file that is one test; it says why.
        app.dataset_tree.focus()
        await pilot.press("n")
        await settle(pilot)
        assert any("This file is one test" in n.message for n in app._notifications)
        assert len(app.model) == 1
        await pilot.press("ctrl+s")
        await settle(pilot)
        # The findings belong to the test (there is no tests: list to look them up in).
        panel = app.query_one(DiagnosticsPanel)
        assert all(f.test == 0 for f in panel.findings if f.diagnostic.line > 2)
    assert path.read_text(encoding="utf-8") == SINGLE_TEST.replace(
        "title: Request for Quote", "title: Request for a quote"
    ).replace(
        "        quotes: 1  # one quote\n",
        "        quotes: 1  # one quote\n"
        # Indented like the turn before it (the file's own irregular indentation).
        "   - query:\n"
        "        intervention:\n"
        "           instruction: Send it.\n"
        "     expected_data: {}\n",
    )


@pytest.mark.asyncio
async def test_a_suite_setup_file_edits_its_keys_and_its_raw_setup(tmp_path: Path) -> None:
    path = tmp_path / "SR-SETUP.yaml"
    path.write_text(SETUP, encoding="utf-8")
    app = make_editor(path)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        assert app.query_one("#file-name", Input).value == "SR-SETUP"
        assert not app.query_one("#file-suite-setup-row").display
        app.query_one("#file-language", Input).value = "en-US"
        await settle(pilot)
        await pilot.press("f3")
        await settle(pilot)
        raw = app.query_one("#raw-text", TextArea)
        assert raw.text == SETUP.replace("suite_setup:", "language: en-US\nsuite_setup:")
        raw.load_text(raw.text.replace("action_data: []", "action_data:\n        - No.: C1"))
        await settle(pilot)
        raw.load_text(raw.text.replace("C1", "C2"))
        await settle(pilot)
        app.dataset_tree.focus()
        await pilot.press("n")
        await settle(pilot)
        assert any("suite-setup file" in n.message for n in app._notifications)
        await pilot.press("ctrl+s")
        await settle(pilot)
        await pilot.press("ctrl+z")  # the raw typing, one step
        await settle(pilot)
        assert "action_data: []" in app.model.text()
    assert path.read_text(encoding="utf-8") == SETUP.replace(
        "suite_setup:", "language: en-US\nsuite_setup:"
    ).replace("action_data: []", "action_data:\n        - No.: C2")

"""Shared data and helpers of the editor's tests (imported by the test modules)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from ait_datasets.tui.app import DatasetEditor
from ait_datasets.tui.model import DatasetModel

WORK_DATE = dt.date(2026, 3, 17)

SAMPLE = """\
# Sales return scenarios.
name: SR-SAMPLE
suite_setup: SR-ACCUR-SETUP
tests:
- name: RETURN-ONE
  description: "Customer returns a chair"
  turns:
    # 1st turn: the customer asks.
    - query:
        from: customer@contoso.com
        title: "Return request"
        message: Please take the chair back by $DateFormula-<CD+5D>$.
      expected_data:
        intervention_request:
          type: ReviewRecord # review the credit memo
        credit_memo_created: true
    # 2nd turn: the user approves.
    - query:
        intervention:
          instruction: "Approved."
      expected_data:
        credit_memo_posted: true

# Second test keeps its comment.
- name: RETURN-TWO
  description: 'Two items'
  turns:
    - query:
        from: customer@contoso.com
        title: Return two
      expected_data: {}
"""


def make_editor(path: Path) -> DatasetEditor:
    """An editor on a file, with lint running at once (no debounce) and a fixed work date."""
    model = DatasetModel.from_text(str(path), path.read_text(encoding="utf-8"))
    return DatasetEditor(model, work_date=WORK_DATE, lint_delay=0)


async def settle(pilot: object) -> None:
    """Let messages and the lint worker finish."""
    from textual.pilot import Pilot

    assert isinstance(pilot, Pilot)
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def select(pilot: object, test: int | None, turn: int | None = None) -> None:
    """Put the tree's cursor on a test or turn, as arrow keys would."""
    from textual.pilot import Pilot

    assert isinstance(pilot, Pilot)
    app = pilot.app
    assert isinstance(app, DatasetEditor)
    app.dataset_tree.select(test, turn)
    await settle(pilot)


async def answer(pilot: object, **texts: str) -> None:
    """Fill the new-test/new-turn dialog as a user would (type into each field, Tab to the
    next) and press Enter. Keys are the dialog's field keys (``from_`` for ``from``)."""
    from textual.pilot import Pilot
    from textual.widgets import Input

    from ait_datasets.tui.prompts import NewItemScreen

    assert isinstance(pilot, Pilot)
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, NewItemScreen), screen
    for key, text in texts.items():
        field = screen.query_one(f"#prompt-{key.rstrip('_')}", Input)
        field.focus()
        await pilot.pause()
        field.value = ""
        await pilot.press(*text)
    await pilot.press("enter")
    await settle(pilot)

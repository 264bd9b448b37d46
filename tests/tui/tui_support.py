"""Shared data and helpers of the editor's tests (imported by the test modules)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path
from typing import Any

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
    return keep_notices(DatasetEditor(model, work_date=WORK_DATE, lint_delay=0))


def keep_notices(app: DatasetEditor) -> DatasetEditor:
    """Notices stay up until the test ends: on a busy host a test can take longer than a
    notice's few seconds, and a snapshot or assertion would then miss it."""
    notify = app.notify

    def lasting(message: str, **options: Any) -> None:
        options["timeout"] = 3600
        notify(message, **options)

    app.notify = lasting  # type: ignore[method-assign]
    return app


async def until(pilot: object, condition: Callable[[], bool], what: str) -> None:
    """Let the app run until ``condition()`` holds (a lint started after the first paint,
    a timer), in small steps; the bound (a minute) is for a hung app, not a slow host."""
    from textual.pilot import Pilot

    assert isinstance(pilot, Pilot)
    for _ in range(1200):
        if condition():
            return
        await pilot.pause(0.05)
        await pilot.app.workers.wait_for_complete()
    raise AssertionError(f"the editor never got there: {what}")


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

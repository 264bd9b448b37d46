"""The form of a test: its name and (multi-line) description."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.widgets import Input, Label, TextArea

from ait_datasets.plural import plural
from ait_datasets.tui.widgets.controls import EditorTextArea, field_input
from ait_datasets.tui.widgets.form_base import Form, field_text, row


class TestForm(Form):
    """Edits ``name`` and ``description`` of the selected test."""

    def compose(self) -> ComposeResult:
        yield Label("Test", classes="form-title")
        yield row(
            "Name",
            field_input("test-name", "test code"),
        )
        yield row(
            "Description",
            EditorTextArea(
                id="test-description",
                compact=True,
                classes="short",
                placeholder="what the test checks",
            ),
        )
        yield Label("", id="test-note", classes="note")

    def load(self, test: Any, *, copilot: bool = False) -> None:
        """Show ``test``; ``copilot``: a Copilot AI test (with ``turns:``, whose turns hold
        what AITTestContext reads)."""
        data = test if isinstance(test, dict) else {}
        self.put_input("#test-name", field_text(data.get("name")))
        self.put_text("#test-description", field_text(data.get("description")))
        turns = data.get("turns")
        count = plural(len(turns) if isinstance(turns, list) else 0, "turn")
        if "turns" not in data:
            note = (
                "Single-turn test: its query sits on the test. Adding a turn moves it into turns:."
            )
        elif copilot:
            note = (
                f"A Copilot AI test with {count}: AITTestContext reads the question, "
                "context, ground truth, expected_data and test_setup of the current turn "
                "(select one to edit them). Press t to add one."
            )
        else:
            note = f"{count}; press t to add one."
        self.query_one("#test-note", Label).update(note)

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "test-name":
            event.stop()
            self.post_value(("name",), event.value)

    def on_text_area_changed(self, event: TextArea.Changed) -> None:
        if event.text_area.id == "test-description":
            event.stop()
            self.post_value(("description",), event.text_area.text)

"""The form of the file itself: its ``name``, ``description``, ``language`` and
``suite_setup`` (completed from the app's suite-setup files)."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.suggester import SuggestFromList
from textual.widgets import Input, Label, TextArea

from ait_datasets.tui.widgets.controls import EditorTextArea, field_input
from ait_datasets.tui.widgets.form_base import Form, field_text, row

_INPUTS = {"file-name": "name", "file-language": "language", "file-suite-setup": "suite_setup"}


class FileForm(Form):
    """Edits the file's own keys; an emptied field removes its key."""

    def compose(self) -> ComposeResult:
        yield Label("File", id="file-title", classes="form-title")
        yield row(
            "Name",
            field_input("file-name", "the group name (default: the file name)"),
        )
        yield row(
            "Description",
            EditorTextArea(id="file-description", compact=True, classes="short"),
        )
        yield row(
            "Language",
            field_input("file-language", "e.g. en-US"),
        )
        yield row(
            "Suite setup",
            field_input("file-suite-setup", "the name of a suite-setup file of the app"),
            id="file-suite-setup-row",
        )
        yield Label("", id="file-setups", classes="note")
        yield Label("", id="file-info", classes="note")

    def set_setup_names(self, names: list[str]) -> None:
        """The app's suite-setup names: completed while typing, listed under the field."""
        field = self.query_one("#file-suite-setup", Input)
        field.suggester = SuggestFromList(names, case_sensitive=False) if names else None
        shown = ", ".join(names[:8]) + (f" (+{len(names) - 8} more)" if len(names) > 8 else "")
        self.query_one("#file-setups", Label).update(
            f"Suite setups of this app (→ completes): {shown}"
            if names
            else "No suite-setup file found in this app's .resources folder."
        )

    def load(self, meta: dict[str, Any], info: str, *, kind: str = "tests") -> None:
        """Show the file's keys; ``kind`` is the layout's (a whole-file test has no keys of
        its own, a suite-setup file's ``suite_setup`` is the setup, not a name)."""
        single = kind in ("single", "jsonl", "json", "json-single")
        for widget_id in ("#file-name", "#file-description", "#file-language"):
            self.query_one(widget_id).disabled = single
        self.query_one("#file-suite-setup-row").display = kind == "tests"
        self.query_one("#file-setups").display = kind == "tests"
        title = {
            "single": "File (one test)",
            "suite-setup": "Suite-setup file",
            "jsonl": "JSONL file",
            "json": "JSON file",
            "json-single": "JSON file (one test)",
        }
        self.query_one("#file-title", Label).update(title.get(kind, "File"))
        self.put_input("#file-name", field_text(meta.get("name")))
        self.put_text("#file-description", field_text(meta.get("description")))
        self.put_input("#file-language", field_text(meta.get("language")))
        setup = meta.get("suite_setup")
        self.put_input(
            "#file-suite-setup", "" if isinstance(setup, (dict, list)) else field_text(setup)
        )
        self.query_one("#file-info", Label).update(info)

    def on_input_changed(self, event: Input.Changed) -> None:
        key = _INPUTS.get(event.input.id or "")
        if key is not None:
            event.stop()
            self.post_value((key,), event.value)

    def on_text_area_changed(self, event: TextArea.Changed) -> None:
        if event.text_area.id == "file-description":
            event.stop()
            self.post_value(("description",), event.text_area.text)

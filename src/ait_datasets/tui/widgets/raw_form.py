"""The raw YAML view of the selected test or turn: every key, as written."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Label, TextArea

from ait_datasets.tui.widgets.controls import EditorTextArea
from ait_datasets.tui.widgets.form_base import Form, FormMessage


class RawForm(Form):
    """A text area with the test's (or turn's) own YAML; each change is posted up and the
    app says whether it applied (an error stays shown until the text parses again)."""

    class RawChanged(FormMessage):
        """The author changed the raw text of the node ``target``."""

        form: RawForm

        def __init__(self, form: RawForm, text: str) -> None:
            super().__init__(form)
            self.text = text

    # Set by the app: the last change did not apply (the text does not parse).
    pending_error = False

    def compose(self) -> ComposeResult:
        yield Label("Raw YAML", id="raw-title", classes="form-title")
        yield Label(
            "Every key of the selection, as written. F3 returns to the form.", classes="note"
        )
        yield EditorTextArea(id="raw-text", classes="raw", tab_behavior="indent")
        yield Label("", id="raw-error", classes="yaml-error")

    def on_mount(self) -> None:
        self.show_error("#raw-error", None)

    def load(self, title: str, text: str) -> None:
        self.query_one("#raw-title", Label).update(title)
        self.put_text("#raw-text", text)
        self.show_result(None)

    def show_unapplied(self, text: str, error: str) -> None:
        """Put back raw text that was typed but not applied, with its error."""
        self.put_text("#raw-text", text)
        self.show_result(error)

    def show_result(self, error: object | None) -> None:
        """Show why the last change did not apply (``error``), or that it applied (None)."""
        self.show_error("#raw-error", None if error is None else f"Not applied: {error}")
        self.pending_error = error is not None

    def on_text_area_changed(self, event: TextArea.Changed) -> None:
        event.stop()
        self.post_message(self.RawChanged(self, event.text_area.text))

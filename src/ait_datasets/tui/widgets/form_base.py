"""What the detail forms share: quiet loading and a row of label + field."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Checkbox, Input, Label, Select, TextArea

if TYPE_CHECKING:
    from ait_datasets.tui.app import DatasetEditor

CHANGE_MESSAGES = (Input.Changed, TextArea.Changed, Select.Changed, Checkbox.Changed)


def row(label: str, field: Widget, *, id: str | None = None) -> Horizontal:
    """A labelled field on one line."""
    return Horizontal(Label(label, classes="field-label"), field, classes="field-row", id=id)


class Form(Vertical):
    """A form that edits the selected node; loading it never counts as an edit."""

    @property
    def editor(self) -> DatasetEditor:
        from ait_datasets.tui.app import DatasetEditor

        return cast(DatasetEditor, self.app)

    def put_input(self, selector: str, value: str) -> None:
        widget = self.query_one(selector, Input)
        if widget.value != value:
            with widget.prevent(Input.Changed):
                widget.value = value

    def put_text(self, selector: str, value: str) -> None:
        widget = self.query_one(selector, TextArea)
        if widget.text != value:
            with widget.prevent(TextArea.Changed):
                widget.load_text(value)

    def put_select(self, selector: str, value: object) -> None:
        widget: Select[object] = self.query_one(selector, Select)
        if widget.value != value:
            with widget.prevent(Select.Changed):
                widget.value = value

    def put_check(self, selector: str, value: bool) -> None:
        widget = self.query_one(selector, Checkbox)
        if widget.value != value:
            with widget.prevent(Checkbox.Changed):
                widget.value = value

    def show_error(self, selector: str, message: str | None) -> None:
        label = self.query_one(selector, Label)
        label.update(message or "")
        label.display = bool(message)

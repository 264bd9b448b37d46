"""Controls that behave as a typist expects: a checkbox and a select that a space typed
in the middle of text does not work, text areas whose ctrl+z is the editor's undo (one
typed at its end), and one-line fields whose text the focus does not select.

See :mod:`ait_datasets.tui.typing_state`: only a space pressed on the control itself,
not one that continues a sentence after Tab moved the focus, toggles it or opens it.
"""

from __future__ import annotations

from typing import ClassVar, Generic, Literal, TypeVar

from textual import events
from textual.binding import Binding, BindingType
from textual.widgets import Checkbox, Input, Select, TextArea

from ait_datasets.tui.typing_state import stray_space

T = TypeVar("T")

_HINT = "Space ignored: you were typing. Press space again (or Enter) to {}."


def field_input(
    id: str,
    placeholder: str = "",
    *,
    value: str | None = None,
    type: Literal["integer", "text"] = "text",
) -> Input:
    """A compact one-line field; the focus does not select its text, so a Tab into it and
    typing appends instead of replacing what is there."""
    return Input(value, placeholder, select_on_focus=False, id=id, compact=True, type=type)


class TextSafeCheckbox(Checkbox):
    """A checkbox that ignores a space typed mid-text."""

    def action_toggle_button(self) -> None:
        if stray_space(self):
            self.notify(_HINT.format("toggle it"), timeout=4)
            return
        super().action_toggle_button()


class TextSafeSelect(Select[T], Generic[T]):
    """A select that ignores a space typed mid-text."""

    def action_show_overlay(self) -> None:
        if stray_space(self):
            self.notify(_HINT.format("open it"), timeout=4)
            return
        super().action_show_overlay()


class EditorTextArea(TextArea):
    """A form's text area: ctrl+z and ctrl+y are the editor's undo and redo, as in a
    one-line field (its typing is one step of the editor's history). The text area's own
    history would be a second one the editor does not know: an undo there would reach the
    document as a new change, which the editor's next undo would take back, bringing the
    typing back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+z,super+z", "app.undo", "Undo", show=False),
        Binding("ctrl+y,super+y", "app.redo", "Redo", show=False),
    ]


class EndTextArea(EditorTextArea):
    """A text area whose cursor goes to the end when it gets the focus (Tab from the tree
    lands here first on a question: typing appends, as in the other first fields)."""

    def on_focus(self, event: events.Focus) -> None:
        self.move_cursor(self.document.end)

"""Controls that behave as a typist expects: a checkbox and a select that a space typed
in the middle of text does not work, and a text area that is typed at its end.

See :mod:`ait_datasets.tui.typing_state`: only a space pressed on the control itself,
not one that continues a sentence after Tab moved the focus, toggles it or opens it.
"""

from __future__ import annotations

from typing import Generic, TypeVar

from textual import events
from textual.widgets import Checkbox, Select, TextArea

from ait_datasets.tui.typing_state import stray_space

T = TypeVar("T")

_HINT = "Space ignored: you were typing. Press space again (or Enter) to {}."


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


class EndTextArea(TextArea):
    """A text area whose cursor goes to the end when it gets the focus (Tab from the tree
    lands here first on a question: typing appends, as in the other first fields)."""

    def on_focus(self, event: events.Focus) -> None:
        self.move_cursor(self.document.end)

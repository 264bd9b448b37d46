"""A checkbox and a select that a space typed in the middle of text does not work.

See :mod:`ait_datasets.tui.typing_state`: only a space pressed on the control itself,
not one that continues a sentence after Tab moved the focus, toggles it or opens it.
"""

from __future__ import annotations

from typing import Generic, TypeVar

from textual.widgets import Checkbox, Select

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

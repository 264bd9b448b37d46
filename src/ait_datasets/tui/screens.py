"""Modal screens: the help screen listing every binding, and the unsaved-changes question."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static


def _key_text(binding: BindingType) -> tuple[str, str] | None:
    if isinstance(binding, Binding):
        keys = ", ".join(k.strip() for k in binding.key.split(","))
        return keys, binding.description or binding.action
    return None


def bindings_table(groups: Iterable[tuple[str, Iterable[BindingType]]]) -> Text:
    """The bindings of each widget class, as the help screen prints them."""
    out = Text()
    for title, bindings in groups:
        out.append(f"{title}\n", "bold underline")
        for binding in bindings:
            pair = _key_text(binding)
            if pair is not None:
                out.append(f"  {pair[0]:<18}", "bold cyan")
                out.append(f"{pair[1]}\n")
        out.append("\n")
    return out


class HelpScreen(ModalScreen[None]):
    """Lists the key bindings, taken from the widgets that declare them."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f1,q", "dismiss", "Close help"),
    ]

    def __init__(self, table: Text) -> None:
        super().__init__()
        self.table = table

    def compose(self) -> ComposeResult:
        with Vertical(id="help-dialog"):
            yield Label("Key bindings  (Esc closes)", classes="form-title")
            with VerticalScroll():
                yield Static(self.table, id="help-table")

    def action_dismiss(self) -> None:  # type: ignore[override]
        self.dismiss(None)


class ConfirmQuit(ModalScreen[str]):
    """Asked on quit with unsaved changes: save, discard or cancel."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "choose('save')", "Save and quit"),
        Binding("d", "choose('discard')", "Quit without saving"),
        Binding("escape,c", "choose('cancel')", "Cancel"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="quit-dialog"):
            yield Label("There are unsaved changes. Save them before quitting?")
            with Horizontal(id="quit-buttons"):
                yield Button("Save", id="save", variant="primary", compact=True)
                yield Button("Discard", id="discard", variant="error", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or "cancel")

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)

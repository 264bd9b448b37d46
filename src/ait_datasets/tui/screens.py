"""Modal screens: the help screen listing every binding, and the unsaved-changes question."""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from ait_datasets.dataset.app import app_root


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
    """Asked on quit with unsaved changes: save, discard or cancel (and, before a reload
    from disk, whether to discard the changes)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "choose('save')", "Save and quit"),
        Binding("d", "choose('discard')", "Quit without saving"),
        Binding("escape,c", "choose('cancel')", "Cancel"),
    ]

    def __init__(self, *, reload: bool = False) -> None:
        super().__init__()
        self.reload = reload

    def compose(self) -> ComposeResult:
        with Vertical(id="quit-dialog"):
            if self.reload:
                yield Label("Reloading discards your unsaved changes. Discard them?")
            else:
                yield Label("There are unsaved changes. Save them before quitting?")
            with Horizontal(id="quit-buttons"):
                if not self.reload:
                    yield Button("Save", id="save", variant="primary", compact=True)
                yield Button("Discard", id="discard", variant="error", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or "cancel")

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)


def save_as_proposal(path: str) -> str:
    """Where "Save as" proposes to write the author's version of ``path``: beside it as
    ``NAME.mine.EXT``, but outside the app's ``.resources`` folder (next to it) when the
    file is inside one: a copy there would be imported as a second dataset with the same
    test names (REF002) and run by the same suites."""
    stem, ext = os.path.splitext(os.path.basename(path))
    resources = app_root(path)
    folder = os.path.dirname(resources) if resources else os.path.dirname(path)
    candidate = os.path.join(folder, f"{stem}.mine{ext}")
    n = 2
    while os.path.lexists(candidate):
        candidate = os.path.join(folder, f"{stem}.mine-{n}{ext}")
        n += 1
    return candidate


class DiskChangedScreen(ModalScreen[str]):
    """Asked when saving finds the file changed by another program since it was loaded:
    reload it (dropping the edits), overwrite it, or save the edits to another file."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "choose('reload')", "Reload from disk (drop my changes)"),
        Binding("o", "choose('overwrite')", "Overwrite the other program's change"),
        Binding("a", "save_as", "Save my version elsewhere"),
        Binding("escape", "choose('cancel')", "Cancel"),
    ]

    def __init__(self, name: str, path: str) -> None:
        super().__init__()
        self.file_name = name
        self.path = path

    def compose(self) -> ComposeResult:
        with Vertical(id="disk-dialog"):
            yield Label(
                f"{self.file_name} was changed by another program since you opened it. "
                "Nothing was saved.",
                id="disk-message",
            )
            with Horizontal(id="disk-buttons"):
                yield Button("Reload", id="reload", compact=True)
                yield Button("Overwrite", id="overwrite", variant="error", compact=True)
                yield Button("Save as…", id="save-as", variant="primary", compact=True)
                yield Button("Cancel", id="cancel", compact=True)
            yield Input(save_as_proposal(self.path), id="save-as-path", compact=True)
            yield Label("", id="save-as-error", classes="yaml-error")

    def on_mount(self) -> None:
        self.query_one("#save-as-path", Input).display = False
        self.query_one("#save-as-error", Label).display = False

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "save-as":
            self.action_save_as()
        else:
            self.dismiss(event.button.id or "cancel")

    def action_save_as(self) -> None:
        field = self.query_one("#save-as-path", Input)
        if field.display:
            self._submit(field.value)
            return
        field.display = True
        field.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._submit(event.value)

    def _submit(self, value: str) -> None:
        path = value.strip()
        error = self.query_one("#save-as-error", Label)
        if not path or os.path.exists(path):
            error.update("Give the name of a file that does not exist yet.")
            error.display = True
            return
        self.dismiss(f"save-as:{path}")

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)


class Confirm(ModalScreen[bool]):
    """A yes/no question (an unsafe fix, a deletion): y or Enter confirms, n or Esc not."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y,enter", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str, *, keys: str = "y: yes   n / Esc: no") -> None:
        super().__init__()
        self.question = question
        self.keys = keys

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-dialog"):
            yield Label(self.question, id="confirm-question")
            yield Label(self.keys, classes="note")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

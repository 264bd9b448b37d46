"""The recovery view: a file the editor cannot open (a dataset that does not parse, or the
configuration above it) as raw text, with what is wrong and where.

The author fixes the text here; the findings follow every change. ctrl+s writes it
through the one atomic writer (only over the bytes that were loaded: another program's
change is never overwritten), and once it parses ctrl+r saves and opens the dataset in
the normal view. Nothing is written that the author did not ask to save.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Footer, Header, Label, Static, TextArea

from ait_datasets.diagnostics import Edit
from ait_datasets.tui.save import DiskChanged, RefusedToSave, write_dataset
from ait_datasets.tui.screens import ConfirmQuit

# What :class:`RecoveryApp` ends with when the author asks for the normal view.
RELOAD = "reload"
# ``check(text)``: what is wrong with ``text`` (``line:col CODE message`` lines), or [].
Check = Callable[[str], list[str]]


class RecoveryApp(App[str | None]):
    """Raw text of ``path`` and its problems; exits with :data:`RELOAD` (open the dataset
    in the normal view) or None (quit)."""

    CSS_PATH = "editor.tcss"
    TITLE = "datasets edit — recovery"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "save", "Save"),
        Binding("ctrl+r", "reload", "Open the normal view"),
        Binding("ctrl+q", "quit", "Quit", priority=True),
    ]

    def __init__(self, path: str, text: str, check: Check, *, bom: bool, disk: bytes) -> None:
        super().__init__()
        self.path = path
        self.bom = bom
        self.check = check
        self.saved_text = text
        self._disk: bytes | None = disk
        self._initial = text
        self.problems = check(text)

    def compose(self) -> ComposeResult:
        yield Header(show_clock=False, icon="≡")
        with Vertical(id="recovery"):
            yield Label(
                f"{os.path.basename(self.path)} cannot be opened in the editor's forms. Fix "
                "it here: ctrl+s saves, ctrl+r opens the normal view once it parses.",
                id="recovery-note",
                classes="note",
            )
            yield Static("", id="recovery-problems", classes="yaml-error")
            yield TextArea(self._initial, id="recovery-text", tab_behavior="indent")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = os.path.basename(self.path)
        self._show_problems()
        self.query_one(TextArea).focus()

    @property
    def text(self) -> str:
        return self.query_one(TextArea).text

    @property
    def changed(self) -> bool:
        return self.text != self.saved_text

    def _show_problems(self) -> None:
        shown = self.query_one("#recovery-problems", Static)
        if self.problems:
            shown.update("\n".join(self.problems))
        else:
            shown.update("It parses now: ctrl+r saves and opens the normal view.")
        self.sub_title = os.path.basename(self.path) + (" [modified]" if self.changed else "")

    def on_text_area_changed(self, event: TextArea.Changed) -> None:
        event.stop()
        self.problems = self.check(self.text)
        self._show_problems()

    def save(self) -> bool:
        """Write the text (atomically, only over what was loaded); False when refused."""
        text = self.text
        try:
            # The editor's one write (the atomic writer), over the bytes that were loaded.
            self._disk = write_dataset(
                self.path, "", [Edit(0, 0, text)], bom=self.bom, expected=self._disk
            )
        except DiskChanged:
            self.notify(
                f"{os.path.basename(self.path)} was changed by another program; nothing was "
                "written. Quit and open it again.",
                severity="error",
                timeout=10,
            )
            return False
        except RefusedToSave as exc:
            self.notify(str(exc), severity="error", timeout=10)
            return False
        self.saved_text = text
        self._show_problems()
        self.notify(f"Saved {os.path.basename(self.path)}")
        return True

    def action_save(self) -> None:
        self.save()

    def action_reload(self) -> None:
        if self.problems:
            self.notify("It does not parse yet: " + self.problems[0], severity="error", timeout=8)
            return
        if self.changed and not self.save():
            return
        self.exit(RELOAD)

    async def action_quit(self) -> None:
        if not self.changed:
            self.exit(None)
            return

        def answered(choice: str | None) -> None:
            if choice == "discard" or (choice == "save" and self.save()):
                self.exit(None)

        self.push_screen(ConfirmQuit(), answered)

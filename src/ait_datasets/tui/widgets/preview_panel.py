"""Placeholder preview: every date placeholder of the selected node, resolved."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Label, Static

from ait_datasets.tui.preview import previews
from ait_datasets.tui.widgets.controls import field_input

_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


class PreviewPanel(Vertical):
    """Shows ``$DateFormula-…$`` values and what they become on the work date."""

    def __init__(self, work_date: dt.date, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.work_date = work_date
        self._value: Any = None

    def compose(self) -> ComposeResult:
        with Horizontal(classes="field-row", id="work-date-row"):
            yield Label("Work date", classes="field-label")
            yield field_input("work-date", "YYYY-MM-DD", value=self.work_date.isoformat())
        yield Static("", id="preview-body")

    def on_mount(self) -> None:
        self.border_title = "Placeholders"

    def show(self, value: Any) -> None:
        self._value = value
        self._redraw()

    def _redraw(self) -> None:
        found = previews(self._value, self.work_date) if self._value is not None else []
        body = self.query_one("#preview-body", Static)
        if not found:
            body.update(Text("No date placeholders here.", "dim"))
            return
        out = Text()
        for p in found:
            if out:
                out.append("\n")
            # The raw value is in the form; show where it is and what it becomes.
            out.append(f"{p.path} → ", "dim")
            out.append(p.resolved, "green" if p.ok else "bold red")
        body.update(out)

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id != "work-date":
            return
        event.stop()
        text = event.value.strip()
        try:
            if not _ISO_DATE.fullmatch(text):
                raise ValueError(text)
            self.work_date = dt.date.fromisoformat(text)
        except ValueError:
            body = self.query_one("#preview-body", Static)
            body.update(
                Text(
                    f"'{text}' is not a date (YYYY-MM-DD); the preview keeps "
                    f"{self.work_date.isoformat()}.",
                    "bold red",
                )
            )
            event.input.add_class("invalid-date")
            return
        event.input.remove_class("invalid-date")
        self._redraw()

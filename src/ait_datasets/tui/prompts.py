"""The small dialog that asks for a new test's or turn's required texts.

A new test or turn written with empty ``from:``/``title:``/``instruction:`` would be a
test that the framework runs with an empty sender, title or instruction (QRY rule
``query-empty-text``), so the editor asks for them first: Enter adds, Esc adds nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.suggester import SuggestFromList
from textual.widgets import Input, Label

from ait_datasets.tui.widgets.form_base import row


@dataclass(frozen=True, slots=True)
class PromptField:
    """One text the dialog asks for; ``required`` ones may not be left blank."""

    key: str
    label: str
    placeholder: str = ""
    value: str = ""
    required: bool = True
    # Values the field completes (→ accepts the completion), e.g. suggestion codes.
    choices: tuple[str, ...] = ()


# What each kind of new item needs (see :func:`ait_datasets.tui.shape.new_turn`).
TASK_FIELDS = (
    PromptField("from", "From", "who sends the task, e.g. customer@contoso.com"),
    PromptField("title", "Title", "the task's title"),
    PromptField("message", "Message", "the task's message (optional)", required=False),
)
REPLY_FIELDS = (PromptField("instruction", "Reply", "what the user tells the agent"),)
QUESTION_FIELDS = (PromptField("question", "Question", "what the user asks"),)


def reply_fields(codes: tuple[str, ...]) -> tuple[PromptField, ...]:
    """A reply's fields: its instruction, and first the suggestion codes the previous turn's
    intervention request offers when it offers some (one of the two is given)."""
    if not codes:
        return REPLY_FIELDS
    return (
        PromptField(
            "suggestion",
            "Suggestion",
            f"{', '.join(codes)} (→ completes), or leave empty and write a reply",
            required=False,
            choices=codes,
        ),
        PromptField("instruction", "Reply", "or what the user tells the agent", required=False),
    )


def one_reply(texts: dict[str, str]) -> str | None:
    """The reply dialog's check when it offers suggestion codes: one answer, not two."""
    code = texts.get("suggestion", "").strip()
    words = texts.get("instruction", "").strip()
    if code and words:
        return "Give a suggestion code or a reply, not both."
    if not code and not words:
        return "Give a suggestion code or a reply."
    return None


class NewItemScreen(ModalScreen[dict[str, str] | None]):
    """Asks for ``fields``; dismisses with ``{key: text}`` (Enter) or None (Esc)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel (nothing is added)"),
        Binding("enter", "submit", "Add (every required text given)", show=False),
    ]

    def __init__(
        self,
        title: str,
        fields: tuple[PromptField, ...],
        check: Callable[[dict[str, str]], str | None] | None = None,
    ) -> None:
        super().__init__()
        self.title_text = title
        self.fields = fields
        # Says what is wrong with the texts (a name already taken), or None.
        self.check = check

    def compose(self) -> ComposeResult:
        with Vertical(id="prompt-dialog"):
            yield Label(self.title_text, classes="form-title")
            for field in self.fields:
                yield row(
                    field.label + ("" if field.required else " (opt.)"),
                    Input(
                        field.value,
                        placeholder=field.placeholder,
                        id=f"prompt-{field.key}",
                        # An offered value (a new test's name) is selected: typing
                        # replaces it, Tab keeps it.
                        select_on_focus=bool(field.value),
                        suggester=SuggestFromList(field.choices, case_sensitive=False)
                        if field.choices
                        else None,
                        compact=True,
                    ),
                )
            yield Label("", id="prompt-error", classes="yaml-error")
            yield Label("Enter: add   Tab: next field   Esc: cancel", classes="note")

    def on_mount(self) -> None:
        self.query_one("#prompt-error", Label).display = False
        # The first field, also when it holds an offered value: a new test's name is
        # what the author most often changes, and it is the first thing the dialog asks.
        self.query_one(f"#prompt-{self.fields[0].key}", Input).focus()

    def values(self) -> dict[str, str]:
        return {f.key: self.query_one(f"#prompt-{f.key}", Input).value for f in self.fields}

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_submit()

    def action_submit(self) -> None:
        values = self.values()
        missing = [f for f in self.fields if f.required and not values[f.key].strip()]
        problem = f"{missing[0].label} is required." if missing else None
        if problem is None and self.check is not None:
            problem = self.check(values)
        if problem is not None:
            error = self.query_one("#prompt-error", Label)
            error.update(problem)
            error.display = True
            if missing:
                self.query_one(f"#prompt-{missing[0].key}", Input).focus()
            return
        self.dismiss(values)

    def action_cancel(self) -> None:
        self.dismiss(None)

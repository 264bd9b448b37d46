"""Whether the author is typing text: a space then is text, never a toggle.

A space reaches a checkbox or a select while typing when Tab moved the focus in the
middle of a sentence ("Approved,<Tab> thanks"): it must not tick "expects a pause" or
open a menu. The app notes, for every key, whether it continues a run of text typed into
a text field (Tab keeps the run going, any other non-text key ends it); the controls in
:mod:`.widgets.controls` ignore a space that arrives during such a run. The next space
(or Enter) toggles as usual.
"""

from __future__ import annotations

from textual import events
from textual.app import App
from textual.widget import Widget
from textual.widgets import Input, TextArea

# Keys that move the focus without ending a run of typing.
_FOCUS_KEYS = ("tab", "shift+tab")


class TypingState:
    """The run of typing, updated once per key before the key is delivered."""

    def __init__(self) -> None:
        self._typing = False
        # True while the key being delivered is a space typed mid-text into a control.
        self.stray_space = False

    def note(self, key: str, printable: bool, focused: Widget | None) -> None:
        in_text = isinstance(focused, (Input, TextArea))
        self.stray_space = key == "space" and self._typing and not in_text
        if key in _FOCUS_KEYS:
            return
        self._typing = printable and in_text


class TypingAware(App[None]):
    """An app that keeps :class:`TypingState` for its controls (``typing_state``)."""

    def __init__(self) -> None:
        super().__init__()
        self.typing_state = TypingState()

    async def on_event(self, event: events.Event) -> None:
        # Once per key: a key the focused widget did not handle comes back here forwarded.
        if isinstance(event, events.Key) and not event.is_forwarded:
            self.typing_state.note(event.key, event.is_printable, self.focused)
        await super().on_event(event)


def stray_space(widget: Widget) -> bool:
    """Is the key being delivered to ``widget`` a space typed in the middle of text?"""
    state = getattr(widget.app, "typing_state", None)
    return isinstance(state, TypingState) and state.stray_space

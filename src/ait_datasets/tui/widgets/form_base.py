"""What the detail forms share: quiet loading, a row of label + field, and YAML fields
whose text that does not apply is reported to the app (which keeps it, see
:mod:`~ait_datasets.tui.unapplied`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from ruamel.yaml.comments import CommentedMap
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Checkbox, Input, Label, Select, TextArea

from ait_datasets.tui.roundtrip import YamlInputError, load_fragment

PathPart = str | int


def field_text(value: Any) -> str:
    """A scalar as a text field shows it: a missing key (None) is an empty field."""
    return "" if value is None else str(value)


def row(label: str, field: Widget, *, id: str | None = None) -> Horizontal:
    """A labelled field on one line."""
    return Horizontal(Label(label, classes="field-label"), field, classes="field-row", id=id)


class FormMessage(Message):
    """A message a form posts: it names the form and the node (``target``) the form showed
    when the author acted, so the app applies it there (see :attr:`Form.target`)."""

    def __init__(self, form: Form) -> None:
        super().__init__()
        self.form = form
        self.target = form.target

    @property
    def control(self) -> Form:
        return self.form


class Form(Vertical):
    """A form that edits the selected node; loading it never counts as an edit.

    A form never changes the document itself: it posts what the author did as a message
    and the app applies it to the model (attributes down, messages up).
    """

    class ValueChanged(FormMessage):
        """A scalar at ``path`` (below the test, or below the turn for a turn form) was
        set to ``value``."""

        def __init__(self, form: Form, path: tuple[PathPart, ...], value: Any) -> None:
            super().__init__(form)
            self.path = path
            self.value = value

    class TurnChanged(FormMessage):
        """Apply ``change`` to the selected turn's round-trip data; ``merge_key`` merges
        consecutive changes of one field into one undo step; ``reload`` refreshes the form."""

        def __init__(
            self,
            form: Form,
            change: Callable[[CommentedMap], Any],
            merge_key: str | None,
            *,
            reload: bool = False,
        ) -> None:
            super().__init__(form)
            self.change = change
            self.merge_key = merge_key
            self.reload = reload

    class YamlChecked(FormMessage):
        """The YAML field ``field`` (a widget id) holds ``text``: ``error`` says why it
        cannot be applied (the app keeps it as an unapplied change), None when it applied."""

        def __init__(self, form: Form, field: str, text: str, error: YamlInputError | None) -> None:
            super().__init__(form)
            self.field = field
            self.text = text
            self.error = error

    # The form's YAML fields: widget id -> the key it edits, as a refusal to save names it
    # ("the expected_data of turn 2 of test Q1"). Each has an error label "#<id>-error".
    yaml_fields: ClassVar[dict[str, str]] = {}

    # The (test, turn) the form shows, set by the app when it loads the form: a message
    # names its node, so a change is never applied to a node selected after it was typed.
    target: tuple[int | None, int | None] = (None, None)

    def post_value(self, path: tuple[PathPart, ...], value: Any) -> None:
        self.post_message(self.ValueChanged(self, path, value))

    def post_turn_change(
        self, change: Callable[[CommentedMap], Any], merge_key: str | None, *, reload: bool = False
    ) -> None:
        self.post_message(self.TurnChanged(self, change, merge_key, reload=reload))

    def put_input(self, selector: str, value: str) -> None:
        widget = self.query_one(selector, Input)
        if widget.value != value:
            with widget.prevent(Input.Changed):
                widget.value = value

    def put_text(self, selector: str, value: str) -> None:
        widget = self.query_one(selector, TextArea)
        if widget.text != value:
            row, column = widget.cursor_location
            with widget.prevent(TextArea.Changed):
                widget.load_text(value)
            if widget.has_focus:
                # An undo typed here (ctrl+z is the editor's): the cursor stays where it
                # was (at the end when that is past it), as in a one-line field, instead
                # of going to the start.
                doc = widget.document
                if row >= doc.line_count:
                    widget.move_cursor(doc.end)
                else:
                    widget.move_cursor((row, min(column, len(doc.get_line(row)))))

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

    # -- YAML fields --------------------------------------------------------------------

    def read_yaml(
        self, widget_id: str, text: str, check: Callable[[Any], None] | None = None
    ) -> tuple[bool, Any]:
        """``(True, value)`` when the YAML field's ``text`` parses (and passes ``check``,
        which raises :class:`YamlInputError` for a value of the wrong shape; blank text is
        None), else ``(False, None)`` with the error shown under the field. Either way the
        app is told (:class:`YamlChecked`), so text that does not apply stays a change."""
        try:
            value = load_fragment(text) if text.strip() else None
            if check is not None:
                check(value)
        except YamlInputError as exc:
            self.show_error(f"#{widget_id}-error", f"Invalid YAML, not applied: {exc}")
            self.post_message(self.YamlChecked(self, widget_id, text, exc))
            return False, None
        self.show_error(f"#{widget_id}-error", None)
        self.post_message(self.YamlChecked(self, widget_id, text, None))
        return True, value

    def show_unapplied_yaml(self, widget_id: str, text: str, problem: str) -> None:
        """Put back text typed into a YAML field that was not applied, with its problem."""
        self.put_text(f"#{widget_id}", text)
        self.show_error(f"#{widget_id}-error", f"Invalid YAML, not applied: {problem}")

    def clear_yaml_errors(self) -> None:
        for widget_id in self.yaml_fields:
            self.show_error(f"#{widget_id}-error", None)

"""The form of a turn: its query (task input or intervention reply), expectations, setup."""

from __future__ import annotations

from typing import Any, ClassVar

from ruamel.yaml.comments import CommentedMap, CommentedSeq
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Checkbox, Input, Label, Select, TextArea

from ait_datasets.tui import shape
from ait_datasets.tui.roundtrip import YamlInputError, dump_fragment
from ait_datasets.tui.widgets.controls import (
    EditorTextArea,
    EndTextArea,
    TextSafeCheckbox,
    TextSafeSelect,
    field_input,
)
from ait_datasets.tui.widgets.form_base import Form, FormMessage, field_text, row

KIND_OPTIONS = [("Task input", shape.TASK), ("Intervention reply", shape.REPLY)]
REPLY_OPTIONS = [("Instruction (free text)", "instruction"), ("Suggestion (code)", "suggestion")]

# YAML fields: widget id -> the key it edits.
YAML_FIELDS = {
    "turn-attachments": "attachments",
    "turn-expected": "expected_data",
    "turn-setup": "turn_setup",
}


def _mapping(value: Any) -> dict[Any, Any]:
    return value if isinstance(value, dict) else {}


class TurnForm(Form):
    """Edits the selected turn. YAML fields that do not parse show the error and are not
    applied, so they can never reach the file; the app keeps their text as an unapplied
    change (see :mod:`~ait_datasets.tui.unapplied`)."""

    class KindSwitched(FormMessage):
        """The author made the turn's query a task input or an intervention reply."""

        def __init__(self, form: TurnForm, kind: str) -> None:
            super().__init__(form)
            self.kind = kind

    yaml_fields: ClassVar[dict[str, str]] = YAML_FIELDS

    def __init__(self, intervention_types: tuple[str, ...], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.intervention_types = intervention_types
        # Where the task fields write: ``query``, or ``question`` when a turn without a
        # query has a question object (the legacy shape the framework reads as the query).
        self.query_key = "query"

    def compose(self) -> ComposeResult:
        yield Label("Turn", id="turn-title", classes="form-title")
        yield row(
            "Query",
            TextSafeSelect(KIND_OPTIONS, id="turn-kind", allow_blank=False, compact=True),
            id="turn-kind-row",
        )
        with Vertical(id="question-fields"):
            yield row(
                "Question",
                EndTextArea(id="turn-question", compact=True, classes="short"),
                id="turn-question-row",
            )
            yield Label("", id="question-note", classes="note")
        with Vertical(id="task-fields"):
            yield row(
                "From",
                field_input("turn-from", "sender"),
            )
            yield row(
                "Title",
                field_input("turn-task-title", "task title"),
            )
            yield row("Message", EditorTextArea(id="turn-message", compact=True, classes="short"))
            yield row(
                "Attachments", EditorTextArea(id="turn-attachments", compact=True, classes="short")
            )
            yield Label("", id="turn-attachments-error", classes="yaml-error")
            yield row(
                "Timeout ms",
                field_input("turn-timeout", "default", type="integer"),
            )
        with Vertical(id="reply-fields"):
            yield row(
                "Reply",
                TextSafeSelect(
                    REPLY_OPTIONS, id="turn-reply-kind", allow_blank=False, compact=True
                ),
            )
            yield row("Text", field_input("turn-reply-text"))
        yield Label("Expected data", classes="form-section")
        yield TextSafeCheckbox(
            "Expects a pause (intervention_request)", id="turn-pause", compact=True
        )
        with Vertical(id="request-fields"):
            types = [(t, t) for t in self.intervention_types]
            yield row(
                "Type",
                TextSafeSelect(types, id="turn-request-type", prompt="(not checked)", compact=True),
            )
            yield row(
                "Suggestions", EditorTextArea(id="turn-suggestions", compact=True, classes="short")
            )
        yield row("Other keys", EditorTextArea(id="turn-expected", compact=True, classes="yaml"))
        yield Label("", id="turn-expected-error", classes="yaml-error")
        yield row("Turn setup", EditorTextArea(id="turn-setup", compact=True, classes="yaml"))
        yield Label("", id="turn-setup-error", classes="yaml-error")

    def on_mount(self) -> None:
        self.clear_yaml_errors()

    # -- loading ------------------------------------------------------------------------

    def load(self, turn: Any, number: int, flat: bool) -> None:
        """Show ``turn`` (round-trip data); clears pending YAML errors."""
        data = turn if isinstance(turn, dict) else {}
        title = f"Turn {number}" + (" (single-turn test)" if flat else "")
        self.query_one("#turn-title", Label).update(title)
        kind = shape.query_kind(data)
        question = data.get("question")
        asked = kind == shape.QUESTION
        # A question object (from/title/message) is edited with the task input's fields.
        self.query_key = "question" if asked and isinstance(question, dict) else "query"
        query = _mapping(data.get(self.query_key))
        self.put_select("#turn-kind", shape.REPLY if kind == shape.REPLY else shape.TASK)
        self.query_one("#turn-kind-row").display = not asked
        text_question = asked and not isinstance(question, (dict, list))
        self.query_one("#question-fields").display = asked
        self.query_one("#turn-question-row").display = text_question
        self.put_text("#turn-question", field_text(question) if text_question else "")
        self.query_one("#question-note", Label).update(_question_note(question) if asked else "")
        self.query_one("#task-fields").display = kind != shape.REPLY and (
            not asked or self.query_key == "question"
        )
        self.query_one("#reply-fields").display = kind == shape.REPLY
        self.put_input("#turn-from", field_text(query.get("from")))
        self.put_input("#turn-task-title", field_text(query.get("title")))
        self.put_text("#turn-message", field_text(query.get("message")))
        self.put_text("#turn-attachments", dump_fragment(query.get("attachments")))
        self.put_input("#turn-timeout", field_text(query.get("timeout")))
        intervention = _mapping(query.get("intervention"))
        reply_kind = "suggestion" if "suggestion" in intervention else "instruction"
        self.put_select("#turn-reply-kind", reply_kind)
        self.put_input("#turn-reply-text", field_text(intervention.get(reply_kind)))
        expected = _mapping(data.get("expected_data"))
        request = expected.get("intervention_request")
        paused = "intervention_request" in expected
        self.put_check("#turn-pause", paused)
        self.query_one("#request-fields").display = paused
        request = _mapping(request)
        req_type = request.get("type")
        self.put_select(
            "#turn-request-type",
            str(req_type) if req_type in self.intervention_types else Select.NULL,
        )
        suggestions = request.get("suggestions")
        lines = "\n".join(map(str, suggestions)) if isinstance(suggestions, list) else ""
        self.put_text("#turn-suggestions", lines)
        others = shape.other_expected(data)
        self.put_text("#turn-expected", dump_fragment(others) if others else "")
        self.put_text("#turn-setup", dump_fragment(data.get("turn_setup")))
        self.clear_yaml_errors()

    # -- editing ------------------------------------------------------------------------

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        widget_id = event.input.id or ""
        if widget_id == "turn-from":
            self.post_value((self.query_key, "from"), event.value)
        elif widget_id == "turn-task-title":
            self.post_value((self.query_key, "title"), event.value)
        elif widget_id == "turn-reply-text":
            reply_kind = self.query_one("#turn-reply-kind", Select).value
            self.post_value(("query", "intervention", str(reply_kind)), event.value)
        elif widget_id == "turn-timeout":
            self._set_timeout(event.value)

    def _set_timeout(self, value: str) -> None:
        text = value.strip()
        key = self.query_key
        if text in ("", "-"):
            self.post_turn_change(lambda t: t[key].pop("timeout", None), "timeout")
            return
        try:
            number = int(text)
        except ValueError:
            return
        self.post_turn_change(lambda t: shape.set_key(t[key], "timeout", number), "timeout")

    def on_text_area_changed(self, event: TextArea.Changed) -> None:
        event.stop()
        widget_id = event.text_area.id or ""
        text = event.text_area.text
        if widget_id == "turn-message":
            self.post_value((self.query_key, "message"), text)
        elif widget_id == "turn-question":
            self.post_value(("question",), text)
        elif widget_id == "turn-suggestions":
            self._set_suggestions(text)
        elif widget_id in YAML_FIELDS:
            self._set_yaml(widget_id, text)

    def _set_suggestions(self, text: str) -> None:
        lines = [line.strip() for line in text.splitlines() if line.strip()]
        value: CommentedSeq | None = None
        if lines:
            value = CommentedSeq(lines)
        self.post_turn_change(
            lambda t: shape.set_request_field(t, "suggestions", value), "suggestions"
        )

    def _set_yaml(self, widget_id: str, text: str) -> None:
        applies, value = self.read_yaml(widget_id, text, lambda v: _check_shape(widget_id, v))
        if not applies:
            return
        if widget_id == "turn-attachments":
            key = self.query_key
            self.post_turn_change(
                lambda t: shape.set_or_remove(t[key], "attachments", value), widget_id
            )
        elif widget_id == "turn-setup":
            self.post_turn_change(lambda t: shape.set_or_remove(t, "turn_setup", value), widget_id)
        else:
            others = value if isinstance(value, CommentedMap) else CommentedMap()
            self.post_turn_change(lambda t: shape.replace_other_expected(t, others), widget_id)

    def on_select_changed(self, event: Select.Changed) -> None:
        event.stop()
        widget_id = event.select.id or ""
        value = event.value
        if widget_id == "turn-kind" and value in (shape.TASK, shape.REPLY):
            self.post_message(self.KindSwitched(self, str(value)))
        elif widget_id == "turn-reply-kind" and value in ("suggestion", "instruction"):
            text = self.query_one("#turn-reply-text", Input).value
            self.post_turn_change(lambda t: shape.set_reply(t, str(value), text), None)
        elif widget_id == "turn-request-type":
            chosen = None if value is Select.NULL else str(value)
            self.post_turn_change(
                lambda t: shape.set_request_field(t, "type", chosen), "request-type"
            )

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        event.stop()
        if event.checkbox.id == "turn-pause":
            on = event.value
            select = self.query_one("#turn-request-type", Select)
            default = None if select.value is Select.NULL else str(select.value)
            default = default or (self.intervention_types[0] if self.intervention_types else None)
            self.post_turn_change(lambda t: shape.set_pause(t, on, default), None, reload=True)


def _question_note(question: Any) -> str:
    """What a turn's ``question:`` is to the framework, in the shape it has."""
    if isinstance(question, dict):
        return (
            "question: as an object, the legacy name of query: (the framework reads it when "
            "there is no query:; datasets migrate renames it). Its fields are below."
        )
    if isinstance(question, list):
        return "question: is a list here; edit it with F3 (raw YAML)."
    return (
        "question: what a Copilot test asks (AITTestContext.GetQuestion / GetQuery read it "
        "when there is no query:)."
    )


def _check_shape(widget_id: str, value: Any) -> None:
    if value is None:
        return
    if widget_id == "turn-attachments" and not isinstance(value, list):
        raise YamlInputError("attachments must be a list (items like '- file: name.pdf')")
    if widget_id == "turn-expected" and not isinstance(value, dict):
        raise YamlInputError("expected data must be a mapping (key: value lines)")

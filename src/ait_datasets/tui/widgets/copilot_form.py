"""The form of a Copilot AI test (not an agent test) or of one of its turns: the test's
name and description; the question, context and ground truth as text; the expected data
and test setup as YAML.

Copilot datasets (``question``/``context``/``ground_truth`` rows of a JSONL file, flat
YAML tests, or tests with ``turns:``) are read by the app's own test code through
AITTestContext; they have no query or intervention requests, so the agent's turn form
does not fit them. With ``turns:`` every getter (GetQuestion/GetQuery, GetContext,
GetGroundTruth, GetExpectedData, GetTestSetup) reads the current turn, not the test
(AIT Test Context Impl., codeunit 149043, ``GetTestInput``): a turn shows those keys, and
the test only its name and description.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.widgets import Input, Label, TextArea

from ait_datasets.tui.roundtrip import dump_fragment
from ait_datasets.tui.widgets.controls import EditorTextArea, EndTextArea, field_input
from ait_datasets.tui.widgets.form_base import Form, FormMessage, field_text, row

# Text keys of a test or a turn: (key, label, placeholder).
TURN_TEXT_KEYS = (
    ("question", "Question", "what the user asks"),
    ("context", "Context", "what the test gives the model besides the question"),
    ("ground_truth", "Ground truth", "the answer the test expects"),
)
# The description is the test's own (AssignTestInputCode reads it on the test object).
TEXT_KEYS = (("description", "Description", "what the test checks"), *TURN_TEXT_KEYS)
# YAML keys: (key, label).
YAML_KEYS = (("expected_data", "Expected data"), ("test_setup", "Test setup"))
# The keys a turn shows; a test shows its name and description besides.
TURN_SHOWN = frozenset(k for k, _, _ in TURN_TEXT_KEYS) | {k for k, _ in YAML_KEYS}
TEST_SHOWN = TURN_SHOWN | {"name", "description"}


class CopilotForm(Form):
    """Edits the keys a Copilot test (or a turn of one) has. A text key whose value is not
    text (a list, an object) is shown as YAML and edited with F3; YAML that does not parse
    is not applied, and the app keeps it as an unapplied change."""

    class KeyChanged(FormMessage):
        """Set the key ``key`` of the form's test (or turn) to ``value`` (None removes it)."""

        def __init__(self, form: CopilotForm, key: str, value: Any) -> None:
            super().__init__(form)
            self.key = key
            self.value = value

    yaml_fields: ClassVar[dict[str, str]] = {f"copilot-{key}": key for key, _ in YAML_KEYS}

    def compose(self) -> ComposeResult:
        yield Label("Copilot test", id="copilot-title", classes="form-title")
        yield row(
            "Name",
            field_input("copilot-name", "test code"),
            id="copilot-name-row",
        )
        for key, label, placeholder in TEXT_KEYS:
            # The question types at its end when Tab lands there first (a turn's form).
            area = EndTextArea if key == "question" else EditorTextArea
            yield row(
                label,
                area(id=f"copilot-{key}", compact=True, classes="short", placeholder=placeholder),
                id=f"copilot-{key}-row",
            )
        for key, label in YAML_KEYS:
            yield row(label, EditorTextArea(id=f"copilot-{key}", compact=True, classes="yaml"))
            yield Label("", id=f"copilot-{key}-error", classes="yaml-error")
        yield Label("", id="copilot-note", classes="note")

    def on_mount(self) -> None:
        self.clear_yaml_errors()

    def load(self, data: Any, turn: int | None = None, *, flat: bool = True) -> None:
        """Show a Copilot test (``turn`` None) or its turn ``turn`` (0-based; ``data`` is
        then the turn, or the test itself when ``flat``: a test without ``turns:`` is its
        own single turn). Clears the YAML errors shown."""
        data = data if isinstance(data, dict) else {}
        whole = turn is None
        if turn is None:
            title = "Copilot test"
        else:
            title = f"Turn {turn + 1} of a Copilot test" + (" (single-turn test)" if flat else "")
        self.query_one("#copilot-title", Label).update(title)
        self.query_one("#copilot-name-row").display = whole
        self.query_one("#copilot-description-row").display = whole
        name = data.get("name")
        self.put_input("#copilot-name", "" if name is None or not whole else str(name))
        for key, _, _ in TEXT_KEYS:
            value = data.get(key)
            area = self.query_one(f"#copilot-{key}", TextArea)
            structured = isinstance(value, (dict, list))
            self.put_text(
                f"#copilot-{key}", dump_fragment(value) if structured else field_text(value)
            )
            area.read_only = structured
        for key, _ in YAML_KEYS:
            self.put_text(f"#copilot-{key}", dump_fragment(data.get(key)))
        self.clear_yaml_errors()
        self.query_one("#copilot-note", Label).update(_note(data, whole, flat))

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "copilot-name":
            event.stop()
            self.post_value(("name",), event.value)

    def on_text_area_changed(self, event: TextArea.Changed) -> None:
        event.stop()
        widget_id = event.text_area.id or ""
        key = widget_id.removeprefix("copilot-")
        text = event.text_area.text
        if any(key == k for k, _, _ in TEXT_KEYS):
            # An emptied field removes its key rather than writing an empty text.
            self.post_message(self.KeyChanged(self, key, text if text else None))
            return
        applies, value = self.read_yaml(widget_id, text)
        if applies:
            self.post_message(self.KeyChanged(self, key, value))


def _note(data: dict[Any, Any], whole: bool, flat: bool) -> str:
    """What the form is to the framework, and the keys it does not show (F3 does)."""
    if whole:
        note = "A Copilot AI test: the app's test code reads these keys (AITTestContext)."
    elif flat:
        note = "A test without turns: is its own single turn; these are the test's keys."
    else:
        note = "A turn: with turns:, AITTestContext reads these keys from the current turn."
    # A flat test's turn is the test: its name and description are not "other" keys.
    shown = TEST_SHOWN if whole or flat else TURN_SHOWN
    others = [str(k) for k in data if k not in shown]
    if others:
        return f"{note} Also here: {', '.join(others)}. F3 shows every key."
    return f"{note} F3 shows every key."

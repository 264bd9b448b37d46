"""The form of a Copilot AI test (not an agent test): its name, description, question,
context and ground truth as text, its expected data and test setup as YAML.

Copilot datasets (``question``/``context``/``ground_truth`` rows of a JSONL file, or flat
YAML tests) are read by the app's own test code through AITTestContext; they have no
query, turns or intervention requests, so the agent's turn form does not fit them.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.message import Message
from textual.widgets import Input, Label, TextArea

from ait_datasets.tui.roundtrip import YamlInputError, dump_fragment, load_fragment
from ait_datasets.tui.widgets.form_base import Form, row

# Text keys: (key, label, placeholder).
TEXT_KEYS = (
    ("description", "Description", "what the test checks"),
    ("question", "Question", "what the user asks"),
    ("context", "Context", "what the test gives the model besides the question"),
    ("ground_truth", "Ground truth", "the answer the test expects"),
)
# YAML keys: (key, label).
YAML_KEYS = (("expected_data", "Expected data"), ("test_setup", "Test setup"))


class CopilotForm(Form):
    """Edits the keys a Copilot test has. A text key whose value is not text (a list, an
    object) is shown as YAML and edited with F3; YAML that does not parse is not applied."""

    class KeyChanged(Message):
        """Set the test's ``key`` to ``value`` (None removes the key)."""

        def __init__(self, form: CopilotForm, key: str, value: Any) -> None:
            super().__init__()
            self.form = form
            self.target = form.target
            self.key = key
            self.value = value

        @property
        def control(self) -> CopilotForm:
            return self.form

    def compose(self) -> ComposeResult:
        yield Label("Copilot test", classes="form-title")
        yield row(
            "Name",
            Input(select_on_focus=False, id="copilot-name", compact=True, placeholder="test code"),
        )
        for key, label, placeholder in TEXT_KEYS:
            yield row(
                label,
                TextArea(
                    id=f"copilot-{key}", compact=True, classes="short", placeholder=placeholder
                ),
            )
        for key, label in YAML_KEYS:
            yield row(label, TextArea(id=f"copilot-{key}", compact=True, classes="yaml"))
            yield Label("", id=f"copilot-{key}-error", classes="yaml-error")
        yield Label(
            "A Copilot AI test: the app's test code reads these keys (AITTestContext). "
            "F3 shows every key.",
            id="copilot-note",
            classes="note",
        )

    def on_mount(self) -> None:
        for key, _ in YAML_KEYS:
            self.show_error(f"#copilot-{key}-error", None)

    def load(self, test: Any) -> None:
        data = test if isinstance(test, dict) else {}
        name = data.get("name")
        self.put_input("#copilot-name", "" if name is None else str(name))
        for key, _, _ in TEXT_KEYS:
            value = data.get(key)
            area = self.query_one(f"#copilot-{key}", TextArea)
            structured = isinstance(value, (dict, list))
            self.put_text(f"#copilot-{key}", dump_fragment(value) if structured else _text(value))
            area.read_only = structured
        for key, _ in YAML_KEYS:
            self.put_text(f"#copilot-{key}", dump_fragment(data.get(key)))
            self.show_error(f"#copilot-{key}-error", None)

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "copilot-name":
            event.stop()
            self.post_value(("name",), event.value)

    def on_text_area_changed(self, event: TextArea.Changed) -> None:
        event.stop()
        key = (event.text_area.id or "").removeprefix("copilot-")
        text = event.text_area.text
        if any(key == k for k, _, _ in TEXT_KEYS):
            # An emptied field removes its key rather than writing an empty text.
            self.post_message(self.KeyChanged(self, key, text if text else None))
            return
        try:
            value = load_fragment(text) if text.strip() else None
        except YamlInputError as exc:
            self.show_error(f"#copilot-{key}-error", f"Invalid YAML, not applied: {exc}")
            return
        self.show_error(f"#copilot-{key}-error", None)
        self.post_message(self.KeyChanged(self, key, value))


def _text(value: Any) -> str:
    return "" if value is None else str(value)

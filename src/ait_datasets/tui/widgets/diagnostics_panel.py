"""The diagnostics panel: lint findings for the text being edited; Enter jumps to the node."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from ait_datasets.diagnostics import Severity
from ait_datasets.plural import plural
from ait_datasets.tui.findings import Finding

_STYLE = {Severity.ERROR: "bold red", Severity.WARNING: "yellow", Severity.INFO: "cyan"}


def finding_text(finding: Finding) -> Text:
    d = finding.diagnostic
    return Text.assemble(
        (f"{d.line}:{d.column} ", "dim"),
        (f"{d.severity.value} ", _STYLE.get(d.severity, "")),
        (d.code, _STYLE.get(d.severity, "")),
        " ",
        d.message,
    )


class DiagnosticsPanel(OptionList):
    """Findings of the lint engine; the list is replaced after every lint run."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "select", "Go to node", show=True),
        Binding("f", "fix", "Apply fix", show=True),
        Binding("plus,equals_sign", "grow", "Taller panel", show=True),
        Binding("minus", "shrink", "Shorter panel", show=True),
    ]

    def action_grow(self) -> None:
        self.styles.height = min(int(self.styles.height.value if self.styles.height else 5) + 3, 40)

    def action_shrink(self) -> None:
        self.styles.height = max(int(self.styles.height.value if self.styles.height else 5) - 3, 3)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.findings: list[Finding] = []
        self.border_title = "Diagnostics"

    class JumpRequested(Message):
        """Go to the test/turn a finding belongs to (None: the file)."""

        def __init__(self, finding: Finding) -> None:
            super().__init__()
            self.finding = finding

    class FixRequested(Message):
        """Apply the fix of a finding (the app asks first when the fix is unsafe)."""

        def __init__(self, finding: Finding) -> None:
            super().__init__()
            self.finding = finding

    def action_fix(self) -> None:
        index = self.highlighted
        if index is not None and 0 <= index < len(self.findings):
            self.post_message(self.FixRequested(self.findings[index]))

    def linting(self) -> None:
        """Say that a lint run is under way (the list shows the previous run meanwhile)."""
        shown = self.border_title or "Diagnostics"
        base = str(shown).split(" · ")[0]
        self.border_title = f"{base} · linting…"
        if not self.findings and self.option_count <= 1:
            self.clear_options()
            self.add_option(Option(Text("Linting…", "italic"), disabled=True))

    def failed(self, message: str) -> None:
        self.clear_options()
        self.add_option(Option(Text(message, "bold red"), disabled=True))
        self.border_title = "Diagnostics · lint failed"

    def show(self, findings: list[Finding]) -> None:
        self.findings = findings
        highlighted = self.highlighted
        self.clear_options()
        if findings:
            self.add_options(Option(finding_text(f)) for f in findings)
            if highlighted is not None:
                self.highlighted = min(highlighted, len(findings) - 1)
        else:
            self.add_option(Option(Text("No problems found.", "green"), disabled=True))
        errors = sum(f.diagnostic.severity is Severity.ERROR for f in findings)
        self.border_title = f"Diagnostics ({len(findings)}, {plural(errors, 'error')})"

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if 0 <= event.option_index < len(self.findings):
            finding = self.findings[event.option_index]
            self.post_message(self.JumpRequested(finding))

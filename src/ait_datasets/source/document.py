"""What loading a file gives: the text, the positioned tree and the plain data."""

from __future__ import annotations

from ait_datasets.diagnostics import Diagnostic, Severity
from ait_datasets.records import Record, field
from ait_datasets.source.tree import Node, Span


class Document(Record):
    """A loaded dataset file.

    ``root`` is None when the file could not be parsed; ``diagnostics`` then says why.
    For JSONL, ``rows`` holds one tree per non-empty line and ``root`` is None.
    """

    _uncompared = ("cache",)
    path: str
    text: str
    format: str  # "yaml" | "json" | "jsonl"
    root: Node | None = None
    rows: list[Node] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    bom: bool = False
    newline: str = "\n"
    # Views derived from the tree (its tests, which are agent tests, ...), computed once
    # and shared by the rule families instead of each walking the tree again.
    cache: dict[str, object] = field(default_factory=dict)

    @property
    def data(self) -> object:
        return None if self.root is None else self.root.data

    @property
    def parsed(self) -> bool:
        return self.root is not None or (self.format == "jsonl" and not self.has_errors)

    @property
    def has_errors(self) -> bool:
        return any(d.severity is Severity.ERROR for d in self.diagnostics)

    def add_finding(self, span: Span | None, code: str, severity: Severity, message: str) -> None:
        """Add a finding at ``span`` (or at 1:1 for a finding about the whole file)."""
        self.diagnostics.append(Diagnostic.at(self.path, span, code, severity, message))

"""Our findings and edits as lsprotocol values, in the client's position encoding (what
each finding shows is decided in :mod:`.findings`)."""

from __future__ import annotations

from lsprotocol import types as lsp

from ait_datasets.diagnostics import Diagnostic, Edit
from ait_datasets.lsp.findings import (
    RELATED_MESSAGE,
    SEVERITY,
    SOURCE,
    client_position,
    diagnostic_span,
    file_uri,
    names_a_file,
    rule_url,
)
from ait_datasets.lsp.positions import Lines, from_client_column

__all__ = ["SOURCE", "Converter", "minimal_edit", "names_a_file", "to_lsp"]

_SEVERITY = {ours: lsp.DiagnosticSeverity(number) for ours, number in SEVERITY.items()}


class Converter:
    """Converts positions of one text between our columns and the client's units."""

    def __init__(self, text: str, encoding: str, lines: Lines | None = None) -> None:
        self.lines = lines if lines is not None and lines.text is text else Lines(text)
        self.encoding = encoding

    def position(self, line: int, column: int) -> lsp.Position:
        """A 0-based line and code-point column as an LSP position."""
        return lsp.Position(*client_position(self.lines, self.encoding, line, column))

    def offset_position(self, offset: int) -> lsp.Position:
        return self.position(*self.lines.position(offset))

    def from_position(self, position: lsp.Position) -> tuple[int, int]:
        """An LSP position as a 0-based line and code-point column."""
        text = self.lines.line(position.line)
        return position.line, from_client_column(text, position.character, self.encoding)

    def offset(self, position: lsp.Position) -> int:
        return self.lines.offset(*self.from_position(position))

    def diagnostic_range(self, diag: Diagnostic) -> lsp.Range:
        start, end = diagnostic_span(self.lines, self.encoding, diag)
        return lsp.Range(lsp.Position(*start), lsp.Position(*end))

    def text_edit(self, edit: Edit) -> lsp.TextEdit:
        return lsp.TextEdit(
            lsp.Range(self.offset_position(edit.start), self.offset_position(edit.end)),
            edit.replacement,
        )


def to_lsp(
    diag: Diagnostic, conv: Converter, uri: str, related: list[str] | None = None
) -> lsp.Diagnostic:
    """One finding as the client shows it; ``related`` are other files it names."""
    info = None
    if related:
        info = [
            lsp.DiagnosticRelatedInformation(
                lsp.Location(file_uri(path), lsp.Range(lsp.Position(0, 0), lsp.Position(0, 0))),
                RELATED_MESSAGE,
            )
            for path in related
        ]
    return lsp.Diagnostic(
        range=conv.diagnostic_range(diag),
        message=diag.message,
        severity=_SEVERITY[diag.severity],
        code=diag.code,
        code_description=lsp.CodeDescription(href=rule_url(diag.code)),
        source=SOURCE,
        related_information=info,
    )


def minimal_edit(conv: Converter, old: str, new: str) -> lsp.TextEdit | None:
    """One edit turning ``old`` into ``new``: only the middle that differs is replaced,
    so the client keeps the cursor and marks outside it. None when nothing changes."""
    if old == new:
        return None
    start = 0
    limit = min(len(old), len(new))
    while start < limit and old[start] == new[start]:
        start += 1
    end_old, end_new = len(old), len(new)
    while end_old > start and end_new > start and old[end_old - 1] == new[end_new - 1]:
        end_old -= 1
        end_new -= 1
    return conv.text_edit(Edit(start, end_old, new[start:end_new]))

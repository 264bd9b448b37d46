"""Our findings and edits as lsprotocol values, in the client's position encoding: the
server's one converter from a finding to what the client shows."""

from __future__ import annotations

from lsprotocol import types as lsp

from ait_datasets.diagnostics import Diagnostic, Edit, Severity
from ait_datasets.lsp.positions import Lines, from_client_column, to_client_column
from ait_datasets.source.reparse import changed_range

SOURCE = "datasets"
# Each rule's page: the README's rules table (`datasets rules CODE` prints the full page).
RULES_URL = "https://github.com/ait-datasets/ait-datasets/blob/main/README.md#rules"
RELATED_MESSAGE = "the other file"

_SEVERITY = {
    Severity.ERROR: lsp.DiagnosticSeverity.Error,
    Severity.WARNING: lsp.DiagnosticSeverity.Warning,
    Severity.INFO: lsp.DiagnosticSeverity.Information,
}
_START = lsp.Range(lsp.Position(0, 0), lsp.Position(0, 0))


def rule_url(code: str) -> str:
    """The page of a rule: the README's rules table for now (it has no anchor per rule;
    `datasets rules CODE` prints the full page)."""
    return RULES_URL


def file_uri(path: str) -> str:
    """The ``file:`` URI of a path, as pygls writes it."""
    from pygls.uris import from_fs_path

    return from_fs_path(path) or path


class Converter:
    """Converts positions of one text between our columns and the client's units."""

    def __init__(self, text: str, encoding: str, lines: Lines | None = None) -> None:
        self.lines = lines if lines is not None and lines.text is text else Lines(text)
        self.encoding = encoding

    def position(self, line: int, column: int) -> lsp.Position:
        """A 0-based line and code-point column as an LSP position."""
        return lsp.Position(line, to_client_column(self.lines.line(line), column, self.encoding))

    def offset_position(self, offset: int) -> lsp.Position:
        return self.position(*self.lines.position(offset))

    def from_position(self, position: lsp.Position) -> tuple[int, int]:
        """An LSP position as a 0-based line and code-point column."""
        text = self.lines.line(position.line)
        return position.line, from_client_column(text, position.character, self.encoding)

    def offset(self, position: lsp.Position) -> int:
        return self.lines.offset(*self.from_position(position))

    def diagnostic_range(self, diag: Diagnostic) -> lsp.Range:
        """Where ``diag`` is underlined."""
        start = self.position(diag.line - 1, diag.column - 1)
        end = self.position(diag.end_line - 1, diag.end_column - 1)
        if (end.line, end.character) <= (start.line, start.character):
            # A whole-file finding (1:1): show it under the first line, not as a dot.
            text = self.lines.line(start.line)
            end = self.position(start.line, len(text)) if text.strip() else start
        return lsp.Range(start, end)

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
            lsp.DiagnosticRelatedInformation(lsp.Location(file_uri(path), _START), RELATED_MESSAGE)
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


def at_start(message: str) -> lsp.Diagnostic:
    """An error about the whole file, at its start (an invalid configuration, a file
    that cannot be read)."""
    return lsp.Diagnostic(_START, message, severity=lsp.DiagnosticSeverity.Error, source=SOURCE)


def minimal_edit(conv: Converter, old: str, new: str) -> lsp.TextEdit | None:
    """One edit turning ``old`` into ``new``: only the middle that differs is replaced,
    so the client keeps the cursor and marks outside it. None when nothing changes."""
    if old == new:
        return None
    start, end_old, end_new = changed_range(old, new)
    return conv.text_edit(Edit(start, end_old, new[start:end_new]))

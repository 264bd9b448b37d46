"""Keeping the open documents' text up to date as the editor sends its changes.

pygls applies an incremental change by splitting the whole text into lines and writing
every line out again: 40 ms per keystroke on a 2 MB file, before any lint starts. Here a
change is two offsets (from the document's line table, in the client's position encoding)
and one string splice, and the line table is updated rather than rebuilt, so hover, inlay
hints and the diagnostics' ranges reuse it. Lines break at ``\\n``, ``\\r\\n`` and ``\\r``
only, as LSP counts them (pygls also breaks at form feeds and U+2028).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, Protocol
from urllib.parse import unquote

from lsprotocol import types as lsp
from pygls.protocol import LanguageServerProtocol, lsp_method

from ait_datasets.lsp.convert import Converter
from ait_datasets.lsp.positions import Lines


class LineCache(Protocol):
    """What the protocol needs of the server: the line table of each open document."""

    lines: dict[str, Lines]

    @property
    def encoding(self) -> str: ...


def changed(lines: Lines, change: lsp.TextDocumentContentChangeEvent, encoding: str) -> Lines:
    """The document's lines after one change (a range replaced, or the whole text)."""
    if not isinstance(change, lsp.TextDocumentContentChangePartial):
        return Lines(change.text)
    conv = Converter(lines.text, encoding, lines)
    start, end = conv.offset(change.range.start), conv.offset(change.range.end)
    return lines.edited(min(start, end), max(start, end), change.text)


class DocumentsProtocol(LanguageServerProtocol):
    """pygls's protocol, with :func:`changed` applying ``textDocument/didChange``."""

    @lsp_method(lsp.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(
        self, params: lsp.DidChangeTextDocumentParams
    ) -> Generator[Any, Any, None]:
        server: LineCache = self._server  # type: ignore[assignment]
        uri = params.text_document.uri
        # Keyed as pygls keys them (percent-escapes decoded).
        document = self.workspace.text_documents.get(unquote(uri))
        if document is None:  # not opened under this name: pygls's own way
            yield from super().lsp_text_document__did_change(params)
            return
        lines = server.lines.get(uri)
        if lines is None or lines.text is not document.source:
            lines = Lines(document.source)
        for change in params.content_changes:
            lines = changed(lines, change, server.encoding)
        server.lines[uri] = lines
        self.workspace.put_text_document(
            lsp.TextDocumentItem(
                uri, document.language_id or "", params.text_document.version, lines.text
            )
        )
        handler = self.fm.features.get(lsp.TEXT_DOCUMENT_DID_CHANGE)
        if handler is not None:
            yield handler, (params,), None

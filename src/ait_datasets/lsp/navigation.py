"""Reading help for an open buffer: hover, inlay hints, completion, go to definition and
document links (each a thin call into :mod:`.hover`, :mod:`.inlay`, :mod:`.completion`
and :mod:`.links`), registered on the server by :func:`register`."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from lsprotocol import types as lsp

from ait_datasets.lsp import completion, hover, inlay, links

if TYPE_CHECKING:
    from pygls.lsp.server import LanguageServer

    from ait_datasets.lsp.convert import Converter
    from ait_datasets.lsp.state import ServerState


class _Buffer(NamedTuple):
    path: str
    text: str
    conv: Converter


def _buffer(ls: ServerState, uri: str) -> _Buffer | None:
    """The open document at ``uri``, when the linter handles its file: reading help is
    given only where diagnostics are."""
    path = ls.handled(uri)
    if path is None:
        return None
    text = ls.workspace.get_text_document(uri).source
    return _Buffer(path, text, ls.converter(uri, text))


def register(server: LanguageServer) -> None:
    """Add the handlers to ``server``."""

    @server.feature(lsp.TEXT_DOCUMENT_HOVER)
    def _hover(ls: ServerState, params: lsp.HoverParams) -> lsp.Hover | None:
        buffer = _buffer(ls, params.text_document.uri)
        if buffer is None:
            return None
        path, _, conv = buffer
        line, column = conv.from_position(params.position)
        found = hover.hover_at(conv.lines, path, line, column, ls.configs.for_file(path))
        if found is None:
            return None
        start, end, markdown = found
        return lsp.Hover(
            lsp.MarkupContent(lsp.MarkupKind.Markdown, markdown),
            lsp.Range(conv.position(line, start), conv.position(line, end)),
        )

    @server.feature(lsp.TEXT_DOCUMENT_INLAY_HINT, lsp.InlayHintOptions())
    def _inlay_hints(ls: ServerState, params: lsp.InlayHintParams) -> list[lsp.InlayHint] | None:
        buffer = _buffer(ls, params.text_document.uri)
        if buffer is None:
            return None
        path, _, conv = buffer
        first, last = params.range.start.line, params.range.end.line
        out = []
        for line, column, label, tooltip in inlay.hints(
            conv.lines, ls.configs.for_file(path), first, last
        ):
            out.append(
                lsp.InlayHint(
                    conv.position(line, column),
                    label,
                    kind=lsp.InlayHintKind.Type,
                    tooltip=tooltip,
                    padding_left=True,
                )
            )
        return out

    @server.feature(
        lsp.TEXT_DOCUMENT_COMPLETION,
        lsp.CompletionOptions(trigger_characters=[" ", "-", "$", "<", ":"]),
    )
    def _completion(ls: ServerState, params: lsp.CompletionParams) -> lsp.CompletionList | None:
        buffer = _buffer(ls, params.text_document.uri)
        if buffer is None:
            return None
        path, text, conv = buffer
        line, column = conv.from_position(params.position)
        items = completion.items_at(text, path, line, column, ls.configs.for_file(path))
        return lsp.CompletionList(is_incomplete=False, items=items)

    @server.feature(lsp.TEXT_DOCUMENT_DEFINITION)
    def _definition(ls: ServerState, params: lsp.DefinitionParams) -> list[lsp.Location] | None:
        buffer = _buffer(ls, params.text_document.uri)
        if buffer is None:
            return None
        path, _, conv = buffer
        line, column = conv.from_position(params.position)
        target = next(
            (t for t in links.targets(conv.lines, path, line) if t.start <= column <= t.end), None
        )
        if target is None:
            return None
        return [links.location(target)]

    @server.feature(lsp.TEXT_DOCUMENT_DOCUMENT_LINK, lsp.DocumentLinkOptions())
    def _document_links(
        ls: ServerState, params: lsp.DocumentLinkParams
    ) -> list[lsp.DocumentLink] | None:
        buffer = _buffer(ls, params.text_document.uri)
        if buffer is None:
            return None
        path, _, conv = buffer
        return [
            lsp.DocumentLink(
                lsp.Range(conv.position(t.line, t.start), conv.position(t.line, t.end)),
                target=links.location(t).uri,
                tooltip=t.tooltip,
            )
            for t in links.targets(conv.lines, path)
        ]

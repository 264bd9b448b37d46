"""pygls takes over from the opening (:mod:`.opening`): every message the opening read
is handled again, in order, as pygls's own reader would have handled it, so the
server's state (client capabilities, workspace, open documents, settings, watchers) is
exactly what it would be had pygls read them. What the opening already answered is not
answered twice: pygls's answer to ``initialize`` is compared with the opening's and
dropped, the pull requests it answered are skipped, and the documents it linted keep
that lint (the server lints a document again only when it changed).
"""

from __future__ import annotations

import json
import logging
from typing import TYPE_CHECKING, Any

from lsprotocol import types as lsp
from pygls.exceptions import JsonRpcException

if TYPE_CHECKING:
    from ait_datasets.lsp.opening import Opening
    from ait_datasets.lsp.server import DatasetsServer

_LOG = logging.getLogger(__name__)


class _DropAnswer:
    """A writer that keeps back pygls's answer to request ``ident`` (already given) and
    passes everything else on."""

    def __init__(self, writer: Any, ident: int | str) -> None:
        self.writer = writer
        self.ident = ident
        self.answer: Any = None
        self.dropped = False

    def write(self, data: bytes) -> None:
        if not self.dropped:
            body = data[data.find(b"\r\n\r\n") + 4 :]
            try:
                message = json.loads(body)
            except ValueError:
                message = None
            if (
                isinstance(message, dict)
                and message.get("id") == self.ident
                and "method" not in message
            ):
                self.dropped, self.answer = True, message.get("result")
                return
        self.writer.write(data)

    def close(self) -> None:
        self.writer.close()


def take_over(server: DatasetsServer, opening: Opening) -> None:
    """Hand what ``opening`` read to ``server``'s protocol (inside its event loop, before
    it reads stdin: asynchronous handlers are scheduled on it)."""
    protocol = server.protocol
    if opening.worker_failure is not None:
        server.workers, server.worker_failure = None, opening.worker_failure
    # Before the didOpen notifications run: a document linted at its version stays so.
    server.linted.update(opening.linted)
    writer = protocol.writer
    dropping = None
    if opening.initialize_id is not None and writer is not None:
        dropping = _DropAnswer(writer, opening.initialize_id)
        protocol.set_writer(dropping)
    try:
        for place, body in enumerate(opening.bodies):
            if place in opening.answered:
                continue
            try:
                message = json.loads(body, object_hook=protocol.structure_message)
            except Exception as exc:  # as pygls's reader reports a message it cannot read
                _LOG.exception("Unable to handle message")
                server.report_server_error(exc, JsonRpcException)
                continue
            protocol.handle_message(message)
            if dropping is not None and dropping.dropped:
                protocol.set_writer(dropping.writer)
                _compare(server, opening.initialize_answer, dropping.answer)
                dropping = None
    finally:
        if dropping is not None:
            protocol.set_writer(dropping.writer)
    if opening.initialize_answer is not None:
        server.window_log_message(
            lsp.LogMessageParams(
                lsp.MessageType.Log,
                f"read {len(opening.bodies)} messages before pygls was loaded "
                f"(initialize answered, {len(opening.linted)} documents linted)",
            )
        )


def _compare(server: DatasetsServer, given: Any, computed: Any) -> None:
    """Say so in the client's log when the opening's initialize answer was not pygls's
    (the saved answer is out of date: see :mod:`.saved_answer`)."""
    if computed == given:
        return
    server.window_log_message(
        lsp.LogMessageParams(
            lsp.MessageType.Warning,
            "the capabilities given at start differ from pygls's: "
            f"{json.dumps(given, sort_keys=True)} instead of "
            f"{json.dumps(computed, sort_keys=True)}; restart the server "
            "(and write the saved answer again: python -m ait_datasets.lsp.save_answer)",
        )
    )

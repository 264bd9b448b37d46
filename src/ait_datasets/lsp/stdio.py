"""The server's stdin read by its event loop.

pygls's stdio server reads stdin in a thread, one hand-over per read: three per message
(the ``Content-Length`` line, the blank line, the body), each waking a thread and then
the loop again. On every keystroke that is three thread switches before the edit is even
seen, and more on a busy host. When stdin is a pipe or a socket (as it is when an editor
starts the server), the loop reads it directly here, and pygls's own message loop
(:func:`pygls.io_.run_async`) handles what is read exactly as it does for its own reader.
Anything else (a regular file, say) is left to pygls's ``start_io``.
"""

from __future__ import annotations

import asyncio
import logging
import sys
import threading
from typing import TYPE_CHECKING

from ait_datasets.lsp.opening import pollable

if TYPE_CHECKING:
    from ait_datasets.lsp.opening import Opening
    from ait_datasets.lsp.server import DatasetsServer

_LOG = logging.getLogger(__name__)


class _LoopReader:
    """pygls's reader interface over an asyncio stream."""

    def __init__(self, stream: asyncio.StreamReader) -> None:
        self._stream = stream

    async def readline(self) -> bytes:
        try:
            return await self._stream.readline()
        except ValueError:  # a header line over the stream's limit: not LSP
            return b""

    async def readexactly(self, n: int) -> bytes:
        try:
            return await self._stream.readexactly(n)
        except asyncio.IncompleteReadError as exc:
            return exc.partial  # the client went away mid-message: pygls stops on it


def serve_stdio(server: DatasetsServer, opening: Opening | None = None) -> None:
    """Serve ``server`` over stdin/stdout until the client says exit, as its
    ``start_io()`` does, reading stdin from the event loop when it can; ``opening`` is
    what was read and answered before pygls was loaded (:mod:`.opening`)."""
    stdin = sys.stdin.buffer
    if not pollable(stdin.fileno()):
        server.start_io()
        return
    from pygls.io_ import StdoutWriter, run_async

    stop = threading.Event()
    # What pygls's start_io sets: its shutdown() ends the message loop through it.
    server._stop_event = stop
    server.protocol.set_writer(StdoutWriter(sys.stdout.buffer))

    async def main() -> None:
        loop = asyncio.get_running_loop()
        stream = asyncio.StreamReader()
        if opening is not None:
            from ait_datasets.lsp.handover import take_over

            stream.feed_data(bytes(opening.framer.pending))  # read, not handled yet
            take_over(server, opening)
        await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(stream), stdin)
        await run_async(
            stop_event=stop,
            reader=_LoopReader(stream),
            protocol=server.protocol,
            logger=_LOG,
            error_handler=server.report_server_error,
        )

    try:
        asyncio.run(main())
    except BrokenPipeError:
        _LOG.error("Connection to the client is lost! Shutting down the server.")
    except (KeyboardInterrupt, SystemExit):
        pass
    finally:
        server.shutdown()  # type: ignore[no-untyped-call]

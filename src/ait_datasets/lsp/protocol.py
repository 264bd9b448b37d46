"""How the server dispatches JSON-RPC messages: pygls's protocol, made safe for a long
session and a sloppy client.

- **Flat memory.** pygls files each handler's future in its table of requests under way
  under a fresh id, also for a notification (``didChange``: every keystroke) and for
  the steps of its own generator handlers, and only a request's answer takes it out:
  ~1.9 KB kept per edit, for the whole session. Here every finished future leaves
  the table.
- **Wrongly typed params.** pygls cannot build such a message, logs a traceback and
  answers nothing (the client waits for ever). Here a request gets ``InvalidParams``
  (-32602) with what is wrong, and a notification is dropped with one line in the
  client's log.
- **Before ``initialize``.** A request gets ``ServerNotInitialized`` (-32002) and a
  notification other than ``exit`` is dropped, as the protocol says, instead of running
  a handler against a workspace that does not exist yet.

pygls's reader (``start_io``) builds each message with :meth:`structure_message` and
hands it to :meth:`handle_message`.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from concurrent.futures import Future
from functools import partial
from typing import Any

from lsprotocol import types as lsp
from pygls.exceptions import (
    JsonRpcException,
    JsonRpcInvalidParams,
    JsonRpcInvalidRequest,
    JsonRpcServerNotInitialized,
)

from ait_datasets.lsp.documents import DocumentsProtocol


class Malformed:
    """A message whose params (or id) are not what the protocol defines for its method."""

    def __init__(self, ident: object, method: str, problem: str) -> None:
        self.ident = ident
        self.method = method
        self.problem = problem


def _problem(exc: Exception) -> str:
    """What is wrong with a message, on one line (`expected int @ $.params.position`)."""
    from cattrs import transform_error

    try:
        found = transform_error(exc)
    except Exception:  # not a structuring error cattrs can describe
        found = [str(exc)]
    return "; ".join(" ".join(line.split()) for line in found) or type(exc).__name__


def _answerable(ident: object) -> int | str | None:
    """A request's id when a response can carry it (a number or text), else None."""
    if isinstance(ident, (int, str)) and not isinstance(ident, bool):
        return ident
    return None


class DatasetsProtocol(DocumentsProtocol):
    """The language server's protocol (see the module's docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Set once an `initialize` request was read: until then requests are refused.
        self.initialize_read = False

    # --- memory ------------------------------------------------------------------

    def _execute_handler(
        self,
        msg_id: Any,
        handler: Callable[..., Any],
        callback: Callable[[Future[Any]], None],
        args: tuple[Any, ...] | None = None,
        kwargs: dict[str, Any] | None = None,
    ) -> None:
        super()._execute_handler(msg_id, handler, callback, args, kwargs)
        future = self._request_futures.get(msg_id)
        if future is None:
            return
        if future.done():
            self._forget(msg_id, future)
            return
        # Taken out by the event loop, after the future's other callbacks (a request is
        # answered first) and never while pygls goes through the table (its shutdown
        # cancels what is under way: a cancelled future calls back at once), nor from
        # a worker thread; a cancellation still finds the request while it runs.
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop (never so when serving): nothing runs later
            return
        future.add_done_callback(partial(self._forget_soon, loop, msg_id))

    def _forget_soon(
        self, loop: asyncio.AbstractEventLoop, msg_id: Any, future: Future[Any]
    ) -> None:
        with contextlib.suppress(RuntimeError):  # the loop is closed: the session is over
            loop.call_soon_threadsafe(self._forget, msg_id, future)

    def _forget(self, msg_id: Any, future: Future[Any]) -> None:
        if self._request_futures.get(msg_id) is future:
            del self._request_futures[msg_id]

    # --- reading -----------------------------------------------------------------

    def structure_message(self, data: dict[str, Any]) -> Any:
        """The message object of a request or notification, as pygls builds it, or
        :class:`Malformed` when its params do not fit its method's type."""
        method = data.get("method")
        if "jsonrpc" not in data or "error" in data or not isinstance(method, str):
            return super().structure_message(data)  # a nested object, or a response
        message_type = self.get_message_type(method)
        if message_type is None:
            return super().structure_message(data)  # not LSP's: pygls's generic type
        try:
            return self._converter.structure(data, message_type)
        except Exception as exc:
            return Malformed(data.get("id"), method, _problem(exc))

    def handle_message(self, message: Any) -> None:
        method = getattr(message, "method", None)
        if isinstance(message, Malformed):
            request, ident = message.ident is not None, _answerable(message.ident)
        else:
            ident = getattr(message, "id", None)
            request = ident is not None
        if not self.initialize_read and method not in (lsp.INITIALIZE, lsp.EXIT, None):
            # (None: a response, to a request of ours, so after initialize.)
            if request:
                self._refuse(ident, JsonRpcServerNotInitialized(f"{method}: not initialized"))
            return  # a notification before initialize is dropped
        if isinstance(message, Malformed):
            self._malformed(message, ident)
            return
        if method == lsp.INITIALIZE:
            self.initialize_read = True
        super().handle_message(message)

    def _malformed(self, message: Malformed, ident: int | str | None) -> None:
        what = f"{message.method}: the params are not what LSP defines: {message.problem}"
        if message.ident is None:
            self._server.window_log_message(
                lsp.LogMessageParams(lsp.MessageType.Warning, f"ignored {what}")
            )
        elif ident is not None:
            self._refuse(ident, JsonRpcInvalidParams(what))
        else:  # an id that is no id: answered as JSON-RPC says, with a null id
            self._refuse(None, JsonRpcInvalidRequest(f"{what} (an id is a number or text)"))

    def _refuse(self, ident: Any, error: JsonRpcException) -> None:
        self._send_response(ident, error=error.to_response_error())

"""One HTTP GET of ``datasets pull``: bounded in time and in size, never redirected.

Redirects are not followed here: urllib's own handler sends every header again,
``Authorization`` included, wherever the server points. A 3xx comes back as a
:class:`Reply` like any other status, for the caller to judge where it leads.

``timeout`` bounds the whole request (connecting, the status line and headers, the
body), not each socket operation as urllib's ``timeout`` does: before every read from
the socket its timeout is set to what is left of the request's time, so a server that
sends a byte every second cannot keep a request going for longer than ``timeout``.
"""

from __future__ import annotations

import email.message
import http.client
import io
import socket
import time
import urllib.error
import urllib.request
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

# The part of an error response's body that is read (for its message).
ERROR_BODY_BYTES = 64 * 1024
_CHUNK = 64 * 1024


class TimedOut(Exception):
    """The request did not complete within its time."""


class TooLarge(Exception):
    """The response's body is longer than the limit."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"larger than {limit} bytes")
        self.limit = limit


@dataclass(frozen=True, slots=True)
class Reply:
    """A response of any status; ``body`` is whole for a 2xx, its start otherwise."""

    status: int
    reason: str
    headers: email.message.Message
    body: bytearray


def get(url: str, headers: Mapping[str, str], timeout: float, max_bytes: int) -> Reply:
    """GET ``url``; raise :class:`TimedOut`, :class:`TooLarge`, or ``OSError`` and
    ``http.client.HTTPException`` when the connection fails."""
    deadline = time.monotonic() + timeout
    request = urllib.request.Request(url, headers=dict(headers))
    try:
        try:
            response = _opener(deadline).open(request, timeout=timeout)
        except urllib.error.HTTPError as exc:  # any status but 2xx, redirects included
            with exc:
                body = _body(exc, ERROR_BODY_BYTES, strict=False) if exc.fp else bytearray()
            return Reply(exc.code, str(exc.reason), exc.headers, body)
        with response:
            body = _body(response, max_bytes, strict=True)
            return Reply(response.status, str(response.reason), response.headers, body)
    except TimeoutError:
        raise TimedOut from None
    except urllib.error.URLError as exc:
        if isinstance(exc.reason, TimeoutError):
            raise TimedOut from None
        raise


def _body(response: Any, limit: int, *, strict: bool) -> bytearray:
    """At most ``limit`` bytes of the body: past it, :class:`TooLarge` when ``strict``,
    else the first ``limit`` bytes."""
    declared = response.headers.get("Content-Length", "")
    if strict and declared.isdigit() and int(declared) > limit:
        raise TooLarge(limit)
    body = bytearray()
    while chunk := response.read(_CHUNK):
        body += chunk
        if len(body) > limit:
            if strict:
                raise TooLarge(limit)
            del body[limit:]
            return body
    # http.client reports a body cut short only when read whole, not in chunks.
    if declared.isdigit() and len(body) < int(declared):
        raise http.client.IncompleteRead(bytes(body), int(declared) - len(body))
    return body


class _DeadlineReader(io.RawIOBase):
    """The socket's reader, with the socket's timeout set to the time left before each read."""

    def __init__(self, raw: io.RawIOBase, sock: socket.socket, deadline: float) -> None:
        super().__init__()
        self._raw = raw
        self._sock = sock
        self._deadline = deadline

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int | None:
        left = self._deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("the request's time is up")
        self._sock.settimeout(left)
        return self._raw.readinto(buffer)

    def close(self) -> None:
        if not self.closed:
            self._raw.close()  # lets the socket close (urllib already asked for it)
        super().close()


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """Turns every redirect into an ``HTTPError`` (see the module's docstring)."""

    def redirect_request(
        self,
        req: urllib.request.Request,
        fp: Any,
        code: int,
        msg: str,
        headers: email.message.Message,
        newurl: str,
    ) -> None:
        return None


def _opener(deadline: float) -> urllib.request.OpenerDirector:
    """urllib's opener (proxies from the environment included) with connections whose
    responses read through a :class:`_DeadlineReader`. The classes are made for each
    request because ``http.client`` makes the response itself, from the class alone."""

    class Response(http.client.HTTPResponse):
        def __init__(
            self,
            sock: socket.socket,
            debuglevel: int = 0,
            method: str | None = None,
            url: str | None = None,
        ) -> None:
            super().__init__(sock, debuglevel, method, url)
            # detach(): the socket's own reader, which keeps the socket open until closed.
            self.fp = io.BufferedReader(_DeadlineReader(self.fp.detach(), sock, deadline))

    class HTTPConnection(http.client.HTTPConnection):
        response_class = Response

    class HTTPSConnection(http.client.HTTPSConnection):
        response_class = Response

    class HTTPHandler(urllib.request.HTTPHandler):
        def http_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
            return self.do_open(HTTPConnection, req)

    class HTTPSHandler(urllib.request.HTTPSHandler):
        def https_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
            return self.do_open(HTTPSConnection, req)

    return urllib.request.build_opener(_NoRedirect, HTTPHandler, HTTPSHandler)

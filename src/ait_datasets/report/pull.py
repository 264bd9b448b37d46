"""Fetch ``aitTestLogEntries`` from a Business Central environment (``datasets pull``).

The API page ``AIT Log Entry API`` (``AITLogEntryAPI.Page.al``: publisher ``microsoft``,
group ``aiTestToolkit``, version ``v2.0``, entity set ``aitTestLogEntries``) is read
with OData: a ``$filter`` on suite (``aitCode``), tag and version range, then every page
by following ``@odata.nextLink``. The result is written as one response,
``{"@odata.context": ..., "value": [every row]}``: exactly what ``datasets report`` reads.

Safety: every loop is bounded (pages, attempts, redirects) and so is every request (its
whole time and its size, :mod:`.pull_http`); a next link and a redirect must stay on the
origin of the first request (scheme, host and port: the credentials are never sent
elsewhere), and a next link must not repeat; no message shows a URL's ``user:password@``;
401 and 403 are not retried; 429, 5xx, dropped connections and timeouts are retried with
exponential backoff, honouring ``Retry-After`` up to a cap. Only the standard library is
used.
"""

from __future__ import annotations

import base64
import http.client
import json
import time
import urllib.error
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from ait_datasets.plural import plural
from ait_datasets.report import pull_body, pull_http
from ait_datasets.report.pull_url import Origin, joined, origin, problem, shown, shown_origin

RETRIED_STATUS = frozenset({429, 500, 502, 503, 504})
REDIRECT_STATUS = frozenset({301, 302, 303, 307, 308})
MAX_RETRY_AFTER = 60.0  # seconds: the longest wait, for Retry-After and the backoff alike
MAX_REDIRECTS = 10  # per page
MAX_RESPONSE_BYTES = 256 * 1024 * 1024


class PullError(Exception):
    """The pull cannot go on; the message says why and what to do."""


class TokenSource(Protocol):
    """Gives a bearer token for each page, refreshed when near expiry (Entra ID,
    :class:`~ait_datasets.report.pull_auth.EntraToken`)."""

    def token(self) -> str: ...


@dataclass(frozen=True, slots=True)
class Auth:
    """A bearer token, or one from a source (Entra ID), or a user name and password
    (basic), or nothing. Its repr never shows a secret."""

    token: str = field(default="", repr=False)
    user: str = ""
    password: str = field(default="", repr=False)
    source: TokenSource | None = field(default=None, repr=False)

    def header(self) -> str | None:
        """The Authorization header; a source is asked each time (it refreshes)."""
        if self.source is not None:
            from ait_datasets.report.pull_auth import TokenError

            try:
                token = self.source.token()
            except TokenError as exc:
                raise PullError(f"cannot sign in with Entra ID: {exc}") from None
            if not _sendable(token):
                raise PullError("the token Entra ID gave " + _UNSENDABLE)
            return f"Bearer {token}"
        if self.token:
            return f"Bearer {self.token}"
        if self.user:
            raw = f"{self.user}:{self.password}".encode()
            return "Basic " + base64.b64encode(raw).decode("ascii")
        return None

    def problem(self) -> str | None:
        """Why the token cannot be sent (it would break the header), or None."""
        if self.token and not _sendable(self.token):
            return "the token " + _UNSENDABLE
        return None


_UNSENDABLE = "holds a space, a control or a non-ASCII character"


def _sendable(token: str) -> bool:
    return all("!" <= char <= "~" for char in token)


@dataclass(frozen=True, slots=True)
class Query:
    """Which log entries to fetch."""

    suite: str = ""
    tag: str = ""
    version_from: int | None = None
    version_to: int | None = None
    extra_filter: str = ""

    def odata_filter(self) -> str:
        """The ``$filter`` expression; string literals quote ``'`` by doubling it."""
        parts = []
        if self.suite:
            parts.append(f"aitCode eq {_literal(self.suite)}")
        if self.tag:
            parts.append(f"tag eq {_literal(self.tag)}")
        if self.version_from is not None:
            parts.append(f"version ge {self.version_from}")
        if self.version_to is not None:
            parts.append(f"version le {self.version_to}")
        if self.extra_filter:
            parts.append(f"({self.extra_filter})")
        return " and ".join(parts)


def _literal(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


@dataclass(frozen=True, slots=True)
class Limits:
    """Bounds of every loop and wait."""

    max_pages: int = 10_000
    retries: int = 5
    backoff: float = 1.0  # seconds before the first retry; doubled each time, up to 60
    timeout: float = 60.0  # seconds per request, all of it
    max_bytes: int = MAX_RESPONSE_BYTES  # per response


@dataclass(slots=True)
class Pulled:
    """Everything fetched: the first page's context and all rows, in order."""

    context: str = ""
    rows: list[object] = field(default_factory=list)
    pages: int = 0
    retries: int = 0

    def document(self) -> str:
        """The file ``datasets report`` reads: one response holding every row."""
        head = {"@odata.context": self.context} if self.context else {}
        try:
            return json.dumps({**head, "value": self.rows}, ensure_ascii=False, indent=1) + "\n"
        except RecursionError:
            raise PullError("the log entries nest arrays or objects too deeply to write") from None


def first_url(endpoint: str, query: Query) -> str:
    """The endpoint with ``$filter`` added (an existing query string is kept)."""
    reason = problem(endpoint)
    if reason is not None:
        raise PullError(f"'{shown(endpoint)}' {reason}")
    parsed = urllib.parse.urlsplit(endpoint)
    expression = query.odata_filter()
    if not expression:
        return endpoint
    extra = urllib.parse.urlencode({"$filter": expression}, quote_via=urllib.parse.quote)
    joined_query = f"{parsed.query}&{extra}" if parsed.query else extra
    return urllib.parse.urlunsplit(parsed._replace(query=joined_query))


def pull(
    endpoint: str,
    query: Query,
    auth: Auth,
    limits: Limits | None = None,
    sleep: Callable[[float], None] = time.sleep,
    progress: Callable[[str], None] | None = None,
) -> Pulled:
    """Fetch every page of the query; raise :class:`PullError` when it cannot be done."""
    limits = limits or Limits()
    url = first_url(endpoint, query)
    reason = auth.problem()
    if reason is not None:
        raise PullError(reason)
    home = origin(url)
    seen: set[str] = set()
    pulled = Pulled()
    for _ in range(limits.max_pages):
        seen.add(url)
        url, page = _get_page(url, home, auth, limits, sleep, pulled)
        pulled.pages += 1
        if pulled.pages == 1:
            context = page.get("@odata.context")
            pulled.context = context if isinstance(context, str) else ""
        rows = page.get("value")
        if not isinstance(rows, list):
            raise PullError(f"{shown(url)}: the response has no 'value' array")
        pulled.rows.extend(rows)
        if progress is not None:
            progress(f"page {pulled.pages}: {plural(len(rows), 'row')} ({len(pulled.rows)} in all)")
        link = page.get("@odata.nextLink")
        if link is None:
            return pulled
        if not isinstance(link, str) or not link:
            raise PullError(f"{shown(url)}: '@odata.nextLink' is not a URL")
        link = _same_origin(url, link, home, "'@odata.nextLink'")
        if link in seen:
            raise PullError(f"'@odata.nextLink' repeats an earlier page ({shown(link)})")
        url = link
    raise PullError(
        f"stopped after {limits.max_pages} pages (--max-pages); narrow the filter or raise it"
    )


def _same_origin(base: str, link: str, home: Origin, what: str) -> str:
    """``link`` (a next link or a redirect's ``Location``, written by the server) resolved
    against ``base``, when it may be requested with the credentials."""
    target = joined(base, link)
    if target is None:
        raise PullError(f"{shown(base)}: {what} is not a valid URL ({pull_body.one_line(link)})")
    reason = problem(target)
    if reason is not None:
        raise PullError(f"{shown(base)}: {what} '{shown(target)}' {reason}")
    if origin(target) != home:
        raise PullError(
            f"{shown(base)}: {what} leads to another origin ({shown_origin(origin(target))}, "
            f"not {shown_origin(home)}); refusing to send the credentials there"
        )
    return target


def _get_page(
    url: str,
    home: Origin,
    auth: Auth,
    limits: Limits,
    sleep: Callable[[float], None],
    pulled: Pulled,
) -> tuple[str, dict[str, object]]:
    """The URL the page came from (after redirects) and the page; retried on 429, 5xx,
    timeouts and dropped connections (at most ``retries`` times)."""
    headers = {"Accept": "application/json", "User-Agent": "ait-datasets pull"}
    value = auth.header()
    if value is not None:
        headers["Authorization"] = value
    delay = min(limits.backoff, MAX_RETRY_AFTER)
    redirects = 0
    attempt = 0
    while True:
        wait: float | None = None
        try:
            reply = pull_http.get(url, headers, limits.timeout, limits.max_bytes)
        except pull_http.TimedOut:
            failure = f"no complete response within {limits.timeout:g} s (--timeout)"
        except pull_http.TooLarge as exc:
            raise PullError(
                f"{shown(url)}: the response is larger than {_size(exc.limit)}; narrow the filter"
            ) from None
        except (OSError, http.client.HTTPException) as exc:
            failure = f"connection failed ({_reason(exc)})"
        else:
            status = f"{reply.status} {reply.reason}"
            if reply.status in REDIRECT_STATUS:
                redirects += 1
                if redirects > MAX_REDIRECTS:
                    raise PullError(f"{shown(url)}: more than {MAX_REDIRECTS} redirects")
                location = reply.headers.get("Location")
                if not location:
                    raise PullError(f"{shown(url)}: {status} without a Location")
                url = _same_origin(url, location, home, f"{status} (a redirect)")
                continue
            if 200 <= reply.status < 300:
                try:
                    return url, pull_body.page(reply.body)
                except pull_body.BadBody as exc:
                    raise PullError(f"{shown(url)}: {exc}") from None
            # Business Central says what is wrong (a field name in the filter, a
            # missing permission) in the body's error.message.
            detail = pull_body.odata_error(reply.body)
            if reply.status in (401, 403):
                said = f" ({detail})" if detail else ""
                raise PullError(
                    f"{shown(url)}: {status}: the credentials were refused{said}; check the "
                    "token (or user and password) and the API permissions"
                )
            failure = f"{status}: {detail}" if detail else status
            if reply.status not in RETRIED_STATUS:
                raise PullError(f"{shown(url)}: {failure}")
            wait = _retry_after(reply.headers.get("Retry-After"))
        if attempt == limits.retries:
            raise PullError(f"{shown(url)}: {failure}; gave up after {limits.retries} retries")
        attempt += 1
        pulled.retries += 1
        sleep(delay if wait is None else wait)
        delay = min(delay * 2, MAX_RETRY_AFTER)


def _size(limit: int) -> str:
    if limit >= 1024 * 1024 and limit % (1024 * 1024) == 0:
        return f"{limit // (1024 * 1024)} MiB"
    return f"{limit} bytes"


def _retry_after(value: str | None) -> float | None:
    """``Retry-After`` in seconds (capped); an HTTP date or nonsense is ignored."""
    if value is None:
        return None
    try:
        seconds = float(value.strip())
    except ValueError:
        return None
    if seconds != seconds or seconds < 0:  # NaN, negative
        return None
    return min(seconds, MAX_RETRY_AFTER)


def _reason(exc: BaseException) -> str:
    if isinstance(exc, urllib.error.URLError):
        return str(exc.reason)
    return type(exc).__name__ + (f": {exc}" if str(exc) else "")

"""Fetch ``aitTestLogEntries`` from a Business Central environment (``datasets pull``).

The API page ``AIT Log Entry API`` (``AITLogEntryAPI.Page.al``: publisher ``microsoft``,
group ``aiTestToolkit``, version ``v2.0``, entity set ``aitTestLogEntries``) is read
with OData: a ``$filter`` on suite (``aitCode``), tag and version range, then every page
by following ``@odata.nextLink``. The result is written as one response,
``{"@odata.context": ..., "value": [every row]}``: exactly what ``datasets report`` reads.

Safety: every loop is bounded (pages, attempts); a next link must stay on the host of
the first request (the credentials are never sent elsewhere) and must not repeat; 401
and 403 are not retried; 429, 5xx and dropped connections are retried with exponential
backoff, honouring ``Retry-After`` up to a cap. Only the standard library is used.
"""

from __future__ import annotations

import base64
import http.client
import json
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field

from ait_datasets.plural import plural

RETRIED_STATUS = frozenset({429, 500, 502, 503, 504})
MAX_RETRY_AFTER = 60.0


class PullError(Exception):
    """The pull cannot go on; the message says why and what to do."""


@dataclass(frozen=True, slots=True)
class Auth:
    """A bearer token, or a user name and password (basic), or nothing."""

    token: str = ""
    user: str = ""
    password: str = ""

    def header(self) -> str | None:
        if self.token:
            return f"Bearer {self.token}"
        if self.user:
            raw = f"{self.user}:{self.password}".encode()
            return "Basic " + base64.b64encode(raw).decode("ascii")
        return None


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
    backoff: float = 1.0  # seconds before the first retry; doubled each time
    timeout: float = 60.0  # seconds per request


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
        return json.dumps({**head, "value": self.rows}, ensure_ascii=False, indent=1) + "\n"


def first_url(endpoint: str, query: Query) -> str:
    """The endpoint with ``$filter`` added (an existing query string is kept)."""
    parsed = urllib.parse.urlsplit(endpoint)
    if parsed.scheme not in ("http", "https") or not parsed.netloc:
        raise PullError(f"'{endpoint}' is not an http(s) URL of the aitTestLogEntries API")
    expression = query.odata_filter()
    if not expression:
        return endpoint
    extra = urllib.parse.urlencode({"$filter": expression}, quote_via=urllib.parse.quote)
    joined = f"{parsed.query}&{extra}" if parsed.query else extra
    return urllib.parse.urlunsplit(parsed._replace(query=joined))


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
    origin = _origin(url)
    seen: set[str] = set()
    pulled = Pulled()
    for _ in range(limits.max_pages):
        seen.add(url)
        page = _get_json(url, auth, limits, sleep, pulled)
        pulled.pages += 1
        if pulled.pages == 1:
            context = page.get("@odata.context")
            pulled.context = context if isinstance(context, str) else ""
        rows = page.get("value")
        if not isinstance(rows, list):
            raise PullError(f"{_shown(url)}: the response has no 'value' array")
        pulled.rows.extend(rows)
        if progress is not None:
            progress(f"page {pulled.pages}: {plural(len(rows), 'row')} ({len(pulled.rows)} in all)")
        link = page.get("@odata.nextLink")
        if link is None:
            return pulled
        if not isinstance(link, str) or not link:
            raise PullError(f"{_shown(url)}: '@odata.nextLink' is not a URL")
        link = urllib.parse.urljoin(url, link)
        if _origin(link) != origin:
            raise PullError(
                f"the next page is on another host ({_origin(link)}); refusing to send the "
                "credentials there"
            )
        if link in seen:
            raise PullError(f"'@odata.nextLink' repeats an earlier page ({_shown(link)})")
        url = link
    raise PullError(
        f"stopped after {limits.max_pages} pages (--max-pages); narrow the filter or raise it"
    )


def _origin(url: str) -> tuple[str, str]:
    parsed = urllib.parse.urlsplit(url)
    return parsed.scheme, parsed.netloc.lower()


def _shown(url: str) -> str:
    """The URL without its query (which may be long), for messages."""
    return urllib.parse.urlsplit(url)._replace(query="", fragment="").geturl()


def _get_json(
    url: str,
    auth: Auth,
    limits: Limits,
    sleep: Callable[[float], None],
    pulled: Pulled,
) -> dict[str, object]:
    """One page, retried on 429, 5xx and dropped connections (at most ``retries`` times)."""
    headers = {"Accept": "application/json", "User-Agent": "ait-datasets pull"}
    value = auth.header()
    if value is not None:
        headers["Authorization"] = value
    delay = limits.backoff
    problem = ""
    for attempt in range(limits.retries + 1):
        if attempt:
            pulled.retries += 1
        wait: float | None = None
        try:
            request = urllib.request.Request(url, headers=headers)
            with urllib.request.urlopen(request, timeout=limits.timeout) as response:
                body = response.read()
            return _parse(url, body)
        except urllib.error.HTTPError as exc:
            if exc.code in (401, 403):
                raise PullError(
                    f"{_shown(url)}: {exc.code} {exc.reason}: the credentials were refused; "
                    "check the token (or user and password) and the API permissions"
                ) from None
            if exc.code not in RETRIED_STATUS:
                raise PullError(f"{_shown(url)}: {exc.code} {exc.reason}") from None
            problem = f"{exc.code} {exc.reason}"
            wait = _retry_after(exc.headers.get("Retry-After"))
        except (
            urllib.error.URLError,
            http.client.HTTPException,
            ConnectionError,
            TimeoutError,
        ) as exc:
            problem = f"connection failed ({_reason(exc)})"
        if attempt < limits.retries:
            sleep(delay if wait is None else wait)
            delay *= 2
    raise PullError(f"{_shown(url)}: {problem}; gave up after {limits.retries} retries")


def _parse(url: str, body: bytes) -> dict[str, object]:
    try:
        page = json.loads(body.decode("utf-8-sig"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise PullError(f"{_shown(url)}: the response is not JSON ({exc})") from None
    if not isinstance(page, dict):
        raise PullError(f"{_shown(url)}: the response is not an OData object")
    return page


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

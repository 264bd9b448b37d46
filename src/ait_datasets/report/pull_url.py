"""The URLs ``datasets pull`` requests: which it accepts, whose they are, how they are shown.

A URL comes from the command line, from a page's ``@odata.nextLink`` or from a redirect's
``Location``: the last two are written by the server, so each is checked before it is
requested, and a message never shows the ``user:password@`` part of any URL.
"""

from __future__ import annotations

import re
import urllib.parse

_DEFAULT_PORTS = {"http": 80, "https": 443}

# ``//`` up to the next ``@`` with no ``/``, ``?``, ``#`` or space before it: the userinfo
# of any URL inside a text, however malformed the rest (``user:pa/ss@host`` is matched up
# to ``/``, so a second pattern takes a userinfo that holds a slash). Hiding too much of a
# malformed URL is harmless; showing a password is not.
_USERINFO = re.compile(r"(?<=//)[^/?#\s@]*@|(?<=//)[^\s@]*@")

Origin = tuple[str, str, int]


def redacted(text: str) -> str:
    """``text`` with the userinfo of every URL in it replaced by ``***``."""
    return _USERINFO.sub("***@", text) if "@" in text else text


def shown(url: str) -> str:
    """The URL for a message: no userinfo, no query (which may be long)."""
    try:
        without_query = urllib.parse.urlsplit(url)._replace(query="", fragment="").geturl()
    except ValueError:
        without_query = url.split("?", 1)[0].split("#", 1)[0]
    return redacted(without_query)


def problem(url: str) -> str | None:
    """Why ``url`` cannot be requested, or None when it can."""
    if not (url.isascii() and url.isprintable()) or " " in url:
        return "holds a space, a control or a non-ASCII character (percent-encode it)"
    try:
        parts = urllib.parse.urlsplit(url)
        port = parts.port
    except ValueError as exc:
        return f"is not a valid URL ({exc})"
    if parts.scheme not in _DEFAULT_PORTS or not parts.hostname:
        return "is not an http(s) URL"
    if "@" in parts.netloc:
        return (
            "holds a user name or password; credentials are read only from the environment "
            "(BC_TOKEN, or BC_USER and BC_PASSWORD)"
        )
    if port == 0:
        return "is not a valid URL (port 0)"
    return None


def origin(url: str) -> Origin:
    """Scheme, host and port of a URL that :func:`problem` accepted."""
    parts = urllib.parse.urlsplit(url)
    scheme = parts.scheme.lower()
    return scheme, (parts.hostname or "").lower(), parts.port or _DEFAULT_PORTS[scheme]


def shown_origin(value: Origin) -> str:
    scheme, host, port = value
    return f"{scheme}://{f'[{host}]' if ':' in host else host}:{port}"


def joined(base: str, link: str) -> str | None:
    """``link`` resolved against ``base``, or None when it cannot be parsed."""
    try:
        return urllib.parse.urljoin(base, link)
    except ValueError:
        return None

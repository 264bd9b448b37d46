"""What ``datasets pull`` reads in a response's body: a page of rows, or an OData error.

Both are written by the server, so neither may crash the command: a page that is not
JSON, nests too deeply or holds a number too long to convert is one :class:`BadBody`
message, and the text of an error is shown on one line, escaped and cut short.
"""

from __future__ import annotations

import json

from ait_datasets.terminal_text import terminal_text

# Characters of the server's error message shown (Business Central's are one sentence).
MESSAGE_CHARS = 300
# Python 3.11+ refuses to convert longer integers; 3.10 would take seconds on huge ones.
MAX_DIGITS = 4300


class BadBody(Exception):
    """The body is not a page of rows; the message says why."""


def page(body: bytes | bytearray) -> dict[str, object]:
    """The JSON object of a 2xx response."""
    try:
        value = json.loads(body.decode("utf-8-sig"), parse_int=_integer)
    except UnicodeDecodeError as exc:
        raise BadBody(
            f"the response is not UTF-8 text ({exc.reason} at byte {exc.start})"
        ) from None
    except json.JSONDecodeError as exc:
        raise BadBody(f"the response is not JSON ({exc})") from None
    except RecursionError:
        raise BadBody("the response nests arrays or objects too deeply to read") from None
    except _TooManyDigits:
        raise BadBody(f"the response holds a number of more than {MAX_DIGITS:,} digits") from None
    if not isinstance(value, dict):
        raise BadBody("the response is not an OData object")
    return value


class _TooManyDigits(Exception):
    pass


def _integer(text: str) -> int:
    if len(text) > MAX_DIGITS + 1 and len(text.lstrip("-")) > MAX_DIGITS:
        raise _TooManyDigits
    return int(text)


def odata_error(body: bytes | bytearray) -> str:
    """``CODE: message`` of an OData error body (``{"error": {"code", "message"}}``),
    on one line, or "" when the body is not one."""
    try:
        value = json.loads(body.decode("utf-8-sig"), parse_int=_integer)
    except (ValueError, RecursionError, _TooManyDigits):  # not JSON, not UTF-8, cut short
        return ""
    error = value.get("error") if isinstance(value, dict) else None
    if not isinstance(error, dict):
        return ""
    parts = [error.get("code"), error.get("message")]
    return one_line(": ".join(p for p in parts if isinstance(p, str) and p.strip()))


def one_line(text: str, limit: int = MESSAGE_CHARS) -> str:
    """``text`` cut to ``limit`` characters, every control character shown as its escape."""
    cut = text if len(text) <= limit else text[: limit - 3] + "..."
    return terminal_text(cut).replace("\t", "\\t").replace("\n", "\\n")

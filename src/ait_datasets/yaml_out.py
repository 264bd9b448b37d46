"""A small, fast YAML writer for plain data (what `datasets resolve` prints).

PyYAML's representer spends most of `resolve`'s time deciding how to write each value.
Plain data needs little of it: mappings, lists, text, numbers, booleans, null, dates.
The layout is PyYAML's block style (`safe_dump(sort_keys=False)`), text is written plain
when a YAML reader would read it back as the same text, else single-quoted, else (line
breaks, control characters) double-quoted with escapes. A property test checks that
reading the output back gives the data.
"""

from __future__ import annotations

import datetime as dt
from functools import lru_cache

from ait_datasets.source.scalars import plain_reads_as_text

# Characters a plain scalar may not start with (YAML indicators), and what may not follow.
_BAD_START = frozenset("-?:,[]{}#&*!|>'\"%@`")
_FLOW = frozenset(",[]{}")


def dump(data: object) -> str:
    """``data`` as block-style YAML text ending in a newline."""
    out: list[str] = []
    if isinstance(data, dict) and data:
        _mapping(data, 0, out)
    elif isinstance(data, list) and data:
        _sequence(data, 0, out)
    else:
        out.append(_scalar(data) + "\n")
    return "".join(out)


def _mapping(data: dict[object, object], indent: int, out: list[str]) -> None:
    pad = " " * indent
    for key, value in data.items():
        head = f"{pad}{_scalar(key)}:"
        _value(head, value, indent, out)


def _sequence(data: list[object], indent: int, out: list[str]) -> None:
    pad = " " * indent
    for item in data:
        if isinstance(item, (dict, list)) and item:
            # The first key (or item) goes on the dash line, the others under it.
            lines: list[str] = []
            if isinstance(item, dict):
                _mapping(item, indent + 2, lines)
            else:
                _sequence(item, indent + 2, lines)
            lines[0] = f"{pad}- " + lines[0][indent + 2 :]
            out.extend(lines)
        else:
            out.append(f"{pad}- {_scalar(item)}\n")


def _value(head: str, value: object, indent: int, out: list[str]) -> None:
    if isinstance(value, dict) and value:
        out.append(head + "\n")
        _mapping(value, indent + 2, out)
    elif isinstance(value, list) and value:
        out.append(head + "\n")
        # PyYAML's default: a list under a key is not indented further.
        _sequence(value, indent, out)
    else:
        out.append(f"{head} {_scalar(value)}\n")


def _scalar(value: object) -> str:
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return _float(value)
    if isinstance(value, dt.datetime):
        return value.isoformat(" ")
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, dict):
        return "{}"
    if isinstance(value, list):
        return "[]"
    return _text(str(value))


def _float(value: float) -> str:
    if value != value:
        return ".nan"
    if value in (float("inf"), float("-inf")):
        return ".inf" if value > 0 else "-.inf"
    text = repr(value).lower()
    if "." not in text and "e" in text:
        text = text.replace("e", ".0e", 1)
    return text


@lru_cache(maxsize=65536)
def _text(text: str) -> str:
    if _plain_ok(text):
        return text
    if text.isprintable():
        return "'" + text.replace("'", "''") + "'"
    return '"' + "".join(_escape(ch) for ch in text) + '"'


_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r"}


def _escape(ch: str) -> str:
    """One character of a double-quoted YAML scalar (YAML's escapes, full code points)."""
    if ch in _ESCAPES:
        return _ESCAPES[ch]
    if ch.isprintable() and ch not in "\u2028\u2029\ufeff":
        return ch
    code = ord(ch)
    if code <= 0xFF:
        return f"\\x{code:02x}"
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def _plain_ok(text: str) -> bool:
    if not text or text != text.strip() or text[0] in _BAD_START:
        return False
    if ": " in text or " #" in text or text.endswith(":") or "\t" in text:
        return False
    if any(ch in _FLOW for ch in text) or not text.isprintable():
        return False
    # Would a YAML 1.1 or 1.2 reader take it for something else (yes, 1:30, 0o17)?
    return plain_reads_as_text(text)

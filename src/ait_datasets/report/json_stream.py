"""A JSON document read one array element at a time, each with its offset.

A log-entry export can hold millions of rows: its ``value`` array (or top-level array) is
decoded element by element with the C scanner, so the elements can be located (line and
column for messages) and processed as they come, and nothing is held twice. Numbers too
long for ``int()`` are read as floats (the row checks then report them). Errors are
:class:`json.JSONDecodeError` (with the position) or :class:`NoValueArray`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator

_WS = re.compile(r"[ \t\n\r]*")


def _parse_int(digits: str) -> object:
    # Python refuses to convert integers of over 4300 digits (a ValueError, not a JSON
    # error); no run number is that long, so such a number is read as a float (infinite),
    # which the row check then reports as "not a whole number".
    return int(digits) if len(digits) <= 4000 else float(digits)


_DECODER = json.JSONDecoder(parse_int=_parse_int)
# The C scanner's own integers are much faster than a Python callback; a number too long
# for int() (a ValueError that is not a JSONDecodeError) is read again with _DECODER.
_FAST = json.JSONDecoder()


def _raw_decode(text: str, pos: int) -> tuple[object, int]:
    try:
        return _FAST.raw_decode(text, pos)
    except json.JSONDecodeError:
        raise
    except ValueError:
        return _DECODER.raw_decode(text, pos)


def decode_document(text: str) -> object:
    try:
        return _FAST.decode(text)
    except json.JSONDecodeError:
        raise
    except ValueError:
        return _DECODER.decode(text)


class Text:
    """Offset -> line and column, counting forward (elements come in order)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.offset = 0
        self.line = 1

    def position(self, offset: int) -> tuple[int, int]:
        if offset < self.offset:
            self.offset, self.line = 0, 1
        self.line += self.text.count("\n", self.offset, offset)
        self.offset = offset
        return self.line, offset - (self.text.rfind("\n", 0, offset) + 1) + 1


class NoValueArray(Exception):
    def __init__(self, offset: int) -> None:
        super().__init__(offset)
        self.offset = offset


def skip_ws(text: str, pos: int) -> int:
    match = _WS.match(text, pos)
    return pos if match is None else match.end()


def array(text: str, pos: int, end: list[int]) -> Iterator[tuple[int, object]]:
    """The elements of the array at ``text[pos] == '['`` with their offsets; its end is
    left in ``end[0]``; the array must be the whole text."""
    yield from _elements(text, pos, end)
    if skip_ws(text, end[0]) != len(text):
        raise json.JSONDecodeError("Extra data after the JSON value", text, skip_ws(text, end[0]))


def _elements(text: str, pos: int, end: list[int]) -> Iterator[tuple[int, object]]:
    pos = skip_ws(text, pos + 1)
    if text.startswith("]", pos):
        end[0] = pos + 1
        return
    # The C scanner itself (what raw_decode calls), without raw_decode's Python frame.
    scan: Callable[[str, int], tuple[object, int]] = _FAST.scan_once  # type: ignore[attr-defined]
    while True:
        try:
            value, stop = scan(text, pos)
        except StopIteration as exc:
            raise json.JSONDecodeError("Expecting value", text, exc.value) from None
        except json.JSONDecodeError:
            raise
        except ValueError:  # a number too long for int()
            value, stop = _DECODER.raw_decode(text, pos)
        yield pos, value
        # The common layouts first (",{" and ",\n{"), without a regular expression.
        if text.startswith(",", stop):
            pos = stop + 1
            if text.startswith("\n", pos):
                pos += 1
            if text.startswith((" ", "\t", "\r", "\n"), pos):
                pos = skip_ws(text, pos)
            continue
        pos = skip_ws(text, stop)
        if text.startswith(",", pos):
            pos = skip_ws(text, pos + 1)
        elif text.startswith("]", pos):
            end[0] = pos + 1
            return
        else:
            raise json.JSONDecodeError("Expecting ',' delimiter or ']'", text, pos)


def value_array(text: str, start: int, next_link: list[str]) -> Iterator[tuple[int, object]]:
    """The elements of the ``value`` array of the object at ``text[start] == '{'``; an
    ``@odata.nextLink`` (the response is one page of several) goes to ``next_link``."""
    found = False
    pos = skip_ws(text, start + 1)
    if text.startswith("}", pos):
        raise NoValueArray(start)
    while True:
        if not text.startswith('"', pos):
            raise json.JSONDecodeError(
                "Expecting property name enclosed in double quotes", text, pos
            )
        key, pos = _raw_decode(text, pos)
        pos = skip_ws(text, pos)
        if not text.startswith(":", pos):
            raise json.JSONDecodeError("Expecting ':' delimiter", text, pos)
        pos = skip_ws(text, pos + 1)
        if key == "value" and text.startswith("[", pos) and not found:
            found = True
            end = [pos]
            yield from _elements(text, pos, end)
            pos = end[0]
        else:
            value, pos = _raw_decode(text, pos)
            if key == "@odata.nextLink" and isinstance(value, str):
                next_link.append(value)
        pos = skip_ws(text, pos)
        if text.startswith(",", pos):
            pos = skip_ws(text, pos + 1)
        elif text.startswith("}", pos):
            break
        else:
            raise json.JSONDecodeError("Expecting ',' delimiter or '}'", text, pos)
    if not found:
        raise NoValueArray(start)
    if skip_ws(text, pos + 1) != len(text):
        raise json.JSONDecodeError("Extra data after the JSON value", text, skip_ws(text, pos + 1))

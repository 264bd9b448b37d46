"""A ``.json`` dataset (one JSON array of tests) as the editor's chunks.

Each element of the array is a chunk written as a YAML flow item, as JSONL rows are
(see :func:`.layout.jsonl_layout`), so the tree, the forms, the raw view and undo work on
elements as on tests:

    - {                 the element's first line, after ``- ``
        "name": "A",    every other line of the element, after two more spaces
      }
    #json-sep ",\\n  "  the text between this element and the next, when there is one

JSON has no newline inside a string, so the two spaces are added after every newline and
removed the same way: an untouched element is rendered back byte for byte, and so is the
text between two elements that stay neighbours. The separator belongs to the element
before it: a removed, added or moved element changes only its own text and the
separator before it. An element that is no longer JSON after a change (a structural edit,
a raw edit) is written back as JSON in the file's own style (indentation, separators,
ASCII escapes).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

SEP_MARK = "#json-sep "
_WS = re.compile(r"[ \t\n\r]*")
# A UTF-16 surrogate escape: YAML has none (a surrogate is no character), so an element
# holding one could not be read as YAML; the editor refuses such a file.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89abAB]|\\u[dD][c-fC-F]")
# An escaped backslash first, so that ``\\\\u`` (a backslash, then ``u``) is no escape.
_ESCAPES = re.compile(r"\\\\|\\u[0-9a-fA-F]{4}")


class JsonLayoutError(ValueError):
    """The array cannot be edited safely; the message says where and why."""


@dataclass(frozen=True, slots=True)
class JsonFrame:
    """How the file writes its array, for the elements the editor writes anew."""

    # The text before the first element when there was none (an empty array).
    opener: str = "\n  "
    # The whitespace before ``]`` when there are elements.
    closer: str = "\n"
    # Between two elements when the one before has no separator of its own.
    separator: str = ",\n  "
    # The text before an element's first line on its line (its indentation).
    column: str = "  "
    # One indentation step of a multi-line element; None: an element is one line.
    indent: str | None = "  "
    item_separator: str = ", "
    key_separator: str = ": "
    ensure_ascii: bool = False

    def dump(self, data: Any) -> str:
        """``data`` as one element in the file's style (no newline after it)."""
        if self.indent is None:
            return json.dumps(
                data,
                ensure_ascii=self.ensure_ascii,
                separators=(self.item_separator, self.key_separator),
            )
        text = json.dumps(data, ensure_ascii=self.ensure_ascii, indent=self.indent)
        return text.replace("\n", "\n" + self.column)

    def pieces(self, chunks: list[str]) -> list[str]:
        """One piece per element (the element and, but for the last, the separator after
        it): what the file's text joins between the text before and after the elements."""
        out = []
        last = len(chunks) - 1
        for i, chunk in enumerate(chunks):
            element, separator = element_of(chunk)
            if i < last:
                element += self.separator if separator is None else separator
            out.append(element)
        return out


@dataclass(frozen=True, slots=True)
class JsonCut:
    """What :func:`cut_array` finds: the text before and after the elements, one chunk and
    one name (None: not a string) per element, the file's style."""

    prefix: str
    empty: str
    suffix: str
    opener: str
    chunks: list[str]
    names: list[str | None]
    frame: JsonFrame
    # The file is one test (an object), not an array.
    single: bool = False


def chunk_of(element: str, separator: str | None, newline: str) -> str:
    """An element's text (and the separator after it) as a chunk (see the module)."""
    chunk = "- " + element.replace("\n", "\n  ") + newline
    if separator is not None:
        chunk += SEP_MARK + json.dumps(separator) + newline
    return chunk


def element_of(chunk: str) -> tuple[str, str | None]:
    """The inverse of :func:`chunk_of`: the element's text and its separator (if any)."""
    separator = None
    body = chunk
    cut = chunk.rfind("\n" + SEP_MARK)
    if cut >= 0:
        body = chunk[: cut + 1]
        try:
            found = json.loads(chunk[cut + 1 + len(SEP_MARK) :])
        except ValueError:
            found = None
        separator = found if isinstance(found, str) else None
    if body.endswith("\r\n"):
        body = body[:-2]
    elif body.endswith("\n"):
        body = body[:-1]
    if body.startswith("- "):
        body = body[2:]
    return body.replace("\n  ", "\n"), separator


def _no_dict_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"the key '{key}' appears twice in one object")
        out[key] = value
    return out


def _no_constant(word: str) -> Any:
    raise ValueError(f"{word} is not JSON")


_DECODER = json.JSONDecoder(object_pairs_hook=_no_dict_duplicates, parse_constant=_no_constant)


def _where(text: str, offset: int) -> str:
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return f"line {line}, column {column}"


def _decode(text: str, at: int) -> tuple[Any, int]:
    try:
        value, end = _DECODER.raw_decode(text, at)
    except ValueError as exc:
        # A syntax error says where; a duplicate key or NaN (from the hooks) does not.
        where = _where(text, getattr(exc, "pos", at))
        why = getattr(exc, "msg", str(exc))
        raise JsonLayoutError(
            f"the file is not standard JSON at {where}: {why}; fix it first (see datasets lint)"
        ) from None
    return value, end


def _no_surrogates(text: str) -> None:
    bad = _SURROGATE_ESCAPE.search(text)
    if bad is not None:
        raise JsonLayoutError(
            f"a UTF-16 surrogate escape (such as \\ud83d) at {_where(text, bad.start())}: "
            "the editor cannot rewrite it safely; write the character itself instead"
        )


def _one_test(text: str, pos: int, newline: str) -> JsonCut:
    """A file that is one test (an object): the one chunk, no separators."""
    value, end = _decode(text, pos)
    rest = text[end:]
    if rest.strip():
        where = _where(text, end + len(rest) - len(rest.lstrip()))
        raise JsonLayoutError(f"unexpected text after the test at {where}")
    if "tests" in value:
        raise JsonLayoutError(
            "the file is an object with tests:; the editor edits a JSON array of tests (or "
            "one test): write the tests as the file's array"
        )
    _no_surrogates(text)
    name = value.get("name")
    frame = _style(text, [(pos, end)], [], "", "")
    chunk = chunk_of(text[pos:end], None, newline)
    names = [name if isinstance(name, str) else None]
    return JsonCut(text[:pos], "", rest, "", [chunk], names, frame, single=True)


def cut_array(text: str, newline: str) -> JsonCut:
    """Cut the JSON array ``text`` into one chunk per element. Raises
    :class:`JsonLayoutError` for text the editor cannot rewrite safely."""

    def ws(pos: int) -> int:
        m = _WS.match(text, pos)
        return pos if m is None else m.end()

    pos = ws(0)
    if text.startswith("{", pos):
        return _one_test(text, pos, newline)
    if not text.startswith("[", pos):
        raise JsonLayoutError(
            "the file's top level must be a JSON array of tests (or one test, an object) "
            f"for the editor ({_where(text, pos)})"
        )
    prefix = text[: pos + 1]
    pos += 1
    start = ws(pos)
    opener = text[pos:start]
    spans: list[tuple[int, int]] = []
    separators: list[str] = []
    names: list[str | None] = []
    if text.startswith("]", start):
        end_of_array = start
    else:
        at = start
        while True:
            value, end = _decode(text, at)
            if not isinstance(value, dict):
                raise JsonLayoutError(
                    f"element {len(spans) + 1} ({_where(text, at)}) is not an object; "
                    "each element of the array is a test"
                )
            name = value.get("name")
            names.append(name if isinstance(name, str) else None)
            spans.append((at, end))
            after = ws(end)
            if text.startswith(",", after):
                nxt = ws(after + 1)
                separators.append(text[end:nxt])
                at = nxt
                continue
            if text.startswith("]", after):
                end_of_array = after
                break
            raise JsonLayoutError(f"expected ',' or ']' at {_where(text, after)}")
    rest = text[end_of_array + 1 :]
    if rest.strip():
        where = _where(text, end_of_array + 1 + len(rest) - len(rest.lstrip()))
        raise JsonLayoutError(f"unexpected text after the array at {where}")
    _no_surrogates(text)
    chunks = []
    for i, (s, e) in enumerate(spans):
        chunks.append(chunk_of(text[s:e], separators[i] if i < len(separators) else None, newline))
    closer = text[spans[-1][1] : end_of_array] if spans else ""
    empty = "" if spans else opener
    frame = _style(text, spans, separators, opener, closer)
    suffix = text[end_of_array:]
    # An empty array gains its first element the way the frame writes one.
    return JsonCut(prefix, empty, suffix, opener if spans else frame.opener, chunks, names, frame)


def _style(
    text: str, spans: list[tuple[int, int]], separators: list[str], opener: str, closer: str
) -> JsonFrame:
    """The file's way of writing its array, from its first element and its separators."""
    ascii_only = text.isascii()
    ensure_ascii = (
        ascii_only
        and "\\u" in text
        and any(m.group().startswith("\\u") for m in _ESCAPES.finditer(text))
    )
    if not spans:
        return JsonFrame(ensure_ascii=ensure_ascii)
    start, end = spans[0]
    line_start = text.rfind("\n", 0, start) + 1
    column = text[line_start:start]
    column = column if not column.strip() else ""
    first = text[start:end]
    indent: str | None = None
    if "\n" in first:
        second = first.split("\n", 1)[1]
        lead = second[: len(second) - len(second.lstrip(" \t"))]
        deeper = lead.startswith(column) and len(lead) > len(column)
        indent = lead[len(column) :] if deeper else "  "
    compact = '":' in first and '": ' not in first
    item_separator, key_separator = (",", ":") if compact else (", ", ": ")
    # The separator most elements have; with one element, a comma and the text before it.
    most = Counter(separators).most_common(1)
    separator = most[0][0] if most else "," + (opener or " ")
    return JsonFrame(
        opener=opener or "\n" + column,
        closer=closer,
        separator=separator,
        column=column,
        indent=indent,
        item_separator=item_separator,
        key_separator=key_separator,
        ensure_ascii=ensure_ascii,
    )


def is_json_object(text: str) -> bool:
    """Whether ``text`` is still one JSON object (a value typed in place keeps it one)."""
    try:
        return isinstance(json.loads(text), dict)
    except ValueError:
        return False


def json_element(chunk: str, frame: JsonFrame, data_of: Callable[[str], Any]) -> str:
    """A changed element as a chunk: kept when it is still one JSON object (a value typed
    in place), else ``data_of(chunk)`` (its data read as YAML; None: unreadable) written
    in the file's style."""
    element, separator = element_of(chunk)
    if is_json_object(element):
        return chunk
    data = data_of(chunk)
    if data is None:
        return chunk  # the save refuses an element that does not parse
    newline = "\r\n" if chunk.endswith("\r\n") else "\n"
    # The file's own line ends (a CRLF file stays CRLF).
    return chunk_of(frame.dump(data).replace("\n", newline), separator, newline)

"""The line reader's vocabulary: which texts it takes, and the one-line pieces of one.

:mod:`.block_yaml` (the whole text) and :mod:`.reparse` (one edited test) read the same
small part of YAML with it: the characters and line breaks a text may have, the
patterns of a key, a quoted or plain value and a flow-list item, double-quoted escapes,
the limits past which they leave a text to libyaml, and :class:`GiveUp`, which says so.
Private to :mod:`ait_datasets.source`: other packages read YAML through
:func:`ait_datasets.source.load`.
"""

from __future__ import annotations

import re
import sys
from functools import cache

# Characters the block readers accept anywhere in a file. Everything else (tabs, carriage
# returns other than all line breaks being CRLF, NEL/LS/PS line breaks, a byte order
# mark, control characters, characters that libyaml refuses) sends the file to libyaml,
# which knows their rules. The pattern for other than ASCII text takes milliseconds to
# compile: only such texts compile it.
_UNHANDLED_ASCII = re.compile("[^\n\x20-\x7e]")


@cache
def _unhandled_character() -> re.Pattern[str]:
    return re.compile(
        "[^\n\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd\U00010000-\U0010ffff]"
    )


# The same for a text whose line breaks are all CRLF (checked apart).
_UNHANDLED_ASCII_CRLF = re.compile("[^\r\n\x20-\x7e]")


@cache
def _unhandled_character_crlf() -> re.Pattern[str]:
    return re.compile(
        "[^\r\n\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd\U00010000-\U0010ffff]"
    )


# A mapping key at the start of the text searched, with its colon and the spaces after it:
# a plain key (no ':' or '#' in it, not starting with an indicator, no trailing space), or
# a one-line double- or single-quoted key.
KEY = re.compile(
    r"""(?:
        (?P<plain>[^\s\-?:,\[\]{}#&*!|>'"%@`][^:#]*)
      | "(?P<double>[^"\\]*(?:\\.[^"\\]*)*)"
      | '(?P<single>[^']*(?:''[^']*)*)'
    ):(?:\x20+|$)""",
    re.VERBOSE,
)
DOUBLE = re.compile(r'"([^"\\]*(?:\\.[^"\\]*)*)"')
SINGLE = re.compile(r"'([^']*(?:''[^']*)*)'")
# What may follow a value on its line: spaces, then perhaps a comment.
AFTER_VALUE = re.compile(r"(?:\x20+(?:#.*)?)?\Z")
# One item of a one-line flow list: a quoted scalar or a plain one (no flow indicators,
# no ':' or '#'), with the spaces around it, and the ',' or ']' after it.
FLOW_ITEM = re.compile(
    r"""\x20*(?:
        "(?P<double>[^"\\]*(?:\\.[^"\\]*)*)"
      | '(?P<single>[^']*(?:''[^']*)*)'
      | (?P<plain>[^\s\-?:,\[\]{}#&*!|>'"%@`][^,\[\]{}:#]*?)
    )\x20*(?P<end>[,\]])""",
    re.VERBOSE,
)
# A character that cannot start a plain value (YAML indicators), or starts one only in
# cases the block readers leave to libyaml ('-', '?', ':').
NOT_PLAIN_START = frozenset("-?:,[]{}#&*!|>'\"%@`")
_ESCAPE = re.compile(r"\\(x[0-9A-Fa-f]{2}|u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8}|.)")
_ESCAPES = {
    "0": "\0",
    "a": "\a",
    "b": "\b",
    "t": "\t",
    "n": "\n",
    "v": "\v",
    "f": "\f",
    "r": "\r",
    "e": "\x1b",
    " ": " ",
    '"': '"',
    "/": "/",
    "\\": "\\",
    "N": "\x85",
    "_": "\xa0",
    "L": "\u2028",
    "P": "\u2029",
}
# Deeper files are left to libyaml, which reports its own depth limit.
MAX_DEPTH = 100
# libyaml refuses a simple key longer than 1024 characters; leave long keys to it.
MAX_KEY = 1000
# Values this short are interned by the event builder too (they repeat across tests).
INTERN_UP_TO = 40


# "Not seen yet" in the cache of plain values (None is a value: null).
UNKNOWN = object()


class GiveUp(Exception):
    """The text uses YAML the block readers do not handle; libyaml must read it."""


def handles_characters(fragment: str, crlf: bool) -> bool:
    """Whether every character of ``fragment`` (whole lines of a text whose line breaks are
    all CRLF, or all LF) is one the block readers accept, as
    :func:`.block_yaml.read_block_yaml` checks a whole text."""
    if crlf:
        unhandled = _UNHANDLED_ASCII_CRLF if fragment.isascii() else _unhandled_character_crlf()
        pairs = fragment.count("\r\n")
        if fragment.count("\r") != pairs or fragment.count("\n") != pairs:
            return False
    else:
        unhandled = _UNHANDLED_ASCII if fragment.isascii() else _unhandled_character()
    return unhandled.search(fragment) is None


def _crlf_only(text: str) -> bool:
    """Whether every line break of ``text`` is CRLF (a Windows checkout).

    Such a file is read line by line like an LF one, its lines without the CR: a
    CR counts in the offsets (the line starts) and never in a value, as in libyaml,
    which reads CRLF as one line break. Any other CR sends the file to libyaml.
    """
    first = text.find("\r")
    if first < 0 or text[first + 1 : first + 2] != "\n":
        return False
    pairs = text.count("\r\n")
    return text.count("\r") == pairs and text.count("\n") == pairs


def line_breaks_read(text: str) -> bool | None:
    """None when a character of ``text`` sends it to libyaml; else whether its line breaks
    are all CRLF (see :func:`_crlf_only`)."""
    crlf = _crlf_only(text)
    if crlf:
        unhandled = _UNHANDLED_ASCII_CRLF if text.isascii() else _unhandled_character_crlf()
    else:
        unhandled = _UNHANDLED_ASCII if text.isascii() else _unhandled_character()
    return None if unhandled.search(text) else crlf


def plain_text(line: str, at: int) -> str:
    """The plain value starting at ``at``: up to a comment, without trailing spaces."""
    text = line[at:]
    comment = text.find(" #")
    if comment >= 0:
        text = text[:comment]
    text = text.rstrip(" ")
    if ": " in text or text[-1] == ":":
        raise GiveUp  # "mapping values are not allowed here"
    return text


def unescape(body: str) -> str:
    """The value of a one-line double-quoted scalar's body."""
    if "\\" not in body:
        return body

    def one(match: re.Match[str]) -> str:
        code = match.group(1)
        if len(code) > 1:
            point = int(code[1:], 16)
            # libyaml reports a code above the last one (or a surrogate) as a syntax
            # error; chr would raise instead.
            if point > sys.maxunicode or 0xD800 <= point <= 0xDFFF:
                raise GiveUp
            return chr(point)
        if code not in _ESCAPES:
            raise GiveUp
        return _ESCAPES[code]

    return _ESCAPE.sub(one, body)

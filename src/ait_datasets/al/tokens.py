"""A tokenizer for AL: identifiers, quoted identifiers, text literals, numbers, operators.

Comments (``//``, ``/* */``), whitespace and preprocessor lines (``#if``, ``#pragma``) are
dropped. It never fails: text it cannot read (an unterminated literal, a stray character)
becomes a token of its own, so a half-written file still yields what it can. One regular
expression pass, linear in the text. A text literal ends at the end of its line, as the
AL compiler requires.

Memory is what bounds the files an app may hold, so tokens are not kept as objects (a
tuple of six fields costs about 200 bytes, and `{{{{` is a token per character): the
:class:`Tokens` of a text keep the text and, per token, its kind and span in compact
arrays (9 bytes), and make a :class:`Token` only when one is asked for. No pattern
repeats a group, so the regular expression engine keeps no state per character either.
"""

from __future__ import annotations

import re
from array import array
from bisect import bisect_right
from collections.abc import Iterator
from typing import NamedTuple, overload

IDENT = "ident"  # Codeunit, AITTestContext, begin (keywords are identifiers here)
QUOTED = "quoted"  # "AIT Test Context" (a quoted identifier; text without the quotes)
STRING = "string"  # 'key' (a text literal; text unescaped, without the quotes)
NUMBER = "number"  # 50100, 1.5, 0D
OP = "op"  # := :: .. <> <= >= += -= *= /= and single characters

# A text literal is matched one quoted run at a time (`'It'` then `'s'`); a run that starts
# where a closed one ends continues the literal (the `''` escape). Matching `''` pairs with
# a repeated group instead would make the engine keep state for every pair.
_TOKEN = re.compile(
    r"""
     (?P<space>[\s\ufeff]+)
    |(?P<line>//[^\n]*)
    |(?P<block>/\*.*?(?:\*/|\Z))
    |(?P<pre>\#[A-Za-z][^\n]*)
    |(?P<string>'[^'\n]*'?)
    |(?P<quoted>"[^"\n]*"?)
    |(?P<number>\d+(?:\.\d+)?[A-Za-z]*)
    |(?P<ident>[^\W\d]\w*)
    |(?P<op>:=|::|\.\.|<>|<=|>=|\+=|-=|\*=|/=|.)
    """,
    re.DOTALL | re.VERBOSE,
)
_SKIPPED = frozenset({"space", "line", "block", "pre"})
_KINDS = (IDENT, QUOTED, STRING, NUMBER, OP)
_CODES = {"ident": 0, "quoted": 1, "string": 2, "number": 3, "op": 4}
_IDENT_CODE = _CODES["ident"]
_QUOTED_CODE = _CODES["quoted"]
_STRING_CODE = _CODES["string"]
_OP_CODE = _CODES["op"]


class Token(NamedTuple):
    """One token: its kind, its text (literals unquoted), and where it starts."""

    kind: str
    text: str
    offset: int  # character offset of the token's first character in the text
    end: int  # offset just after the token
    line: int  # 1-based
    column: int  # 1-based, in characters

    @property
    def lower(self) -> str:
        return self.text.lower()

    def is_word(self, *words: str) -> bool:
        """An identifier that is one of ``words`` (lower case; AL keywords ignore case)."""
        return self.kind == IDENT and self.text.lower() in words

    def is_op(self, op: str) -> bool:
        return self.kind == OP and self.text == op


class Tokens:
    """The tokens of one text, in order: a read-only sequence of :class:`Token`."""

    __slots__ = ("_ends", "_kinds", "_lines", "_starts", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        code = "I" if len(text) < 2**32 else "Q"
        self._kinds = bytearray()
        self._starts = array(code)
        self._ends = array(code)
        self._lines = array(code, [0])  # the offset where each line starts

    def __len__(self) -> int:
        return len(self._kinds)

    @overload
    def __getitem__(self, k: int) -> Token: ...
    @overload
    def __getitem__(self, k: slice) -> list[Token]: ...
    def __getitem__(self, k: int | slice) -> Token | list[Token]:
        if isinstance(k, slice):
            return [self._token(j) for j in range(*k.indices(len(self._kinds)))]
        if k < 0:
            k += len(self._kinds)
            if k < 0:
                raise IndexError("token index out of range")
        return self._token(k)

    def __iter__(self) -> Iterator[Token]:
        for k in range(len(self._kinds)):
            yield self._token(k)

    # Cheap questions about token ``k`` that make no Token: the readers' scanning loops.
    def kind(self, k: int) -> str:
        return _KINDS[self._kinds[k]]

    def raw(self, k: int) -> str:
        """The token as written (literals and quoted names with their quotes)."""
        return self.text[self._starts[k] : self._ends[k]]

    def is_op(self, k: int, op: str) -> bool:
        return self._kinds[k] == _OP_CODE and self.text[self._starts[k] : self._ends[k]] == op

    def op(self, k: int) -> str:
        """An operator's text, else ""."""
        if self._kinds[k] != _OP_CODE:
            return ""
        return self.text[self._starts[k] : self._ends[k]]

    def is_name(self, k: int) -> bool:
        """An identifier or a quoted identifier."""
        return self._kinds[k] <= _QUOTED_CODE

    def word(self, k: int) -> str | None:
        """An identifier's text in lower case, else None."""
        return self.raw(k).lower() if self._kinds[k] == _IDENT_CODE else None

    def ops(self, start: int, end: int) -> Iterator[tuple[int, str]]:
        """(index, text) of each operator in [start, end), skipping the others unmade."""
        kinds, starts, ends, text = self._kinds, self._starts, self._ends, self.text
        k = kinds.find(_OP_CODE, start, end)
        while k >= 0:
            yield k, text[starts[k] : ends[k]]
            k = kinds.find(_OP_CODE, k + 1, end)

    def _token(self, k: int) -> Token:
        code = self._kinds[k]  # IndexError past the end, as a list would
        start = self._starts[k]
        end = self._ends[k]
        raw = self.text[start:end]
        if code == _STRING_CODE:
            value = raw[1:-1] if _closed(raw) else raw[1:]
            raw = value.replace("''", "'")
        elif code == _QUOTED_CODE:
            raw = raw[1:-1] if len(raw) > 1 and raw.endswith('"') else raw[1:]
        line = bisect_right(self._lines, start)
        return Token(_KINDS[code], raw, start, end, line, start - self._lines[line - 1] + 1)


def tokenize(text: str) -> Tokens:
    """The tokens of ``text`` in order (comments, whitespace, directives dropped)."""
    out = Tokens(text)
    kinds, starts, ends, lines = out._kinds, out._starts, out._ends, out._lines
    for match in _TOKEN.finditer(text):
        group = match.lastgroup or "op"
        start, end = match.span()
        if group not in _SKIPPED:
            code = _CODES[group]
            if code == _STRING_CODE and kinds and kinds[-1] == code and ends[-1] == start:
                ends[-1] = end  # `'It'` + `'s'`: one literal, `It's`
                continue
            kinds.append(code)
            starts.append(start)
            ends.append(end)
            continue
        newline = text.find("\n", start, end)
        while newline >= 0:
            lines.append(newline + 1)
            newline = text.find("\n", newline + 1, end)
    return out


def _closed(raw: str) -> bool:
    """Whether a literal ends with its closing quote. After the opening quote, quotes come
    in escaped pairs, so an odd number of trailing quotes means the last one closes it."""
    body = raw[1:]
    return (len(body) - len(body.rstrip("'"))) % 2 == 1

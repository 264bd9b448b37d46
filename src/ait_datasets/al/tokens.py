"""A tokenizer for AL: identifiers, quoted identifiers, text literals, numbers, operators.

Comments (``//``, ``/* */``), whitespace and preprocessor lines (``#if``, ``#pragma``) are
dropped. It never fails: text it cannot read (an unterminated literal, a stray character)
becomes a token of its own, so a half-written file still yields what it can. One regular
expression pass, linear in the text. A text literal ends at the end of its line, as the
AL compiler requires.
"""

from __future__ import annotations

import re
from typing import NamedTuple

IDENT = "ident"  # Codeunit, AITTestContext, begin (keywords are identifiers here)
QUOTED = "quoted"  # "AIT Test Context" (a quoted identifier; text without the quotes)
STRING = "string"  # 'key' (a text literal; text unescaped, without the quotes)
NUMBER = "number"  # 50100, 1.5, 0D
OP = "op"  # := :: .. <> <= >= += -= *= /= and single characters

_TOKEN = re.compile(
    r"""
     (?P<space>[\s\ufeff]+)
    |(?P<line>//[^\n]*)
    |(?P<block>/\*.*?(?:\*/|\Z))
    |(?P<pre>\#[A-Za-z][^\n]*)
    |(?P<string>'(?:[^'\n]|'')*'?)
    |(?P<quoted>"[^"\n]*"?)
    |(?P<number>\d+(?:\.\d+)?[A-Za-z]*)
    |(?P<ident>[^\W\d]\w*)
    |(?P<op>:=|::|\.\.|<>|<=|>=|\+=|-=|\*=|/=|.)
    """,
    re.DOTALL | re.VERBOSE,
)
_SKIPPED = frozenset({"space", "line", "block", "pre"})
_KINDS = {"ident": IDENT, "number": NUMBER, "op": OP}


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


def tokenize(text: str) -> list[Token]:
    """The tokens of ``text`` in order (comments, whitespace, directives dropped)."""
    out: list[Token] = []
    line = 1
    line_start = 0
    append = out.append
    for match in _TOKEN.finditer(text):
        group = match.lastgroup or "op"
        start, end = match.span()
        if group not in _SKIPPED:
            raw = match.group()
            column = start - line_start + 1
            if group == "string":
                value = raw[1:-1] if _closed(raw) else raw[1:]
                append(Token(STRING, value.replace("''", "'"), start, end, line, column))
            elif group == "quoted":
                value = raw[1:-1] if len(raw) > 1 and raw.endswith('"') else raw[1:]
                append(Token(QUOTED, value, start, end, line, column))
            else:
                append(Token(_KINDS[group], raw, start, end, line, column))
            continue
        newlines = text.count("\n", start, end)
        if newlines:
            line += newlines
            line_start = text.rfind("\n", start, end) + 1
    return out


def _closed(raw: str) -> bool:
    """Whether a literal ends with its closing quote. After the opening quote, quotes come
    in escaped pairs, so an odd number of trailing quotes means the last one closes it."""
    body = raw[1:]
    return (len(body) - len(body.rstrip("'"))) % 2 == 1

"""The intervention suggestion codes an agent offers, read from its AL code.

An agent offers a suggestion by filling a `Record "Agent Task User Int Suggestion"` and
setting its ``Code`` (Sales Order Agent: SOASetup.Codeunit.al ~702-747; Payables Agent:
PAAgentTaskExecution.Codeunit.al:23). The code is a text literal, a `Label`, a
``StrSubstNo`` of those, or the result of a procedure of the same object that ``exit``s
one of them. Anything else (a field, a computed text) makes the set *open*: the codes
cannot all be known, and no check may claim a code is never offered.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ait_datasets.al.declarations import ALFile, ALObject, Procedure
from ait_datasets.al.reads import Routine, lookup
from ait_datasets.al.tokens import IDENT, QUOTED, STRING, Token, Tokens

SUGGESTION_RECORD = "agent task user int suggestion"


class Offered(NamedTuple):
    """The codes offered (`*` stands for a part computed at run time), and whether some
    assignment could not be read (then the set is open)."""

    patterns: list[str]
    open: bool

    def offers(self, code: str) -> bool:
        wanted = code.strip().upper()
        return any(_pattern(p).fullmatch(wanted) for p in self.patterns)


def _pattern(pattern: str) -> re.Pattern[str]:
    return re.compile(".*".join(re.escape(part) for part in pattern.upper().split("*")), re.S)


def offered_codes(files: list[ALFile]) -> Offered:
    patterns: list[str] = []
    unknown = False
    for file in files:
        for obj in file.objects:
            for proc in obj.procedures:
                routine = Routine(file, obj, proc)
                for value in _assignments(routine):
                    if value is None:
                        unknown = True
                    elif value not in patterns:
                        patterns.append(value)
    return Offered(patterns, unknown)


def _assignments(routine: Routine) -> list[str | None]:
    """The code of every `Suggestion.Code := ...` / `Suggestion.Validate(Code, ...)`."""
    tokens = routine.file.tokens
    start, end = routine.proc.body
    out: list[str | None] = []
    for k in range(start, end - 3):
        if not (tokens.is_name(k) and tokens.is_op(k + 1, ".")):
            continue
        tok = tokens[k]
        var = lookup(routine, tok.text)
        if var is None or var.type != "record" or var.subtype.lower() != SUGGESTION_RECORD:
            continue
        member = tokens[k + 2]
        if member.is_word("code") and tokens[k + 3].is_op(":="):
            out.append(_value(routine, tokens, k + 4, end, 0))
        elif (
            member.is_word("validate")
            and k + 5 < end
            and tokens[k + 3].is_op("(")
            and tokens[k + 4].is_word("code")
            and tokens[k + 5].is_op(",")
        ):
            out.append(_value(routine, tokens, k + 6, end, 0))
    return out


def _value(routine: Routine, tokens: Tokens, k: int, end: int, depth: int) -> str | None:
    """The text of the expression at ``k`` when it is one we can read, else None."""
    if k >= end or depth > 3:
        return None
    tok = tokens[k]
    after = tokens[k + 1] if k + 1 < end else None
    if tok.kind == STRING and _ends(after):
        return tok.text
    if tok.kind not in (IDENT, QUOTED):
        return None
    if tok.is_word("strsubstno") and after is not None and after.is_op("("):
        return _substituted(routine, tokens, k + 2, end, depth)
    var = lookup(routine, tok.text)
    if var is not None and var.label is not None and _ends(after):
        return var.label
    if var is None and after is not None and after.is_op("("):
        proc = _procedure(routine.obj, tok.text)
        if proc is not None:
            return _returned(Routine(routine.file, routine.obj, proc), depth + 1)
    return None


def _ends(tok: Token | None) -> bool:
    return tok is None or tok.is_op(";") or tok.is_op(")") or tok.is_op(",")


def _substituted(routine: Routine, tokens: Tokens, k: int, end: int, depth: int) -> str | None:
    parts: list[str | None] = []
    while k < end:
        value = _value(routine, tokens, k, end, depth + 1)
        parts.append(value)
        # Skip to the next top-level `,` or the closing `)`.
        nesting = 0
        while k < end:
            tok = tokens[k]
            if tok.is_op("("):
                nesting += 1
            elif tok.is_op(")"):
                if nesting == 0:
                    break
                nesting -= 1
            elif tok.is_op(",") and nesting == 0:
                break
            k += 1
        if k >= end or tokens[k].is_op(")"):
            break
        k += 1
    if not parts or parts[0] is None:
        return None
    text = parts[0]
    for n, arg in enumerate(parts[1:], start=1):
        text = text.replace(f"%{n}", "*" if arg is None else arg)
    return re.sub(r"%\d", "*", text)


def _procedure(obj: ALObject, name: str) -> Procedure | None:
    key = name.lower()
    return next((p for p in obj.procedures if p.name.lower() == key), None)


def _returned(routine: Routine, depth: int) -> str | None:
    """What a procedure ``exit``s, when every ``exit(...)`` of it is readable and equal."""
    tokens = routine.file.tokens
    start, end = routine.proc.body
    values = []
    for k in range(start, end - 1):
        if tokens.word(k) == "exit" and tokens.is_op(k + 1, "("):
            values.append(_value(routine, tokens, k + 2, end, depth))
    if len(values) == 1:
        return values[0]
    return None

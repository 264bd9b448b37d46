"""``$DateFormula-…$`` and ``$DateTimeFormula-…$`` tokens, found and resolved as the
framework's ``Test Input Data Tools`` codeunit does.

- The prefixes are case-sensitive; DateTime tokens are resolved before Date tokens.
- The first ``$`` after a prefix ends the token (a ``$`` inside a formula breaks it).
- Every copy of a token's text is replaced by the value's text.
- A prefix with no ``$`` after it stops resolution of that kind: it and anything after
  it stay as written (no error at run time).
- A DateTime token's content is split at its first ``>``: the formula is everything up
  to and including it; if characters follow, exactly one (meant to be ``-``) is skipped
  and the rest is the time. Without ``>`` the whole content is the formula, at 00:00.
- Read as a date (``ValueAsDate``), a value that starts with ``$DateFormula-`` and ends
  with ``$`` is one formula; read as text (``ValueAsText``) tokens are replaced inside it.
"""

from __future__ import annotations

import datetime as dt
from bisect import bisect_right
from collections.abc import Callable

from ait_datasets.placeholders.calcdate import calc_date
from ait_datasets.placeholders.formatting import ISO, DateFormat, format_date, format_datetime
from ait_datasets.placeholders.formula import parse_formula
from ait_datasets.placeholders.timetext import parse_time_text
from ait_datasets.records import FrozenRecord

# Frozen records set their fields once, in __init__.

DATE_PREFIX = "$DateFormula-"
DATETIME_PREFIX = "$DateTimeFormula-"
PREFIXES = (DATETIME_PREFIX, DATE_PREFIX)  # resolution order


class Token(FrozenRecord):
    """A token as the framework would cut it out of a text value.

    Offsets are into the value's text. ``formula``/``time`` are the parts handed to
    ``CalcDate`` and ``Evaluate(Time, …)``; ``time`` is None when there is no time part.
    """

    prefix: str
    start: int
    end: int  # exclusive: just after the closing '$'
    text: str
    formula: str
    formula_start: int
    time: str | None = None
    time_start: int = 0

    @property
    def is_datetime(self) -> bool:
        return self.prefix == DATETIME_PREFIX

    @property
    def content(self) -> str:
        """Everything between the prefix and the closing ``$``."""
        return self.text[len(self.prefix) : -1]


class Unterminated(FrozenRecord):
    """A prefix with no ``$`` after it: the framework leaves it (and later ones) as text."""

    prefix: str
    start: int


def split_token(prefix: str, start: int, text: str) -> Token:
    """The token ``text`` (prefix … ``$``) found at ``start``, with its parts."""
    content = text[len(prefix) : -1]
    content_start = start + len(prefix)
    close = -1 if prefix == DATE_PREFIX else content.find(">")
    if close < 0 or close == len(content) - 1:
        return Token(prefix, start, start + len(text), text, content, content_start)
    time_at = close + 2  # skip exactly one character after '>'
    return Token(
        prefix,
        start,
        start + len(text),
        text,
        content[: close + 1],
        content_start,
        content[time_at:],
        content_start + time_at,
    )


def scan(value: str) -> tuple[list[Token], list[Unterminated]]:
    """Every token in ``value`` in the order the framework resolves them, with positions.

    DateTime tokens come first. A Date prefix inside a DateTime token is not a token of
    its own: the framework replaced the DateTime token before it looked for Date ones.
    """
    tokens: list[Token] = []
    open_ends: list[Unterminated] = []
    # Starts and ends of the DateTime tokens, in order (they do not overlap).
    taken_starts: list[int] = []
    taken_ends: list[int] = []
    for prefix in PREFIXES:
        pos = 0
        while True:
            start = value.find(prefix, pos)
            if start < 0:
                break
            inside = bisect_right(taken_starts, start) - 1
            if inside >= 0 and start < taken_ends[inside]:
                pos = start + 1
                continue
            end = value.find("$", start + len(prefix))
            if end < 0:
                open_ends.append(Unterminated(prefix, start))
                break
            tokens.append(split_token(prefix, start, value[start : end + 1]))
            pos = end + 1
        taken_starts = [t.start for t in tokens]
        taken_ends = [t.end for t in tokens]
    return tokens, open_ends


def has_token(value: str) -> bool:
    return DATE_PREFIX in value or DATETIME_PREFIX in value


def token_date(token: Token, work_date: dt.date | None, language: str | None = None) -> dt.date:
    """The date of a ``$DateFormula-`` token (raises FormulaError/CalcDateError).

    ``language`` is the session language unbracketed formulas are read in.
    """
    return calc_date(parse_formula(token.formula, language), work_date)


def token_datetime(
    token: Token, work_date: dt.date | None, language: str | None = None
) -> dt.datetime:
    """The datetime of a ``$DateTimeFormula-`` token (raises FormulaError/CalcDateError/
    TimeTextError)."""
    day = token_date(token, work_date, language)
    time = parse_time_text(token.time) if token.time is not None else dt.time(0, 0)
    return dt.datetime.combine(day, time)


def resolve_text(
    value: str, work_date: dt.date | None, fmt: DateFormat = ISO, language: str | None = None
) -> str:
    """``ResolveText``: every resolvable token replaced by its value's text.

    Gives the result of the framework's loop (search from the start, replace every copy),
    so odd inputs give the framework's odd results, in one pass over the text: each
    distinct token is evaluated once. Errors propagate as the framework's run-time error
    would.
    """

    def date_text(token: Token) -> str:
        return format_date(token_date(token, work_date, language), fmt)

    def datetime_text(token: Token) -> str:
        return format_datetime(token_datetime(token, work_date, language), fmt)

    value = _resolve_kind(value, DATETIME_PREFIX, datetime_text)
    return _resolve_kind(value, DATE_PREFIX, date_text)


# A value's text starting with one of these could complete a prefix begun just before it
# (``$DateFormul`` + ``a-...``); the framework's loop would then find a new token there.
_PREFIX_CHARS = frozenset("".join(PREFIXES))


def _resolve_kind(value: str, prefix: str, evaluate: Callable[[Token], str]) -> str:
    """The framework's loop for one prefix, in one left-to-right pass.

    The framework searches from the start after every replacement and replaces every
    copy of a token at once; walking left to right and replacing each copy when it is
    reached gives the same text, because a written value holds no ``$`` and so creates
    no token, and (checked first) no two tokens share a ``$`` while a token repeats.
    Otherwise the framework's own loop runs (a copy replaced early can then lengthen a
    token that ends where the copy begins).
    """
    if not _copies_are_independent(value, prefix):
        return _framework_loop(value, prefix, evaluate)
    out: list[str] = []
    written: dict[str, str] = {}
    pos = 0
    while True:
        start = value.find(prefix, pos)
        if start < 0:
            break
        end = value.find("$", start + len(prefix))
        if end < 0:
            break  # unterminated: it and everything after it stay as written
        text = value[start : end + 1]
        new = written.get(text)
        if new is None:
            new = evaluate(split_token(prefix, start, text))
            if not new or new[0] in _PREFIX_CHARS:
                return _framework_loop(value, prefix, evaluate)
            written[text] = new
        out.append(value[pos:start])
        out.append(new)
        pos = end + 1
    if not out:
        return value
    out.append(value[pos:])
    return "".join(out)


def _copies_are_independent(value: str, prefix: str) -> bool:
    """False when a token repeats and some token's closing ``$`` opens another token."""
    seen: set[str] = set()
    shared = repeated = False
    start = value.find(prefix)
    while start >= 0:
        end = value.find("$", start + len(prefix))
        if end < 0:
            break
        text = value[start : end + 1]
        repeated = repeated or text in seen
        seen.add(text)
        shared = shared or value.startswith(prefix, end)
        if shared and repeated:
            return False
        start = value.find(prefix, start + 1)
    return True


def _framework_loop(value: str, prefix: str, evaluate: Callable[[Token], str]) -> str:
    """``ResolveText``'s loop for one prefix, literally (for the odd texts only)."""
    while True:
        start = value.find(prefix)
        if start < 0:
            break
        end = value.find("$", start + len(prefix))
        if end < 0:
            break
        token = split_token(prefix, start, value[start : end + 1])
        value = value.replace(token.text, evaluate(token))
    return value


def whole_token(value: str) -> Token | None:
    """The token when ``value`` is exactly one token (what ``ValueAsDate``/``ValueAsDateTime``
    treat as a formula), else None."""
    for prefix in PREFIXES:
        if value.startswith(prefix) and value.endswith("$") and len(value) > len(prefix):
            if "$" in value[len(prefix) : -1]:
                return None
            return split_token(prefix, 0, value)
    return None


def resolve_value(
    value: str, work_date: dt.date | None, fmt: DateFormat = ISO, language: str | None = None
) -> object:
    """What the test code reads: a date or datetime for a whole-value token (as
    ``ValueAsDate``/``ValueAsDateTime`` would), else the text ``ValueAsText`` returns."""
    token = whole_token(value)
    if token is None:
        return resolve_text(value, work_date, fmt, language) if has_token(value) else value
    if token.is_datetime:
        return token_datetime(token, work_date, language)
    return token_date(token, work_date, language)

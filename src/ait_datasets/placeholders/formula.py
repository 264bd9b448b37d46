"""The DateFormula grammar: text -> a list of terms, or an error at a position.

Business Central's parser is closed source; the grammar here is the union of the
documented production rules and every form Microsoft's own code and tests are seen to
accept (see the README section "placeholders" for the sources and our choices). Where
the runtime's behaviour is unknown we refuse the form with a message that says so,
rather than guess a date.

Choices where Business Central's behaviour is not documented (each is an error here):

- lower-case unit letters (``<cm>``): the documentation writes them in upper case only;
- a term without a sign after the first term (``1M1D``);
- ``M1``, ``W1``, ``Q1``, ``Y1`` (accepted by Business Central, meaning undocumented),
  ``2WD`` and ``CWD``;
- ``P``/``CP`` (accounting periods are not calendar arithmetic).

Spaces are allowed around terms and signs, between a number and its unit (``1 M``) and
between a unit and its day number (``D 15``), but not inside ``WD`` or ``CM``.
A bare unit counts one (``CM-M+D`` is ``CM-1M+1D``).
"""

from __future__ import annotations

import enum

from ait_datasets.placeholders.errors import FormulaError as FormulaError
from ait_datasets.plural import plural
from ait_datasets.records import FrozenRecord

# Frozen records set their fields once, in __init__.

MAX_NUMBER = 9999
UNIT_NAMES = {
    "D": "day",
    "WD": "weekday",
    "W": "week",
    "M": "month",
    "Q": "quarter",
    "Y": "year",
}
_EXPECT_UNIT = "a unit (D, WD, W, M, Q or Y)"
_EXPECT_TERM = "a term such as 1D, CM, D15 or WD1"


class TermKind(str, enum.Enum):
    """The four shapes a term can take."""

    COUNT = "count"  # 30D, 2W, 1M, 1Q, 1Y, and a bare unit (count 1)
    CURRENT = "current"  # CD, CW, CM, CQ, CY: end (or with '-', start) of the period
    DAY_OF_MONTH = "day-of-month"  # D15: the next 15th
    WEEKDAY = "weekday"  # WD4: the next Thursday


class Term(FrozenRecord):
    """One signed term of a formula and where it is in the formula text."""

    kind: TermKind
    sign: int  # +1 or -1
    unit: str  # WD, D, W, M, Q or Y
    number: int  # the count, the day number or the weekday number; 0 for CURRENT
    start: int  # offset of the term (its sign included) in the formula text
    end: int
    explicit_sign: bool = False

    @property
    def text(self) -> str:
        """The term written canonically: ``-1M``, ``+CM``, ``D15``, ``-WD2``."""
        sign = "-" if self.sign < 0 else ("+" if self.explicit_sign else "")
        if self.kind is TermKind.CURRENT:
            body = "C" + self.unit
        elif self.kind is TermKind.COUNT:
            body = f"{self.number}{self.unit}"
        else:
            body = f"{self.unit}{self.number}"
        return sign + body


class Formula(FrozenRecord):
    """A parsed date formula."""

    text: str  # as written
    terms: tuple[Term, ...]
    bracketed: bool

    @property
    def canonical(self) -> str:
        """The formula in its language-independent form, e.g. ``<CW+1M+1D>``."""
        parts = []
        for i, term in enumerate(self.terms):
            t = term.text
            if i and not t.startswith(("+", "-")):
                t = "+" + t
            parts.append(t)
        return "<" + "".join(parts) + ">"


def parse_formula(text: str, language: str | None = None) -> Formula:
    """Parse a DateFormula (``<CM+1D>``, ``-1M-CM``, ``<>``). Raises :class:`FormulaError`.

    ``language`` (``de-DE``, ``da``, …) is the session language an unbracketed formula is
    read in; None or English reads English letters. Bracketed formulas are always English.
    """
    if language is None or text.lstrip().startswith("<"):
        return _Parser(text).parse()
    from ait_datasets.placeholders.languages import to_english

    parsed = _Parser(to_english(text, language)).parse()
    return Formula(text, parsed.terms, parsed.bracketed)


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.text_end = len(text)

    # -- helpers ---------------------------------------------------------------------------

    def peek(self, offset: int = 0) -> str:
        i = self.pos + offset
        return self.text[i] if i < len(self.text) else ""

    def skip_spaces(self) -> None:
        while self.peek() == " ":
            self.pos += 1

    def describe(self, i: int) -> str:
        if i >= self.text_end:
            return "the end of the formula"
        ch = self.text[i]
        return "a space" if ch == " " else f"'{ch}'"

    def fail(self, expected: str, at: int | None = None, extra: str = "") -> FormulaError:
        i = self.pos if at is None else at
        msg = f"expected {expected}, found {self.describe(i)}"
        return FormulaError(msg + (f"; {extra}" if extra else ""), i, expected)

    # -- grammar ---------------------------------------------------------------------------

    def parse(self) -> Formula:
        text = self.text
        self.skip_spaces()
        bracketed = self.peek() == "<"
        end = len(text.rstrip(" "))
        if bracketed:
            close = text.find(">", self.pos + 1)
            if close < 0:
                raise FormulaError("expected '>' to close the '<' of the formula", len(text), "'>'")
            if close != end - 1:
                raise FormulaError(
                    "unexpected text after the closing '>'; the formula ends at '>'",
                    close + 1,
                    "the end of the formula",
                )
            self.pos += 1
            end = close
        terms = self.parse_body(end)
        return Formula(text, tuple(terms), bracketed)

    def parse_body(self, end: int) -> list[Term]:
        terms: list[Term] = []
        self.text_end = end
        while True:
            self.skip_spaces()
            if self.pos >= end:
                return terms
            terms.append(self.parse_subexpression(first=not terms))

    def parse_subexpression(self, first: bool) -> Term:
        start = self.pos
        sign = 1
        explicit = False
        if self.peek() in "+-":
            sign = -1 if self.peek() == "-" else 1
            explicit = True
            self.pos += 1
            self.skip_spaces()
            if self.pos >= self.text_end:
                raise self.fail(
                    _EXPECT_TERM, extra=f"'{self.text[start]}' must be followed by a term"
                )
            if self.peek() in "+-":
                raise self.fail(_EXPECT_TERM, extra="two signs in a row")
        elif not first:
            ch = self.peek()
            if _is_digit(ch) or ch in ("C", "D", "W", "M", "Q", "Y"):
                raise self.fail(
                    "'+' or '-' before the next term",
                    extra="separate terms with a sign, e.g. 1M+1D",
                )
            raise self.unknown_letter("'+', '-' or the end of the formula")
        kind, unit, number = self.parse_term()
        return Term(kind, sign, unit, number, start, self.pos, explicit)

    def parse_term(self) -> tuple[TermKind, str, int]:
        ch = self.peek()
        if _is_digit(ch):
            return self.parse_count()
        if ch == "C":
            return self.parse_current()
        unit = self.match_unit()
        if unit is None:
            raise self.unknown_letter(_EXPECT_TERM)
        return self.parse_unit_first(unit)

    def parse_count(self) -> tuple[TermKind, str, int]:
        number = self.parse_number(allow_zero=True)
        self.skip_spaces()
        at = self.pos
        unit = self.match_unit()
        if unit is None:
            raise self.unknown_letter(_EXPECT_UNIT)
        if unit == "WD":
            raise FormulaError(
                f"'{number}WD' (a number of weekdays) is accepted by Business Central but its "
                "result is not documented, so it cannot be calculated here; use WD1..WD7 for "
                "the next weekday",
                at,
            )
        return TermKind.COUNT, unit, number

    def parse_current(self) -> tuple[TermKind, str, int]:
        c_at = self.pos
        self.pos += 1
        if _is_digit(self.peek()):
            raise self.fail(_EXPECT_UNIT, extra="'C' is followed directly by a unit, as in CM")
        unit = self.match_unit()
        if unit is None:
            raise self.unknown_letter(_EXPECT_UNIT + " after 'C'")
        if unit == "WD":
            raise FormulaError(
                "'CWD' is not a documented term; use CW (end of the current week) or WD1..WD7",
                c_at,
            )
        if _is_digit(self.peek()):
            raise FormulaError(
                f"'C{unit}' takes no number; add days with a separate term, as in C{unit}+1D",
                self.pos,
                "a sign or the end of the formula",
            )
        return TermKind.CURRENT, unit, 0

    def parse_unit_first(self, unit: str) -> tuple[TermKind, str, int]:
        unit_at = self.pos - len(unit)
        self.skip_spaces()
        if not _is_digit(self.peek()):
            if unit == "WD":
                raise self.fail("a weekday number 1..7 after 'WD'")
            self.pos = unit_at + len(unit)
            return TermKind.COUNT, unit, 1  # a bare unit counts one
        num_at = self.pos
        number = self.parse_number(allow_zero=False)
        if unit == "WD":
            if not 1 <= number <= 7:
                raise FormulaError(
                    f"weekday number {number} is out of range; WD takes 1 (Monday) to 7 (Sunday)",
                    num_at,
                    "1..7",
                )
            return TermKind.WEEKDAY, unit, number
        if unit == "D":
            if not 1 <= number <= 31:
                raise FormulaError(
                    f"day number {number} is out of range; D takes 1 to 31", num_at, "1..31"
                )
            return TermKind.DAY_OF_MONTH, unit, number
        raise FormulaError(
            f"'{unit}{number}' (a unit followed by a number) is accepted by Business Central "
            f"but its meaning is not documented, so it cannot be calculated here; write "
            f"{number}{unit} for {plural(number, UNIT_NAMES[unit])}",
            unit_at,
        )

    def parse_number(self, allow_zero: bool) -> int:
        start = self.pos
        while _is_digit(self.peek()):
            self.pos += 1
        digits = self.text[start : self.pos]
        significant = digits.lstrip("0")
        if len(significant) > 4:
            raise FormulaError(
                f"the number {digits} is larger than {MAX_NUMBER}, the largest number a "
                "date formula allows",
                start,
                f"a number up to {MAX_NUMBER}",
            )
        value = int(digits)
        if value == 0 and not allow_zero:
            raise FormulaError(
                "0 is not a valid day or weekday number (D0, WD0 and M0 are refused)",
                start,
                "a number from 1",
            )
        return value

    def match_unit(self) -> str | None:
        if self.text.startswith("WD", self.pos):
            self.pos += 2
            return "WD"
        ch = self.peek()
        if ch in ("D", "W", "M", "Q", "Y"):
            self.pos += 1
            return ch
        return None

    def unknown_letter(self, expected: str) -> FormulaError:
        ch = self.peek()
        if ch and ch.upper() in "CDWMQY" and ch.islower():
            return self.fail(
                expected,
                extra=f"write the letter in upper case ('{ch.upper()}'); Business Central "
                "documents date formula letters in upper case only",
            )
        if ch == "P":
            return self.fail(
                expected,
                extra="accounting periods (P) are not part of date formulas",
            )
        if ch == ">" and self.pos < self.text_end:
            return self.fail(expected, extra="'>' may only close the formula")
        if ch == "<":
            return self.fail(expected, extra="'<' may only open the formula")
        return self.fail(expected)


def _is_digit(ch: str) -> bool:
    # str.isdigit() also accepts superscripts and other scripts' digits; AL does not.
    return "0" <= ch <= "9"

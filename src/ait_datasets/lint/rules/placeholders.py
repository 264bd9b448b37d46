"""Date placeholders: ``$DateFormula-…$`` and ``$DateTimeFormula-…$`` tokens (``PH``).

Tokens are found exactly as the framework finds them (see ``ait_datasets.placeholders``),
so a finding here is what would happen at run time. Findings about a token point at the
token itself in the file, not at the whole value.
"""

from __future__ import annotations

import json
import re
from bisect import bisect_right
from collections.abc import Iterator

from ait_datasets.dataset import shape
from ait_datasets.diagnostics import Diagnostic, Edit, Fix
from ait_datasets.lint.context import LintContext
from ait_datasets.lint.family import DATA_KINDS, Family
from ait_datasets.lint.rules import setup_placeholders
from ait_datasets.lint.rules.placeholder_rules import (
    DOLLAR_IN_FORMULA,
    HARD_CODED_DATE,
    INVALID_FORMULA,
    INVALID_TIME,
    MISSPELT_PREFIX,
    RULES,
    TIME_ON_DATE,
    TIME_WITHOUT_DASH,
    UNBRACKETED,
    UNQUOTED,
    UNTERMINATED,
)
from ait_datasets.lint.suggest import only_reading
from ait_datasets.placeholders import (
    DATE_PREFIX,
    DATETIME_PREFIX,
    CalcDateError,
    FormulaError,
    TimeTextError,
    Token,
    calc_date,
    has_token,
    parse_formula,
    parse_time_text,
    scan,
)
from ait_datasets.placeholders.literals import (
    Misspelt,
    date_literals,
    misspelt_prefixes,
    relative_token,
)
from ait_datasets.placeholders.positions import LineIndex, ValueInSource
from ait_datasets.source.document import Document
from ait_datasets.source.prefilter import (
    MAYBE_DATE,
    DateSearch,
    dollar_scalars,
    text_scalars,
)
from ait_datasets.source.tree import Mapping, Scalar, Span

__all__ = ["FAMILY", "RULES"]

# Where a fixed date means a drifting test.
DATE_SENSITIVE_KEYS = frozenset({"turn_setup", "query", "expected_data"})
_TIME_AFTER_BRACKET = re.compile(r"\s*<[^>]*>\s*-\s*\d{1,2}:\d{2}")


def check(doc: Document, ctx: LintContext) -> Iterator[Diagnostic]:
    roots = [doc.root] if doc.root is not None else list(doc.rows)
    checker = _Checker(doc, ctx)
    for root in roots:
        for node in dollar_scalars(root, doc.text):
            found = checker.scalar(node)
            if found:
                yield from found
    yield from _hard_coded_dates(doc, checker)


def _hard_coded_dates(doc: Document, checker: _Checker) -> Iterator[Diagnostic]:
    """Fixed dates where an agent test runs against the work date.

    That is its turn setup, queries and expectations. Copilot tests read their dates from
    fixed input text (an e-mail that says "by 2025-01-01"), so theirs are data, not drift.
    """
    tests = checker.ctx.agent_tests(doc)
    if not tests:
        return
    search = DateSearch(doc.text)
    if search.nowhere():
        return
    for test in tests:
        node = test.node
        # Most tests have no date at all: then none of their values has one, and the
        # test is skipped without visiting its turns.
        if not search.may_yield(node.start_offset, node.end_offset):
            continue
        owners = [node, *(t for t in shape.turns_of(node) if isinstance(t, Mapping))]
        for owner in owners:
            for key, sub in owner.children.items():
                if key not in DATE_SENSITIVE_KEYS:
                    continue
                for scalar in text_scalars(sub, search.may_hold):
                    found = checker.hard_coded(key, scalar)
                    if found:
                        yield from found


class _Checker:
    def __init__(self, doc: Document, ctx: LintContext) -> None:
        self.doc = doc
        self.ctx = ctx
        self.work_date = ctx.config.effective_work_date()
        self._lines: LineIndex | None = None
        # Values already seen to produce no finding. Findings depend only on the value,
        # its quoting and the document (positions aside), and datasets repeat their
        # placeholders across tests, so most values are checked once per file.
        self._clean_tokens: set[tuple[str, str]] = set()  # (value, quoting)
        self._clean_dates: set[tuple[str, str]] = set()  # (key, value)
        # Datasets repeat the same few formulas many times; judge each once.
        self._verdicts: dict[str, FormulaError | CalcDateError | None] = {}
        # The scalar whose pieces are being placed (findings come one scalar at a time).
        self._placed: tuple[Scalar, _PlacedValue] | None = None

    def verdict(self, formula: str) -> FormulaError | CalcDateError | None:
        """Why ``formula`` fails at run time for the work date, or None."""
        if formula not in self._verdicts:
            problem: FormulaError | CalcDateError | None = None
            try:
                calc_date(parse_formula(formula), self.work_date)
            except (FormulaError, CalcDateError) as exc:
                problem = exc
            self._verdicts[formula] = problem
        return self._verdicts[formula]

    @property
    def lines(self) -> LineIndex:
        if self._lines is None:
            # The loader's index of this text, when there is a tree to take it from.
            root = self.doc.root if self.doc.root is not None else next(iter(self.doc.rows), None)
            self._lines = root.lines if root is not None else LineIndex(self.doc.text)
        return self._lines

    def placed(self, node: Scalar, value: str) -> _PlacedValue:
        """``node``'s value in the file; kept while its pieces are placed, so that many
        findings in one long value cost one pass over it, not one each."""
        if self._placed is None or self._placed[0] is not node:
            self._placed = (node, _PlacedValue(self.doc.text, node.span, value))
        return self._placed[1]

    def span(self, node: Scalar, value: str, at: int, length: int) -> Span:
        placed = self.placed(node, value)
        return placed.span(self.lines, placed.scalar, at, length)

    def scalar(self, node: Scalar) -> list[Diagnostic]:
        """The findings about the tokens in a text scalar (a list: most have none)."""
        value = node.data
        assert isinstance(value, str)
        memo = (value, node.style)
        if memo in self._clean_tokens:
            return []
        found = list(self._scalar(node, value))
        if not found:
            self._clean_tokens.add(memo)
        return found

    def _scalar(self, node: Scalar, value: str) -> Iterator[Diagnostic]:
        if "$" not in value:
            return
        tokens, open_ends = scan(value)
        for token in tokens:
            yield from self.token(node, value, token)
        for open_end in open_ends:
            yield UNTERMINATED.at(
                self.doc,
                self.span(node, value, open_end.start, len(value) - open_end.start),
                f"`{open_end.prefix}` has no closing `$`: the framework leaves "
                f"`{value[open_end.start :]}` as text (and any later "
                f"`{open_end.prefix}` in this value). Add `$` after the formula.",
            )
        yield from self.misspelt(node, value)
        if node.style == "" and self.doc.format == "yaml" and has_token(value):
            yield self.unquoted(node, value)

    # -- tokens ----------------------------------------------------------------------------

    def token(self, node: Scalar, value: str, token: Token) -> Iterator[Diagnostic]:
        cut = _cut_by_dollar(value, token)
        if cut is not None:
            yield DOLLAR_IN_FORMULA.at(
                self.doc,
                self.span(node, value, token.end - 1, 1),
                f"The `$` inside the formula of `{token.text}{cut}` ends the placeholder: "
                f"the framework evaluates `{token.formula}` (a run-time error) and leaves "
                f"`{cut}` as text. Remove the `$` from the formula.",
            )
            return
        problem = self.verdict(token.formula)
        unbracketed = token.formula.strip() and not token.formula.lstrip().startswith("<")
        # The token's position is worked out only when there is something to report.
        if isinstance(problem, FormulaError):
            here = self.span(node, value, token.start, len(token.text))
            yield self.formula_error(node, value, token, here, problem)
        elif problem is not None or unbracketed:
            here = self.span(node, value, token.start, len(token.text))
            if unbracketed:
                yield self.unbracketed(node, value, token, here)
            if problem is not None:
                yield INVALID_FORMULA.at(
                    self.doc,
                    here,
                    f"`{token.text}` fails for the work date {self.work_date.isoformat()}: "
                    f"{problem.message}. `CalcDate` fails at run time.",
                )
        if token.is_datetime and token.time is not None:
            skipped = value[token.time_start - 1]
            if skipped != "-":
                yield TIME_WITHOUT_DASH.at(
                    self.doc,
                    self.span(node, value, token.time_start - 1, len(token.time) + 1),
                    f"In `{token.text}` the character after '>' is {skipped!r}, not '-': the "
                    "framework skips it without looking, so the time is read as "
                    f"'{token.time}'. Write `>-` before the time.",
                    self.dash_fix(node, value, token.time_start - 1, skipped),
                )
            try:
                parse_time_text(token.time)
            except TimeTextError as exc:
                yield INVALID_TIME.at(
                    self.doc,
                    self.span(node, value, token.time_start, len(token.time)),
                    f"Invalid time '{token.time}' in `{token.text}`: {exc.message}. "
                    "`Evaluate(Time, …)` fails at run time.",
                )

    def formula_error(
        self, node: Scalar, value: str, token: Token, here: Span, exc: FormulaError
    ) -> Diagnostic:
        if not token.is_datetime and _TIME_AFTER_BRACKET.match(token.formula):
            fix = self.replace(node, value, token.start, len(DATE_PREFIX), DATETIME_PREFIX)
            return TIME_ON_DATE.at(
                self.doc,
                here,
                f"`{token.text}` has a time part, but `$DateFormula-` takes only a date: "
                "`CalcDate` fails on the time at run time. Use `$DateTimeFormula-` for a "
                "date and time.",
                Fix("Use `$DateTimeFormula-`", fix, safe=False) if fix else None,
            )
        hint = ""
        if token.is_datetime and ">" not in token.formula and ":" in token.formula:
            hint = " A time part needs the formula in < >: `$DateTimeFormula-<CD>-13:30:00$`."
        return INVALID_FORMULA.at(
            self.doc,
            here,
            f"Invalid date formula '{token.formula}' in `{token.text}` at position "
            f"{exc.position + 1} of the formula: {exc.message}. `CalcDate` fails at run "
            f"time.{hint}",
        )

    def unbracketed(self, node: Scalar, value: str, token: Token, here: Span) -> Diagnostic:
        formula = token.formula.strip()
        at = token.formula_start + token.formula.index(formula)
        fix = self.replace(node, value, at, len(formula), f"<{formula}>")
        return UNBRACKETED.at(
            self.doc,
            here,
            f"The formula '{formula}' in `{token.text}` has no < >: `CalcDate` reads it in "
            f"the session's language. Write `<{formula}>` to make it language independent.",
            Fix(f"Write <{formula}>", fix, safe=False) if fix else None,
        )

    def misspelt(self, node: Scalar, value: str) -> Iterator[Diagnostic]:
        for miss in misspelt_prefixes(value):
            fix = self.replace(node, value, miss.start, miss.end - miss.start, miss.prefix)
            yield MISSPELT_PREFIX.at(
                self.doc,
                self.span(node, value, miss.start, miss.end - miss.start),
                f"`{miss.written}` is not a placeholder prefix (they are case-sensitive): the "
                f"framework leaves it as literal text. Did you mean `{miss.prefix}`?",
                Fix(f"Write `{miss.prefix}`", fix, safe=_one_reading(value, miss)) if fix else None,
            )

    def dash_fix(self, node: Scalar, value: str, at: int, skipped: str) -> Fix | None:
        """PH010's `-` after `>`. A skipped digit is part of the time meant (`<CD>14:45` is
        read as 4:45): the dash goes before it, which changes the time read, so the fix is
        unsafe. Any other character (`<CD> 14:45`, `<CD>T14:45`) becomes the dash: the
        time read stays the same, so the fix is safe."""
        digit = skipped.isascii() and skipped.isdigit()
        edits = self.replace(node, value, at, 1, "-" + skipped if digit else "-")
        if not edits:
            return None
        if digit:
            return Fix(f"Write `>-` before '{skipped}'", edits, safe=False)
        return Fix(f"Write `-` for {skipped!r}", edits)

    def unquoted(self, node: Scalar, value: str) -> Diagnostic:
        fix = None
        span = node.span
        if (
            span.line == span.end_line
            and self.doc.text[span.start_offset : span.end_offset] == value
        ):
            fix = Fix(
                "Quote the value",
                (Edit(span.start_offset, span.end_offset, _double_quoted(value)),),
            )
        return UNQUOTED.at(
            self.doc,
            span,
            "This value has a placeholder but is not quoted; the documentation requires "
            "quotes around placeholder values. Write it in double quotes.",
            fix,
        )

    # -- hard-coded dates ------------------------------------------------------------------

    def hard_coded(self, where: str, node: Scalar) -> list[Diagnostic]:
        """The fixed dates in a text scalar under the key ``where`` (a list: most have none)."""
        value = node.data
        assert isinstance(value, str)
        memo = (where, value)
        if memo in self._clean_dates:
            return []
        found = list(self._hard_coded(where, node, value))
        if not found:
            self._clean_dates.add(memo)
        return found

    def _hard_coded(self, where: str, node: Scalar, value: str) -> Iterator[Diagnostic]:
        if not MAYBE_DATE.search(value):
            return
        literals = date_literals(value)
        if not literals:
            return
        tokens, _ = scan(value) if "$" in value else ([], [])
        tokens.sort(key=lambda t: t.start)
        token_starts = [t.start for t in tokens]
        work_date = self.work_date
        for literal in literals:
            inside = bisect_right(token_starts, literal.start) - 1
            if inside >= 0 and literal.start < tokens[inside].end:
                continue  # a date inside a placeholder is its formula's business
            written = value[literal.start : literal.end]
            token = relative_token(literal, work_date)
            fix = None
            suggestion = ""
            if token is not None:
                edits = self.replace(node, value, literal.start, len(written), token)
                if edits:
                    fix = Fix(f"Write {token}", edits, safe=False)
                suggestion = f" For the work date {work_date.isoformat()} it is `{token}`."
            yield HARD_CODED_DATE.at(
                self.doc,
                self.span(node, value, literal.start, len(written)),
                f"Hard-coded date '{written}' in {where}: the test drifts as the work date "
                f"moves. Use a placeholder relative to the work date.{suggestion}",
                fix,
            )

    # -- fixes -----------------------------------------------------------------------------

    def replace(
        self, node: Scalar, value: str, at: int, length: int, replacement: str
    ) -> tuple[Edit, ...]:
        """Edits that replace ``value[at:at+length]`` in the file, or () when the value is
        not written verbatim (escapes, folded lines)."""
        placed = self.placed(node, value)
        span = placed.scalar
        if node.style == "" and self.doc.format == "yaml":
            # A plain scalar that gains a placeholder must become quoted (PH007).
            if span.line != span.end_line or placed.base != span.start_offset:
                return ()
            if not placed.gains_token(at, length, replacement):
                return (Edit(span.start_offset + at, span.start_offset + at + length, replacement),)
            if placed.quotes_verbatim():
                # Quotes around the untouched text: the edit stays the size of the piece,
                # however long the value (a line of dates gets one small edit per date).
                return (
                    Edit(span.start_offset, span.start_offset, '"'),
                    Edit(span.start_offset + at, span.start_offset + at + length, replacement),
                    Edit(span.end_offset, span.end_offset, '"'),
                )
            new_value = value[:at] + replacement + value[at + length :]
            return (Edit(span.start_offset, span.end_offset, _double_quoted(new_value)),)
        pos = placed.find(at, length)
        if pos is None:
            return ()
        if node.style == "'" and "'" in replacement:
            return ()
        return (Edit(pos, pos + length, replacement),)


# The two prefixes' words, as a misspelling is compared with them.
_PREFIX_WORDS = tuple(prefix[1:-1].lower() for prefix in (DATE_PREFIX, DATETIME_PREFIX))


def _one_reading(value: str, miss: Misspelt) -> bool:
    """Whether a misspelt prefix can only be the one its finding names, so that writing
    it is safe: the word is that prefix's but for letter case, `-`/`_` between its words,
    the missing dash, or one edit (and no other prefix is that close), and a `$` closes
    it, so the fixed text is a placeholder the framework reads. Without the `$` the text
    may be prose about placeholders, which the fix would make an unterminated one."""
    word = miss.written[1:].rstrip("-").replace("-", "").replace("_", "").lower()
    if not only_reading(word, miss.prefix[1:-1].lower(), _PREFIX_WORDS):
        return False
    tokens, _ = scan(value[: miss.start] + miss.prefix + value[miss.end :])
    return any(token.start == miss.start for token in tokens)


def _cut_by_dollar(value: str, token: Token) -> str | None:
    """The rest of an intended formula when a `$` cut the token short, else None.

    ``$DateFormula-<CD+$1D>$``: the token is ``$DateFormula-<CD+$`` and ``1D>$`` follows.
    """
    formula = token.formula.lstrip()
    if not formula.startswith("<") or ">" in formula:
        return None
    rest = value[token.end :]
    close = rest.find(">")
    if close < 0 or "$" in rest[:close] or not rest[close + 1 :].lstrip().startswith("$"):
        return None
    return rest[: rest.index("$", close) + 1]


class _PlacedValue(ValueInSource):
    """A value in the file, with what its fixes ask of it worked out once."""

    __slots__ = ("_prefixes", "_quotable", "scalar")

    def __init__(self, source: str, scalar: Span, value: str) -> None:
        super().__init__(source, scalar.start_offset, scalar.end_offset, value)
        self.scalar = scalar
        self._quotable: bool | None = None
        self._prefixes: tuple[int, int] | None = None

    def quotes_verbatim(self) -> bool:
        """Whether ``"value"`` is a double-quoted scalar with the same value (no escapes)."""
        if self._quotable is None:
            value = self.value
            self._quotable = _double_quoted(value)[1:-1] == value
        return self._quotable

    def gains_token(self, at: int, length: int, replacement: str) -> bool:
        """Whether the value with ``value[at:at+length]`` replaced holds a placeholder
        prefix (``has_token`` of the new value), without building the new value."""
        value = self.value
        reach = len(DATETIME_PREFIX) - 1
        seam = (
            value[max(0, at - reach) : at] + replacement + value[at + length : at + length + reach]
        )
        if has_token(seam):
            return True
        if self._prefixes is None:
            # The end of the first prefix and the start of the last one, over both prefixes.
            firsts = [
                p + len(x) for x in (DATE_PREFIX, DATETIME_PREFIX) if (p := value.find(x)) >= 0
            ]
            lasts = [value.rfind(x) for x in (DATE_PREFIX, DATETIME_PREFIX) if x in value]
            self._prefixes = (min(firsts, default=len(value) + 1), max(lasts, default=-1))
        first_end, last_start = self._prefixes
        return first_end <= at or last_start >= at + length


def _double_quoted(value: str) -> str:
    # A JSON string is a valid YAML double-quoted scalar with the same value.
    return json.dumps(value, ensure_ascii=False)


FAMILY = Family(
    prefix="PH",
    rules=(*RULES, *setup_placeholders.RULES),
    check=check,
    check_project=setup_placeholders.check_project,
    kinds=DATA_KINDS,
)

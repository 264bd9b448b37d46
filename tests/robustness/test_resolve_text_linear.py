"""``resolve_text`` is linear in the text, whatever the number of distinct placeholders.

The framework's loop searches from the start after each replacement and replaces every
copy at once: k distinct tokens cost k passes over the text. Our one pass must give the
same text; the work is counted in characters the string searches examine (never timed).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ait_datasets.placeholders import CalcDateError, FormulaError, TimeTextError, resolve_text
from ait_datasets.placeholders.formatting import ISO, date_format
from ait_datasets.placeholders.tokens import (
    DATE_PREFIX,
    DATETIME_PREFIX,
    split_token,
    token_date,
    token_datetime,
)

WD = dt.date(2024, 5, 15)


class ScannedText(str):
    """A text that counts the characters its searches and copies examine.

    Its replacements stay counted texts, so a loop that rewrites the whole text per token
    shows its full cost.
    """

    scanned = 0

    def find(self, sub: str, start: int | None = None, end: int | None = None) -> int:  # type: ignore[override]
        begin = start or 0
        found = str.find(self, sub, begin, len(self) if end is None else end)
        ScannedText.scanned += (len(self) if found < 0 else found + len(sub)) - begin
        return found

    def startswith(self, prefix: object, start: int | None = None, end: int | None = None) -> bool:  # type: ignore[override]
        assert isinstance(prefix, str)
        ScannedText.scanned += len(prefix)
        return str.startswith(self, prefix, start or 0, len(self) if end is None else end)

    def replace(self, old: str, new: str, count: int = -1) -> ScannedText:  # type: ignore[override]
        ScannedText.scanned += len(self)
        return ScannedText(str.replace(self, old, new, count))

    def __contains__(self, sub: object) -> bool:
        ScannedText.scanned += len(self)
        return str.__contains__(self, sub)


def _distinct_tokens(k: int) -> str:
    return " ".join(f"ship {DATE_PREFIX}<CD+{i}D>$" for i in range(k))


def _scanned(text: str) -> int:
    ScannedText.scanned = 0
    resolve_text(ScannedText(text), WD)
    return ScannedText.scanned


@pytest.mark.parametrize("k", [200, 2000])
def test_work_is_a_few_passes_over_the_text(k: int) -> None:
    text = _distinct_tokens(k)
    # One check and one resolving pass per prefix: each examines every character about
    # once. The framework's loop examined k times the text (k = 2000: 2000 passes).
    assert _scanned(text) <= 6 * len(text)


def test_work_doubles_when_the_tokens_double() -> None:
    small, large = _scanned(_distinct_tokens(1000)), _scanned(_distinct_tokens(2000))
    assert large <= 2.2 * small


def test_each_distinct_token_is_evaluated_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from ait_datasets.placeholders import tokens

    evaluated: list[str] = []
    real = tokens.token_date

    def counting(token: tokens.Token, *args: object) -> dt.date:
        evaluated.append(token.text)
        return real(token, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(tokens, "token_date", counting)
    text = " ".join(f"{DATE_PREFIX}<CD+{i % 50}D>$" for i in range(1000))
    resolve_text(text, WD)
    assert len(evaluated) == 50 == len(set(evaluated))


# -- the same text as the framework's loop ------------------------------------------------


def _framework(value: str, work_date: dt.date, fmt_spec: str | None) -> str:
    """``ResolveText`` as the framework's AL loop reads (the reference, quadratic)."""
    fmt = date_format(fmt_spec)
    for prefix in (DATETIME_PREFIX, DATE_PREFIX):
        while True:
            start = value.find(prefix)
            if start < 0:
                break
            end = value.find("$", start + len(prefix))
            if end < 0:
                break
            token = split_token(prefix, start, value[start : end + 1])
            if token.is_datetime:
                from ait_datasets.placeholders import format_datetime

                new = format_datetime(token_datetime(token, work_date), fmt)
            else:
                from ait_datasets.placeholders import format_date

                new = format_date(token_date(token, work_date), fmt)
            value = value.replace(token.text, new)
    return value


_PIECES = st.sampled_from(
    [
        DATE_PREFIX,
        DATETIME_PREFIX,
        "$",
        "<CD>",
        "<CM>",
        "<CD+1D>",
        "-10:00:00",
        "D",
        "Date",
        "Formula-",
        "ateFormula-",
        " ",
        "x",
        "-",
        "a-",
    ]
)


def _outcome(run: Callable[[], str]) -> str:
    try:
        return run()
    except (FormulaError, CalcDateError, TimeTextError, ValueError) as exc:
        return f"error {type(exc).__name__}"


@settings(max_examples=800, deadline=None)
@given(
    pieces=st.lists(_PIECES, max_size=14),
    fmt=st.sampled_from([None, "en-US", "de-DE", "ateFormula-DD", "DD", "M.D tt"]),
)
def test_one_pass_gives_the_framework_loop_text(pieces: list[str], fmt: str | None) -> None:
    value = "".join(pieces)
    expected = _outcome(lambda: _framework(value, WD, fmt))
    assert _outcome(lambda: resolve_text(value, WD, date_format(fmt))) == expected


@pytest.mark.parametrize(
    "value",
    [
        # A copy that starts at a token's closing '$' lengthens that token.
        f"{DATE_PREFIX}<CM>$ {DATE_PREFIX}<CW>{DATE_PREFIX}<CM>$",
        f"{DATE_PREFIX}<CM>{DATE_PREFIX}<CM>$",
        f"{DATE_PREFIX}<CD>{DATE_PREFIX}<CD>{DATE_PREFIX}<CD>$ {DATE_PREFIX}<CD>$",
        # A written value that completes a prefix begun before it (a pattern of letters).
        f"$D{DATE_PREFIX}<CD>$<CW>$",
    ],
)
def test_odd_texts_follow_the_framework_loop(value: str) -> None:
    for spec in (None, "ateFormula-DD"):
        fmt = date_format(spec)
        expected = _outcome(lambda: _framework(value, WD, spec))  # noqa: B023
        assert _outcome(lambda: resolve_text(value, WD, fmt)) == expected  # noqa: B023
    assert ISO is date_format(None)

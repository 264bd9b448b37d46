"""Calculate a date formula the way Business Central's CalcDate does.

Prints the date the formula gives from the work date, as YYYY-MM-DD. The formula may be
bracketed (<CW+1M+1D>) or not (-1M-CM), or a whole placeholder token
($DateFormula-<CD+5D>$, $DateTimeFormula-<CD>-13:30:00$). Quote it in the shell.

Several formulas give one line each, the formula then its date. Each argument is one
formula; a lone `+` or `-` joins its neighbours (`CM + 1M` is one formula). Without a
work date (--work-date or the configuration's), today is used and standard error says so.

examples:
  datasets date '<CW+1M+1D>' --work-date 2024-05-15     -> 2024-06-20
  datasets date --work-date 2026-03-17 -CM               -> 2026-03-01
  datasets date --work-date 2026-03-17 -- -1M-CM         -> 2026-02-01
  datasets date --work-date 2026-03-17 CM -CM '<CW>'     -> one line per formula
  datasets date --explain 'CQ+1M-10D' --work-date 1996-05-21

An invalid formula prints where the problem is and exits with 1.
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
from typing import TYPE_CHECKING

from ait_datasets.commands._workdate import (
    WorkDateError,
    add_language_option,
    add_work_date_option,
    check_language,
    work_date_of,
)

if TYPE_CHECKING:
    from ait_datasets.placeholders import Step

HELP = "calculate date formulas (CalcDate) from a work date"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "formula",
        nargs="+",
        metavar="FORMULA",
        help="a date formula such as '<CM+1D>' or -CM, or a $DateFormula-…$ token; "
        "put -- before a formula that starts with '-' if needed",
    )
    add_work_date_option(parser)
    # No short options here: `-C…`, `-D…`, `-W…`, `-M…`, `-Q…`, `-Y…` and `-<digit>` must
    # stay free for formulas such as -CM and -1W.
    parser.add_argument(
        "--explain", action="store_true", help="print each term and the date after it"
    )
    add_language_option(parser)


def run(args: argparse.Namespace) -> int:
    from ait_datasets.placeholders import steps_table

    _take_options_after_formula(args)
    if not check_language(args, "date"):
        return 2
    try:
        base = work_date_of(args, today_said_by="date")
    except WorkDateError as exc:
        _fail(str(exc))
        return 2
    formulas = _formulas(args.formula)
    width = max(len(text) for text in formulas)
    code = 0
    for text in formulas:
        value, steps = _evaluate(text, base, args.formula_language)
        if value is None:
            code = 1
            continue
        if args.explain and base is not None:
            if len(formulas) > 1:
                print(f"{text}:")
            print(steps_table(base, steps))
        print(f"{text:<{width}}  {value}" if len(formulas) > 1 else value)
    return code


def _formulas(parts: list[str]) -> list[str]:
    """One formula per argument; a lone ``+``/``-`` joins its neighbours (``CM + 1M``)."""
    out: list[str] = []
    join = False
    for part in parts:
        if part in ("+", "-") and out:
            out[-1] += f" {part}"
            join = True
        elif join:
            out[-1] += f" {part}"
            join = False
        else:
            out.append(part)
    return out


def _evaluate(
    text: str, base: dt.date | None, language: str | None
) -> tuple[str | None, list[Step]]:
    """The formula's date (or date-time) as ISO text and its steps; None after an error."""
    from ait_datasets.placeholders import (
        CalcDateError,
        FormulaError,
        TimeTextError,
        calc_date,
        calc_steps,
        format_datetime,
        parse_formula,
        whole_token,
    )
    from ait_datasets.placeholders.tokens import token_datetime

    token = whole_token(text)
    formula_text = token.formula if token is not None else text
    offset = token.formula_start if token is not None else 0
    try:
        formula = parse_formula(formula_text, language)
        steps = calc_steps(formula, base)
        if token is not None and token.is_datetime:
            return format_datetime(token_datetime(token, base, language)), steps
        return calc_date(formula, base).isoformat(), steps
    except FormulaError as exc:
        _fail(f"invalid date formula at position {exc.position + offset + 1}: {exc.message}")
        _caret(text, exc.position + offset)
    except TimeTextError as exc:
        assert token is not None and token.time is not None
        _fail(
            f"invalid time '{token.time}' at position {token.time_start + exc.position + 1}: "
            f"{exc.message}"
        )
        _caret(text, token.time_start + exc.position)
    except CalcDateError as exc:
        _fail(exc.message)
    return None, []


def _take_options_after_formula(args: argparse.Namespace) -> None:
    """`datasets date -CM --work-date D`: the CLI put everything from -CM on into the
    formula (it had to insert `--` so that -CM is not read as an option); take our own
    options back out of it."""
    from ait_datasets.commands._workdate import parse_work_date

    parts: list[str] = []
    it = iter(args.formula)
    for part in it:
        if part == "--explain":
            args.explain = True
        elif part == "--work-date" or part.startswith("--work-date="):
            value = part.partition("=")[2] if "=" in part else next(it, "")
            try:
                args.work_date = parse_work_date(value)
            except argparse.ArgumentTypeError as exc:
                raise SystemExit(_usage_error(str(exc))) from None
        elif part == "--formula-language" or part.startswith("--formula-language="):
            args.formula_language = part.partition("=")[2] if "=" in part else next(it, "")
        else:
            parts.append(part)
    args.formula = parts or args.formula


def _usage_error(message: str) -> int:
    print(f"datasets date: error: argument --work-date: {message}", file=sys.stderr)
    return 2


def _fail(message: str) -> None:
    print(f"datasets date: {message}", file=sys.stderr)


def _caret(text: str, position: int) -> None:
    print(f"  {text}\n  {' ' * position}^", file=sys.stderr)

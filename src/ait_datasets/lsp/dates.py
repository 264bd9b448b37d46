"""A placeholder token on a line, resolved as ``datasets date --explain`` resolves it."""

from __future__ import annotations

import datetime as dt

from ait_datasets.placeholders import CalcDateError, FormulaError, TimeTextError
from ait_datasets.placeholders.calcdate import calc_steps, steps_table
from ait_datasets.placeholders.formatting import format_datetime
from ait_datasets.placeholders.formula import parse_formula
from ait_datasets.placeholders.tokens import Token, scan, token_datetime
from ait_datasets.records import Record


class Resolved(Record):
    """A token of a line, and what it becomes at the work date (or why it cannot)."""

    token: Token
    value: str | None  # YYYY-MM-DD, or YYYY-MM-DDTHH:MM:SS for a DateTime token
    explained: str  # the steps as `datasets date --explain` prints them ("" on an error)
    error: str | None = None


def tokens_of_line(line: str, work_date: dt.date) -> list[Resolved]:
    """Every token on ``line`` (offsets into the line), each resolved at ``work_date``."""
    if "Formula-" not in line:
        return []
    tokens, _unterminated = scan(line)
    return [resolve(token, work_date) for token in sorted(tokens, key=lambda t: t.start)]


def resolve(token: Token, work_date: dt.date) -> Resolved:
    try:
        formula = parse_formula(token.formula)
        steps = calc_steps(formula, work_date)
        if token.is_datetime:
            value = format_datetime(token_datetime(token, work_date))
        else:
            value = (steps[-1].date if steps else work_date).isoformat()
    except FormulaError as exc:
        return Resolved(token, None, "", f"invalid date formula: {exc.message}")
    except TimeTextError as exc:
        return Resolved(token, None, "", f"invalid time '{token.time}': {exc.message}")
    except CalcDateError as exc:
        return Resolved(token, None, "", exc.message)
    return Resolved(token, value, steps_table(work_date, steps))

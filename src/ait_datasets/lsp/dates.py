"""A placeholder token on a line, resolved as ``datasets date --explain`` resolves it."""

from __future__ import annotations

import datetime as dt

from ait_datasets.placeholders import CalcDateError, FormulaError, TimeTextError
from ait_datasets.placeholders.calcdate import calc_steps
from ait_datasets.placeholders.formatting import format_datetime
from ait_datasets.placeholders.formula import parse_formula
from ait_datasets.placeholders.tokens import Token, scan, token_datetime
from ait_datasets.records import Record


class Resolved(Record):
    """A token of a line, and what it becomes at the work date (or why it cannot)."""

    token: Token
    value: str | None  # YYYY-MM-DD, or YYYY-MM-DDTHH:MM:SS for a DateTime token
    steps: list[tuple[str, dt.date]]  # ("work date", d), then each term and its date
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
        steps = [("work date", work_date)] + [
            (step.term.text, step.date) for step in calc_steps(formula, work_date)
        ]
        if token.is_datetime:
            value = format_datetime(token_datetime(token, work_date))
        else:
            value = steps[-1][1].isoformat()
    except FormulaError as exc:
        return Resolved(token, None, [], f"invalid date formula: {exc.message}")
    except TimeTextError as exc:
        return Resolved(token, None, [], f"invalid time '{token.time}': {exc.message}")
    except CalcDateError as exc:
        return Resolved(token, None, [], exc.message)
    return Resolved(token, value, steps)


def explain(resolved: Resolved) -> str:
    """The steps as ``datasets date --explain`` prints them."""
    width = max((len(label) for label, _ in resolved.steps), default=0)
    return "\n".join(
        f"{label:<{width}}  {day.isoformat()}  {day:%a}" for label, day in resolved.steps
    )

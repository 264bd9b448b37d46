"""Date placeholders: the DateFormula grammar, CalcDate, and ``$DateFormula-…$`` tokens.

Pure functions, no I/O. ``datasets date`` and ``datasets resolve`` and the placeholder
lint rules (``PH…``) are built on this package.
"""

from ait_datasets.placeholders.calcdate import (
    UNDEFINED_DATE_MESSAGE,
    CalcDateError,
    Step,
    calc_date,
    calc_steps,
    steps_table,
)
from ait_datasets.placeholders.formatting import (
    ISO,
    REGIONAL,
    DateFormat,
    date_format,
    format_date,
    format_datetime,
)
from ait_datasets.placeholders.formula import Formula, FormulaError, Term, TermKind, parse_formula
from ait_datasets.placeholders.timetext import TimeTextError, parse_time_text
from ait_datasets.placeholders.tokens import (
    DATE_PREFIX,
    DATETIME_PREFIX,
    Token,
    Unterminated,
    has_token,
    resolve_text,
    resolve_value,
    scan,
    whole_token,
)

__all__ = [
    "DATETIME_PREFIX",
    "DATE_PREFIX",
    "ISO",
    "REGIONAL",
    "UNDEFINED_DATE_MESSAGE",
    "CalcDateError",
    "DateFormat",
    "Formula",
    "FormulaError",
    "Step",
    "Term",
    "TermKind",
    "TimeTextError",
    "Token",
    "Unterminated",
    "calc_date",
    "calc_steps",
    "date_format",
    "format_date",
    "format_datetime",
    "has_token",
    "parse_formula",
    "parse_time_text",
    "resolve_text",
    "resolve_value",
    "scan",
    "steps_table",
    "whole_token",
]

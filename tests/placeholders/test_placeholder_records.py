"""The placeholder value types behave as the frozen slotted dataclasses they replace."""

from __future__ import annotations

import dataclasses
import datetime as dt
import pickle
from typing import Any

import pytest

from ait_datasets.placeholders.calcdate import Step
from ait_datasets.placeholders.formatting import DateFormat
from ait_datasets.placeholders.formula import Formula, Term, TermKind
from ait_datasets.placeholders.literals import DateLiteral, Misspelt
from ait_datasets.placeholders.tokens import Token, Unterminated

TERM = Term(TermKind.COUNT, 1, "D", 1, 0, 2)
REQUIRED = dataclasses.MISSING

# class, [(field, default or REQUIRED)], sample values (one per field)
SPECS: list[tuple[type, list[tuple[str, Any]], list[Any]]] = [
    (
        Token,
        [
            *((name, REQUIRED) for name in ("prefix", "start", "end", "text", "formula")),
            ("formula_start", REQUIRED),
            ("time", None),
            ("time_start", 0),
        ],
        ["$DateFormula-", 0, 19, "$DateFormula-<CD>$", "<CD>", 13, "10:00", 18],
    ),
    (Unterminated, [("prefix", REQUIRED), ("start", REQUIRED)], ["$DateFormula-", 4]),
    (
        Term,
        [
            *((name, REQUIRED) for name in ("kind", "sign", "unit", "number", "start", "end")),
            ("explicit_sign", False),
        ],
        [TermKind.CURRENT, -1, "M", 0, 3, 6, True],
    ),
    (
        Formula,
        [("text", REQUIRED), ("terms", REQUIRED), ("bracketed", REQUIRED)],
        ["<1D>", (TERM,), True],
    ),
    (Step, [("term", REQUIRED), ("date", REQUIRED)], [TERM, dt.date(2026, 2, 10)]),
    (
        DateFormat,
        [("name", REQUIRED), ("date_pattern", REQUIRED), ("datetime_pattern", REQUIRED)],
        ["de-DE", "DD.MM.YY", "DD.MM.YY HH:mm"],
    ),
    (
        Misspelt,
        [("start", REQUIRED), ("end", REQUIRED), ("written", REQUIRED), ("prefix", REQUIRED)],
        [0, 13, "$dateformula-", "$DateFormula-"],
    ),
    (
        DateLiteral,
        [("start", REQUIRED), ("end", REQUIRED), ("date", REQUIRED), ("time", None)],
        [2, 12, dt.date(2026, 2, 15), "10:00"],
    ),
]


def reference(cls: type, fields: list[tuple[str, Any]]) -> type:
    specs = [
        (name, Any) if default is REQUIRED else (name, Any, dataclasses.field(default=default))
        for name, default in fields
    ]
    made: type = dataclasses.make_dataclass(cls.__name__, specs, frozen=True, slots=True)
    return made


@pytest.mark.parametrize(
    ("cls", "fields", "values"), SPECS, ids=lambda x: getattr(x, "__name__", "")
)
def test_records_match_their_dataclass(
    cls: type, fields: list[tuple[str, Any]], values: list[Any]
) -> None:
    ref = reference(cls, fields)
    names = [name for name, _ in fields]
    record, expected = cls(*values), ref(*values)
    assert repr(record) == repr(expected)
    assert [getattr(record, n) for n in names] == [getattr(expected, n) for n in names]
    assert cls(**dict(zip(names, values, strict=True))) == record
    assert hash(record) == hash(cls(*values))
    assert record != cls(*values[:-1], "other")
    assert cls.__match_args__ == ref.__match_args__  # type: ignore[attr-defined]
    assert pickle.loads(pickle.dumps(record)) == record
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(record, names[0], values[0])
    required = [v for (_, default), v in zip(fields, values, strict=True) if default is REQUIRED]
    short, short_ref = cls(*required), ref(*required)
    assert [getattr(short, n) for n in names] == [getattr(short_ref, n) for n in names]

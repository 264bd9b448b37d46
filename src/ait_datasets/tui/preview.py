"""Placeholder preview: what each ``$DateFormula-…$`` value becomes on a given work date."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ait_datasets.placeholders import has_token, resolve_text


@dataclass(frozen=True, slots=True)
class Preview:
    """One value with placeholders: where it is, what it says, what it becomes."""

    path: str
    value: str
    resolved: str
    ok: bool


def _strings(value: Any, path: str) -> Iterator[tuple[str, str]]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(item, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _strings(item, f"{path}[{index}]")
    elif isinstance(value, str):
        yield path, str(value)


def previews(value: Any, work_date: dt.date, path: str = "") -> list[Preview]:
    """Every string under ``value`` holding a date placeholder, resolved for ``work_date``."""
    out = []
    for where, text in _strings(value, path):
        if not has_token(text):
            continue
        try:
            out.append(Preview(where, text, resolve_text(text, work_date), True))
        except ValueError as exc:
            # The framework would stop the test with a run-time error here.
            out.append(Preview(where, text, f"error: {exc}", False))
    return out

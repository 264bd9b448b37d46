"""Helpers for the lint tests (imported by name: `conftest` is not a safe module name to
import from, since every test folder may have one)."""

from __future__ import annotations

from collections.abc import Callable

from ait_datasets.diagnostics import Diagnostic

LintText = Callable[..., list[Diagnostic]]


def where(diags: list[Diagnostic], code: str | None = None) -> list[tuple[int, int, str]]:
    """(line, column, code) of each diagnostic, optionally only one code."""
    return [(d.line, d.column, d.code) for d in diags if code is None or d.code == code]

"""Inlay hints: ``-> 2026-04-01`` after each placeholder, at the file's work date."""

from __future__ import annotations

from collections.abc import Iterator

from ait_datasets.lint.config import LintConfig
from ait_datasets.lsp.dates import tokens_of_line
from ait_datasets.lsp.positions import Lines

Hint = tuple[int, int, str, str]  # line, column (after the token), label, tooltip


def hints(lines: Lines, config: LintConfig, first: int, last: int) -> Iterator[Hint]:
    """The hints of lines ``first``..``last`` (0-based, inclusive)."""
    work_date = config.effective_work_date()
    for index in range(max(first, 0), min(last, len(lines) - 1) + 1):
        for resolved in tokens_of_line(lines.line(index), work_date):
            if resolved.value is None:
                continue  # the finding (PH00x) says what is wrong
            yield (
                index,
                resolved.token.end,
                f"-> {resolved.value}",
                f"work date {work_date.isoformat()}\n{resolved.explained}",
            )

"""How a migration is told: per file, each change with its line, test and turn."""

from __future__ import annotations

from collections.abc import Iterator

from ait_datasets.migrate.files import FAILED, MIGRATED, SKIPPED, UP_TO_DATE, FileResult
from ait_datasets.migrate.model import MIGRATIONS, Change
from ait_datasets.plural import plural


def render_chunks(result: FileResult, *, dry_run: bool, lines: int = 10_000) -> Iterator[str]:
    """The report of one file (:func:`render_lines`) in pieces of at most ``lines`` lines:
    a file of a million tests has millions of report lines, and the whole text at once
    would be a large part of the run's peak memory."""
    chunk: list[str] = []
    for line in render_lines(result, dry_run=dry_run):
        chunk.append(line)
        if len(chunk) == lines:
            yield "\n".join(chunk)
            chunk = []
    if chunk:
        yield "\n".join(chunk)


def render_lines(result: FileResult, *, dry_run: bool) -> Iterator[str]:
    """The report of one file, line by line: its status, then each change and follow-up."""
    path = result.path
    if result.outcome == FAILED:
        yield f"{path}: not migrated: {result.reason}"
        for error in result.errors:
            yield f"  {error}"
        return
    if result.outcome == SKIPPED:
        yield f"{path}: skipped: {result.reason}"
        return
    if result.outcome == UP_TO_DATE:
        yield f"{path}: up to date"
    else:
        verb = "needs migration" if dry_run else "migrated"
        yield f"{path}: {verb} ({plural(len(result.changes), 'change')})"
    for migration, line, test, turn, message in _ordered(result.changes):
        yield f"  {path}:{line}: {_where(test, turn)}{message} [{migration}]"
    for _, line, test, turn, message in _ordered(result.followups):
        yield f"  follow-up: {path}:{line}: {_where(test, turn)}{message}"


def _where(test: str | None, turn: int | None) -> str:
    """``test 'T', turn 2: `` before a change's message (nothing for the whole file).

    Plain conditionals, no list to join: a file of a million tests has millions of
    these lines."""
    if test is not None:
        return f"test '{test}': " if turn is None else f"test '{test}', turn {turn}: "
    return "" if turn is None else f"turn {turn}: "


_RANK = {migration: i for i, migration in enumerate(MIGRATIONS)}


def _ordered(changes: list[Change]) -> list[Change]:
    rank = _RANK
    return sorted(changes, key=lambda c: (c.line, rank[c.migration]))


def summary(counts: dict[str, int], *, dry_run: bool) -> str:
    migrated = "need migration" if dry_run else "migrated"
    parts = [
        f"{counts.get(MIGRATED, 0)} {migrated}",
        f"{counts.get(UP_TO_DATE, 0)} up to date",
        f"{counts.get(SKIPPED, 0)} skipped",
        f"{counts.get(FAILED, 0)} not migrated",
    ]
    return ", ".join(parts)

"""How a migration is told: per file, each change with its line, test and turn."""

from __future__ import annotations

import difflib

from ait_datasets.migrate.files import FAILED, MIGRATED, SKIPPED, UP_TO_DATE, FileResult
from ait_datasets.migrate.model import MIGRATIONS, Change


def render_result(result: FileResult, *, dry_run: bool) -> str:
    """The report for one file (several lines)."""
    path = result.path
    if result.outcome == FAILED:
        lines = [f"{path}: not migrated: {result.reason}"]
        lines += [f"  {error}" for error in result.errors]
        return "\n".join(lines)
    if result.outcome == SKIPPED:
        return f"{path}: skipped: {result.reason}"
    if result.outcome == UP_TO_DATE:
        head = f"{path}: up to date"
    else:
        n = len(result.changes)
        verb = "needs migration" if dry_run else "migrated"
        head = f"{path}: {verb} ({n} change{'s' if n != 1 else ''})"
    lines = [head]
    lines += [f"  {_line(path, c)} [{c.migration}]" for c in _ordered(result.changes)]
    lines += [f"  follow-up: {_line(path, c)}" for c in _ordered(result.followups)]
    return "\n".join(lines)


def _line(path: str, change: Change) -> str:
    where = change.where()
    return f"{path}:{change.line}: {where + ': ' if where else ''}{change.message}"


def _ordered(changes: list[Change]) -> list[Change]:
    return sorted(changes, key=lambda c: (c.line, MIGRATIONS.index(c.migration)))


def render_diff(result: FileResult) -> str:
    """A unified diff from the original text to the migrated one."""
    before = result.before.splitlines(keepends=True)
    after = result.after.splitlines(keepends=True)
    diff = "".join(difflib.unified_diff(before, after, f"a/{result.path}", f"b/{result.path}"))
    if diff and not diff.endswith("\n"):
        diff += "\n\\ No newline at end of file\n"
    return diff


def summary(counts: dict[str, int], *, dry_run: bool) -> str:
    migrated = "need migration" if dry_run else "migrated"
    parts = [
        f"{counts.get(MIGRATED, 0)} {migrated}",
        f"{counts.get(UP_TO_DATE, 0)} up to date",
        f"{counts.get(SKIPPED, 0)} skipped",
        f"{counts.get(FAILED, 0)} not migrated",
    ]
    return ", ".join(parts)

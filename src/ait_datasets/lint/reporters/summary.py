"""The closing lines of the text and concise reports: statistics and the summary."""

from __future__ import annotations

from collections import Counter

from ait_datasets.diagnostics import Diagnostic, Severity
from ait_datasets.lint.reporters import Report, fix_kind
from ait_datasets.plural import plural

# How the text output marks a finding's fix: safe (`--fix`), unsafe (`--unsafe-fixes`).
MARKS = {"safe": "[*]", "unsafe": "[!]"}


def mark(diag: Diagnostic) -> str:
    """`` [*]`` / `` [!]`` after the code, or nothing."""
    kind = fix_kind(diag)
    return f" {MARKS[kind]}" if kind is not None else ""


def statistics(diags: list[Diagnostic]) -> list[str]:
    """One line per code: count, code, fix mark and rule name, most frequent first."""
    from ait_datasets.lint.rules import rules_by_code

    rules = rules_by_code()
    counts = Counter(d.code for d in diags)
    kinds: dict[str, set[str]] = {}
    for diag in diags:
        kind = fix_kind(diag)
        if kind is not None:
            kinds.setdefault(diag.code, set()).add(kind)
    lines = []
    for code, count in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
        found = kinds.get(code, set())
        fix = MARKS["safe"] if "safe" in found else MARKS["unsafe"] if found else "   "
        rule = rules.get(code)
        lines.append(f"{count:>6}  {code:<7} {fix} {rule.name if rule else ''}".rstrip())
    return lines


def summary(report: Report) -> str:
    counts = Counter(d.severity for d in report.diagnostics)
    files = plural(report.files, "file")
    fixed = ""
    if report.fixed is not None:
        fixed = f"{report.fixed} fixed, {len(report.diagnostics)} remaining"
    if not report.diagnostics:
        return f"All checks passed ({files}{'; ' + fixed if fixed else ''})."
    parts = []
    for sev in (Severity.ERROR, Severity.WARNING, Severity.INFO):
        n = counts.get(sev, 0)
        if n:
            parts.append(plural(n, sev.value))
    notes = [fixed] if fixed else []
    notes.extend(_fixable(report))
    tail = f" ({'; '.join(notes)})" if notes else ""
    return f"Found {', '.join(parts)} in {files}{tail}."


def _fixable(report: Report) -> list[str]:
    kinds = Counter(fix_kind(d) for d in report.diagnostics)
    safe, unsafe = kinds.get("safe", 0), kinds.get("unsafe", 0)
    if report.unsafe_fixes:
        total = safe + unsafe
        return [f"{total} fixable with --fix --unsafe-fixes"] if total else []
    notes = [f"{safe} fixable with --fix"] if safe else []
    if unsafe:
        notes.append(
            f"{unsafe} more with --unsafe-fixes"
            if safe
            else f"{unsafe} fixable with --unsafe-fixes"
        )
    return notes

"""``file:line:col: severity CODE message``, the offending line and a caret under it."""

from __future__ import annotations

from collections import Counter

from ait_datasets.diagnostics import Diagnostic, Severity
from ait_datasets.lint.reporters import Report
from ait_datasets.terminal_text import has_unsafe, terminal_text

_COLORS = {Severity.ERROR: "\033[31m", Severity.WARNING: "\033[33m", Severity.INFO: "\033[36m"}
_BOLD = "\033[1m"
_DIM = "\033[2m"
_RESET = "\033[0m"


def render(report: Report) -> str:
    lines: list[str] = []
    line_cache: dict[str, list[str]] = {}
    for diag in report.diagnostics:
        lines.append(_headline(diag, report.color))
        source = report.sources.get(diag.path)
        if source is not None:
            file_lines = line_cache.get(diag.path)
            if file_lines is None:
                file_lines = line_cache[diag.path] = source.splitlines()
            lines.extend(_excerpt(diag, file_lines, report.color))
    if report.statistics:
        lines.extend(_statistics(report.diagnostics))
    lines.append(_summary(report))
    return "\n".join(lines) + "\n"


def _headline(diag: Diagnostic, color: bool) -> str:
    where = f"{terminal_text(diag.path)}:{diag.line}:{diag.column}:"
    sev = diag.severity.value
    fixable = " [*]" if diag.fix is not None and diag.fix.safe else ""
    message = terminal_text(diag.message)
    if color:
        c = _COLORS[diag.severity]
        code = f"{_BOLD}{diag.code}{_RESET}"
        return f"{_BOLD}{where}{_RESET} {c}{sev}{_RESET} {code}{fixable} {message}"
    return f"{where} {sev} {diag.code}{fixable} {message}"


def _excerpt(diag: Diagnostic, file_lines: list[str], color: bool) -> list[str]:
    if not 1 <= diag.line <= len(file_lines):
        return []
    text = file_lines[diag.line - 1]
    if len(text) > 200:
        return []  # checked first: a long line with many findings is not copied for each
    text = text.replace("\t", " ")
    start = max(diag.column - 1, 0)
    end = diag.end_column - 1 if diag.end_line == diag.line else len(text)
    if has_unsafe(text):
        # Shown as escapes, which are wider: the caret moves with them.
        start, end = len(terminal_text(text[:start])), len(terminal_text(text[:end]))
        text = terminal_text(text)
    width = max(1, min(end, len(text)) - start)
    gutter = f"{diag.line:>5} | "
    caret = " " * (len(gutter) + start) + "^" * width
    if color:
        return [f"{_DIM}{gutter}{_RESET}{text}", f"{_COLORS[diag.severity]}{caret}{_RESET}"]
    return [f"{gutter}{text}", caret]


def _statistics(diags: list[Diagnostic]) -> list[str]:
    counts = Counter(d.code for d in diags)
    return [f"{count:>6}  {code}" for code, count in sorted(counts.items())]


def _summary(report: Report) -> str:
    counts = Counter(d.severity for d in report.diagnostics)
    files = f"{report.files} file{'s' if report.files != 1 else ''}"
    if not report.diagnostics:
        return f"All checks passed ({files})."
    parts = []
    for sev in (Severity.ERROR, Severity.WARNING, Severity.INFO):
        n = counts.get(sev, 0)
        if n:
            parts.append(f"{n} {sev.value}{'s' if n != 1 else ''}")
    fixable = sum(1 for d in report.diagnostics if d.fix is not None and d.fix.safe)
    tail = f" ({fixable} fixable with --fix)" if fixable else ""
    return f"Found {', '.join(parts)} in {files}{tail}."

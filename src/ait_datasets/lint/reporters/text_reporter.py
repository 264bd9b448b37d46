"""``file:line:col: severity CODE message``, the offending line and a caret under it.

``[*]`` after the code marks a safe fix (``--fix``), ``[!]`` an unsafe one
(``--unsafe-fixes``). A finding of a fixable rule that cannot be fixed where it is (its
value is an alias, say) says why under the caret.
"""

from __future__ import annotations

from ait_datasets.dataset.paths import display_path
from ait_datasets.diagnostics import Diagnostic, Severity
from ait_datasets.lint.reporters import Report
from ait_datasets.lint.reporters.summary import mark, statistics, summary
from ait_datasets.source.lines import split_lines
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
                file_lines = line_cache[diag.path] = split_lines(source)
            lines.extend(_excerpt(diag, file_lines, report.color))
        reason = unfixable_reason(diag, report.sources.get(diag.path))
        if reason is not None:
            lines.append(f"      = no automatic fix here: {reason}")
    if report.statistics:
        lines.extend(statistics(report.diagnostics))
    lines.append(summary(report))
    return "\n".join(lines) + "\n"


def _headline(diag: Diagnostic, color: bool) -> str:
    where = f"{terminal_text(display_path(diag.path))}:{diag.line}:{diag.column}:"
    sev = diag.severity.value
    fixable = mark(diag)
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


def unfixable_reason(diag: Diagnostic, source: str | None) -> str | None:
    """Why a finding of a rule that has a fix gets none here, or None.

    A rule says it itself with a fix that has no edits (its description is the reason);
    otherwise the reason is read from the text the finding points at.
    """
    if diag.fix is not None:
        return None if diag.fix.edits else diag.fix.description
    from ait_datasets.lint.rule import FixAvailability
    from ait_datasets.lint.rules import rules_by_code

    rule = rules_by_code().get(diag.code)
    if rule is None or rule.fixable is FixAvailability.NONE:
        return None
    if source is not None:
        lines = source.splitlines()
        if 1 <= diag.line <= len(lines):
            at = lines[diag.line - 1][diag.column - 1 :].lstrip()
            if at.startswith("*"):
                return "the value is an alias: change it at its anchor (`&name`)"
            if at.startswith(("|", ">")):
                return "the value is a block scalar: edit it by hand"
    if diag.end_line != diag.line:
        return "the value spans several lines: edit it by hand"
    return "the value is not written as plain text here (an escape or an alias): edit it by hand"

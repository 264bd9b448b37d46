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
from ait_datasets.log_text import one_line
from ait_datasets.source.lines import split_lines

_COLORS = {Severity.ERROR: "\033[31m", Severity.WARNING: "\033[33m", Severity.INFO: "\033[36m"}
_BOLD = "\033[1m"
_DIM = "\033[2m"
_RESET = "\033[0m"
# Lines up to WHOLE_LINE characters are shown whole; a longer one as a WINDOW around the
# finding, starting LEAD characters before it, with an ELLIPSIS where it was cut.
WHOLE_LINE = 160
WINDOW = 120
LEAD = 40
ELLIPSIS = "\u2026"


def render(report: Report) -> str:
    lines: list[str] = []
    line_cache: dict[str, list[str]] = {}
    for diag in report.diagnostics:
        lines.append(_headline(diag, report.color))
        source = report.sources.get(diag.path)
        line = None
        if source is not None:
            file_lines = line_cache.get(diag.path)
            if file_lines is None:
                file_lines = line_cache[diag.path] = split_lines(source)
            line = _line(file_lines, diag.line)
            if line is not None:
                lines.extend(_excerpt(diag, line, report.color))
        reason = _unfixable_reason(diag, line)
        if reason is not None:
            lines.append(f"      = no automatic fix here: {one_line(reason)}")
    if report.statistics:
        lines.extend(statistics(report.diagnostics))
    lines.append(summary(report))
    return "\n".join(lines) + "\n"


def _headline(diag: Diagnostic, color: bool) -> str:
    where = f"{one_line(display_path(diag.path), starts_line=True)}:{diag.line}:{diag.column}:"
    sev = diag.severity.value
    fixable = mark(diag)
    message = one_line(diag.message)
    if color:
        c = _COLORS[diag.severity]
        code = f"{_BOLD}{diag.code}{_RESET}"
        return f"{_BOLD}{where}{_RESET} {c}{sev}{_RESET} {code}{fixable} {message}"
    return f"{where} {sev} {diag.code}{fixable} {message}"


def _line(file_lines: list[str], number: int) -> str | None:
    return file_lines[number - 1] if 1 <= number <= len(file_lines) else None


def _excerpt(diag: Diagnostic, line: str, color: bool) -> list[str]:
    start = max(diag.column - 1, 0)
    end = diag.end_column - 1 if diag.end_line == diag.line else len(line)
    # A long line (every suite XML line, a minified JSON file) is shown as a window
    # around the finding: only that part is copied, however many findings the line has.
    lo, hi = window(len(line), start, end)
    text = line[lo:hi].replace("\t", " ")
    start, end = start - lo, min(end, hi) - lo
    # Escapes are wider than what they show: the caret moves with them.
    shown = one_line(text)
    if shown != text:
        start, end = len(one_line(text[:start])), len(one_line(text[:end]))
    if lo > 0:
        shown, start, end = ELLIPSIS + shown, start + 1, end + 1
    if hi < len(line):
        shown += ELLIPSIS
    width = max(1, min(end, len(shown)) - start)
    gutter = f"{diag.line:>5} | "
    caret = " " * (len(gutter) + start) + "^" * width
    if color:
        return [f"{_DIM}{gutter}{_RESET}{shown}", f"{_COLORS[diag.severity]}{caret}{_RESET}"]
    return [f"{gutter}{shown}", caret]


def window(length: int, start: int, end: int) -> tuple[int, int]:
    """The part ``[lo, hi)`` of a line of ``length`` characters shown for a finding at
    ``[start, end)``: the whole line up to :data:`WHOLE_LINE` characters, else
    :data:`WINDOW` characters that begin a little before the finding."""
    if length <= WHOLE_LINE:
        return 0, length
    lo = max(0, min(start - LEAD, length - WINDOW))
    return lo, min(length, lo + WINDOW)


def unfixable_reason(diag: Diagnostic, source: str | None) -> str | None:
    """Why a finding of a rule that has a fix gets none here, or None.

    A rule says it itself with a fix that has no edits (its description is the reason);
    otherwise the reason is read from the text the finding points at.
    """
    return _unfixable_reason(
        diag, None if source is None else _line(split_lines(source), diag.line)
    )


def _unfixable_reason(diag: Diagnostic, line: str | None) -> str | None:
    """:func:`unfixable_reason` given the finding's line (the reporter splits each file
    once, not once per finding: a large file split for each of its findings took seconds)."""
    if diag.fix is not None:
        return None if diag.fix.edits else diag.fix.description
    from ait_datasets.lint.rule import FixAvailability
    from ait_datasets.lint.rules import rules_by_code

    rule = rules_by_code().get(diag.code)
    if rule is None or rule.fixable is FixAvailability.NONE:
        return None
    if line is not None:
        at = line[diag.column - 1 :].lstrip()
        if at.startswith("*"):
            return "the value is an alias: change it at its anchor (`&name`)"
        if at.startswith(("|", ">")):
            return "the value is a block scalar: edit it by hand"
    if diag.end_line != diag.line:
        return "the value spans several lines: edit it by hand"
    return "the value is not written as plain text here (an escape or an alias): edit it by hand"

"""GitHub Actions workflow commands: each finding becomes an annotation on the pull request.

``::error file=PATH,line=L,col=C,endLine=L2,endColumn=C2,title=CODE::message`` (``warning``
and ``notice`` for the other severities). Paths are relative to the working directory
(the checkout) with forward slashes. Values are escaped as the runner expects: ``%``,
CR and LF everywhere, and additionally ``:`` and ``,`` inside properties, so a message
or a path containing them cannot end the command early (the runner's own tables, in
``ActionCommand.cs``). Before that, what a file holds is shown on one line with control
characters as escapes and no command marker (:mod:`ait_datasets.log_text`): an annotation
reads ``x\n::error::y`` as written, and no terminal colour or runner command hides in it.
"""

from __future__ import annotations

from collections import Counter

from ait_datasets.dataset.paths import display_path
from ait_datasets.diagnostics import Diagnostic, Severity
from ait_datasets.lint.reporters import Report
from ait_datasets.log_text import one_line

COMMANDS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


def render(report: Report) -> str:
    lines = [annotation(diag) for diag in report.diagnostics]
    if report.statistics:
        counts = Counter(d.code for d in report.diagnostics)
        lines.extend(f"{count:>6}  {code}" for code, count in sorted(counts.items()))
    return "".join(line + "\n" for line in lines)


def annotation(diag: Diagnostic) -> str:
    """One workflow command for ``diag``."""
    props = {
        "file": one_line(display_path(diag.path)),
        "line": str(diag.line),
        "col": str(diag.column),
        "endLine": str(diag.end_line),
        "endColumn": str(diag.end_column),
        "title": diag.code,
    }
    joined = ",".join(f"{key}={escape_property(value)}" for key, value in props.items())
    return f"::{COMMANDS[diag.severity]} {joined}::{escape_data(one_line(diag.message))}"


def escape_data(text: str) -> str:
    """Escape a command's message (the runner decodes exactly these three)."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """Escape a property value: also ``:`` and ``,``, which would end it."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")

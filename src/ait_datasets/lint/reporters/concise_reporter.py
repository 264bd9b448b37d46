"""One line per finding, ``file:line:col: severity CODE [*] message``, then the summary.

For logs and terminals where the source excerpt of the text format is too much. What a
file holds stays on its finding's line, control characters shown as escapes
(:mod:`ait_datasets.log_text`).
"""

from __future__ import annotations

from ait_datasets.dataset.paths import display_path
from ait_datasets.lint.reporters import Report
from ait_datasets.lint.reporters.summary import mark, statistics, summary
from ait_datasets.log_text import one_line


def render(report: Report) -> str:
    lines = [
        f"{one_line(display_path(d.path), starts_line=True)}:{d.line}:{d.column}: "
        f"{d.severity.value} {d.code}{mark(d)} {one_line(d.message)}"
        for d in report.diagnostics
    ]
    if report.statistics:
        lines.extend(statistics(report.diagnostics))
    lines.append(summary(report))
    return "\n".join(lines) + "\n"

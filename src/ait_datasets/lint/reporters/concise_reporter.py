"""One line per finding, ``file:line:col: severity CODE [*] message``, then the summary.

For logs and terminals where the source excerpt of the text format is too much.
"""

from __future__ import annotations

from ait_datasets.dataset.paths import display_path
from ait_datasets.lint.reporters import Report
from ait_datasets.lint.reporters.summary import mark, statistics, summary


def render(report: Report) -> str:
    lines = [
        f"{display_path(d.path)}:{d.line}:{d.column}: {d.severity.value} {d.code}{mark(d)} "
        f"{d.message}"
        for d in report.diagnostics
    ]
    if report.statistics:
        lines.extend(statistics(report.diagnostics))
    lines.append(summary(report))
    return "\n".join(lines) + "\n"

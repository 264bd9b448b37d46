"""Run results -> pass@1, pass^k with Wilson intervals, flaky cases, release comparison.

The public API, for scripts that want the numbers without the command line::

    from ait_datasets.report import build_report, read_results, render

    report = build_report(read_results(["export.json"]), k=3)
    print(render(report, "markdown"))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ait_datasets.report.build import Report, build_report
from ait_datasets.report.compare import Comparison, compare
from ait_datasets.report.input_problems import Problem, ReportInputError
from ait_datasets.report.inputs import read_file, read_results
from ait_datasets.report.model import CaseKey, ResultSet, Run
from ait_datasets.report.quarantine import Quarantine, parse_quarantine, read_quarantine
from ait_datasets.report.render_annotations import render_azure, render_github, render_sarif
from ait_datasets.report.render_html import html_chunks, render_html
from ait_datasets.report.render_json import render_json
from ait_datasets.report.render_markdown import render_markdown
from ait_datasets.report.render_text import render_text
from ait_datasets.report.stats import Summary, pass_at_k, summarize, wilson_interval

RENDERERS: dict[str, Callable[[Report], str]] = {
    "text": render_text,
    "json": render_json,
    "markdown": render_markdown,
    "html": render_html,
    "github": render_github,
    "azure": render_azure,
    "sarif": render_sarif,
}


# Formats whose output grows with the runs, rendered in pieces (see render_chunks).
CHUNKED: dict[str, Callable[[Report], Iterable[str]]] = {"html": html_chunks}


def render(report: Report, fmt: str) -> str:
    """The report in one of :data:`RENDERERS`' formats."""
    return RENDERERS[fmt](report)


def render_chunks(report: Report, fmt: str) -> Iterable[str]:
    """The report in pieces whose concatenation is :func:`render`'s text: a page that
    grows with the runs comes a case at a time, any other format in one piece."""
    chunked = CHUNKED.get(fmt)
    return chunked(report) if chunked is not None else (render(report, fmt),)


__all__ = [
    "RENDERERS",
    "CaseKey",
    "Comparison",
    "Problem",
    "Quarantine",
    "Report",
    "ReportInputError",
    "ResultSet",
    "Run",
    "Summary",
    "build_report",
    "compare",
    "parse_quarantine",
    "pass_at_k",
    "read_file",
    "read_quarantine",
    "read_results",
    "render",
    "render_chunks",
    "summarize",
    "wilson_interval",
]

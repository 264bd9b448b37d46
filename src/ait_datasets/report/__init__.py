"""Run results -> pass@1, pass^k with Wilson intervals, flaky cases, release comparison.

The public API, for scripts that want the numbers without the command line::

    from ait_datasets.report import build_report, read_results, render

    report = build_report(read_results(["export.json"]), k=3)
    print(render(report, "markdown"))
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ait_datasets.report.build import Report, build_report
    from ait_datasets.report.compare import Comparison, compare
    from ait_datasets.report.input_problems import Problem, ReportInputError
    from ait_datasets.report.inputs import read_file, read_results
    from ait_datasets.report.model import CaseKey, ResultSet, Run
    from ait_datasets.report.quarantine import Quarantine, parse_quarantine, read_quarantine
    from ait_datasets.report.stats import Summary, pass_at_k, summarize, wilson_interval

# Each public name: the module that defines it, imported when the name is first asked
# for, so a command that needs one part of the report (`datasets history` needs its
# statistics) does not load the reader and the rest.
_PUBLIC = {
    "Report": "build",
    "build_report": "build",
    "Comparison": "compare",
    "compare": "compare",
    "Problem": "input_problems",
    "ReportInputError": "input_problems",
    "read_file": "inputs",
    "read_results": "inputs",
    "CaseKey": "model",
    "ResultSet": "model",
    "Run": "model",
    "Quarantine": "quarantine",
    "parse_quarantine": "quarantine",
    "read_quarantine": "quarantine",
    "Summary": "stats",
    "pass_at_k": "stats",
    "summarize": "stats",
    "wilson_interval": "stats",
}

# Each format's renderer: (module, function). A module is imported when its format is
# asked for: a text report need not load the page, JSON and annotation writers.
_RENDERERS = {
    "text": ("render_text", "render_text"),
    "json": ("render_json", "render_json"),
    "markdown": ("render_markdown", "render_markdown"),
    "html": ("render_html", "render_html"),
    "github": ("render_annotations", "render_github"),
    "azure": ("render_annotations", "render_azure"),
    "sarif": ("render_annotations", "render_sarif"),
}
# Formats whose output grows with the runs, rendered in pieces (see render_chunks).
_CHUNKED = {"html": ("render_html", "html_chunks")}


def _renderer(where: tuple[str, str]) -> Any:
    module, name = where
    return getattr(importlib.import_module(f"ait_datasets.report.{module}"), name)


def render(report: Report, fmt: str) -> str:
    """The report in one of :data:`RENDERERS`' formats."""
    text: str = _renderer(_RENDERERS[fmt])(report)
    return text


def render_chunks(report: Report, fmt: str) -> Iterable[str]:
    """The report in pieces whose concatenation is :func:`render`'s text: a page that
    grows with the runs comes a case at a time, any other format in one piece."""
    chunked = _CHUNKED.get(fmt)
    pieces: Iterable[str] = (
        (render(report, fmt),) if chunked is None else _renderer(chunked)(report)
    )
    return pieces


def __getattr__(name: str) -> Any:
    """A public name (its module imported on first use), or ``RENDERERS``: every
    format's renderer (their modules imported when asked)."""
    if name == "RENDERERS":
        return {fmt: _renderer(where) for fmt, where in _RENDERERS.items()}
    module = _PUBLIC.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"ait_datasets.report.{module}"), name)
    globals()[name] = value
    return value


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

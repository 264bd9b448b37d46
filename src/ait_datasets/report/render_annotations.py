"""Broken and flaky cases as pull-request annotations at their test's line.

``github`` (workflow commands), ``azure`` (``##vso[task.logissue]``) and ``sarif``
(SARIF 2.1.0, for code-scanning uploads). A case is annotated at its test's ``name:``
line when ``--datasets`` found it, else without a location. Never-passed cases are
errors, flaky cases warnings; skipped evals and infrastructure errors are notes.

Case ids and failure messages come from the export: each is shown on its annotation's
line with control characters as escapes and no CI command marker
(:mod:`ait_datasets.log_text`), then escaped for the runner or the agent.
"""

from __future__ import annotations

import json

from ait_datasets.lint.reporters import azure_reporter as azure
from ait_datasets.lint.reporters import github_reporter as github
from ait_datasets.lint.reporters.sarif_reporter import line_location, sarif_envelope
from ait_datasets.log_text import one_line
from ait_datasets.plural import plural
from ait_datasets.report import wording as w
from ait_datasets.report.build import Report
from ait_datasets.report.sources import TestSource
from ait_datasets.report.stats import CaseOutcome

RULES = {
    "never-passed": "A case failed every one of the runs it is judged on.",
    "flaky": "A case passed some but not all of the runs it is judged on.",
}


def _findings(report: Report) -> list[tuple[str, str, CaseOutcome, str, TestSource | None]]:
    """(rule, level, case, message, its test when found) for every case worth an
    annotation; the message ends with the failing turn and the first failure, when known."""
    out = []
    runs = plural(report.k, "run")
    for o in report.summary.never_passed:
        out.append(("never-passed", "error", o, f"{o.key.id}: never passed (0 of {runs})"))
    for o in report.summary.flaky:
        out.append(("flaky", "warning", o, f"{o.key.id}: flaky ({o.passes} of {runs} passed)"))
    return [
        (rule, level, o, ": ".join(filter(None, (text, w.failure(o)))), report.located.get(o.key))
        for rule, level, o, text in out
    ]


def _github_escape(text: str, property_value: bool = False) -> str:
    """``text`` on one line, escaped as the runner decodes a message or a property."""
    escape = github.escape_property if property_value else github.escape_data
    return escape(one_line(text))


def render_github(report: Report) -> str:
    lines = []
    for _, level, _, message, source in _findings(report):
        where = (
            ""
            if source is None
            else f" file={_github_escape(source.path, True)},line={source.line}"
        )
        lines.append(f"::{level}{where}::{_github_escape(message)}")
    for text in report.warnings():
        lines.append(f"::warning::{_github_escape(text)}")
    summary = _github_escape(w.pass_hat_k_line(report.summary))
    lines.append(f"::notice title=pass^{report.k}::{summary}")
    return "\n".join(lines) + "\n"


def _azure_escape(text: str) -> str:
    """``text`` on one line, escaped as the agent decodes a property (a message too: a
    ``;`` or ``]`` in it is escaped all the same)."""
    return azure.escape_property(one_line(text))


def render_azure(report: Report) -> str:
    lines = []
    for _, level, _, message, source in _findings(report):
        where = (
            ""
            if source is None
            else f"sourcepath={_azure_escape(source.path)};linenumber={source.line};"
        )
        lines.append(f"##vso[task.logissue type={level};{where}]{_azure_escape(message)}")
    for text in report.warnings():
        lines.append(f"##vso[task.logissue type=warning;]{_azure_escape(text)}")
    lines.append(f"pass^{report.k}: {w.pass_hat_k_line(report.summary)}")
    return "\n".join(lines) + "\n"


def render_sarif(report: Report) -> str:
    results = []
    for rule, level, outcome, message, source in _findings(report):
        result: dict[str, object] = {
            "ruleId": rule,
            "level": level,
            "message": {"text": message},
            "partialFingerprints": {"caseId": outcome.key.id},
        }
        if source is not None:
            result["locations"] = [line_location(source.path, source.line)]
        results.append(result)
    rules = [{"id": rid, "shortDescription": {"text": text}} for rid, text in RULES.items()]
    log = sarif_envelope(
        {"name": "ait-datasets report", "rules": rules},
        {"results": results, "properties": {"passHatK": w.pass_hat_k_line(report.summary)}},
    )
    return json.dumps(log, indent=2, ensure_ascii=False) + "\n"

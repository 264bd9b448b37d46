"""The report as JSON for machines (dashboards, bots, later comparisons).

The shape is versioned by ``"schema"``; fields are only ever added within a version.
Shares are numbers in [0, 1] (null when there is nothing to divide by); every case is
listed with its runs, so the JSON holds everything the HTML grid shows.
"""

from __future__ import annotations

import json

from ait_datasets.report.build import Report
from ait_datasets.report.compare import Change, Comparison
from ait_datasets.report.model import run_label
from ait_datasets.report.stats import CaseOutcome, Share, Summary

SCHEMA = "ait-datasets/report/1"


def render_json(report: Report) -> str:
    """The whole report as indented JSON (ends with a newline)."""
    return json.dumps(report_data(report), indent=2, ensure_ascii=False) + "\n"


def report_data(report: Report) -> dict[str, object]:
    """The report as plain data (what :func:`render_json` writes)."""
    quarantined = {o.key for o, _ in report.quarantined}
    s = report.summary
    return {
        "schema": SCHEMA,
        "k": report.k,
        "k_from_data": report.k_from_data,
        "sources": list(report.sources),
        "runs": [
            {"id": run, "label": run_label(run), "tags": list(report.tags.get(run, ()))}
            for run in report.run_ids
        ],
        "summary": summary_data(s),
        "datasets": [summary_data(d) for d in report.datasets],
        "cases": [{**case_data(o), "quarantined": o.key in quarantined} for o in s.outcomes],
        "flaky": [o.key.id for o in s.flaky],
        "never_passed": [o.key.id for o in s.never_passed],
        "fewer_than_k_runs": [o.key.id for o in s.short],
        "comparison": None if report.comparison is None else comparison_data(report.comparison),
        "quarantine": _quarantine(report),
    }


def summary_data(summary: Summary) -> dict[str, object]:
    """The numbers of one summary."""
    return {
        "name": summary.name,
        "cases": summary.cases,
        "runs": summary.runs,
        "pass_at_1": _share(summary.pass_at_1),
        "pass_hat_k": _share(summary.pass_hat_k, with_interval=True),
        "pass_at_k": summary.pass_at_k,
        "flaky": len(summary.flaky),
        "never_passed": len(summary.never_passed),
        "fewer_than_k_runs": len(summary.short),
    }


def case_data(outcome: CaseOutcome) -> dict[str, object]:
    """One case: its identity, how it is judged, and every run."""
    key = outcome.key
    return {
        "id": key.id,
        "suite": key.suite,
        "dataset": key.dataset,
        "test": key.test,
        "procedure": key.procedure,
        "state": outcome.state.value,
        "fewer_than_k_runs": outcome.short,
        "passes": outcome.passes,
        "judged_runs": len(outcome.judged),
        "runs": [
            {"run": r.run, "passed": r.passed, "message": r.message, "origin": r.origin}
            for r in outcome.runs
        ],
    }


def comparison_data(comparison: Comparison) -> dict[str, object]:
    """Both summaries, the count of each group, and every case's change."""
    return {
        "baseline": summary_data(comparison.baseline),
        "current": summary_data(comparison.current),
        "counts": comparison.counts(),
        "changes": [_change(c) for c in comparison.changes],
    }


def _change(change: Change) -> dict[str, object]:
    def side(outcome: CaseOutcome | None) -> dict[str, object] | None:
        if outcome is None:
            return None
        return {"state": outcome.state.value, "passes": outcome.passes, "runs": len(outcome.judged)}

    return {
        "id": change.key.id,
        "group": change.group,
        "baseline": side(change.before),
        "current": side(change.after),
    }


def _share(share: Share, *, with_interval: bool = False) -> dict[str, object]:
    data: dict[str, object] = {"passed": share.passed, "total": share.total, "value": share.value}
    if with_interval:
        interval = share.interval
        data["interval_95"] = None if interval is None else [interval.low, interval.high]
    return data


def _quarantine(report: Report) -> dict[str, object] | None:
    if report.quarantine is None:
        return None
    return {
        "path": report.quarantine.path,
        "cases": [
            {
                "id": o.key.id,
                "state": o.state.value,
                "entry": e.pattern,
                "line": e.line,
                "reason": e.comment,
            }
            for o, e in report.quarantined
        ],
        "stale": [{"entry": e.pattern, "line": e.line} for e in report.stale],
    }

"""The report as JSON for machines (dashboards, bots, later comparisons).

The shape is versioned by ``"schema"``; fields are only ever added within a version.
Shares are numbers in [0, 1] (null when there is nothing to divide by); every case is
listed with its runs, so the JSON holds everything the HTML grid shows.
"""

from __future__ import annotations

import json

from ait_datasets.log_text import json_for_logs
from ait_datasets.report.build import Report
from ait_datasets.report.compare import Change, Comparison
from ait_datasets.report.costs import Costs, costs_of
from ait_datasets.report.evidence import evidence
from ait_datasets.report.model import Run, run_label
from ait_datasets.report.paired import FEW_PAIRS, Paired
from ait_datasets.report.policy import Verdict
from ait_datasets.report.stats import CaseOutcome, Summary

SCHEMA = "ait-datasets/report/1"


def render_json(report: Report) -> str:
    """The whole report as JSON (ends with a newline): one top-level key per line and, for
    lists of up to :data:`LISTED` elements, one element (a case, a run...) per line. Each
    piece is written by the C encoder, which ``indent=`` would turn off: a report of
    millions of runs takes seconds, not minutes."""
    lines = ["{"]
    items = list(report_data(report).items())
    for index, (name, value) in enumerate(items):
        comma = "," if index < len(items) - 1 else ""
        head = f"  {_dump(name)}: "
        if isinstance(value, list) and 0 < len(value) <= LISTED:
            lines.append(head + "[")
            last = len(value) - 1
            lines += [f"    {_dump(v)}{',' if i < last else ''}" for i, v in enumerate(value)]
            lines.append(f"  ]{comma}")
        else:
            lines.append(f"{head}{_dump(value)}{comma}")
    lines.append("}")
    text = "\n".join(lines) + "\n"
    # With --show-data the runs' data (the agent's messages, any text) is in it: what a CI
    # log would act on is escaped, as JSON escapes that decode to the same text.
    return json_for_logs(text) if report.show_data else text


LISTED = 5000
_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": "))


def _dump(value: object) -> str:
    return _ENCODER.encode(value)


def report_data(report: Report) -> dict[str, object]:
    """The report as plain data (what :func:`render_json` writes)."""
    quarantined = report.quarantined_keys
    s = report.summary
    choice = report.k_choice
    return {
        "schema": SCHEMA,
        "k": report.k,
        "k_from_data": report.k_from_data,
        "k_out_of_line": []
        if choice is None
        else [{"id": key.id, "runs": n} for key, n in choice.out_of_line],
        "runs_by": report.runs_by,
        "warnings": report.warnings(),
        "sources": list(report.sources),
        "runs": [
            {"id": run, "label": run_label(run), "tags": list(report.tags.get(run, ()))}
            for run in report.run_ids
        ],
        "summary": summary_data(s),
        "datasets": [summary_data(d) for d in report.datasets],
        "languages": [summary_data(d) for d in report.languages()],
        "cases": [
            {
                **case_data(o, report.show_data),
                "quarantined": o.key in quarantined,
                "source": _source(report, o),
            }
            for o in s.outcomes
        ],
        "skipped": [
            {"id": x.key.id, "run": x.run, "message": x.message, "origin": x.origin}
            for x in report.skipped
        ],
        "infrastructure": [
            {
                "suite": x.suite,
                "line": x.line,
                "version": x.version,
                "message": x.message,
                "call_stack": x.call_stack,
                "origin": x.origin,
            }
            for x in report.infrastructure
        ],
        "rows_without_procedure": report.not_cases,
        "incomplete": [{"path": p, "next_link": link} for p, link in report.incomplete],
        "cost": None if report.costs is None else cost_data(report.costs),
        "releases": [{"tag": tag, **cost_data(c)} for tag, c in report.releases],
        "gates": [v.data() if isinstance(v, Verdict) else str(v) for v in report.verdicts],
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
        "pass_at_1": summary.pass_at_1.data(),
        "pass_hat_k": summary.pass_hat_k.data(with_interval=True),
        "pass_at_k": summary.pass_at_k,
        "skipped": summary.skipped,
        "flaky": len(summary.flaky),
        "never_passed": len(summary.never_passed),
        "fewer_than_k_runs": len(summary.short),
    }


def _source(report: Report, outcome: CaseOutcome) -> dict[str, object] | None:
    source = report.located.get(outcome.key)
    if source is None:
        return None
    return {
        "path": source.path,
        "line": source.line,
        "language": source.language,
        "handover": source.handover,
        "turns": source.turns,
    }


def cost_data(costs: Costs) -> dict[str, object]:
    """Totals of a group of runs (null: not exported)."""
    return {
        "runs": costs.runs,
        "passed": costs.passed,
        "tokens": costs.tokens,
        "credits": costs.credits,
        "credits_per_pass": costs.credits_per_pass,
        "tokens_per_pass": costs.tokens_per_pass,
        "p50_ms": costs.p50_ms,
        "p95_ms": costs.p95_ms,
    }


def _run(run: Run, show_data: bool) -> dict[str, object]:
    data: dict[str, object] = {
        "run": run.run,
        "passed": run.passed,
        "message": run.message,
        "origin": run.origin,
        "tokens": run.tokens,
        "credits": run.credits,
        "duration_ms": run.duration_ms,
        # Where a failed multi-turn eval failed: turn "first" to "last" of "of" (0: unknown).
        "turn": None if run.turn is None else run.turn._asdict(),
    }
    if show_data and run.data is not None:
        data["input_data"], data["output_data"] = run.data
        # The evidence turn by turn (see ait_datasets.report.evidence); the texts of an
        # unknown shape are in input_data/output_data above, as exported.
        shown = evidence(*run.data)
        data["turns"] = [turn.data() for turn in shown.turns]
    return data


def case_data(outcome: CaseOutcome, show_data: bool = False) -> dict[str, object]:
    """One case: its identity, how it is judged, what it cost, and every run."""
    key = outcome.key
    costs = costs_of(outcome.runs)
    return {
        "id": key.id,
        "suite": key.suite,
        "dataset": key.dataset,
        "test": key.test,
        "procedure": key.procedure,
        "state": outcome.state.value,
        "fewer_than_k_runs": outcome.short,
        "passes": outcome.passes,
        "judged_runs": outcome.judged_count,
        "skipped": outcome.skipped,
        "cost": {
            "tokens": costs.tokens,
            "credits": costs.credits,
            "credits_per_pass": costs.credits_per_pass,
            "p50_ms": costs.p50_ms,
            "p95_ms": costs.p95_ms,
        },
        "runs": [_run(r, show_data) for r in outcome.runs],
    }


def comparison_data(comparison: Comparison) -> dict[str, object]:
    """Both summaries, the count of each group, and every case's change."""
    return {
        "baseline": summary_data(comparison.baseline),
        "current": summary_data(comparison.current),
        "counts": comparison.counts(),
        "changes": [_change(c) for c in comparison.changes],
        "paired": None if comparison.paired is None else _paired(comparison.paired),
    }


def _paired(p: Paired) -> dict[str, object]:
    return {
        "pairs": p.pairs,
        "both_passed": p.both,
        "lost": p.lost,
        "gained": p.gained,
        "neither": p.neither,
        "mcnemar_exact_p": p.p_value,
        "change": p.change,
        "change_interval_95": [p.interval.low, p.interval.high],
        "verdict": p.verdict(),
        "few_pairs": p.pairs < FEW_PAIRS,
    }


def _change(change: Change) -> dict[str, object]:
    def side(outcome: CaseOutcome | None) -> dict[str, object] | None:
        if outcome is None:
            return None
        return {
            "state": outcome.state.value,
            "passes": outcome.passes,
            "runs": outcome.judged_count,
        }

    return {
        "id": change.key.id,
        "group": change.group,
        "baseline": side(change.before),
        "current": side(change.after),
    }


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

"""Words and numbers shared by the text, Markdown and HTML renderers."""

from __future__ import annotations

from ait_datasets.plural import plural
from ait_datasets.report.build import GRID_COLUMNS, Report
from ait_datasets.report.costs import Costs
from ait_datasets.report.evidence import Evidence, TurnEvidence, evidence
from ait_datasets.report.model import InfraError, Run, RunId, run_id_of, run_label
from ait_datasets.report.stats import CaseOutcome, Interval, Share, Summary


def pct(value: float | None) -> str:
    """``0.8`` -> ``80.0%``; None -> ``n/a``."""
    return "n/a" if value is None else f"{value * 100:.1f}%"


def interval(value: Interval | None) -> str:
    """``58.4%–91.9%``; ``n/a`` when there is no interval."""
    return "n/a" if value is None else f"{pct(value.low)}–{pct(value.high)}"


def share(value: Share) -> str:
    """``16/20 (80.0%)``."""
    return f"{value.passed}/{value.total} ({pct(value.value)})"


def pass_hat_k_line(summary: Summary) -> str:
    """``8/12 cases passed all 3 runs (66.7%, 95% CI 39.1%–86.2%)``."""
    s = summary.pass_hat_k
    if s.total == 0:
        return f"n/a: no case has {summary.k} runs"
    return (
        f"{s.passed}/{s.total} cases passed all {summary.k} runs "
        f"({pct(s.value)}, 95% CI {interval(s.interval)})"
    )


def runs_line(report: Report) -> str:
    """``3 runs (v1, v2, v3)`` with tags when the runs were tagged."""
    labels = []
    for run in report.run_ids:
        tags = report.tags.get(run, ())
        labels.append(f"{run_label(run)} [{', '.join(tags)}]" if tags else run_label(run))
    shown = ", ".join(labels[:12]) + (", ..." if len(labels) > 12 else "")
    return f"{plural(len(labels), 'run')} ({shown})" if labels else "0 runs"


MAX_NAMED = 10
MAX_MARKS = 40


def runs_formed(report: Report) -> str:
    """How rows were grouped into runs, and what was kept apart."""
    if report.runs_by == "tag":
        text = "Runs are formed by Tag (--runs-by tag): each Tag is one run of a case."
    else:
        text = "Runs are formed by Version: each Version is one run of a case."
    apart = []
    if report.skipped:
        apart.append(plural(len(report.skipped), "skipped eval"))
    if report.infrastructure:
        apart.append(plural(len(report.infrastructure), "infrastructure error"))
    if report.not_cases:
        apart.append(f"{plural(report.not_cases, 'row')} without procedureName")
    if apart:
        text += f" Not runs, counted apart: {', '.join(apart)}."
    return text


def k_rule(report: Report) -> str:
    """One sentence that says how k was chosen and applied, naming the cases out of line."""
    k = report.k
    choice = report.k_choice
    most = max((len(o.runs) for o in report.summary.outcomes), default=k)
    if not report.k_from_data:
        chosen = "given with --k"
    elif most <= k:
        chosen = "the most runs any case has"
    else:
        in_line = 0 if choice is None else choice.in_line
        chosen = (
            f"the run count most cases have: {in_line} of {report.summary.cases}; "
            "reruns gave some cases more"
        )
    short = len(report.summary.short)
    text = f"k = {k} ({chosen}): each case is judged on its first {plural(k, 'run')} in run order."
    if short:
        text += (
            f" {plural(short, 'case')} with fewer than {k} runs "
            f"{'is' if short == 1 else 'are'} listed separately and left out of pass^{k}."
        )
    if choice is not None and choice.out_of_line:
        named = ", ".join(f"{key.id} ({n})" for key, n in choice.out_of_line[:MAX_NAMED])
        more = len(choice.out_of_line) - MAX_NAMED
        text += f" Out of line (runs): {named}" + (f" and {more} more." if more > 0 else ".")
    return text


def passes(outcome: CaseOutcome) -> str:
    """``2/3`` passes among the judged runs."""
    return f"{outcome.passes}/{outcome.judged_count}"


def marks(outcome: CaseOutcome, run_ids: tuple[RunId, ...], passed: str, failed: str) -> str:
    """One mark per run of the report, ``-`` where the case has no result for that run.

    With more runs than a grid can show, the case's own runs in order instead (at most
    :data:`MAX_MARKS`, then a count), so the output grows with the rows, not their product.
    """
    if len(run_ids) > GRID_COLUMNS:
        shown = [passed if r.passed else failed for r in outcome.runs[:MAX_MARKS]]
        more = len(outcome.runs) - MAX_MARKS
        return " ".join(shown) + (f" … +{more}" if more > 0 else "")
    runs = outcome.runs
    if list(map(run_id_of, runs)) == list(run_ids):
        # The case has every run of the report (most cases): its own runs are the marks.
        return " ".join([passed if r.passed else failed for r in runs])
    own = {r.run: r for r in runs}
    out = []
    for run in run_ids:
        result = own.get(run)
        out.append("-" if result is None else passed if result.passed else failed)
    return " ".join(out)


def state(outcome: CaseOutcome | None) -> str:
    """``flaky 2/3``; ``absent`` for a case missing from one side of a comparison."""
    return "absent" if outcome is None else f"{outcome.state.value} {passes(outcome)}"


def suite_line(error: InfraError) -> str:
    """``SUITE/LINE`` of an infrastructure error (the parts it names), or ``(no suite)``."""
    return "/".join(p for p in (error.suite, error.line) if p) or "(no suite)"


def failure(outcome: CaseOutcome) -> str:
    """:func:`failing_turn` and :func:`first_failure`, the ones known, joined by ``: ``."""
    return ": ".join(part for part in (failing_turn(outcome), first_failure(outcome)) if part)


def first_failure(outcome: CaseOutcome) -> str:
    """The message of the first failed judged run, shortened to one line."""
    for run in outcome.judged:
        if not run.passed and run.message:
            return one_line(run.message, 120)
    return ""


def later_runs(outcome: CaseOutcome) -> str:
    """``1 later run (v4: passed), in pass@1 only`` for a case with more than k runs (a
    "Rerun eval" gives one case a new Version): still this case, not judged on them."""
    later = outcome.runs[outcome.k :]
    if not later:
        return ""
    shown = ", ".join(
        f"{run_label(r.run)}: {'passed' if r.passed else 'failed'}" for r in later[:3]
    )
    more = ", ..." if len(later) > 3 else ""
    return f"{plural(len(later), 'later run')} ({shown}{more}), in pass@1 only"


def failing_turn(outcome: CaseOutcome) -> str:
    """``fails at turn 2 of 3`` for the first failed judged run, when its turn is known."""
    for run in outcome.judged:
        if not run.passed:
            return "" if run.turn is None else str(run.turn)
    return ""


def failed_evidence(outcome: CaseOutcome) -> tuple[Run, Evidence] | None:
    """The first failed judged run with its data (--show-data), and its evidence."""
    for run in outcome.judged:
        if not run.passed and run.data is not None:
            return run, evidence(*run.data)
    return None


def run_evidence(run: Run) -> Evidence | None:
    """A run's evidence, when its data was kept (--show-data)."""
    return None if run.data is None else evidence(*run.data)


def failing_turn_of(run: Run, found: Evidence) -> TurnEvidence | None:
    """The turn the failed ``run`` failed at, as its evidence shows it."""
    return found.failing(None if run.turn is None else run.turn.first)


def evidence_items(outcome: CaseOutcome) -> list[tuple[int, str, str]]:
    """What ``--show-data`` shows under a failed case, as (depth, label, text): the first
    failed judged run's failing turn (verdict and error reason; its query, expected data,
    messages, pause and scores one level down), and any data of unknown shape as it is.
    The labels are the report's own words; every text is the run's (to be escaped)."""
    found = failed_evidence(outcome)
    if found is None:
        return []
    run, shown = found
    items: list[tuple[int, str, str]] = []
    turn = failing_turn_of(run, shown)
    if turn is not None:
        of = f" of {len(shown.turns)}" if len(shown.turns) > 1 else ""
        items.append((0, f"{run_label(run.run)} turn {turn.index}{of}", verdict(turn)))
        if turn.error_reason:
            items.append((1, "error reason", turn.error_reason))
        items += turn_items(turn)
    if shown.raw_input:
        items.append((0, "inputData", shown.raw_input))
    if shown.raw_output:
        items.append((0, "outputData", shown.raw_output))
    return items


def turn_items(turn: TurnEvidence) -> list[tuple[int, str, str]]:
    """A turn's query, expected data, messages, pause, scores and unknown output."""
    items = []
    if turn.query:
        items.append((1, "reply" if turn.reply else "query", turn.query))
    if turn.expected:
        items.append((1, "expected", turn.expected))
    for message in turn.messages:
        who = "agent" if message.from_agent else "to the agent"
        status = f", {message.status}" if message.status else ""
        items.append((1, f"{who} ({message.type or 'message'}{status})", message.content))
    if turn.paused:
        items.append((1, "paused", "the agent asked for a person (intervention request)"))
    for score in turn.scores:
        reason = f" — {score.reason}" if score.reason else ""
        items.append((1, f"score {score.name}".rstrip(), f"{score.score}{reason}"))
    if turn.answer:
        items.append((1, "answer", turn.answer))
    if turn.raw:
        items.append((1, "output (shape not known)", turn.raw))
    return items


def verdict(turn: TurnEvidence) -> str:
    """``passed``, ``failed`` or ``no verdict written``."""
    if turn.success is None:
        return "wrote no verdict" if turn.written else "wrote no output"
    return "passed" if turn.success else "failed"


def one_line(text: str, limit: int = 200) -> str:
    """``text`` on one line, shortened to ``limit`` characters."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."


def delta(before: float | None, after: float | None) -> str:
    """``75.0% -> 80.6% (+5.6 pts)``."""
    if before is None or after is None:
        return f"{pct(before)} -> {pct(after)}"
    return f"{pct(before)} -> {pct(after)} ({(after - before) * 100:+.1f} pts)"


def credits(value: float | None) -> str:
    return "n/a" if value is None else f"{value:,.2f}"


def tokens(value: float | None) -> str:
    return "n/a" if value is None else f"{value:,.0f}"


def duration(ms: int | None) -> str:
    """``850 ms``, ``12.3 s``; ``n/a`` when not exported."""
    if ms is None:
        return "n/a"
    return f"{ms} ms" if ms < 1000 else f"{ms / 1000:,.1f} s"


def cost_line(costs: Costs) -> str:
    """``12,345 tokens (1,543 per passing run), 3.20 Copilot credits (...), p50 1.2 s, ...``;
    what the export does not carry is left out."""
    parts = []
    if costs.tokens is not None:
        parts.append(f"{tokens(costs.tokens)} tokens ({tokens(costs.tokens_per_pass)} per pass)")
    if costs.credits is not None:
        parts.append(
            f"{credits(costs.credits)} Copilot credits ({credits(costs.credits_per_pass)} per pass)"
        )
    if costs.p50_ms is not None:
        parts.append(f"duration p50 {duration(costs.p50_ms)}, p95 {duration(costs.p95_ms)}")
    return ", ".join(parts) or "not exported"

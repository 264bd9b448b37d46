"""Words and numbers shared by the text, Markdown and HTML renderers."""

from __future__ import annotations

from ait_datasets.report.build import Report
from ait_datasets.report.model import RunId, run_label
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
    return f"{len(labels)} run{'s' if len(labels) != 1 else ''} ({shown})" if labels else "0 runs"


def k_rule(report: Report) -> str:
    """One sentence that says how k was chosen and applied."""
    k = report.k
    chosen = "the most runs any case has" if report.k_from_data else "given with --k"
    short = len(report.summary.short)
    text = f"k = {k} ({chosen}): each case is judged on its first {k} run{_s(k)} in run order."
    if short:
        text += (
            f" {short} case{_s(short)} with fewer than {k} runs "
            f"{'is' if short == 1 else 'are'} listed separately and left out of pass^{k}."
        )
    return text


def passes(outcome: CaseOutcome) -> str:
    """``2/3`` passes among the judged runs."""
    return f"{outcome.passes}/{len(outcome.judged)}"


def marks(outcome: CaseOutcome, run_ids: tuple[RunId, ...], passed: str, failed: str) -> str:
    """One mark per run of the report, ``-`` where the case has no result for that run."""
    out = []
    for run in run_ids:
        result = outcome.result_of(run)
        out.append("-" if result is None else passed if result.passed else failed)
    return " ".join(out)


def first_failure(outcome: CaseOutcome) -> str:
    """The message of the first failed judged run, shortened to one line."""
    for run in outcome.judged:
        if not run.passed and run.message:
            text = " ".join(run.message.split())
            return text if len(text) <= 120 else text[:117] + "..."
    return ""


def delta(before: float | None, after: float | None) -> str:
    """``75.0% -> 80.6% (+5.6 pts)``."""
    if before is None or after is None:
        return f"{pct(before)} -> {pct(after)}"
    return f"{pct(before)} -> {pct(after)} ({(after - before) * 100:+.1f} pts)"


def _s(n: int) -> str:
    return "" if n == 1 else "s"

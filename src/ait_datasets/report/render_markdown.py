"""The report as GitHub-flavoured Markdown, sized for a pull-request comment."""

from __future__ import annotations

from ait_datasets.report import wording as w
from ait_datasets.report.build import Report
from ait_datasets.report.compare import LISTED_GROUPS, Comparison
from ait_datasets.report.model import CaseKey
from ait_datasets.report.stats import CaseOutcome

PASS_MARK = "✅"
FAIL_MARK = "❌"


def render_markdown(report: Report) -> str:
    """The whole report as Markdown (ends with a newline)."""
    s = report.summary
    k = report.k
    p = s.pass_hat_k
    headline = f"{p.passed}/{p.total} ({w.pct(p.value)})" if p.total else "n/a"
    lines = [
        f"### Test reliability: pass^{k} {headline}",
        "",
        f"{w.runs_line(report)} of {s.cases} cases. {_md(w.k_rule(report))}",
        "",
        "| measure | value |",
        "|---|---|",
        f"| runs | {s.runs} |",
        f"| cases | {s.cases} |",
        f"| pass@1 (share of runs passed) | {w.share(s.pass_at_1)} |",
        f"| pass^{k} (cases that passed all {k} runs) | {w.share(p)}, "
        f"95% CI {w.interval(p.interval)} |",
        f"| pass@{k} (unbiased estimate) | {w.pct(s.pass_at_k)} |",
    ]
    quarantined = {o.key for o, _ in report.quarantined}
    lines += _cases(f"Flaky ({len(s.flaky)})", s.flaky, report, quarantined)
    lines += _cases(f"Never passed ({len(s.never_passed)})", s.never_passed, report, quarantined)
    lines += _cases(
        f"Fewer than {k} runs ({len(s.short)}): left out of pass^{k}", s.short, report, quarantined
    )
    lines += _datasets(report)
    if report.comparison is not None:
        lines += _comparison(report.comparison, k)
    if report.quarantine is not None:
        lines += _quarantine(report)
    return "\n".join(lines) + "\n"


def _md(text: str) -> str:
    """Text safe inside a Markdown table cell: no table breaks, no HTML, no emphasis."""
    text = " ".join(text.split())
    for ch in "\\`*_[]|":
        text = text.replace(ch, "\\" + ch)
    return text.replace("<", "&lt;").replace(">", "&gt;")


def _case(key: CaseKey) -> str:
    plain = key.id.replace("`", "'")
    return f"`{plain}`"


def _cases(
    title: str, outcomes: tuple[CaseOutcome, ...], report: Report, quarantined: set[CaseKey]
) -> list[str]:
    if not outcomes:
        return []
    lines = ["", f"#### {title}", "", "| case | passes | runs | first failure |"]
    lines.append("|---|---|---|---|")
    for o in outcomes:
        note = " (quarantined)" if o.key in quarantined else ""
        lines.append(
            f"| {_case(o.key)}{note} | {w.passes(o)} | "
            f"{w.marks(o, report.run_ids, PASS_MARK, FAIL_MARK)} | {_md(w.first_failure(o))} |"
        )
    return lines


def _datasets(report: Report) -> list[str]:
    k = report.k
    lines = [
        "",
        "#### Per dataset",
        "",
        f"| dataset | cases | runs | pass@1 | pass^{k} | flaky | never passed "
        f"| fewer than {k} runs |",
        "|---|--:|--:|--:|--:|--:|--:|--:|",
    ]
    for d in report.datasets:
        lines.append(
            f"| {_md(d.name)} | {d.cases} | {d.runs} | {w.pct(d.pass_at_1.value)} | "
            f"{d.pass_hat_k.passed}/{d.pass_hat_k.total} | {len(d.flaky)} | "
            f"{len(d.never_passed)} | {len(d.short)} |"
        )
    return lines


def _comparison(comparison: Comparison, k: int) -> list[str]:
    before, after = comparison.baseline, comparison.current
    lines = [
        "",
        "#### Compared with the baseline",
        "",
        "| measure | baseline | current |",
        "|---|--:|--:|",
        f"| cases | {before.cases} | {after.cases} |",
        f"| pass@1 | {w.share(before.pass_at_1)} | {w.share(after.pass_at_1)} |",
        f"| pass^{k} | {w.share(before.pass_hat_k)} | {w.share(after.pass_hat_k)} |",
        "",
        ", ".join(f"**{n}** {g}" for g, n in comparison.counts().items()),
    ]
    for group in LISTED_GROUPS:
        changes = comparison.group(group)
        if not changes:
            continue
        lines += ["", f"**{group.capitalize()}**", ""]
        for c in changes:
            lines.append(f"- {_case(c.key)}: {_state(c.before)} → {_state(c.after)}")
    return lines


def _state(outcome: CaseOutcome | None) -> str:
    return "absent" if outcome is None else f"{outcome.state.value} {w.passes(outcome)}"


def _quarantine(report: Report) -> list[str]:
    lines = ["", f"#### Quarantined ({len(report.quarantined)}): still counted above", ""]
    for outcome, entry in report.quarantined:
        reason = f" ({_md(entry.comment)})" if entry.comment else ""
        lines.append(f"- {_case(outcome.key)}: {_state(outcome)}{reason}")
    if report.stale and report.quarantine is not None:
        lines += ["", f"Stale quarantine entries ({len(report.stale)}), matching no case:", ""]
        lines += [
            f"- `{report.quarantine.path}` line {e.line}: `{e.pattern}`" for e in report.stale
        ]
    return lines

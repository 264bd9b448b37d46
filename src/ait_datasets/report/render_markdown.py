"""The report as GitHub-flavoured Markdown, sized for a pull-request comment."""

from __future__ import annotations

import re

from ait_datasets.log_text import one_line
from ait_datasets.plural import plural
from ait_datasets.report import wording as w
from ait_datasets.report.build import Report
from ait_datasets.report.compare import LISTED_GROUPS, Comparison
from ait_datasets.report.evidence import bounded
from ait_datasets.report.model import CaseKey, run_label
from ait_datasets.report.plain import neutralise
from ait_datasets.report.stats import CaseOutcome, Summary

PASS_MARK = "✅"
FAIL_MARK = "❌"


def render_markdown(report: Report) -> str:
    """The whole report as Markdown (ends with a newline)."""
    s = report.summary
    k = report.k
    p = s.pass_hat_k
    headline = f"{p.passed}/{p.total} ({w.pct(p.value)})" if p.total else "n/a"
    lines = [f"### Test reliability: pass^{k} {headline}", ""]
    lines += [f"> **Warning:** {_md(text)}" for text in report.warnings()]
    lines += [
        f"{_md(w.runs_line(report))} of {plural(s.cases, 'case')}. "
        f"{_md(w.runs_formed(report))} "
        f"{_md(w.k_rule(report))}",
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
    if report.skipped:
        lines.append(f"| skipped (not runs) | {len(report.skipped)} |")
    if report.infrastructure:
        lines.append(f"| infrastructure errors | {len(report.infrastructure)} |")
    if report.costs is not None and report.costs.known:
        lines.append(f"| cost | {_md(w.cost_line(report.costs))} |")
    lines += _verdicts(report)
    quarantined = set(report.quarantined_keys)
    lines += _cases(f"Flaky ({len(s.flaky)})", s.flaky, report, quarantined)
    lines += _cases(f"Never passed ({len(s.never_passed)})", s.never_passed, report, quarantined)
    lines += _cases(
        f"Fewer than {k} runs ({len(s.short)}): left out of pass^{k}", s.short, report, quarantined
    )
    lines += _skipped(report)
    lines += _infrastructure(report)
    lines += _datasets(report)
    lines += _releases(report)
    if report.comparison is not None:
        lines += _comparison(report.comparison, k)
    if report.quarantine is not None:
        lines += _quarantine(report)
    return "\n".join(lines) + "\n"


def _md(text: str) -> str:
    """Text safe inside a Markdown table cell: no table breaks, no HTML (whatever the PR
    renderer lets through), no emphasis, links or headings, one line."""
    text = " ".join(neutralise(text).split())
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    for ch in "\\`*_[]|#!~":
        text = text.replace(ch, "\\" + ch)
    return text


def code(text: str, table: bool = True) -> str:
    """``text`` as one code span that nothing in it can close: the fence is longer than any
    run of backticks inside (CommonMark), and in a table a ``|`` is escaped (GFM reads
    ``\\|`` inside a code span in a cell as a literal bar). Text holding ``<``, ``>`` or
    ``&`` is escaped plain text instead: inside a code span HTML is literal for CommonMark,
    but not every pull-request renderer follows it, and entities cannot be used there."""
    flat = " ".join(neutralise(text).split())
    if any(ch in flat for ch in "<>&"):
        return _md(flat)
    longest = max((len(run) for run in re.findall("`+", flat)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if flat.startswith("`") or flat.endswith("`") else ""
    if table:
        flat = flat.replace("|", "\\|")
    return f"{fence}{pad}{flat}{pad}{fence}"


def _cases(
    title: str, outcomes: tuple[CaseOutcome, ...], report: Report, quarantined: set[CaseKey]
) -> list[str]:
    if not outcomes:
        return []
    lines = ["", f"#### {title}", "", "| case | passes | runs | first failure |"]
    lines.append("|---|---|---|---|")
    for o in outcomes:
        note = " (quarantined)" if o.key in quarantined else ""
        where = report.where(o.key)
        if where:
            note += f" at {code(where)}"
        later = w.later_runs(o)
        if later:
            note += f" ({_md(later)})"
        failure = _md(w.first_failure(o))
        turn = w.failing_turn(o)
        if turn:
            failure = f"**{_md(turn)}**" + (f": {failure}" if failure else "")
        lines.append(
            f"| {code(o.key.id)}{note} | {w.passes(o)} | "
            f"{w.marks(o, report.run_ids, PASS_MARK, FAIL_MARK)} | {failure} |"
        )
    if report.show_data:
        lines += _evidence(outcomes)
    return lines


DATA_LIMIT = 500  # characters of one text of the data in a list item


def _evidence(outcomes: tuple[CaseOutcome, ...]) -> list[str]:
    """Under the table, each failed case's failing turn (--show-data): verdict, error
    reason, query, the agent's messages, pause and scores; each text one code span, on one
    line with no CI command marker (the page may be printed to a CI log)."""
    lines: list[str] = []
    for o in outcomes:
        items = w.evidence_items(o)
        if not items:
            continue
        if not lines:
            lines += ["", "Evidence of each case's first failed run (`--show-data`):", ""]
        lines.append(f"- {code(o.key.id, False)}")
        for depth, label, text in items:
            indent = "  " * (depth + 1)
            shown = code(one_line(bounded(text, DATA_LIMIT)), False)
            lines.append(f"{indent}- {_md(label)}: {shown}")
    return lines


def _verdicts(report: Report) -> list[str]:
    if not report.verdicts:
        return []
    return ["", "#### Gates", "", *(f"- {_md(str(v))}" for v in report.verdicts)]


def _skipped(report: Report) -> list[str]:
    if not report.skipped:
        return []
    lines = ["", f"#### Skipped ({len(report.skipped)}): never ran, not counted as runs", ""]
    lines += ["| case | run | message |", "|---|---|---|"]
    lines += [
        f"| {code(x.key.id)} | {_md(run_label(x.run))} | {_md(x.message)} |" for x in report.skipped
    ]
    return lines


def _infrastructure(report: Report) -> list[str]:
    if not report.infrastructure:
        return []
    n = len(report.infrastructure)
    lines = ["", f"#### Infrastructure errors ({n}): no case's result", ""]
    lines += ["| suite line | version | message |", "|---|---|---|"]
    for x in report.infrastructure:
        version = "" if x.version is None else f"v{x.version}"
        lines.append(f"| {code(w.suite_line(x))} | {version} | {_md(w.one_line(x.message))} |")
    return lines


def _releases(report: Report) -> list[str]:
    shown = [(tag, c) for tag, c in report.releases if c.known]
    if not shown:
        return []
    lines = ["", "#### Per release (tag)", "", "| tag | runs | cost |", "|---|--:|---|"]
    lines += [f"| {_md(tag)} | {c.runs} | {_md(w.cost_line(c))} |" for tag, c in shown]
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
        lines.append(_dataset_row(d))
    languages = report.languages()
    if languages:
        lines += ["", "#### Per language", "", lines[3].replace("dataset", "language", 1), lines[4]]
        lines += [_dataset_row(d) for d in languages]
    return lines


def _dataset_row(d: Summary) -> str:
    return (
        f"| {_md(d.name)} | {d.cases} | {d.runs} | {w.pct(d.pass_at_1.value)} | "
        f"{d.pass_hat_k.passed}/{d.pass_hat_k.total} | {len(d.flaky)} | "
        f"{len(d.never_passed)} | {len(d.short)} |"
    )


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
    if comparison.paired is not None:
        lines += ["", _md(comparison.paired.summary())]
    for group in LISTED_GROUPS:
        changes = comparison.group(group)
        if not changes:
            continue
        lines += ["", f"**{group.capitalize()}**", ""]
        for c in changes:
            lines.append(f"- {code(c.key.id, False)}: {w.state(c.before)} → {w.state(c.after)}")
    return lines


def _quarantine(report: Report) -> list[str]:
    lines = ["", f"#### Quarantined ({len(report.quarantined)}): still counted above", ""]
    for outcome, entry in report.quarantined:
        reason = f" ({_md(entry.comment)})" if entry.comment else ""
        lines.append(f"- {code(outcome.key.id, False)}: {w.state(outcome)}{reason}")
    if report.stale and report.quarantine is not None:
        lines += ["", f"Stale quarantine entries ({len(report.stale)}), matching no case:", ""]
        path = code(report.quarantine.path, False)
        lines += [f"- {path} line {e.line}: {code(e.pattern, False)}" for e in report.stale]
    return lines

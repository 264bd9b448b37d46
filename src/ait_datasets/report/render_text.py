"""The report as plain text for a terminal or a CI log."""

from __future__ import annotations

from ait_datasets.log_text import one_line
from ait_datasets.plural import plural
from ait_datasets.report import wording as w
from ait_datasets.report.build import Report
from ait_datasets.report.compare import LISTED_GROUPS, Comparison
from ait_datasets.report.evidence import bounded
from ait_datasets.report.model import CaseKey, run_label
from ait_datasets.report.plain import neutralise
from ait_datasets.report.stats import CaseOutcome, Summary

PASS_MARK = "+"
FAIL_MARK = "x"


def render_text(report: Report) -> str:
    """The whole report as text (ends with a newline); every value from the input is
    neutralised (no control or bidirectional character reaches the terminal)."""
    return "\n".join(neutralise(line) for line in _lines(report)) + "\n"


def _lines(report: Report) -> list[str]:
    s = report.summary
    k = report.k
    lines = [f"warning: {text}" for text in report.warnings()]
    lines += [
        f"{w.runs_line(report)} of {plural(s.cases, 'case')}"
        f" from {', '.join(report.sources) or 'no file'}",
        w.runs_formed(report),
        w.k_rule(report),
        "",
        f"  runs               {s.runs}",
        f"  cases              {s.cases}",
        f"  pass@1             {w.share(s.pass_at_1)} of runs passed",
        f"  pass^{k:<14}{w.pass_hat_k_line(s)}",
        f"  pass@{k:<14}{w.pct(s.pass_at_k)} (unbiased estimate)",
    ]
    if report.skipped:
        lines.append(f"  skipped            {len(report.skipped)} (not runs)")
    if report.infrastructure:
        errors = plural(len(report.infrastructure), "error")
        lines.append(f"  infrastructure     {errors} (not case results)")
    if report.costs is not None and report.costs.known:
        lines.append(f"  cost               {w.cost_line(report.costs)}")
    lines += _verdicts(report)
    names = set(report.quarantined_keys)
    lines += _cases(
        f"Flaky ({len(s.flaky)}): passed some of their first {k} runs", s.flaky, report, names
    )
    lines += _cases(f"Never passed ({len(s.never_passed)})", s.never_passed, report, names)
    lines += _cases(
        f"Fewer than {k} runs ({len(s.short)}): left out of pass^{k}", s.short, report, names
    )
    lines += _skipped(report)
    lines += _infrastructure(report)
    lines += _datasets(report)
    lines += _releases(report)
    if report.comparison is not None:
        lines += _comparison(report.comparison, report)
    if report.quarantine is not None:
        lines += _quarantine(report)
    return lines


def _verdicts(report: Report) -> list[str]:
    if not report.verdicts:
        return []
    lines = ["", "Gates"]
    lines += [f"  {verdict}" for verdict in report.verdicts]
    return lines


def _skipped(report: Report) -> list[str]:
    if not report.skipped:
        return []
    lines = ["", f"Skipped ({len(report.skipped)}): never ran, not counted as runs"]
    for item in report.skipped:
        lines.append(f"  {item.key.id}  {run_label(item.run)}  {item.message}  ({item.origin})")
    return lines


def _infrastructure(report: Report) -> list[str]:
    if not report.infrastructure:
        return []
    lines = [
        "",
        f"Infrastructure errors ({len(report.infrastructure)}): no case's result, "
        "not in any number above",
    ]
    for item in report.infrastructure:
        where = w.suite_line(item)
        version = "" if item.version is None else f"  v{item.version}"
        stack = item.call_stack.splitlines()[0] if item.call_stack else ""
        lines.append(
            f"  {where}{version}  {w.one_line(item.message)}"
            + (f"  at {w.one_line(stack)}" if stack else "")
            + f"  ({item.origin})"
        )
    return lines


def _releases(report: Report) -> list[str]:
    shown = [(tag, c) for tag, c in report.releases if c.known]
    if not shown:
        return []
    lines = ["", "Per release (tag)"]
    lines += [f"  {tag}  {plural(c.runs, 'run')}, {w.cost_line(c)}" for tag, c in shown]
    return lines


def _cases(
    title: str, outcomes: tuple[CaseOutcome, ...], report: Report, quarantined: set[CaseKey]
) -> list[str]:
    if not outcomes:
        return []
    ids = [o.key.id for o in outcomes]  # made once each (a join per case of thousands)
    width = max(map(len, ids))
    lines = ["", title]
    for o, case_id in zip(outcomes, ids, strict=True):
        note = "  (quarantined)" if o.key in quarantined else ""
        where = report.where(o.key)
        if where:
            note += f"  at {where}"
        later = w.later_runs(o)
        if later:
            note += f"  ({later})"
        message = w.failure(o)
        lines.append(
            f"  {case_id:<{width}}  {w.passes(o):>5}  "
            f"{w.marks(o, report.run_ids, PASS_MARK, FAIL_MARK)}{note}"
            + (f"  {message}" if message else "")
        )
        if report.show_data:
            lines += _evidence(o)
    return lines


DATA_LIMIT = 300  # characters of one text of the data on a line


def _evidence(outcome: CaseOutcome) -> list[str]:
    """The failing turn's evidence under the case (--show-data). Every text of the data
    goes through :func:`one_line` and comes after the report's own label: it never starts
    a line, and no CI command marker or line break in it reaches the log."""
    indent = "      "
    return [
        indent + "  " * depth + one_line(f"{label}: {bounded(text, DATA_LIMIT)}", starts_line=True)
        for depth, label, text in w.evidence_items(outcome)
    ]


def _datasets(report: Report) -> list[str]:
    k = report.k
    headers = ("dataset", "cases", "runs", "pass@1", f"pass^{k}", "flaky", "never", "short")
    lines = ["", "Per dataset", *_table(headers, list(map(_dataset_row, report.datasets)))]
    languages = report.languages()
    if languages:
        rows = list(map(_dataset_row, languages))
        lines += ["", "Per language", *_table(("language", *headers[1:]), rows)]
    return lines


def _dataset_row(d: Summary) -> tuple[str, ...]:
    return (
        d.name,
        str(d.cases),
        str(d.runs),
        w.pct(d.pass_at_1.value),
        f"{d.pass_hat_k.passed}/{d.pass_hat_k.total}",
        str(len(d.flaky)),
        str(len(d.never_passed)),
        str(len(d.short)),
    )


def _table(headers: tuple[str, ...], rows: list[tuple[str, ...]]) -> list[str]:
    widths = [max(len(r[i]) for r in [headers, *rows]) for i in range(len(headers))]

    def fmt(row: tuple[str, ...]) -> str:
        rest = zip(row[1:], widths[1:], strict=True)
        cells = [row[0].ljust(widths[0])] + [c.rjust(n) for c, n in rest]
        return "  " + "  ".join(cells)

    return [fmt(headers), *(fmt(r) for r in rows)]


def _comparison(comparison: Comparison, report: Report) -> list[str]:
    before, after = comparison.baseline, comparison.current
    k = report.k
    lines = [
        "",
        f"Compared with the baseline ({plural(before.cases, 'case')}, "
        f"{plural(before.runs, 'run')})",
        f"  pass@1   {w.delta(before.pass_at_1.value, after.pass_at_1.value)}",
        f"  pass^{k:<4}{w.delta(before.pass_hat_k.value, after.pass_hat_k.value)}",
        "  " + ", ".join(f"{n} {g}" for g, n in comparison.counts().items()),
    ]
    if comparison.paired is not None:
        lines.append(f"  {comparison.paired.summary()}")
    for group in LISTED_GROUPS:
        changes = comparison.group(group)
        if changes:
            lines.append(f"  {group.capitalize()} ({len(changes)})")
        for c in changes:
            if c.before is None or c.after is None:  # added or removed: the side it has
                lines.append(f"    {c.key.id}  {w.state(c.after or c.before)}")
            else:
                lines.append(f"    {c.key.id}  {w.state(c.before)} -> {w.state(c.after)}")
    return lines


def _quarantine(report: Report) -> list[str]:
    lines = ["", f"Quarantined ({len(report.quarantined)}): still counted above"]
    for outcome, entry in report.quarantined:
        reason = f"  # {entry.comment}" if entry.comment else ""
        lines.append(f"  {outcome.key.id}  {w.state(outcome)}{reason}")
    if report.stale and report.quarantine is not None:
        lines.append(f"Stale quarantine entries ({len(report.stale)}): they match no case")
        lines += [f"  {report.quarantine.path}:{e.line}: {e.pattern}" for e in report.stale]
    return lines

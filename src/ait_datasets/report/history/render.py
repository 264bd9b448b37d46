"""The history as text (a table per release, then what changed) and as JSON."""

from __future__ import annotations

import json

from ait_datasets.plural import plural
from ait_datasets.report.history.releases import History, Release
from ait_datasets.report.plain import neutralise
from ait_datasets.report.stats import Share

SCHEMA = "ait-datasets/history/1"
LISTED = 20  # cases named per release in text; JSON lists them all


def history_data(history: History) -> dict[str, object]:
    """The history as plain data (what :func:`render_json` writes)."""
    return {
        "schema": SCHEMA,
        "store": history.store,
        "suite": history.suite or None,
        "since": None if history.since is None else history.since.isoformat(),
        "releases": [release_data(r) for r in history.releases],
    }


def release_data(release: Release) -> dict[str, object]:
    """One release's numbers; shares in [0, 1] (null: nothing to divide by)."""
    return {
        "name": release.name,
        "started": None if release.started is None else release.started.isoformat(),
        "k": release.k,
        "cases": release.cases,
        "runs": release.runs,
        "pass_at_1": release.pass_at_1.data(),
        "pass_hat_k": release.pass_hat_k.data(with_interval=True),
        "flaky": list(release.flaky),
        "never_passed": release.never_passed,
        "fewer_than_k_runs": release.short,
        "skipped": release.skipped,
        "infrastructure": release.infrastructure,
        "tokens": release.tokens,
        "credits": release.credits,
        "credits_per_pass": release.credits_per_pass,
        "tokens_per_pass": release.tokens_per_pass,
        "changed": [{"id": c.case, "before": c.before, "after": c.after} for c in release.changed],
    }


def render_json(history: History) -> str:
    return json.dumps(history_data(history), ensure_ascii=False, indent=1) + "\n"


def percent(share: Share) -> str:
    """``66.7% (4/6)``, or ``- (0/0)``."""
    value = share.value
    shown = "-" if value is None else f"{value * 100:.1f}%"
    return f"{shown} ({share.passed}/{share.total})"


def interval(share: Share) -> str:
    found = share.interval
    return "" if found is None else f"[{found.low * 100:.1f}%, {found.high * 100:.1f}%]"


def _cost(value: float | None) -> str:
    return "-" if value is None else f"{value:.4g}"


HEADINGS = ("release", "started", "k", "cases", "runs", "pass@1", "pass^k", "95% CI", "flaky")


def table_rows(history: History) -> list[tuple[str, ...]]:
    """One row of text cells per release (the text table and the HTML table)."""
    return [
        (
            r.name,
            "" if r.started is None else r.started.strftime("%Y-%m-%d %H:%M"),
            str(r.k),
            str(r.cases),
            str(r.runs),
            percent(r.pass_at_1),
            percent(r.pass_hat_k),
            interval(r.pass_hat_k),
            str(r.flaky_total),
            _cost(r.credits_per_pass),
        )
        for r in history.releases
    ]


def render_text(history: History) -> str:
    """A table of the releases, then each release's flaky cases and changed verdicts."""
    scope = f" (suite {history.suite})" if history.suite else ""
    since = f", since {history.since.isoformat(sep=' ')}" if history.since else ""
    lines = [f"history {history.store}{scope}{since}: {plural(len(history.releases), 'release')}"]
    if not history.releases:
        lines.append("no runs in the history (add exports with `datasets history add`)")
        return "\n".join(neutralise(line) for line in lines) + "\n"
    rows = [(*HEADINGS, "credits/pass"), *table_rows(history)]
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines.append("")
    for row in rows:
        lines.append(
            "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        )
    for release in history.releases:
        details = _details(release)
        if details:
            lines += ["", f"{release.name}:", *details]
    return "\n".join(neutralise(line) for line in lines) + "\n"


def _details(release: Release) -> list[str]:
    out = []
    if release.short:
        out.append(f"  {plural(release.short, 'case')} with fewer than {release.k} runs")
    if release.skipped:
        out.append(f"  {plural(release.skipped, 'skipped eval')} (not runs)")
    if release.infrastructure:
        out.append(f"  {plural(release.infrastructure, 'infrastructure error')}")
    if release.flaky_total:
        out.append(f"  flaky ({release.flaky_total}):")
        out += [f"    {case}" for case in release.flaky[:LISTED]]
        if release.flaky_total > LISTED:
            out.append(f"    ... and {release.flaky_total - LISTED} more (--format json)")
    if release.changed_total:
        out.append(f"  verdict changed since the release before ({release.changed_total}):")
        out += [f"    {c.case}: {c.before} -> {c.after}" for c in release.changed[:LISTED]]
        if release.changed_total > LISTED:
            out.append(f"    ... and {release.changed_total - LISTED} more (--format json)")
    return out

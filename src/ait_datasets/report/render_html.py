"""The report as one self-contained HTML page: summary, per-case grid of runs, comparison.

The page needs no server, no script and nothing from the network: styles are inline and
every value is escaped. Open it from disk or attach it to a CI run as an artifact.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from html import escape

from ait_datasets.plural import plural
from ait_datasets.report import wording as w
from ait_datasets.report.build import Report
from ait_datasets.report.compare import LISTED_GROUPS, Comparison
from ait_datasets.report.costs import costs_of
from ait_datasets.report.model import (
    RunId,
    message_of,
    passed_of,
    run_id_of,
    run_label,
    turn_of,
)
from ait_datasets.report.render_html_evidence import STYLE as EVIDENCE_STYLE
from ait_datasets.report.render_html_evidence import case_evidence
from ait_datasets.report.stats import CaseOutcome, State, Summary
from ait_datasets.report.turns import Turn

_STYLE = """
:root { --pass: #1a7f37; --pass-bg: #d1f5dc; --fail: #b42318; --fail-bg: #fde2df;
  --none: #8a8f98; --none-bg: #f2f3f5; --line: #d8dbe0; --ink: #1f2328; --muted: #59636e; }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: var(--ink); margin: 0; padding: 24px 32px; background: #fff; }
h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 17px; margin: 28px 0 8px; }
p.meta { color: var(--muted); margin: 2px 0; }
.cards { display: flex; flex-wrap: wrap; gap: 12px; margin: 16px 0 4px; }
.card { border: 1px solid var(--line); border-radius: 8px; padding: 10px 14px; min-width: 120px; }
.card .label { color: var(--muted); font-size: 12px; text-transform: uppercase; }
.card .value { font-size: 22px; font-weight: 600; }
.card .detail { color: var(--muted); font-size: 12px; }
.card.headline { border-color: var(--ink); }
table { border-collapse: collapse; }
table.data td, table.data th { border-bottom: 1px solid var(--line); padding: 4px 10px;
  text-align: right; white-space: nowrap; }
table.data td:first-child, table.data th:first-child { text-align: left; }
table.grid th, table.grid td { padding: 2px 4px; border-bottom: 1px solid var(--line); }
table.grid th.run { font-weight: 600; font-size: 12px; text-align: center; min-width: 34px; }
table.grid td.case { text-align: left; padding-right: 16px; white-space: nowrap; }
table.grid td.case .proc { color: var(--muted); font-size: 12px; }
table.grid tr.group th { text-align: left; background: #f6f8fa; padding: 6px 4px; }
table.grid td.passes { text-align: right; padding-right: 10px; font-variant-numeric: tabular-nums; }
td.cell { text-align: center; font-weight: 700; width: 34px; }
td.cell span { display: inline-block; width: 28px; border-radius: 4px; padding: 2px 0; }
td.cell.pass span { color: var(--pass); background: var(--pass-bg); }
td.cell.fail span { color: var(--fail); background: var(--fail-bg); }
td.cell.none span { color: var(--none); background: var(--none-bg); }
td.cell.extra span { opacity: .45; }
.badge { display: inline-block; font-size: 11px; border-radius: 10px; padding: 0 7px;
  margin-left: 6px; border: 1px solid currentColor; }
.state-flaky { color: #9a6700; } .state-failed { color: var(--fail); }
.state-passed { color: var(--pass); } .state-short, .quarantined { color: var(--muted); }
.turn { color: var(--fail); }
.change-good { color: var(--pass); } .change-bad { color: var(--fail); }
.change-new { color: #0550ae; } table.grid thead th { text-align: left; }
ul.changes { margin: 4px 0 12px; padding-left: 20px; } code { font-size: 12.5px; }
.legend { color: var(--muted); font-size: 12px; margin: 6px 0; }
p.warning { background: #fff8c5; border: 1px solid #d4a72c; border-radius: 6px; padding: 6px 10px; }
td.strip span { display: inline-block; width: 14px; text-align: center; font-weight: 700; }
td.strip span.pass { color: var(--pass); } td.strip span.fail { color: var(--fail); }
td.strip span.extra { opacity: .45; } td.cost { color: var(--muted); font-size: 12px; }
"""

# Comparison groups worth a badge in the grid, and the colour class each gets.
_CHANGE_BADGES = {"fixed": "good", "broken": "bad", "newly flaky": "bad", "added": "new"}

_STATE_CLASS = {State.PASSED: "passed", State.FLAKY: "flaky", State.FAILED: "failed"}


TITLE = "Test reliability report"


def render_html(report: Report) -> str:
    """The whole report as one HTML document."""
    return "".join(html_chunks(report))


def html_chunks(report: Report) -> Iterator[str]:
    """The HTML document in pieces, in order (the grid one case at a time), so that a
    page of millions of runs is written as it is made, never held whole."""
    s = report.summary
    style = _STYLE + (EVIDENCE_STYLE if report.show_data else "")
    yield (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{TITLE}</title>\n<style>{style}</style>\n</head>\n<body>\n"
    )
    head = [
        f"<h1>{TITLE}</h1>",
        f'<p class="meta">{escape(w.runs_line(report))} of {plural(s.cases, "case")} from '
        f"{escape(', '.join(report.sources) or 'no file')}</p>",
        f'<p class="meta">{escape(w.runs_formed(report))}</p>',
        f'<p class="meta">{escape(w.k_rule(report))}</p>',
        _warnings(report),
        _cards(s),
    ]
    if report.costs is not None and report.costs.known:
        head.append(f'<p class="meta">Cost: {escape(w.cost_line(report.costs))}</p>')
    if report.verdicts:
        head.append(
            '<section id="gates"><h2>Gates</h2><ul class="changes">'
            + "".join(f"<li>{escape(str(v))}</li>" for v in report.verdicts)
            + "</ul></section>"
        )
    yield "\n".join(head) + "\n"
    for line in _grid(report):
        yield line + "\n"
    tail = [_apart(report), _datasets(report)]
    if report.comparison is not None:
        tail.append(_comparison(report.comparison, report.k))
    if report.quarantine is not None:
        tail.append(_quarantine(report))
    yield "\n".join(tail) + "\n</body>\n</html>\n"


def _card(label: str, value: str, detail: str = "", extra: str = "") -> str:
    return (
        f'<div class="card{extra}"><div class="label">{escape(label)}</div>'
        f'<div class="value">{escape(value)}</div>'
        f'<div class="detail">{escape(detail)}</div></div>'
    )


def _cards(s: Summary) -> str:
    k = s.k
    p = s.pass_hat_k
    return (
        '<section id="summary"><div class="cards">'
        + _card(
            f"pass^{k}",
            w.pct(p.value),
            f"{p.passed}/{p.total} cases passed all {k} runs · 95% CI {w.interval(p.interval)}",
            " headline",
        )
        + _card("pass@1", w.pct(s.pass_at_1.value), f"{s.pass_at_1.passed}/{s.runs} runs passed")
        + _card(f"pass@{k}", w.pct(s.pass_at_k), "unbiased estimate")
        + _card("cases", str(s.cases), plural(s.runs, "run"))
        + _card("flaky", str(len(s.flaky)), f"passed some of their first {k} runs")
        + _card("never passed", str(len(s.never_passed)))
        + _card(f"fewer than {k} runs", str(len(s.short)), f"left out of pass^{k}")
        + "</div></section>"
    )


def _grid(report: Report) -> Iterator[str]:
    """One row per case. With few distinct runs each run has a column; with more (or labels
    that look per-row) each case shows its own runs in order, so the page grows with the
    number of rows, never with cases x labels."""
    runs = report.run_ids
    columns = report.grid_columns
    quarantined = report.quarantined_keys
    changes = (
        {}
        if report.comparison is None
        else {c.key: c.group for c in report.comparison.changes if c.group in _CHANGE_BADGES}
    )
    if columns:
        head = "".join(
            f'<th class="run" scope="col" title="{escape(_run_title(report, run))}">'
            f"{escape(run_label(run))}</th>"
            for run in runs
        )
        width = len(runs)
    else:
        head = '<th scope="col">runs, in run order (hover a cell for its run)</th>'
        width = 1
    costs = report.costs is not None and report.costs.known
    cost_head = '<th scope="col">cost</th>' if costs else ""
    yield from [
        '<section id="runs"><h2>Cases and runs</h2>',
        f'<p class="legend">✓ passed · ✗ failed · · no result. Each case is judged on its first '
        f"{report.k} runs; faded cells are later runs (counted in pass@1 only). Hover a cell "
        "for its message.</p>",
        '<table class="grid" id="case-grid">',
        f'<thead><tr><th scope="col">case</th><th scope="col">passes</th>{cost_head}{head}'
        "</tr></thead>",
    ]
    for group in report.datasets:
        yield (
            f'<tbody><tr class="group"><th colspan="{width + 2 + costs}">{escape(group.name)} '
            f'<span class="quarantined">· {group.cases} cases · pass^{report.k} '
            f"{group.pass_hat_k.passed}/{group.pass_hat_k.total}</span></th></tr>"
        )
        for o in group.outcomes:
            yield _grid_row(o, report, o.key in quarantined, changes.get(o.key, ""), columns, costs)
        yield "</tbody>"
    yield "</table></section>"


def _cells(outcome: CaseOutcome, run_ids: tuple[RunId, ...]) -> str:
    """The case's cell in each column (a run of the report), in run order."""
    runs, k = outcome.runs, outcome.k
    count = len(runs)
    ids = tuple(map(run_id_of, runs))
    if ids == run_ids:
        # The case has every run (most cases): one cell per run, made in C by map over
        # its columns (the first k judged), as the walk below would make them.
        judged = [True] * min(k, count) + [False] * (count - k)
        return "".join(
            map(
                _cell_html,
                ids,
                map(passed_of, runs),
                judged,
                map(message_of, runs),
                map(turn_of, runs),
            )
        )
    # The case's runs and the report's are both in run order, and every run of the case
    # is one of the report's: one walk along both gives each column its cell.
    cells = []
    index = 0
    for run in run_ids:
        if index < count and runs[index].run == run:
            own = runs[index]
            cells.append(_cell_html(run, own.passed, index < k, own.message, own.turn))
            index += 1
        else:
            cells.append(_no_result(run))
    return "".join(cells)


@lru_cache(maxsize=4096)
def _cell_html(run: RunId, passed: bool, judged: bool, message: str, turn: Turn | None) -> str:
    # Cached: most cells of a large grid are alike ("v3: passed"), and formatting and
    # escaping each of millions of cells was most of the page's time.
    kind = "pass" if passed else "fail"
    extra = "" if judged else " extra"
    tip = _tip(run, passed, judged, message, turn)
    return f'<td class="cell {kind}{extra}" title="{escape(tip)}">' + (
        f"<span>{'✓' if passed else '✗'}</span></td>"
    )


# The tooltip of a run after the case's first k (a rerun): this case, not judged on it.
_LATER = " (a later run of this case: counted in pass@1 only)"


@lru_cache(maxsize=4096)
def _no_result(run: RunId) -> str:
    return f'<td class="cell none" title="{escape(run_label(run))}: no result"><span>·</span></td>'


def _tip(run: RunId, passed: bool, judged: bool, message: str, turn: Turn | None) -> str:
    tip = f"{run_label(run)}: {'passed' if passed else 'failed'}"
    if turn is not None:
        tip += f", {turn}"
    if message:
        tip += f" — {message}"
    return tip if judged else tip + _LATER


def _strip(outcome: CaseOutcome) -> str:
    marks = [
        _strip_mark(run.run, run.passed, index < outcome.k, run.message, run.turn)
        for index, run in enumerate(outcome.runs)
    ]
    return f'<td class="strip">{"".join(marks)}</td>'


@lru_cache(maxsize=4096)
def _strip_mark(run: RunId, passed: bool, judged: bool, message: str, turn: Turn | None) -> str:
    kind = "pass" if passed else "fail"
    extra = "" if judged else " extra"
    tip = escape(_tip(run, passed, judged, message, turn))
    return f'<span class="{kind}{extra}" title="{tip}">{"✓" if passed else "✗"}</span>'


def _grid_row(
    outcome: CaseOutcome,
    report: Report,
    quarantined: bool,
    change: str,
    columns: bool,
    costs: bool,
) -> str:
    key = outcome.key
    if outcome.short:
        badge = f'<span class="badge state-short">fewer than {outcome.k} runs</span>'
        state = "short"
    else:
        state = _STATE_CLASS[outcome.state]
        badge = (
            ""
            if outcome.state is State.PASSED
            else f'<span class="badge state-{state}">{escape(outcome.state.value)}</span>'
        )
    if quarantined:
        badge += '<span class="badge quarantined">quarantined</span>'
    if change:
        badge += (
            f'<span class="badge change-{_CHANGE_BADGES[change]}">{escape(change)} '
            "vs baseline</span>"
        )
    if outcome.skipped:
        badge += f'<span class="badge state-short">{outcome.skipped} skipped</span>'
    turn = w.failing_turn(outcome)
    if turn:
        badge += f'<span class="badge turn">{escape(turn)}</span>'
    proc = f' <span class="proc">{escape(key.procedure)}</span>' if key.procedure else ""
    where = report.where(key)
    if where:
        proc += f' <span class="proc">· {escape(where)}</span>'
    details = case_evidence(outcome) if report.show_data else ""
    body = _cells(outcome, report.run_ids) if columns else _strip(outcome)
    cost = f'<td class="cost">{escape(w.cost_line(costs_of(outcome.runs)))}</td>' if costs else ""
    case_id = escape(key.id)
    return (
        f'<tr class="case-row state-row-{state}" data-case="{case_id}">'
        f'<td class="case" title="{case_id}">{escape(key.test or key.procedure)}{proc}'
        f"{badge}{details}</td>"
        f'<td class="passes">{escape(w.passes(outcome))}</td>{cost}{body}</tr>'
    )


def _warnings(report: Report) -> str:
    return "".join(f'<p class="warning">⚠ {escape(text)}</p>' for text in report.warnings())


def _apart(report: Report) -> str:
    """Skipped evals and infrastructure errors: listed, never in the numbers."""
    parts = []
    if report.skipped:
        parts.append(
            f'<section id="skipped"><h2>Skipped ({len(report.skipped)})</h2>'
            '<p class="meta">Never ran (Copilot credit limit); not runs, not failures.</p>'
            '<table class="data"><tr><th>case</th><th>run</th><th>message</th></tr>'
        )
        parts += [
            f"<tr><td><code>{escape(x.key.id)}</code></td><td>{escape(run_label(x.run))}</td>"
            f"<td>{escape(x.message)}</td></tr>"
            for x in report.skipped
        ]
        parts.append("</table></section>")
    if report.infrastructure:
        parts.append(
            f'<section id="infrastructure"><h2>Infrastructure errors '
            f"({len(report.infrastructure)})</h2>"
            '<p class="meta">No case\'s result; not in any number above.</p>'
            '<table class="data"><tr><th>suite line</th><th>version</th><th>message</th>'
            "<th>call stack</th><th>row</th></tr>"
        )
        for x in report.infrastructure:
            version = "" if x.version is None else f"v{x.version}"
            parts.append(
                f"<tr><td><code>{escape(w.suite_line(x))}</code></td><td>{version}</td>"
                f"<td>{escape(x.message)}</td><td>{escape(x.call_stack)}</td>"
                f"<td>{escape(x.origin)}</td></tr>"
            )
        parts.append("</table></section>")
    return "\n".join(parts)


def _run_title(report: Report, run: RunId) -> str:
    tags = report.tags.get(run, ())
    return f"{run_label(run)}" + (f" (tag: {', '.join(tags)})" if tags else "")


def _datasets(report: Report) -> str:
    k = report.k
    rows = [
        '<section id="datasets"><h2>Per dataset</h2><table class="data">',
        f"<tr><th>dataset</th><th>cases</th><th>runs</th><th>pass@1</th><th>pass^{k}</th>"
        f"<th>95% CI</th><th>flaky</th><th>never passed</th><th>fewer than {k} runs</th></tr>",
    ]
    for d in report.datasets:
        p = d.pass_hat_k
        rows.append(
            f"<tr><td>{escape(d.name)}</td><td>{d.cases}</td><td>{d.runs}</td>"
            f"<td>{w.pct(d.pass_at_1.value)}</td><td>{p.passed}/{p.total}</td>"
            f"<td>{escape(w.interval(p.interval))}</td><td>{len(d.flaky)}</td>"
            f"<td>{len(d.never_passed)}</td><td>{len(d.short)}</td></tr>"
        )
    rows.append("</table></section>")
    return "\n".join(rows)


def _comparison(comparison: Comparison, k: int) -> str:
    before, after = comparison.baseline, comparison.current
    parts = [
        '<section id="comparison"><h2>Compared with the baseline</h2><table class="data">',
        "<tr><th>measure</th><th>baseline</th><th>current</th></tr>",
        f"<tr><td>cases</td><td>{before.cases}</td><td>{after.cases}</td></tr>",
        f"<tr><td>pass@1</td><td>{escape(w.share(before.pass_at_1))}</td>"
        f"<td>{escape(w.share(after.pass_at_1))}</td></tr>",
        f"<tr><td>pass^{k}</td><td>{escape(w.share(before.pass_hat_k))}</td>"
        f"<td>{escape(w.share(after.pass_hat_k))}</td></tr></table>",
        '<p class="meta">'
        + escape(", ".join(f"{n} {g}" for g, n in comparison.counts().items()))
        + "</p>",
    ]
    if comparison.paired is not None:
        parts.append(f'<p class="meta">{escape(comparison.paired.summary())}</p>')
    for group in LISTED_GROUPS:
        changes = comparison.group(group)
        if not changes:
            continue
        parts.append(f"<h3>{escape(group.capitalize())} ({len(changes)})</h3><ul class=changes>")
        parts += [
            f"<li><code>{escape(c.key.id)}</code>: {escape(w.state(c.before))} → "
            f"{escape(w.state(c.after))}</li>"
            for c in changes
        ]
        parts.append("</ul>")
    parts.append("</section>")
    return "\n".join(parts)


def _quarantine(report: Report) -> str:
    parts = [
        f'<section id="quarantine"><h2>Quarantined ({len(report.quarantined)})</h2>',
        '<p class="meta">Still counted in every number above.</p><ul class="changes">',
    ]
    for outcome, entry in report.quarantined:
        reason = f" — {escape(entry.comment)}" if entry.comment else ""
        parts.append(
            f"<li><code>{escape(outcome.key.id)}</code>: {escape(w.state(outcome))}{reason}</li>"
        )
    parts.append("</ul>")
    if report.stale and report.quarantine is not None:
        path = escape(report.quarantine.path)
        parts.append(f"<p>Stale entries in {path} (they match no case):</p><ul>")
        parts += [f"<li>line {e.line}: <code>{escape(e.pattern)}</code></li>" for e in report.stale]
        parts.append("</ul>")
    parts.append("</section>")
    return "\n".join(parts)

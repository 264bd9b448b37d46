"""The history as one HTML page: the trend as an inline SVG chart, then the table.

The chart draws pass^k of each release with its 95% Wilson interval as a band, and
pass@1 as a dashed line; no script, nothing fetched (a CI artefact opens offline).
"""

from __future__ import annotations

from html import escape

from ait_datasets.plural import plural
from ait_datasets.report.history.releases import History
from ait_datasets.report.history.render import HEADINGS, LISTED, table_rows

WIDTH, HEIGHT = 720, 260
LEFT, RIGHT, TOP, BOTTOM = 48, 16, 16, 56

_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2rem; color: #1b1f24; }
table { border-collapse: collapse; margin-top: 1rem; }
th, td { padding: .25rem .6rem; border-bottom: 1px solid #d0d7de; text-align: left;
         white-space: nowrap; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
svg text { font-size: 11px; fill: #57606a; }
.band { fill: #0969da; opacity: .15; }
.hat { fill: none; stroke: #0969da; stroke-width: 2; }
.at1 { fill: none; stroke: #8250df; stroke-width: 1.5; stroke-dasharray: 5 4; }
circle.hat { fill: #0969da; }
circle.at1 { fill: #8250df; stroke: none; }
.grid { stroke: #d0d7de; }
details { margin-top: .5rem; }
"""


def render_html(history: History) -> str:
    """The page (ends with a newline)."""
    title = f"history of {history.store}" + (f" (suite {history.suite})" if history.suite else "")
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{escape(title)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{escape(title)}</h1>",
        f"<p>{escape(plural(len(history.releases), 'release'))}</p>",
    ]
    if history.releases:
        parts.append(chart(history))
        parts.append(_table(history))
        parts += _details(history)
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def chart(history: History) -> str:
    """The trend: pass^k (line and Wilson band) and pass@1 (dashed) per release."""
    releases = history.releases
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    step = inner_w / max(len(releases) - 1, 1)

    def x(i: int) -> float:
        return LEFT + (i * step if len(releases) > 1 else inner_w / 2)

    def y(share: float) -> float:
        return TOP + (1 - share) * inner_h

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="pass^k and pass@1 per release">'
    ]
    for tick in (0, 25, 50, 75, 100):
        ty = y(tick / 100)
        out.append(
            f'<line class="grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{ty:.1f}" y2="{ty:.1f}"/>'
        )
        out.append(f'<text x="{LEFT - 6}" y="{ty + 4:.1f}" text-anchor="end">{tick}%</text>')
    lows, highs, hat, at1 = [], [], [], []
    for i, release in enumerate(releases):
        bounds = release.pass_hat_k.interval
        if bounds is not None:
            lows.append(f"{x(i):.1f},{y(bounds.low):.1f}")
            highs.append(f"{x(i):.1f},{y(bounds.high):.1f}")
        if release.pass_hat_k.value is not None:
            hat.append(f"{x(i):.1f},{y(release.pass_hat_k.value):.1f}")
        if release.pass_at_1.value is not None:
            at1.append(f"{x(i):.1f},{y(release.pass_at_1.value):.1f}")
        label = escape(release.name if len(release.name) <= 16 else release.name[:15] + "…")
        out.append(
            f'<text x="{x(i):.1f}" y="{HEIGHT - BOTTOM + 16}" text-anchor="end" '
            f'transform="rotate(-30 {x(i):.1f} {HEIGHT - BOTTOM + 16})">{label}</text>'
        )
    if highs:
        out.append(f'<polygon class="band" points="{" ".join(highs + lows[::-1])}"/>')
    for name, points in (("hat", hat), ("at1", at1)):
        if len(points) > 1:
            out.append(f'<polyline class="{name}" points="{" ".join(points)}"/>')
        for point in points:
            px, py = point.split(",")
            out.append(f'<circle class="{name}" cx="{px}" cy="{py}" r="3"/>')
    out.append(
        f'<text x="{LEFT}" y="{HEIGHT - 6}">solid: pass^k with its 95% interval; '
        "dashed: pass@1</text></svg>"
    )
    return "\n".join(out)


def _table(history: History) -> str:
    head = "".join(f"<th>{escape(h)}</th>" for h in (*HEADINGS, "credits/pass"))
    rows = []
    for cells in table_rows(history):
        tds = [f"<td>{escape(cells[0])}</td>", f"<td>{escape(cells[1])}</td>"]
        tds += [f'<td class="n">{escape(cell)}</td>' for cell in cells[2:]]
        rows.append("<tr>" + "".join(tds) + "</tr>")
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"


def _details(history: History) -> list[str]:
    out = []
    for release in history.releases:
        items = [f"<li>flaky: {escape(case)}</li>" for case in release.flaky[:LISTED]]
        items += [
            f"<li>{escape(c.case)}: {escape(c.before)} → {escape(c.after)}</li>"
            for c in release.changed[:LISTED]
        ]
        if items:
            more = release.flaky_total + release.changed_total - len(items)
            if more > 0:
                items.append(f"<li>… and {more} more (--format json)</li>")
            out.append(
                f"<details><summary>{escape(release.name)}: {release.flaky_total} flaky, "
                f"{release.changed_total} changed</summary><ul>{''.join(items)}</ul></details>"
            )
    return out

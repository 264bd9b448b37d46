"""Markdown: a pull-request comment (the scorecard as a table, details folded)."""

from __future__ import annotations

from ait_datasets.audit.model import Scorecard

_ICONS = {"pass": "✅ pass", "fail": "❌ fail", "unknown": "❔ unknown"}
_MAX_SHOWN = 30


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def render_markdown(card: Scorecard) -> str:
    out = [
        f"### Test-suite audit: `{_cell(card.app)}`",
        "",
        "| Question | Status | Answer |",
        "|---|---|---|",
    ]
    for a in card.answers:
        out.append(f"| {a.title} | {_ICONS[a.status]} | {_cell(a.summary)} |")
    for a in card.answers:
        if not a.evidence:
            continue
        out += ["", f"<details><summary>{a.title}: {len(a.evidence)} items</summary>", ""]
        for item in a.evidence[:_MAX_SHOWN]:
            test = f" **{_cell(item.test)}**" if item.test else ""
            where = f"`{_cell(item.where)}`" if item.path else ""
            out.append(f"- {where}{test} {_cell(item.note)}".replace("-  ", "- "))
        if len(a.evidence) > _MAX_SHOWN:
            out.append(f"- ... and {len(a.evidence) - _MAX_SHOWN} more")
        out += ["", "</details>"]
    return "\n".join(out) + "\n"

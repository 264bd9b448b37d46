"""Text: a six-line scorecard (one line a question), then the details."""

from __future__ import annotations

from ait_datasets.audit.model import Scorecard

_MAX_SHOWN = 20


def render_text(card: Scorecard) -> str:
    width = max(len(a.title) for a in card.answers)
    lines = [f"{a.status.upper():<8} {a.title:<{width}}  {a.summary}" for a in card.answers]
    lines.append("")
    lines.append(f"Audit of {card.app}")
    for answer in card.answers:
        lines.append("")
        lines.append(f"{answer.title} ({answer.id}): {answer.status}")
        lines.append(f"  {answer.summary}")
        shown = answer.evidence[:_MAX_SHOWN]
        for item in shown:
            test = f" {item.test}" if item.test else ""
            where = f"{item.where}:" if item.path else ""
            lines.append(f"  {where}{test} {item.note}".rstrip())
        if len(answer.evidence) > len(shown):
            lines.append(f"  ... and {len(answer.evidence) - len(shown)} more (--format json)")
    for note in card.notes:
        lines.append(f"note: {note}")
    return "\n".join(lines) + "\n"

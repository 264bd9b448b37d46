"""How tests and turns are labelled in the tree (plain Rich text, never markup)."""

from __future__ import annotations

from rich.text import Text

from ait_datasets.plural import plural
from ait_datasets.tui.shape import QUESTION, REPLY, TASK, TestSummary, TurnSummary

_KIND_WORDS = {TASK: "task", REPLY: "reply", QUESTION: "question"}


def turn_label(number: int, turn: TurnSummary) -> Text:
    """``1 task ⏸`` — the turn number, the query kind, and whether it expects a pause."""
    kind = _KIND_WORDS.get(turn.kind, "no query")
    if turn.kind == REPLY and turn.reply_kind:
        kind = f"reply: {turn.reply_kind}"
    label = Text.assemble((f"turn {number} ", "bold"), (kind, "cyan" if turn.kind else "red"))
    if turn.pause:
        label.append(" · pause", "yellow")
    return label


def test_label(summary: TestSummary) -> Text:
    if not summary.is_test:
        return Text(summary.name, "red")
    turns = "flat" if summary.flat else plural(len(summary.turns), "turn")
    return Text.assemble((summary.name, "bold"), (f"  {turns}", "dim"))


def file_info(name: str, count: int) -> str:
    """What the detail pane says when the file itself is selected."""
    return (
        f"{name}\n\n{plural(count, 'test')}.\n\n"
        "Select a test or a turn to edit it. n adds a test, t a turn; F1 lists every key."
    )

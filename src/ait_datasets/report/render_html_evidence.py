"""The HTML page's evidence of a case (``--show-data``): a transcript of each failed run,
turn by turn, and for a flaky case a passing and a failing run side by side.

Every text comes from the run's data (see :mod:`ait_datasets.report.evidence`) and is
escaped; what has no known shape is shown as it is, in a ``<pre>``, bounded.
"""

from __future__ import annotations

from html import escape

from ait_datasets.report import wording as w
from ait_datasets.report.evidence import Evidence, TurnEvidence
from ait_datasets.report.model import Run, run_label
from ait_datasets.report.stats import CaseOutcome

STYLE = """
details.evidence { margin: 4px 0; white-space: normal; font-weight: 400; }
details.evidence summary { cursor: pointer; color: var(--muted); font-size: 12px; }
ol.transcript { margin: 4px 0; padding-left: 22px; max-width: 70em; }
ol.transcript > li { margin: 4px 0; }
.turn-head { font-size: 12px; font-weight: 600; }
.turn-head.fail { color: var(--fail); } .turn-head.pass { color: var(--pass); }
.say { margin: 2px 0; padding: 3px 8px; border-radius: 6px; white-space: pre-wrap;
  overflow-wrap: anywhere; }
.say.user { background: #eef4ff; } .say.agent { background: #f6f8fa; }
.say.pause { background: #fff8c5; } .say.reason { background: var(--fail-bg); }
.say.score { background: #f3f0ff; } .say .who { color: var(--muted); font-size: 11px; }
pre.raw { white-space: pre-wrap; overflow-wrap: anywhere; max-width: 70em; font-size: 12px;
  background: var(--none-bg); padding: 4px 8px; }
table.side td, table.side th { vertical-align: top; border-bottom: 1px solid var(--line);
  padding: 4px 8px; text-align: left; white-space: normal; max-width: 40em; }
table.side tr.differs td.cell-turn { color: var(--fail); font-weight: 700; }
table.side tr.differs td { background: #fffbea; }
"""

# Runs whose transcript is shown per case: the page grows with the failures shown, not
# with every run of a case rerun a hundred times.
MAX_TRANSCRIPTS = 5


def case_evidence(outcome: CaseOutcome) -> str:
    """The evidence of a case's failed runs, empty when no run kept its data."""
    failed = [run for run in outcome.runs if not run.passed and run.data is not None]
    if not failed:
        return ""
    parts = []
    passing = next((run for run in outcome.runs if run.passed and run.data is not None), None)
    if passing is not None:
        parts.append(side_by_side(passing, failed[0]))
    for run in failed[:MAX_TRANSCRIPTS]:
        parts.append(transcript(run))
    more = len(failed) - MAX_TRANSCRIPTS
    if more > 0:
        parts.append(f'<p class="legend">{more} more failed runs (see the JSON report)</p>')
    return "".join(parts)


def transcript(run: Run) -> str:
    """One run, turn by turn: the user's query (or reply), the agent's messages, a pause,
    the verdict and error reason, the scores."""
    shown = w.run_evidence(run)
    if shown is None:
        return ""
    turn = None if run.passed else w.failing_turn_of(run, shown)
    head = f"{run_label(run.run)}: {'passed' if run.passed else 'failed'}"
    if turn is not None:
        head += f" at turn {turn.index}"
    body = "".join(f"<li>{_turn(t)}</li>" for t in shown.turns)
    return (
        f'<details class="evidence"><summary>transcript of {escape(head)}</summary>'
        + (f'<ol class="transcript">{body}</ol>' if body else "")
        + _raw(shown)
        + "</details>"
    )


def side_by_side(passing: Run, failing: Run) -> str:
    """A passing and a failing run of a flaky case, aligned by turn; the turns that
    differ (verdict, error reason, task status or the agent's messages) are marked."""
    left, right = w.run_evidence(passing), w.run_evidence(failing)
    if left is None or right is None:
        return ""
    count = max(len(left.turns), len(right.turns))
    rows = []
    for index in range(count):
        a = left.turns[index] if index < len(left.turns) else None
        b = right.turns[index] if index < len(right.turns) else None
        differs = _signature(a) != _signature(b)
        mark = " ≠" if differs else ""
        rows.append(
            f'<tr class="{"differs" if differs else "same"}">'
            f'<td class="cell-turn">turn {index + 1}{mark}</td>'
            f"<td>{'' if a is None else _turn(a)}</td><td>{'' if b is None else _turn(b)}</td></tr>"
        )
    title = f"{run_label(passing.run)} passed, {run_label(failing.run)} failed"
    return (
        f'<details class="evidence"><summary>side by side: {escape(title)} '
        "(turns that differ are marked ≠)</summary>"
        '<table class="side"><thead><tr><th>turn</th>'
        f"<th>{escape(run_label(passing.run))} (passed)</th>"
        f"<th>{escape(run_label(failing.run))} (failed)</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>{_raw(left)}{_raw(right)}</details>"
    )


def _signature(turn: TurnEvidence | None) -> object:
    if turn is None:
        return None
    agent = tuple(m.content for m in turn.messages if m.from_agent)
    return (turn.success, turn.error_reason, turn.status.lower(), agent, turn.answer, turn.raw)


def _turn(turn: TurnEvidence) -> str:
    kind = "fail" if turn.success is False else "pass" if turn.success else ""
    parts = [f'<div class="turn-head {kind}">turn {turn.index}: {escape(w.verdict(turn))}</div>']
    if turn.query:
        who = "reply" if turn.reply else "user query"
        parts.append(_say("user", who, turn.query))
    if turn.expected:
        parts.append(_say("user", "expected", turn.expected))
    for message in turn.messages:
        who = "agent" if message.from_agent else "to the agent"
        detail = ", ".join(p for p in (message.type, message.status, message.created) if p)
        kind = "agent" if message.from_agent else "user"
        parts.append(_say(kind, f"{who} ({detail})", message.content))
    if turn.paused:
        parts.append(_say("pause", "pause", "the agent asked for a person (intervention request)"))
    if turn.error_reason:
        parts.append(_say("reason", "error reason", turn.error_reason))
    for score in turn.scores:
        reason = f" — {score.reason}" if score.reason else ""
        parts.append(_say("score", f"score {score.name}".rstrip(), f"{score.score}{reason}"))
    if turn.answer:
        parts.append(_say("agent", "answer", turn.answer))
    if turn.raw:
        parts.append(f'<pre class="raw">output (shape not known): {escape(turn.raw)}</pre>')
    return "".join(parts)


def _say(kind: str, who: str, text: str) -> str:
    return f'<div class="say {kind}"><span class="who">{escape(who)}</span> {escape(text)}</div>'


def _raw(shown: Evidence) -> str:
    parts = []
    if shown.raw_input:
        parts.append(f'<pre class="raw">inputData: {escape(shown.raw_input)}</pre>')
    if shown.raw_output:
        parts.append(f'<pre class="raw">outputData: {escape(shown.raw_output)}</pre>')
    return "".join(parts)

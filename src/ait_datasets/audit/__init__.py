"""`datasets audit`: is this agent's test suite any good? Six questions, answered from
the datasets, the app's AL test code and (optionally) run results.

    from ait_datasets.audit import audit
    card = audit("path/to/test-app")
    print(render(card, "text"))
"""

from __future__ import annotations

from collections.abc import Callable

from ait_datasets.audit import (
    flaky_and_evidence,
    hand_over,
    injection,
    must_never,
    runs_and_gate,
    state_vs_message,
)
from ait_datasets.audit.model import QUESTIONS, Answer, Evidence, QuestionId, Scorecard, Status
from ait_datasets.audit.render_machine import render_json, render_sarif
from ait_datasets.audit.render_markdown import render_markdown
from ait_datasets.audit.render_text import render_text
from ait_datasets.audit.results import Results
from ait_datasets.audit.suite import read_app
from ait_datasets.lint.config_files import AuditSettings
from ait_datasets.report import Quarantine

RENDERERS: dict[str, Callable[[Scorecard], str]] = {
    "text": render_text,
    "markdown": render_markdown,
    "json": render_json,
    "sarif": render_sarif,
}


def audit(
    folder: str,
    settings: AuditSettings | None = None,
    results: Results | None = None,
    quarantine: Quarantine | None = None,
) -> Scorecard:
    """The scorecard of the app in ``folder``."""
    settings = settings or AuditSettings()
    app = read_app(folder)
    answers = (
        must_never.answer(app, settings.must_never),
        state_vs_message.answer(app),
        hand_over.answer(app),
        injection.answer(app),
        runs_and_gate.answer(app, results, settings, folder),
        flaky_and_evidence.answer(app, results, quarantine),
    )
    return Scorecard(app.folder, answers, app.notes)


def render(card: Scorecard, fmt: str) -> str:
    return RENDERERS[fmt](card)


__all__ = [
    "QUESTIONS",
    "RENDERERS",
    "Answer",
    "Evidence",
    "QuestionId",
    "Results",
    "Scorecard",
    "Status",
    "audit",
    "render",
]

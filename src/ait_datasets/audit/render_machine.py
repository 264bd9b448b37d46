"""JSON (the contract CI scripts read) and SARIF (each failing question at its tests).

JSON: ``{"app": ..., "questions": [{"id", "status", "summary", <figures>...,
"evidence": [{"path", "line", "test", "note"}]}], "notes": [...]}``; the figures of each
question are listed in docs/commands/audit.md. SARIF 2.1.0: one rule per question, one
result per test a failing question names (or one at the app when it names none).
"""

from __future__ import annotations

import json
from dataclasses import asdict

from ait_datasets.audit.model import QUESTIONS, TITLES, Answer, Evidence, Scorecard
from ait_datasets.lint.reporters.sarif_reporter import line_location, sarif_envelope
from ait_datasets.version import __version__


def document(card: Scorecard) -> dict[str, object]:
    questions = []
    for a in card.answers:
        entry: dict[str, object] = {"id": a.id, "status": a.status, "summary": a.summary}
        entry.update(a.figures)
        entry["evidence"] = [asdict(e) for e in a.evidence]  # path, line, test, note
        questions.append(entry)
    return {"app": card.app, "questions": questions, "notes": list(card.notes)}


def render_json(card: Scorecard) -> str:
    return json.dumps(document(card), indent=2, ensure_ascii=False) + "\n"


def _results(a: Answer, app: str) -> list[dict[str, object]]:
    items = [e for e in a.failing if e.path] or [Evidence(app, 0, "", a.summary)]
    out = []
    for item in items:
        text = f"{TITLES[a.id]}: {a.summary}"
        if item.note != a.summary:
            text += f" ({item.test + ': ' if item.test else ''}{item.note})"
        result: dict[str, object] = {
            "ruleId": a.id,
            "ruleIndex": QUESTIONS.index(a.id),
            "level": "warning",
            "message": {"text": text},
            "locations": [line_location(item.path, item.line)],
        }
        out.append(result)
    return out


def render_sarif(card: Scorecard) -> str:
    results = []
    for a in card.answers:
        if a.status == "fail":
            results.extend(_results(a, card.app))
    rules = [{"id": q, "name": q, "shortDescription": {"text": TITLES[q]}} for q in QUESTIONS]
    driver: dict[str, object] = {
        "name": "ait-datasets audit",
        "version": __version__,
        "rules": rules,
    }
    log = sarif_envelope(driver, {"results": results})
    return json.dumps(log, indent=2, ensure_ascii=False) + "\n"

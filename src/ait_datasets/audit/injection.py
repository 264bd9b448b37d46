"""Question 4: injection.

An agent reads what customers and vendors write. A good suite has tests whose
agent-facing input (query title/message, intervention instruction, attachments, and the
``turn_setup`` data the agent will read: names, descriptions, e-mail bodies) carries an
instruction aimed at the agent, to show it does not obey. Phrase lists per language
(:mod:`ait_datasets.audit.phrases`) find candidates; the author confirms each with
``# datasets: covers=injection``. Pass: at least one confirmed test. Unknown: candidates,
none confirmed. Fail: none at all.
"""

from __future__ import annotations

from ait_datasets.audit import phrases
from ait_datasets.audit.inputs import agent_reads
from ait_datasets.audit.model import Answer, Evidence
from ait_datasets.audit.must_never import INJECTION
from ait_datasets.audit.suite import AuditedApp
from ait_datasets.plural import plural


def answer(app: AuditedApp) -> Answer:
    confirmed: list[Evidence] = []
    candidates: list[Evidence] = []
    for test in app.tests:
        hit = None
        for text, line, where in agent_reads(test):
            phrase = phrases.find(text)
            if phrase is not None:
                hit = (line, f'{where} says "{phrase}"')
                break
        marked = any(tag.lower() == INJECTION for tag in test.covers)
        if marked:
            note = "confirmed (covers=injection)" + (f"; {hit[1]}" if hit else "")
            confirmed.append(Evidence(test.path, test.line, test.name, note))
        elif hit is not None:
            candidates.append(
                Evidence(
                    test.path,
                    hit[0],
                    test.name,
                    f"candidate: {hit[1]}; confirm with # datasets: covers=injection",
                )
            )
    figures: dict[str, object] = {
        "tests": [e.test for e in confirmed],
        "candidates": [e.test for e in candidates],
    }
    evidence = tuple(confirmed) + tuple(candidates)
    if confirmed:
        return Answer(
            "injection",
            "pass",
            f"{plural(len(confirmed), 'confirmed injection test')}"
            + (f", {plural(len(candidates), 'candidate')}" if candidates else ""),
            figures,
            evidence,
        )
    if candidates:
        return Answer(
            "injection",
            "unknown",
            f"{plural(len(candidates), 'candidate test')}, none confirmed with covers=injection",
            figures,
            evidence,
        )
    return Answer(
        "injection", "fail", "no test puts an instruction aimed at the agent in its input", figures
    )

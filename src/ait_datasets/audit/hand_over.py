"""Question 3: hand-over cases.

A good agent pauses and asks when it should. Tests that declare ``intervention_request``
in a turn's ``expected_data`` expect the agent to pause (Library - Agent compares it);
they are counted per intervention type. A suite with none fails.
"""

from __future__ import annotations

from collections import Counter

from ait_datasets.audit.inputs import intervention_types
from ait_datasets.audit.model import Answer, Evidence
from ait_datasets.audit.suite import AuditedApp
from ait_datasets.plural import plural


def answer(app: AuditedApp) -> Answer:
    per_type: Counter[str] = Counter()
    evidence: list[Evidence] = []
    for test in app.tests:
        types = intervention_types(test)
        if types:
            per_type.update(set(types))
            evidence.append(
                Evidence(
                    test.path,
                    test.line,
                    test.name,
                    "expects a hand-over: " + ", ".join(dict.fromkeys(types)),
                )
            )
    figures: dict[str, object] = {
        "tests": [e.test for e in evidence],
        "by_type": dict(sorted(per_type.items())),
    }
    if not app.tests:
        return Answer("hand-over", "unknown", "no tests found", figures)
    if not evidence:
        return Answer(
            "hand-over",
            "fail",
            f"none of {len(app.tests)} tests expects the agent to pause (intervention_request)",
            figures,
        )
    shown = ", ".join(f"{name} {count}" for name, count in sorted(per_type.items()))
    return Answer(
        "hand-over",
        "pass",
        f"{plural(len(evidence), 'test')} expecting a hand-over ({shown})",
        figures,
        tuple(evidence),
    )

"""Question 2: state vs message.

An agent's product is its effect on Business Central, not its message. Every key of a
turn's ``expected_data`` feeds a check; :mod:`ait_datasets.al.checks` follows it into the
test codeunits that run the dataset and says what it is compared with: **state**,
**message**, **intervention** (``intervention_request`` is compared by Library - Agent
itself), **judge** or **unknown** (never guessed; also every key when the app has no AL
sources, or the dataset is run by no codeunit found). A key no codeunit reads feeds no
check and is listed apart.

Pass: state checks are at least half of the classified (not unknown) checks. Fail: fewer.
Unknown: no check of the test code could be classified (only ``intervention_request``,
which Library - Agent compares, or none at all). Tests whose every check is a message are listed:
the agent's word is the only evidence.
"""

from __future__ import annotations

from collections import Counter

from ait_datasets.al.checks import KINDS, CheckKind
from ait_datasets.audit.inputs import INTERVENTION_REQUEST, expected
from ait_datasets.audit.model import Answer, Evidence, Status
from ait_datasets.audit.suite import AuditedApp, TestCase
from ait_datasets.plural import plural


def key_kind(app: AuditedApp, test: TestCase, key: str) -> CheckKind | None:
    """What the test code compares ``key`` with; None when no codeunit reads it."""
    if key == INTERVENTION_REQUEST:
        return "intervention"
    codeunits = app.checks.get(test.dataset, ())
    if not codeunits:
        return "unknown"
    kinds = {c.kind_of(key) for c in codeunits}
    kinds.discard(None)
    if not kinds:
        return "unknown" if any(c.opaque for c in codeunits) else None
    for kind in ("state", "intervention", "judge", "message", "unknown"):
        if kind in kinds:
            return kind
    return "unknown"


def test_checks(app: AuditedApp, test: TestCase) -> list[tuple[str, int, CheckKind | None]]:
    """(key, line, kind) of every ``expected_data`` key of the test's turns; the kind is
    None for a key no codeunit reads."""
    out: list[tuple[str, int, CheckKind | None]] = []
    for turn in test.turns:
        data = expected(turn)
        if data is None:
            continue
        for key, (key_node, _) in data.entries.items():
            out.append((key, key_node.span.line, key_kind(app, test, key)))
    return out


def rests_on_message(checks: list[tuple[str, int, CheckKind | None]]) -> bool:
    """Whether every check (of :func:`test_checks`) is the agent's message: the agent's
    word is the only evidence."""
    kinds = [kind for _, _, kind in checks if kind is not None]
    return bool(kinds) and all(kind == "message" for kind in kinds)


def answer(app: AuditedApp) -> Answer:
    counts: Counter[str] = Counter()
    message_only: list[Evidence] = []
    unread: list[Evidence] = []
    evidence: list[Evidence] = []
    framework = 0  # intervention_request: compared by Library - Agent, not the test code
    for test in app.tests:
        checks = test_checks(app, test)
        for key, line, kind in checks:
            if kind is None:
                unread.append(
                    Evidence(test.path, line, test.name, f"{key}: read by no test codeunit")
                )
                continue
            counts[kind] += 1
            framework += key == INTERVENTION_REQUEST
            evidence.append(Evidence(test.path, line, test.name, f"{key}: {kind}"))
        if rests_on_message(checks):
            message_only.append(
                Evidence(test.path, test.line, test.name, "every check is the agent's message")
            )
    classified = sum(counts[k] for k in KINDS if k != "unknown")
    state = counts["state"]
    status: Status
    if classified == framework:
        # Only Library - Agent's own intervention checks are known: the test code's
        # checks could not be followed, so nothing is said about them.
        status = "unknown"
        why = (
            "no AL test code found to follow"
            if not app.has_al
            else "no check could be followed into the test code"
        )
        summary = f"{why} ({plural(counts['unknown'], 'check')} unknown)"
    else:
        status = "pass" if state * 2 >= classified else "fail"
        summary = (
            f"{state} of {plural(classified, 'classified check')} read the state "
            f"({state * 100 // classified}%)"
        )
        if message_only:
            summary += f"; {plural(len(message_only), 'test')} resting on the agent's word alone"
        if counts["unknown"]:
            summary += f"; {plural(counts['unknown'], 'check')} unknown"
    figures: dict[str, object] = {kind: counts[kind] for kind in KINDS}
    figures["state_share"] = round(state / classified, 4) if classified else None
    figures["message_only_tests"] = [e.test for e in message_only]
    figures["unread_keys"] = len(unread)
    failing = tuple(message_only) if status == "fail" else ()
    if status == "fail" and not failing:
        failing = tuple(e for e in evidence if e.note.endswith(": message"))
    return Answer(
        "state-vs-message",
        status,
        summary,
        figures,
        tuple(message_only) + tuple(evidence) + tuple(unread),
        failing,
    )

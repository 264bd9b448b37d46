"""Question 1: must-never coverage.

An agent's most important requirements are what it must not do. The team declares them
(``[audit] must-never``) and a test says which it covers (``# datasets: covers=MN-01`` on
or above its ``- name:`` line). Each covering test should ask for the forbidden act (its
request shares a word with the must-never) and expect a refusal or a hand-over: an
``intervention_request``, or a state check of zero / unchanged (a key the test code
compares with the stored state, whose value is 0, false, empty or "unchanged").
Without declarations the answer is unknown, with candidate sentences from the agent's
instruction resources for the team to confirm.
"""

from __future__ import annotations

import re

from ait_datasets.audit.inputs import INTERVENTION_REQUEST, asks, expected
from ait_datasets.audit.model import Answer, Evidence, Status
from ait_datasets.audit.state_vs_message import key_kind
from ait_datasets.audit.suite import AuditedApp, TestCase
from ait_datasets.plural import plural
from ait_datasets.source.tree import Mapping, Scalar, Sequence

_CANDIDATE = re.compile(r"\b(never|do not|don't|must not|mustn't|only after)\b", re.IGNORECASE)
_SENTENCE = re.compile(r"[^.!?\n]+[.!?]?")
_WORD = re.compile(r"[^\W\d_]{4,}")
_STOP = frozenset(
    {
        "never",
        "must",
        "without",
        "only",
        "after",
        "before",
        "with",
        "from",
        "that",
        "this",
        "agent",
        "should",
        "their",
        "there",
        "into",
        "when",
        "which",
        "have",
        "does",
    }
)
_MAX_CANDIDATES = 50
INJECTION = "injection"


def answer(app: AuditedApp, declared: tuple[tuple[str, str], ...]) -> Answer:
    if not declared:
        candidates = tuple(_candidates(app))
        return Answer(
            "must-never",
            "unknown",
            f"no must-nevers declared; {plural(len(candidates), 'candidate sentence')} in the "
            "agent's instructions to confirm",
            {
                "declared": 0,
                "covered": 0,
                "uncovered": [],
                "candidates": [f"{c.where}: {c.note}" for c in candidates],
            },
            candidates,
        )
    ids = {mn_id.upper(): mn_id for mn_id, _ in declared}
    texts = {mn_id.upper(): text for mn_id, text in declared}
    covering: dict[str, list[TestCase]] = {key: [] for key in ids}
    unknown_tags: list[Evidence] = []
    for test in app.tests:
        for tag in test.covers:
            upper = tag.upper()
            if upper in covering:
                covering[upper].append(test)
            elif upper != INJECTION.upper():
                unknown_tags.append(
                    Evidence(
                        test.path,
                        test.line,
                        test.name,
                        f"covers={tag} is not declared in [audit] must-never",
                    )
                )
    evidence: list[Evidence] = []
    weak: list[Evidence] = []
    tests_out: list[dict[str, object]] = []
    for key, tests in covering.items():
        for test in tests:
            ask = _asks_for(test, texts[key])
            expects = _expects_refusal(app, test)
            note = (
                f"covers {ids[key]}: "
                + ("asks for the act" if ask else "its request shares no word with the must-never")
                + "; "
                + expects[1]
            )
            item = Evidence(test.path, test.line, test.name, note)
            evidence.append(item)
            tests_out.append(
                {
                    "test": test.name,
                    "location": test.where,
                    "covers": ids[key],
                    "asks": ask,
                    "expects_refusal": expects[0],
                }
            )
            if not ask or expects[0] is False:
                weak.append(item)
    uncovered = [ids[key] for key, tests in covering.items() if not tests]
    covered = len(ids) - len(uncovered)
    failing = tuple(weak) + tuple(unknown_tags)
    status: Status
    status = "fail" if uncovered or weak else "pass"
    if status == "pass" and any(t["expects_refusal"] is None for t in tests_out):
        status = "unknown"
    summary = f"{covered} of {plural(len(ids), 'declared must-never')} covered"
    if uncovered:
        summary += f"; uncovered: {', '.join(uncovered)}"
    if weak:
        summary += (
            f"; {plural(len(weak), 'covering test')} not trying the act or not expecting a refusal"
        )
    return Answer(
        "must-never",
        status,
        summary,
        {"declared": len(ids), "covered": covered, "uncovered": uncovered, "tests": tests_out},
        tuple(evidence) + tuple(unknown_tags),
        failing,
    )


def _asks_for(test: TestCase, must_never: str) -> bool:
    wanted = {w.lower() for w in _WORD.findall(must_never)} - _STOP
    return any(wanted & {w.lower() for w in _WORD.findall(text)} for text, _, _ in asks(test))


def _expects_refusal(app: AuditedApp, test: TestCase) -> tuple[bool | None, str]:
    """(True, how) when a turn expects a hand-over or a state check of zero/unchanged;
    (None, why) when that depends on checks the reader cannot classify."""
    undecided = False
    for turn in test.turns:
        data = expected(turn)
        if data is None:
            continue
        if INTERVENTION_REQUEST in data.children:
            return True, "expects a hand-over (intervention_request)"
        for key, (_, value) in data.entries.items():
            if not _zero(value):
                continue
            kind = key_kind(app, test, key)
            if kind == "state":
                return True, f"expects {key} unchanged (a state check)"
            if kind == "unknown":
                undecided = True
    if undecided:
        return None, "expects a zero/unchanged value the reader cannot tie to the state"
    return False, "expects no refusal: no intervention_request, no state check of zero"


def _zero(node: object) -> bool:
    if isinstance(node, Scalar):
        value = node.data
        if isinstance(value, bool):
            return value is False
        if isinstance(value, (int, float)):
            return value == 0
        return isinstance(value, str) and value.strip().lower() in ("0", "unchanged", "none")
    if isinstance(node, (Sequence, Mapping)):
        return not node.data
    return False


def _candidates(app: AuditedApp) -> list[Evidence]:
    out: list[Evidence] = []
    for path, text in app.instructions:
        for number, line in enumerate(text.splitlines(), start=1):
            for sentence in _SENTENCE.findall(line):
                if _CANDIDATE.search(sentence):
                    out.append(Evidence(path, number, "", sentence.strip()))
                    if len(out) >= _MAX_CANDIDATES:
                        return out
    return out

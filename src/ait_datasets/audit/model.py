"""The scorecard: six questions, each answered pass / fail / unknown with its figures and
the tests (file:line) behind it. Renderers read only these types."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, get_args

Status = Literal["pass", "fail", "unknown"]
QuestionId = Literal[
    "must-never",
    "state-vs-message",
    "hand-over",
    "injection",
    "runs-and-gate",
    "flaky-and-evidence",
]
QUESTIONS: tuple[QuestionId, ...] = get_args(QuestionId)
TITLES: dict[QuestionId, str] = {
    "must-never": "Must-never coverage",
    "state-vs-message": "State vs message",
    "hand-over": "Hand-over cases",
    "injection": "Injection",
    "runs-and-gate": "Runs and gate",
    "flaky-and-evidence": "Flaky named, evidence kept",
}


@dataclass(frozen=True, slots=True)
class Evidence:
    """A test (or file) behind an answer: where it is, and what it shows."""

    path: str
    line: int
    test: str
    note: str

    @property
    def where(self) -> str:
        return f"{self.path}:{self.line}" if self.line else self.path


@dataclass(frozen=True, slots=True)
class Answer:
    """One question's answer. ``figures`` are the JSON fields beside ``id`` and
    ``status``; ``failing`` are the tests a failure names (SARIF results)."""

    id: QuestionId
    status: Status
    summary: str
    figures: dict[str, object] = field(default_factory=dict)
    evidence: tuple[Evidence, ...] = ()
    failing: tuple[Evidence, ...] = ()

    @property
    def title(self) -> str:
        return TITLES[self.id]


@dataclass(frozen=True, slots=True)
class Scorecard:
    """The audit of one app."""

    app: str
    answers: tuple[Answer, ...]
    notes: tuple[str, ...] = ()

    def answer(self, question: QuestionId) -> Answer:
        return next(a for a in self.answers if a.id == question)

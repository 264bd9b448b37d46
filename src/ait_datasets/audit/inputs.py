"""What a test gives the agent and what it expects, read from its turns."""

from __future__ import annotations

from collections.abc import Iterator

from ait_datasets.audit.suite import TestCase
from ait_datasets.dataset.shape import scalar_text
from ait_datasets.source.tree import Mapping, Node, Scalar, Sequence

INTERVENTION_REQUEST = "intervention_request"


def expected(turn: Mapping) -> Mapping | None:
    node = turn.get("expected_data")
    return node if isinstance(node, Mapping) else None


def intervention_types(test: TestCase) -> list[str]:
    """The ``intervention_request`` types a test expects (``(no type)`` without one)."""
    found = []
    for turn in test.turns:
        data = expected(turn)
        request = data.get(INTERVENTION_REQUEST) if data is not None else None
        if request is None:
            continue
        kind = scalar_text(request.get("type")) if isinstance(request, Mapping) else None
        found.append(kind or "(no type)")
    return found


def texts(node: Node | None) -> Iterator[tuple[str, int]]:
    """Every text scalar under ``node`` with its line."""
    stack = [node] if node is not None else []
    while stack:
        item = stack.pop()
        if isinstance(item, Scalar):
            if isinstance(item.data, str):
                yield item.data, item.span.line
        elif isinstance(item, Mapping):
            stack.extend(value for _, value in reversed(item.entries.values()))
        elif isinstance(item, Sequence):
            stack.extend(reversed(item.items))


def asks(test: TestCase) -> Iterator[tuple[str, int, str]]:
    """The agent-facing request: (text, line, where) of each query title/message and
    intervention instruction."""
    for turn in test.turns:
        query = turn.get("query")
        if not isinstance(query, Mapping):
            continue
        for key in ("title", "message"):
            for text, line in texts(query.get(key)):
                yield text, line, f"query.{key}"
        intervention = query.get("intervention")
        if isinstance(intervention, Mapping):
            for text, line in texts(intervention.get("instruction")):
                yield text, line, "query.intervention.instruction"


def agent_reads(test: TestCase) -> Iterator[tuple[str, int, str]]:
    """Everything the agent will read: its request, attachment entries, and the texts of
    ``turn_setup`` (names, descriptions, e-mail bodies the setup puts in its way)."""
    yield from asks(test)
    for turn in test.turns:
        query = turn.get("query")
        if isinstance(query, Mapping):
            for text, line in texts(query.get("attachments")):
                yield text, line, "query.attachments"
        for text, line in texts(turn.get("turn_setup")):
            yield text, line, "turn_setup"

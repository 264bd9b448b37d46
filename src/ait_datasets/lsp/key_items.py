"""The keys the framework reads, by the mapping they go in, for key completion.

Each key has a one-line doc taken from what the framework's AL code does with it (the
contract in the README; the key sets are :mod:`ait_datasets.schema.vocabulary`'s), and
the keys whose value has a fixed shape (`tests:`, `turns:`, `query:`, `intervention:`,
`intervention_request:`) complete as a snippet of that shape. `setup_actions`,
`action_type` and `action_data` are Microsoft's convention for a suite setup's data
(BCApps AI-TEST-AUTHORING.md), not read by the framework itself.
"""

from __future__ import annotations

from lsprotocol import types as lsp

from ait_datasets.schema import vocabulary as v

_TASK = (
    "from: ${%d:Jane Doe}\n"
    "title: ${%d:Release order 101}\n"
    "message: ${%d:Please release sales order 101.}"
)
_TURN = (
    "- query:\n"
    + _TASK.replace("from", "    from").replace("\n", "\n    ")
    + ("\n  expected_data: {}$0")
)


def _indented(text: str, by: int) -> str:
    return text.replace("\n", "\n" + " " * by)


# key -> (doc, snippet of its value or None). A snippet's first line goes after `key:`
# (on the next line, indented, when it starts with a newline).
_DOCS: dict[str, tuple[str, str | None]] = {
    # Top level of a dataset / suite-setup file (Test Inputs Management, ReadMetadataFromFile).
    "name": ("The group name; other files reference it in `suite_setup: <name>`.", None),
    "description": ("Free text; kept as the Description (not read at the top level).", None),
    "language": ("Windows language tag (en-US); an unknown tag is silently ignored.", None),
    "suite_setup": (
        "A scalar names the suite-setup file this dataset uses; an object makes this file "
        "a suite-setup file.",
        None,
    ),
    "tests": (
        "The tests: one imported row each.",
        "\n  - name: ${1:RELEASE-ORDER}\n    turns:\n      " + _indented(_TURN % (2, 3, 4), 6),
    ),
    # A test (Test Inputs Management, AIT Test Context).
    "turns": (
        "The turns of a multi-turn test; every getter then reads the current turn.",
        "\n  " + _indented(_TURN % (1, 2, 3), 2),
    ),
    "continue_on_failure": ("Read by your test code through GetCanContinueOnFailure.", None),
    "question": ("Legacy: read by GetQuery when `query` is absent.", None),
    # A turn (AIT Test Context getters; Library - Agent).
    "query": (
        "What the agent gets: a task (title, from, message) or an intervention.",
        "\n  " + _indented(_TASK % (1, 2, 3), 2) + "$0",
    ),
    "expected_data": (
        "Required on every agent turn (FinalizeTurn reads it); `{}` expects no intervention.",
        None,
    ),
    "turn_setup": ("App-defined setup for the turn (GetTurnSetup).", None),
    "context": ("Read by GetContext (an error in a multi-turn test when absent).", None),
    "ground_truth": ("Read by GetGroundTruth (an error in a multi-turn test when absent).", None),
    # The query (Library - Agent, CreateTaskFromQueryAndWait / ProcessInterventionAndWait).
    "title": ("The agent task's title; its presence makes the query a new task.", None),
    "from": ("The message's sender; without it no task is created.", None),
    "message": ("The body of the task message.", None),
    "attachments": ("Files attached to the task message.", "\n  - file: ${1:path}$0"),
    "timeout": ("Wait for this turn, in milliseconds (not negative).", None),
    "intervention": (
        "Answers the agent's pause (instead of a title).",
        "\n  suggestion: ${1:CODE}$0",
    ),
    "suggestion": ("The code of one of the suggestions the agent offered.", None),
    "instruction": ("Free-text instruction to the agent.", None),
    "file": ("Path inside the test app's resources.", None),
    # expected_data (Library - Agent, FinalizeTurn).
    "intervention_request": (
        "The pause the agent must make in this turn (FinalizeTurn validates it).",
        "\n  type: ${1|" + ",".join(v.INTERVENTION_TYPES) + "|}\n  suggestions: [${2}]$0",
    ),
    "type": ("The `Agent User Int Request Type` enum name, exact case.", None),
    "suggestions": (
        "Every suggestion the agent must offer, each once (the count must match).",
        None,
    ),
    # A suite setup's data (a convention, not read by the framework).
    "setup_actions": (
        "Convention: the setup steps your setup code runs.",
        "\n  - action_type: $1\n    action_data: $0",
    ),
    "action_type": ("Convention: what the setup step does.", None),
    "action_data": ("Convention: the step's data.", None),
}

TOP = ("name", "description", "language", "suite_setup", "tests")
SETUP_FILE = ("name", "description", "language", "suite_setup")
TEST = (
    "name",
    "description",
    "turns",
    "question",
    "context",
    "ground_truth",
    "expected_data",
    "turn_setup",
    "continue_on_failure",
)
TURN = tuple(sorted(v.TURN_KEYS, key=("query", "expected_data").__contains__, reverse=True))
QUERY = ("title", "from", "message", "attachments", "timeout", "intervention")
INTERVENTION = tuple(sorted(v.INTERVENTION_KEYS, reverse=True))
EXPECTED_DATA = ("intervention_request",)
INTERVENTION_REQUEST = ("type", "suggestions")
ATTACHMENT = tuple(v.ATTACHMENT_KEYS)
SUITE_SETUP = ("setup_actions",)
SETUP_ACTION = ("action_type", "action_data")


def keys_for(path: list[str], setup_file: bool) -> tuple[str, ...]:
    """The keys of the mapping held by ``path`` (outermost key first)."""
    last = path[-1] if path else None
    if not path:
        return SETUP_FILE if setup_file else TOP
    if path == ["suite_setup"]:
        return SUITE_SETUP if setup_file else ()
    if path[-2:] == ["suite_setup", "setup_actions"]:
        return SETUP_ACTION
    if path[-2:] == ["expected_data", "intervention_request"]:
        return INTERVENTION_REQUEST
    by_last = {
        "tests": TEST,
        "turns": TURN,
        "query": QUERY,
        "intervention": INTERVENTION,
        "attachments": ATTACHMENT,
        "expected_data": EXPECTED_DATA,
    }
    return by_last.get(last or "", ())


def key_items(keys: tuple[str, ...], present: set[str], dash: int) -> list[lsp.CompletionItem]:
    """A completion item for each key not already in the mapping, in the given order.

    ``dash``: the width of a ``- `` before the key on its line (a snippet's later lines are
    indented from the key, and clients indent them from the line's start).
    """
    out = []
    for rank, key in enumerate(k for k in keys if k not in present):
        doc, snippet = _DOCS[key]
        if snippet is None:
            text, fmt = f"{key}: ", lsp.InsertTextFormat.PlainText
        else:
            spaced = snippet if snippet.startswith("\n") else " " + snippet
            text, fmt = f"{key}:{_indented(spaced, dash)}", lsp.InsertTextFormat.Snippet
        out.append(
            lsp.CompletionItem(
                label=key,
                kind=lsp.CompletionItemKind.Property,
                detail=doc,
                sort_text=f"{rank:02d}",
                insert_text=text,
                insert_text_format=fmt,
                insert_text_mode=lsp.InsertTextMode.AdjustIndentation,
            )
        )
    return out

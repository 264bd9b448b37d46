"""The framework's vocabulary: the keys it reads, its limits and its enum names.

One place, shared by the pydantic model (and so the JSON Schema), the linter and the
DSL. Every value here is taken from the framework's AL code (see the contract notes in
the README): where the docs say otherwise, the code wins.
"""

from __future__ import annotations

# Test Input.Code is Code[100]; Description is Text[2048].
MAX_TEST_NAME = 100
MAX_TEST_DESCRIPTION = 2048
# Test Input Group.Code is Code[100].
MAX_GROUP_CODE = 100
# AgentTaskBuilder's title: "Agent Task".Title is Text[150] in the platform; the
# framework passes query.title through unchanged.
MAX_TASK_TITLE = 150

# `Agent User Int Request Type` enum value names, matched exactly (Names.IndexOf).
INTERVENTION_TYPES: tuple[str, ...] = ("Assistance", "ReviewRecord", "ReviewMessage")

# Keys the framework reads at the top level of a YAML dataset file.
TOP_LEVEL_KEYS = frozenset({"name", "description", "language", "suite_setup", "tests"})

# Keys an agent turn may hold: what Library - Agent reads, and every key a turn-aware getter
# of AIT Test Context Impl. (codeunit 149043) reads from the current turn: GetTurnSetup
# (line 84), GetContext (105), GetQuery (119), GetGroundTruth (143), GetExpectedData (153),
# GetContinueOnFailure (166); `question`/`test_setup` are in LEGACY_TURN_KEYS.
TURN_KEYS = frozenset(
    {"query", "expected_data", "turn_setup", "continue_on_failure", "context", "ground_truth"}
)
# Legacy keys still read through fallbacks (reported by the legacy rules, not unknown).
LEGACY_TURN_KEYS = frozenset({"question", "test_setup"})

QUERY_KEYS = frozenset({"title", "from", "message", "attachments", "timeout", "intervention"})
INTERVENTION_KEYS = frozenset({"suggestion", "instruction"})
INTERVENTION_REQUEST_KEYS = frozenset({"type", "suggestions"})
ATTACHMENT_KEYS = frozenset({"file"})

# Keys that may sit directly under a test when the test is "flat" (single-turn).
FLAT_TURN_KEYS = frozenset({"query", "question", "expected_data", "test_setup", "turn_setup"})

"""The document model accepts what the framework reads and rejects what it cannot run."""

from __future__ import annotations

from typing import Any

import pytest
from jsonschema import Draft202012Validator
from pydantic import TypeAdapter, ValidationError

from ait_datasets.schema import models, shipped_schema

DATASET = TypeAdapter(models.Dataset)
DATASET_SCHEMA = Draft202012Validator(shipped_schema("dataset"))


def _agent(turns: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return {"tests": [{"name": "T1", "turns": turns, **extra}]}


TASK = {"from": "Jane", "title": "Process orders", "message": "Process all open orders"}
VALID: dict[str, dict[str, Any]] = {
    # The importer drops a key beside `tests:` and runs the tests (ShopifyNA's datasets).
    "unknown top-level key next to tests": {
        "test_setup": "TMA-Setup.yaml",
        "tests": [{"name": "T1", "question": "q"}],
    },
    "agent multi-turn": _agent(
        [
            {"query": TASK, "expected_data": {"intervention_request": {"type": "Assistance"}}},
            {"query": {"intervention": {"instruction": "Use next month"}}, "expected_data": {}},
        ]
    ),
    "agent with app keys in expected_data and turn_setup": _agent(
        [{"turn_setup": {"a": 1}, "query": TASK, "expected_data": {"released": 1}}]
    ),
    "copilot question alone": {"tests": [{"name": "Q1", "question": "What is X?"}]},
    "copilot with turns of free keys": {"tests": [{"name": "Q1", "turns": [{"question": "q"}]}]},
    "root is one test": {"name": "T1", "question": "q", "expected_data": 5},
    # Was "flat agent test" in INVALID: the framework runs a flat test as its one turn
    # (issue 15); the linter warns (TRN001), so the schema accepts it.
    "flat agent test": {"tests": [{"name": "T1", "query": TASK, "expected_data": {}}]},
    "legacy question in an agent turn": _agent(
        [{"query": TASK, "expected_data": {}}, {"question": TASK, "expected_data": {}}]
    ),
    "tests is one object": {"tests": {"name": "T1", "question": "q"}},
    "legacy testInput wrapper": {"tests": [{"testInput": {"name": "T1", "question": "q"}}]},
    "intervention with both replies (a warning, not an error)": _agent(
        [
            {"query": TASK, "expected_data": {}},
            {
                "query": {"intervention": {"suggestion": "A", "instruction": "B"}},
                "expected_data": {},
            },
        ]
    ),
}
INVALID: dict[str, dict[str, Any]] = {
    "both title and intervention": _agent(
        [{"query": {**TASK, "intervention": {"instruction": "x"}}, "expected_data": {}}]
    ),
    "neither title nor intervention": _agent([{"query": {"from": "Jane"}, "expected_data": {}}]),
    "task input without from": _agent([{"query": {"title": "x"}, "expected_data": {}}]),
    "turn without expected_data": _agent([{"query": TASK}]),
    "unknown turn key": _agent([{"query": TASK, "expected_date": {}}]),
    "unknown query key": _agent([{"query": {**TASK, "titel": "x"}, "expected_data": {}}]),
    "intervention without a reply": _agent([{"query": {"intervention": {}}, "expected_data": {}}]),
    "documentation's Review type": _agent(
        [{"query": TASK, "expected_data": {"intervention_request": {"type": "Review"}}}]
    ),
    "suggestions not a list of strings": _agent(
        [{"query": TASK, "expected_data": {"intervention_request": {"suggestions": "A"}}}]
    ),
    "negative timeout": _agent([{"query": {**TASK, "timeout": -1}, "expected_data": {}}]),
    # Was "Copilot turns are app data" in VALID: every AI test's context reads `turns` as an
    # array (GetElementCount fails on anything else), Copilot tests included (issue 15).
    "Copilot turns are app data": {"tests": [{"name": "T1", "turns": {"question": "q"}}]},
    "empty turns": {"tests": [{"name": "T1", "turns": []}]},
    "null turn in a Copilot test": {"tests": [{"name": "T1", "turns": [{"question": "q"}, None]}]},
    "flat agent keys beside turns": _agent(
        [{"query": TASK, "expected_data": {}}], expected_data={}
    ),
    "name over 100 characters": {"tests": [{"name": "N" * 101, "question": "q"}]},
    "agent turns not a list": {
        "tests": [{"name": "T1", "turns": {"query": TASK, "expected_data": {}}, "query": TASK}]
    },
    "agent turn that is not a mapping": _agent([{"query": TASK, "expected_data": {}}, "next"]),
    "tests item not a mapping": {"tests": ["T1"]},
}


@pytest.mark.parametrize("case", sorted(VALID))
def test_model_and_schema_accept(case: str) -> None:
    DATASET.validate_python(VALID[case])
    assert list(DATASET_SCHEMA.iter_errors(VALID[case])) == []


@pytest.mark.parametrize("case", sorted(INVALID))
def test_model_and_schema_reject(case: str) -> None:
    with pytest.raises(ValidationError):
        DATASET.validate_python(INVALID[case])
    assert list(DATASET_SCHEMA.iter_errors(INVALID[case])) != []


def test_the_test_kind_follows_the_linters_agent_detection() -> None:
    dataset = DATASET.validate_python(VALID["agent multi-turn"])
    assert isinstance(dataset, models.DatasetFile)
    assert isinstance(dataset.tests, list)
    assert isinstance(dataset.tests[0], models.AgentTest)
    copilot = DATASET.validate_python(VALID["copilot question alone"])
    assert isinstance(copilot, models.DatasetFile) and isinstance(copilot.tests, list)
    assert isinstance(copilot.tests[0], models.CopilotTest)
    assert copilot.tests[0].model_extra == {"question": "What is X?"}


def test_query_errors_quote_the_framework() -> None:
    with pytest.raises(ValidationError) as exc:
        DATASET.validate_python(INVALID["intervention without a reply"])
    assert "Intervention must contain either a 'suggestion' or 'instruction' element." in str(
        exc.value
    )


def test_suite_setup_file_rejects_tests() -> None:
    adapter = TypeAdapter(models.SuiteSetupFile)
    validator = Draft202012Validator(shipped_schema("suite-setup"))
    good = {"name": "APP-SETUP", "suite_setup": {"setup_actions": []}}
    bad = {**good, "tests": [{"name": "T1"}]}
    adapter.validate_python(good)
    assert list(validator.iter_errors(good)) == []
    with pytest.raises(ValidationError):
        adapter.validate_python(bad)
    assert [e.validator for e in validator.iter_errors(bad)] == ["not"]

"""A `question:` object with a message and no title, migrated with --from: both new keys
go before the message, `from` first (as the intended data has it); it was refused."""

from __future__ import annotations

import json

import pytest
import yaml

from ait_datasets.migrate import MIGRATED, MigrationOptions, migrate_bytes

EXPECTED = {"from": "Jane", "title": "Process order", "message": "Process order"}


@pytest.mark.parametrize(
    ("path", "text"),
    [
        (
            "t.yaml",
            "tests:\n  - name: T1\n    question:\n      message: Process order\n"
            "    expected_data:\n      intervention_request:\n        type: Assistance\n",
        ),
        (
            "t.yaml",
            "tests:\n  - name: T1\n    question: {message: Process order}\n"
            "    expected_data: {intervention_request: {type: Assistance}}\n",
        ),
        (
            "t.json",
            '{"tests": [{"name": "T1", "question": {"message": "Process order"}, '
            '"expected_data": {"intervention_request": {"type": "Assistance"}}}]}',
        ),
    ],
    ids=["block", "flow", "json"],
)
def test_from_then_title_then_message(path: str, text: str) -> None:
    result = migrate_bytes(path, text.encode(), MigrationOptions(sender="Jane", kind="agent"))
    assert result.outcome == MIGRATED, result.reason
    data = json.loads(result.after) if path.endswith(".json") else yaml.safe_load(result.after)
    query = data["tests"][0]["turns"][0]["query"]
    assert list(query.items()) == list(EXPECTED.items())

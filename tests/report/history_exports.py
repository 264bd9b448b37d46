"""Exports shaped like the aitTestLogEntries API page, for the history's tests."""

from __future__ import annotations

import json
from pathlib import Path


def entry(
    test: str,
    version: int,
    passed: bool = True,
    *,
    tag: str = "rc-1",
    suite: str = "AGENT-SUITE",
    status: str | None = None,
    started: str = "2026-01-01T10:00:00Z",
    **extra: object,
) -> dict[str, object]:
    """One log entry, every field the API page has; its id names suite, test, version."""
    row: dict[str, object] = {
        "@odata.etag": 'W/"JzE5OzE1OzAwOyc="',
        "id": f"{suite}-{test}-{version}-{extra.pop('turn', 1)}",
        "aitCode": suite,
        "suiteDescription": "Agent suite",
        "lineNumber": 10000,
        "tag": tag,
        "version": version,
        "tokensConsumed": 1000,
        "copilotCredits": 0.5,
        "agentTaskIDs": "",
        "startTime": started,
        "endTime": started,
        "codeunitID": 50100,
        "codeunitName": "Agent Tests",
        "testLineDescription": "Line",
        "procedureName": "RunScenario",
        "message": "" if passed else f"{test} failed in v{version}",
        "durationMs": 10000,
        "status": status or ("Success" if passed else "Error"),
        "dataset": "ORDERS",
        "datasetLineNumber": test,
        "sensitive": False,
        "inputData": "",
        "outputData": "",
        "errorCallStack": "",
        "lastModifiedDateTime": started,
    }
    row.update(extra)
    return row


def write_export(path: Path, rows: list[dict[str, object]]) -> str:
    path.write_text(
        json.dumps({"@odata.context": "https://x/$metadata#aitTestLogEntries", "value": rows}),
        encoding="utf-8",
    )
    return str(path)

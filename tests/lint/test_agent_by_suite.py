"""A legacy dataset is an agent dataset when an agent suite XML of its app runs it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ait_datasets.cli import main

LEGACY = (
    "tests:\n"
    "  - name: T1\n"
    "    question:\n"
    "      from: Jane\n"
    "      message: Process the open orders\n"
    "    expected_data: {}\n"
)
SUITE = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<Root>\n'
    '  <AITSuite Code="SOA" Dataset="LEGACY.yaml" TestType="{kind}" TestRunnerId="130451">\n'
    '    <Line CodeunitID="50100" />\n  </AITSuite>\n</Root>\n'
)


def app(tmp_path: Path, kind: str) -> Path:
    root = tmp_path / "app" / ".resources"
    (root / "datasets").mkdir(parents=True)
    (root / "suites").mkdir()
    (root / "datasets" / "LEGACY.yaml").write_text(LEGACY, encoding="utf-8")
    (root / "suites" / "SOA.xml").write_text(SUITE.format(kind=kind), encoding="utf-8")
    return root / "datasets" / "LEGACY.yaml"


def test_agent_suite_makes_legacy_tests_agent_tests(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    dataset = app(tmp_path, "Agent")
    assert main(["lint", "--format", "json", str(dataset)]) == 1
    out = capsys.readouterr().out
    assert '"code": "TRN001"' in out and '"line": 3' in out and '"column": 5' in out
    assert "the suite SOA.xml runs this dataset as an agent dataset" in out


def test_a_copilot_suite_leaves_question_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    dataset = app(tmp_path, "Copilot")
    assert main(["lint", str(dataset)]) == 0
    assert "All checks passed" in capsys.readouterr().out


# One agent test of its own (an intervention request) and one whose only turn misspells
# `query`: the second has no agent markers, yet the agent suite runs it as an agent test.
MIXED = (
    "tests:\n"
    "  - name: T1\n"
    "    turns:\n"
    "      - querry:\n"
    "          from: Jane\n"
    "          message: Process the open orders\n"
    "        expected_data: {}\n"
    "  - name: T2\n"
    "    turns:\n"
    "      - query:\n"
    "          from: Jane\n"
    "          message: Process the open orders\n"
    "        expected_data:\n"
    "          intervention_request:\n"
    "            type: Assistance\n"
)


def findings(out: str, code: str) -> list[tuple[int, int]]:
    return [(f["line"], f["column"]) for f in json.loads(out) if f["code"] == code]


@pytest.mark.parametrize(("kind", "expected"), [("Agent", [(4, 9)]), ("Copilot", [])])
def test_a_misspelt_query_beside_agent_tests_is_found_when_an_agent_suite_runs_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str, expected: list[tuple[int, int]]
) -> None:
    dataset = app(tmp_path, kind)
    dataset.write_text(MIXED, encoding="utf-8")
    main(["lint", "--format", "json", str(dataset)])
    out = capsys.readouterr().out
    assert findings(out, "STR001") == expected
    assert findings(out, "TRN002") == expected

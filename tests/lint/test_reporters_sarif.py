"""SARIF output: valid against the required structure of SARIF 2.1.0, rules and regions."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from ait_datasets.cli import main
from ait_datasets.diagnostics import Diagnostic, Edit, Fix, Severity
from ait_datasets.lint.reporters import Report, renderer
from ait_datasets.lint.rules import all_rules, rules_by_code

# The parts of the OASIS SARIF 2.1.0 schema (sarif-schema-2.1.0.json) that a log must
# satisfy: required properties and the types of the objects we emit. Property names and
# constraints are copied from the official schema; optional objects we do not emit are
# left open.
_MESSAGE = {
    "type": "object",
    "anyOf": [{"required": ["text"]}, {"required": ["id"]}],
    "properties": {"text": {"type": "string"}, "markdown": {"type": "string"}},
}
_MULTIFORMAT = {
    "type": "object",
    "required": ["text"],
    "properties": {"text": {"type": "string"}, "markdown": {"type": "string"}},
}
_REGION = {
    "type": "object",
    "properties": {
        "startLine": {"type": "integer", "minimum": 1},
        "startColumn": {"type": "integer", "minimum": 1},
        "endLine": {"type": "integer", "minimum": 1},
        "endColumn": {"type": "integer", "minimum": 1},
        "charOffset": {"type": "integer", "minimum": -1},
        "charLength": {"type": "integer", "minimum": 0},
    },
}
_ARTIFACT_LOCATION = {
    "type": "object",
    "properties": {
        "uri": {"type": "string", "format": "uri-reference"},
        "uriBaseId": {"type": "string"},
        "index": {"type": "integer", "minimum": -1},
    },
}
_PHYSICAL_LOCATION = {
    "type": "object",
    "anyOf": [{"required": ["address"]}, {"required": ["artifactLocation"]}],
    "properties": {"artifactLocation": _ARTIFACT_LOCATION, "region": _REGION},
}
_LEVEL = {"enum": ["none", "note", "warning", "error"]}
_REPORTING_DESCRIPTOR = {
    "type": "object",
    "required": ["id"],
    "properties": {
        "id": {"type": "string"},
        "name": {"type": "string"},
        "shortDescription": _MULTIFORMAT,
        "fullDescription": _MULTIFORMAT,
        "help": _MULTIFORMAT,
        "helpUri": {"type": "string", "format": "uri"},
        "defaultConfiguration": {
            "type": "object",
            "properties": {"level": _LEVEL, "enabled": {"type": "boolean"}},
        },
    },
}
_REPLACEMENT = {
    "type": "object",
    "required": ["deletedRegion"],
    "properties": {
        "deletedRegion": _REGION,
        "insertedContent": {"type": "object", "properties": {"text": {"type": "string"}}},
    },
}
_FIX = {
    "type": "object",
    "required": ["artifactChanges"],
    "properties": {
        "description": _MESSAGE,
        "artifactChanges": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "required": ["artifactLocation", "replacements"],
                "properties": {
                    "artifactLocation": _ARTIFACT_LOCATION,
                    "replacements": {"type": "array", "minItems": 1, "items": _REPLACEMENT},
                },
            },
        },
    },
}
_RESULT = {
    "type": "object",
    "required": ["message"],
    "properties": {
        "ruleId": {"type": "string"},
        "ruleIndex": {"type": "integer", "minimum": -1},
        "level": _LEVEL,
        "message": _MESSAGE,
        "locations": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {"physicalLocation": _PHYSICAL_LOCATION},
            },
        },
        "fixes": {"type": "array", "items": _FIX},
    },
}
SARIF_2_1_0_REQUIRED = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "type": "object",
    "required": ["version", "runs"],
    "properties": {
        "$schema": {"type": "string", "format": "uri"},
        "version": {"enum": ["2.1.0"]},
        "runs": {
            "type": ["array", "null"],
            "items": {
                "type": "object",
                "required": ["tool"],
                "properties": {
                    "tool": {
                        "type": "object",
                        "required": ["driver"],
                        "properties": {
                            "driver": {
                                "type": "object",
                                "required": ["name"],
                                "properties": {
                                    "name": {"type": "string"},
                                    "version": {"type": "string"},
                                    "informationUri": {"type": "string", "format": "uri"},
                                    "rules": {
                                        "type": "array",
                                        "uniqueItems": True,
                                        "items": _REPORTING_DESCRIPTOR,
                                    },
                                },
                            }
                        },
                    },
                    "columnKind": {"enum": ["utf16CodeUnits", "unicodeCodePoints"]},
                    "results": {"type": ["array", "null"], "items": _RESULT},
                },
            },
        },
    },
}


def diag(
    path: str,
    line: int,
    column: int,
    code: str,
    severity: Severity = Severity.ERROR,
    fix: Fix | None = None,
) -> Diagnostic:
    return Diagnostic(path, line, column, line, column + 3, code, severity, f"{code} here", fix)


def sarif(report: Report) -> Any:
    data = json.loads(renderer("sarif")(report))
    jsonschema.Draft7Validator(SARIF_2_1_0_REQUIRED).validate(data)
    return data


def run_of(data: Any) -> Any:
    runs = data["runs"]
    assert isinstance(runs, list) and len(runs) == 1
    return runs[0]


def test_the_embedded_schema_rejects_what_sarif_forbids() -> None:
    validator = jsonschema.Draft7Validator(SARIF_2_1_0_REQUIRED)
    good = {"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}}, "results": []}]}
    assert validator.is_valid(good)
    assert not validator.is_valid({"version": "2.0.0", "runs": []})
    assert not validator.is_valid({"version": "2.1.0", "runs": [{"tool": {"driver": {}}}]})
    bad_result = {"locations": [{"physicalLocation": {"region": {"startLine": 0}}}]}
    no_message = {
        "version": "2.1.0",
        "runs": [{"tool": {"driver": {"name": "x"}}, "results": [bad_result]}],
    }
    assert not validator.is_valid(no_message)


def test_log_lists_every_rule_with_its_documentation(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    data = sarif(Report([], files=0))
    assert data["version"] == "2.1.0"
    assert data["$schema"] == "https://json.schemastore.org/sarif-2.1.0.json"
    run = run_of(data)
    driver = run["tool"]["driver"]
    assert driver["name"] == "ait-datasets"
    assert driver["informationUri"] == "https://github.com/ait-datasets/ait-datasets"
    rules = driver["rules"]
    assert [r["id"] for r in rules] == [r.code for r in all_rules()]
    exp001 = next(r for r in rules if r["id"] == "EXP001")
    rule = rules_by_code()["EXP001"]
    assert exp001["name"] == rule.name
    assert exp001["shortDescription"] == {"text": rule.summary}
    assert exp001["fullDescription"] == {"text": rule.what}
    assert exp001["defaultConfiguration"] == {"level": "error"}
    assert rule.why in exp001["help"]["text"]
    assert "## Why" in exp001["help"]["markdown"]
    assert rule.why in exp001["help"]["markdown"]
    levels = {r["id"]: r["defaultConfiguration"]["level"] for r in rules}
    expected = {"error": "error", "warning": "warning", "info": "note"}
    assert levels == {r.code: expected[r.severity.value] for r in all_rules()}
    assert run["results"] == []


def test_results_carry_rule_level_message_and_region(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    sub = tmp_path / "my data" / "a.yaml"
    diags = [
        diag(str(sub), 4, 17, "QRY003"),
        diag("b.yaml", 2, 1, "TST001", Severity.WARNING),
        diag("b.yaml", 3, 5, "TST005", Severity.INFO),
    ]
    run = run_of(sarif(Report(diags, files=2)))
    rules = run["tool"]["driver"]["rules"]
    results = run["results"]
    assert isinstance(results, list)
    assert [(r["ruleId"], r["level"]) for r in results] == [
        ("QRY003", "error"),
        ("TST001", "warning"),
        ("TST005", "note"),
    ]
    for result in results:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
    first = results[0]
    assert first["message"] == {"text": "QRY003 here"}
    location = first["locations"][0]["physicalLocation"]
    # Relative to the working directory, forward slashes, percent-encoded as a URI.
    assert location["artifactLocation"] == {"uri": "my%20data/a.yaml", "uriBaseId": "%SRCROOT%"}
    assert location["region"] == {"startLine": 4, "startColumn": 17, "endLine": 4, "endColumn": 20}
    assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == tmp_path.as_uri() + "/"


def test_a_file_outside_the_working_directory_gets_an_absolute_uri(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "cwd").mkdir()
    monkeypatch.chdir(tmp_path / "cwd")
    outside = tmp_path / "other" / "x.yaml"
    run = run_of(sarif(Report([diag(str(outside), 1, 1, "TST001")], files=1)))
    artifact = run["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
    assert artifact == {"uri": outside.as_uri()}


def test_an_unregistered_code_still_gets_a_descriptor(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    run = run_of(sarif(Report([diag("a.yaml", 1, 1, "ZZZ999")], files=1)))
    rules = run["tool"]["driver"]["rules"]
    result = run["results"][0]
    assert result["ruleIndex"] == len(all_rules())
    assert rules[result["ruleIndex"]] == {"id": "ZZZ999", "shortDescription": {"text": "ZZZ999"}}


def test_fix_edits_become_line_column_replacements(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    source = "a: 1\r\ntype: review\r\n"
    start = source.index("review")
    fix = Fix("Use ReviewRecord", (Edit(start, start + 6, "ReviewRecord"),), safe=False)
    d = diag("a.yaml", 2, 7, "EXP001", fix=fix)
    run = run_of(sarif(Report([d], files=1, sources={"a.yaml": source})))
    (sarif_fix,) = run["results"][0]["fixes"]
    assert sarif_fix["description"] == {"text": "Use ReviewRecord"}
    assert sarif_fix["properties"] == {"safe": False}
    (change,) = sarif_fix["artifactChanges"]
    assert change["artifactLocation"] == {"uri": "a.yaml", "uriBaseId": "%SRCROOT%"}
    assert change["replacements"] == [
        {
            "deletedRegion": {"startLine": 2, "startColumn": 7, "endLine": 2, "endColumn": 13},
            "insertedContent": {"text": "ReviewRecord"},
        }
    ]


def test_lint_format_sarif_from_the_command_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.yaml").write_text(
        "tests:\n  - name: T1\n    turns:\n      - query: {title: Hi, message: Hi}\n"
        "        expected_data: {}\n",
        encoding="utf-8",
    )
    assert main(["lint", "--format", "sarif", "a.yaml"]) == 1
    data = json.loads(capsys.readouterr().out)
    jsonschema.Draft7Validator(SARIF_2_1_0_REQUIRED).validate(data)
    results = data["runs"][0]["results"]
    assert [
        (r["ruleId"], r["locations"][0]["physicalLocation"]["region"]["startLine"]) for r in results
    ] == [("QRY003", 4)]
    region = results[0]["locations"][0]["physicalLocation"]["region"]
    assert (region["startColumn"], region["endColumn"]) == (17, 22)

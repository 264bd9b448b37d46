"""The editor variant of the schemas (what the VS Code extension gives the YAML extension):
completion and hover only, so a mistake is reported once, by the language server."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from test_schema_accepts_the_corpus import accepted_files

from ait_datasets.dataset import shape
from ait_datasets.dataset.app import app_root
from ait_datasets.schema import EDITOR_SCHEMA_FILES, shipped_schema, shipped_schema_text
from ait_datasets.schema.editor import editor_variant
from ait_datasets.schema.generate import schema_id, schema_text
from ait_datasets.source import load

KINDS = sorted(EDITOR_SCHEMA_FILES)
# Keywords that can fail a document (outside an `if`, which only picks `then` or `else`).
FAILING = {
    "type",
    "required",
    "enum",
    "const",
    "not",
    "contains",
    "oneOf",
    "maxLength",
    "minLength",
    "minItems",
    "maxItems",
    "minimum",
    "maximum",
    "uniqueItems",
    "pattern",
    "format",
    "unevaluatedProperties",
    "propertyNames",
}

# Mistakes `datasets lint` reports (EXP001, EXP002, STR001, STR002, TRN005), which the
# strict schema reported a second time.
MISTAKES = """\
tests:
  - name: T1
    turns:
      - query:
          title: New order
          from: Jane
          colour: red
        expected_data:
          intervention_request:
            type: reviewrecord
            suggestions: [APPROVE, APPROVE]
      - just a string
  - turns: []
    name: 42
"""


def validator(kind: str) -> Draft202012Validator:
    return Draft202012Validator(shipped_schema(kind, editor=True))


def failing_keywords(schema: Any, where: str = "") -> list[str]:
    out: list[str] = []
    if isinstance(schema, dict):
        for key, value in schema.items():
            if key == "if":
                continue
            if key in FAILING or (key == "additionalProperties" and value is False):
                out.append(f"{where}/{key}")
            if key in ("properties", "patternProperties", "$defs"):
                for name, sub in value.items():
                    out += failing_keywords(sub, f"{where}/{key}/{name}")
            else:
                out += failing_keywords(value, f"{where}/{key}")
    elif isinstance(schema, list):
        for i, item in enumerate(schema):
            out += failing_keywords(item, f"{where}/{i}")
    return out


def descriptions(schema: Any) -> set[str]:
    if isinstance(schema, dict):
        found = {schema["description"]} if isinstance(schema.get("description"), str) else set()
        for key, value in schema.items():
            if key != "if":
                found |= descriptions(value)
        return found
    if isinstance(schema, list):
        return set().union(*map(descriptions, schema)) if schema else set()
    return set()


@pytest.mark.parametrize("kind", KINDS)
def test_the_shipped_editor_schema_matches_the_model(kind: str) -> None:
    assert shipped_schema_text(kind, editor=True) == schema_text(kind, editor=True), (
        f"{EDITOR_SCHEMA_FILES[kind]} drifted: run `python -m ait_datasets.schema.generate`"
    )


@pytest.mark.parametrize("kind", KINDS)
def test_the_editor_schema_is_valid_with_its_own_id(kind: str) -> None:
    schema = shipped_schema(kind, editor=True)
    Draft202012Validator.check_schema(schema)
    assert schema["$id"] == schema_id(kind, editor=True)
    assert schema["$id"].endswith(f"/{kind}.editor.schema.json")
    assert schema["$id"] != shipped_schema(kind)["$id"]


@pytest.mark.parametrize("kind", KINDS)
def test_the_editor_schema_has_no_keyword_that_fails_a_document(kind: str) -> None:
    assert failing_keywords(shipped_schema(kind)) != []  # the strict one has them
    assert failing_keywords(shipped_schema(kind, editor=True)) == []


@pytest.mark.parametrize("kind", KINDS)
def test_the_editor_schema_keeps_every_description(kind: str) -> None:
    strict = descriptions(shipped_schema(kind))
    editor = descriptions(shipped_schema(kind, editor=True))
    assert strict - {shipped_schema(kind)["description"]} <= editor


def test_allowed_values_become_examples_for_completion() -> None:
    strict = shipped_schema("dataset")["$defs"]["InterventionRequest"]["properties"]["type"]
    editor = shipped_schema("dataset", editor=True)["$defs"]["InterventionRequest"]
    assert editor["properties"]["type"]["examples"] == strict["enum"]
    assert editor["properties"]["type"]["description"] == strict["description"]
    assert set(editor["properties"]) == {"type", "suggestions"}


def test_the_mistakes_lint_reports_fail_the_strict_schema_but_not_the_editor_one() -> None:
    import yaml

    data = yaml.safe_load(MISTAKES)
    assert list(Draft202012Validator(shipped_schema("dataset")).iter_errors(data)) != []
    assert [e.message for e in validator("dataset").iter_errors(data)] == []


def test_a_suite_setup_file_with_tests_is_left_to_lint() -> None:
    data = {"name": "S", "suite_setup": "not an object", "tests": [{"name": "T"}]}
    assert list(Draft202012Validator(shipped_schema("suite-setup")).iter_errors(data)) != []
    assert [e.message for e in validator("suite-setup").iter_errors(data)] == []


def test_the_variant_turns_one_of_into_any_of_and_keeps_if_conditions() -> None:
    schema = {
        "oneOf": [{"type": "string", "description": "a"}, {"type": "integer"}],
        "if": {"required": ["x"]},
        "then": {"required": ["y"], "properties": {"y": {"const": 1}}},
        "prefixItems": [{"type": "string"}, {"description": "second"}],
        "additionalProperties": False,
    }
    assert editor_variant(schema) == {
        "anyOf": [{"description": "a"}],
        "if": {"required": ["x"]},
        "then": {"properties": {"y": {"examples": [1]}}},
        "prefixItems": [{}, {"description": "second"}],
    }


def _kind_of(path: Path) -> str | None:
    """The editor schema the VS Code extension gives ``path`` (see editors/vscode)."""
    if path.suffix.lower() not in (".yaml", ".yml") or app_root(str(path)) is None:
        return None
    kind = shape.file_kind(load(str(path)))
    return {shape.DATASET: "dataset", shape.SUITE_SETUP: "suite-setup"}.get(kind)


@pytest.mark.corpus
def test_the_editor_schema_gives_no_error_on_a_corpus_file_lint_accepts(corpus: Path) -> None:
    checked, rejected = 0, []
    for path in accepted_files(corpus):
        kind = _kind_of(path)
        if kind is None:
            continue
        checked += 1
        data = load(str(path)).data
        rejected += [
            f"{path.relative_to(corpus)}: /{'/'.join(map(str, e.absolute_path))}: {e.message}"
            for e in validator(kind).iter_errors(data)
        ]
    assert checked > 20, "the corpus holds far more YAML datasets than that"
    assert rejected == []


@pytest.mark.corpus
def test_the_editor_schema_gives_no_error_on_any_corpus_yaml_file(corpus: Path) -> None:
    # Not even where lint reports errors: those are the language server's to report.
    checked = 0
    for path in sorted(corpus.rglob("*.y*ml")):
        kind = _kind_of(path)
        if kind is None:
            continue
        checked += 1
        data = load(str(path)).data
        assert [e.message for e in validator(kind).iter_errors(data)] == [], path
    assert checked > 20

"""FIL and STR rules: file names, roots and the shape around the tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from lint_support import LintText, where

from ait_datasets.diagnostics import Diagnostic


def test_fil001_yml_extension(lint_text: LintText) -> None:
    found = lint_text("tests:\n  - name: T1\n", path="orders.yml")
    assert where(found, "FIL001") == [(1, 1, "FIL001")]
    assert "'.yaml'" in found[0].message


def test_fil001_upper_case_extension(lint_text: LintText) -> None:
    assert where(lint_text("tests: []\n", path="ORDERS.YAML"), "FIL001") == [(1, 1, "FIL001")]


def test_fil001_passes_for_yaml_json_jsonl(lint_text: LintText) -> None:
    assert where(lint_text("tests:\n  - name: T1\n", path="orders.yaml"), "FIL001") == []
    assert where(lint_text('[{"name": "T1"}]', path="orders.json"), "FIL001") == []
    assert where(lint_text('{"name": "T1"}\n', path="orders.jsonl"), "FIL001") == []


def test_fil002_sequence_root(lint_text: LintText) -> None:
    assert where(lint_text("- name: T1\n- name: T2\n"), "FIL002") == [(1, 1, "FIL002")]


def test_fil002_scalar_json_root(lint_text: LintText) -> None:
    assert where(lint_text('"hello"', path="x.json"), "FIL002") == [(1, 1, "FIL002")]


def test_fil002_mapping_root_passes(lint_text: LintText) -> None:
    assert where(lint_text("name: T1\nquestion: hi\n"), "FIL002") == []


def test_fil003_empty_tests_list(lint_text: LintText) -> None:
    assert where(lint_text("tests: []\n"), "FIL003") == [(1, 8, "FIL003")]
    assert where(lint_text("tests:\n  - name: A\n"), "FIL003") == []


def test_str001_unknown_top_level_key_with_did_you_mean(lint_text: LintText) -> None:
    found = lint_text("suite_setpu: SETUP\ntests:\n  - name: T1\n")
    assert where(found, "STR001") == [(1, 1, "STR001")]
    assert "Did you mean 'suite_setup'?" in found[0].message


def test_str001_top_level_of_a_root_test_is_free(lint_text: LintText) -> None:
    # Without `tests`, the root is the test itself: its keys are the app's data.
    assert where(lint_text("name: T1\nanything: 1\n"), "STR001") == []


def test_str002_tests_not_a_list(lint_text: LintText) -> None:
    assert where(lint_text("tests: many\n"), "STR002") == [(1, 8, "STR002")]


def test_str002_test_item_not_a_mapping(lint_text: LintText) -> None:
    found = lint_text("tests:\n  - name: T1\n  - just text\n")
    assert where(found, "STR002") == [(3, 5, "STR002")]


def test_str002_json_array_item_not_a_mapping(lint_text: LintText) -> None:
    assert where(lint_text('[{"name": "A"}, 3]', path="d.json"), "STR002") == [(1, 17, "STR002")]


def test_str003_suite_setup_file_with_tests(lint_text: LintText) -> None:
    text = "name: SETUP\nsuite_setup:\n  setup_actions: []\ntests:\n  - name: T1\n"
    found = lint_text(text)
    assert where(found, "STR003") == [(4, 1, "STR003")]
    assert found[0].severity.value == "error"


def test_str003_other_keys_in_a_setup_file_are_a_warning(lint_text: LintText) -> None:
    found = lint_text("name: SETUP\nsuite_setup:\n  a: 1\nowner: me\n")
    assert where(found, "STR003") == [(4, 1, "STR003")]
    assert found[0].severity.value == "warning"


def test_str003_passes_for_a_clean_setup_file(lint_text: LintText) -> None:
    assert lint_text("name: SETUP\nlanguage: en-US\nsuite_setup:\n  setup_actions: []\n") == []


def test_str004_setup_without_name(lint_text: LintText) -> None:
    assert where(lint_text("suite_setup:\n  a: 1\n"), "STR004") == [(1, 1, "STR004")]


def test_str005_non_scalar_name_is_ignored_by_the_importer(lint_text: LintText) -> None:
    found = lint_text("name: [A]\ntests:\n  - name: T1\n")
    assert where(found, "STR005") == [(1, 7, "STR005")]
    assert where(lint_text("name: A\ntests:\n  - name: T1\n"), "STR005") == []


def test_copilot_question_alone_is_never_an_error(lint_text: LintText) -> None:
    text = (
        "tests:\n  - name: ACC1\n    question: Create No. Series for items.\n"
        "    context: x\n    ground_truth: y\n    expected_data:\n      - expected_number: 2\n"
    )
    assert lint_text(text) == []


def test_str001_top_level_test_setup_says_what_suite_setup_needs(lint_text: LintText) -> None:
    tests = "tests:\n  - name: T1\n    question: hi\n"
    inline = [
        d for d in lint_text("test_setup:\n  setup_actions: []\n" + tests) if d.code == "STR001"
    ]
    assert [(d.line, d.column) for d in inline] == [(1, 1)]
    assert "Did you mean" not in inline[0].message
    assert "its own suite-setup file" in inline[0].message
    # Alone, the file's app has no suite-setup file: the message says what one needs.
    named = [d for d in lint_text("test_setup: ORDERS-SETUP\n" + tests) if d.code == "STR001"]
    assert [(d.line, d.column) for d in named] == [(1, 1)]
    assert "write `suite_setup:" not in named[0].message
    assert "The app has no suite-setup file" in named[0].message
    assert "a file whose `suite_setup:` is an object" in named[0].message


def _app_with(tmp_path: Path, files: dict[str, str]) -> Path:
    resources = tmp_path / "app" / ".resources"
    for rel, text in files.items():
        (resources / rel).parent.mkdir(parents=True, exist_ok=True)
        (resources / rel).write_text(text, encoding="utf-8")
    return resources


_TESTS = "tests:\n  - name: T1\n    question: hi\n"
_SETUP = "name: ORDERS-SETUP\nsuite_setup:\n  setup_actions: []\n"


def test_str001_test_setup_naming_the_apps_suite_setup(lint_text: LintText, tmp_path: Path) -> None:
    resources = _app_with(tmp_path, {"datasets/setup/orders-setup.yaml": _SETUP})
    dataset = str(resources / "datasets" / "orders.yaml")
    named = [d for d in lint_text("test_setup: ORDERS-SETUP\n" + _TESTS, dataset)]
    assert where(named, "STR001") == [(1, 1, "STR001")]
    message = next(d.message for d in named if d.code == "STR001")
    assert "Did you mean `suite_setup`?" in message
    assert "write `suite_setup: ORDERS-SETUP`" in message
    assert "orders-setup.yaml" in message
    # By its file name: `suite_setup:` takes the `name:`.
    by_file = lint_text("test_setup: orders-setup.yaml\n" + _TESTS, dataset)
    assert where(by_file, "STR001") == [(1, 1, "STR001")]
    message = next(d.message for d in by_file if d.code == "STR001")
    assert "not its file name: write `suite_setup: ORDERS-SETUP`" in message
    # A near miss gets the name of the real one.
    near = lint_text("test_setup: ORDER-SETUP\n" + _TESTS, dataset)
    message = next(d.message for d in near if d.code == "STR001")
    assert "no file named 'ORDER-SETUP'" in message and "Did you mean 'ORDERS-SETUP'?" in message


def test_str001_test_setup_naming_an_ordinary_dataset(lint_text: LintText, tmp_path: Path) -> None:
    # Like Shopify's `test_setup: TMA-Setup.yaml`: the named file's root is `test_setup:`,
    # so it is a dataset (one test), not a suite-setup file.
    resources = _app_with(
        tmp_path,
        {"CompanyData/Shop-Setup.yaml": "test_setup:\n  shopCode: TEST\n"},
    )
    dataset = str(resources / "TestScenarios" / "orders.yaml")
    found = lint_text("test_setup: Shop-Setup.yaml\n" + _TESTS, dataset)
    assert where(found, "STR001") == [(1, 1, "STR001")]
    message = next(d.message for d in found if d.code == "STR001")
    assert "Shop-Setup.yaml, an ordinary dataset" in message
    assert "Did you mean `suite_setup`" not in message
    assert "put it under `suite_setup:` in that file" in message


def test_str006_yaml_keys_in_json_and_jsonl(lint_text: LintText) -> None:
    text = '{"suite_setup": "S", "tests": [{"name": "T1", "question": "Hi"}]}\n'
    assert where(lint_text(text, "d.json"), "STR006") == [(1, 2, "STR006"), (1, 22, "STR006")]
    row = '{"name": "T1", "language": "da-DK", "question": "Hi"}\n'
    # `language` in JSON is silently ignored, the tests still run: STR005, a warning
    # (issue 30: severity follows consequence); `suite_setup` stays STR006, an error.
    assert where(lint_text(row, "d.jsonl"), "STR006") == []
    [ignored] = [d for d in lint_text(row, "d.jsonl") if d.code == "STR005"]
    assert (ignored.line, ignored.column, ignored.severity.value) == (1, 16, "warning")
    assert "no language" in ignored.message
    setup_row = '{"name": "T1", "suite_setup": "S", "question": "Hi"}\n'
    [setup] = [d for d in lint_text(setup_row, "d.jsonl") if d.code == "STR006"]
    assert (setup.column, setup.severity.value) == (16, "error")
    ok = '[{"name": "T1", "question": "Hi"}]\n'
    assert where(lint_text(ok, "d.json"), "STR006") == []
    # In YAML these keys are the dataset's metadata.
    yaml = "suite_setup: S\nlanguage: da-DK\ntests:\n  - name: T1\n    question: Hi\n"
    assert where(lint_text(yaml), "STR006") == []


def test_syn012_yaml11_booleans_written_plain(lint_text: LintText) -> None:
    text = (
        "tests:\n  - name: T1\n    question: Ship to Ontario\n"
        "    turn_setup: {County: ON, Rush: yes, Quoted: 'off', Flag: true, Note: on time}\n"
    )
    found = lint_text(text)
    assert where(found, "SYN012") == [(4, 26, "SYN012"), (4, 36, "SYN012")]
    assert {d.severity.value for d in found if d.code == "SYN012"} == {"info"}
    assert "makes it true" in found[0].message


@pytest.mark.parametrize(
    "word", ["yes", "Yes", "YES", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF"]
)
@pytest.mark.parametrize(
    ("template", "column"),
    [("    flag: {w}\n", 11), ("    flags:\n      - {w}\n", 9), ("    flags: [a, {w}]\n", 16)],
)
def test_syn012_every_spelling_in_every_place(
    lint_text: LintText, word: str, template: str, column: int
) -> None:
    # The rule's first look scans the text for each spelling: none may slip past it.
    text = "tests:\n  - name: T1\n    question: Hi\n" + template.format(w=word)
    line = 4 if "flags:\n" not in template else 5
    assert where(lint_text(text), "SYN012") == [(line, column, "SYN012")]


def test_syn012_not_in_a_resource_that_is_no_dataset(lint_text: LintText) -> None:
    assert where(lint_text("provinces:\n  - code: ON\n", "data/provinces.yaml"), "SYN012") == []


def _with_language(value: str) -> str:
    return f"name: ORDERS\nlanguage: {value}\ntests:\n  - name: T1\n    question: Hi\n"


def test_str007_language_the_importer_does_not_find(lint_text: LintText) -> None:
    found = lint_text(_with_language("ENU"))
    assert where(found, "STR007") == [(2, 11, "STR007")]
    message = next(d.message for d in found if d.code == "STR007")
    assert "Language ID 0" in message and "Did you mean 'en-US'?" in message
    assert next(d for d in found if d.code == "STR007").severity.value == "warning"
    underscore = lint_text(_with_language("da_DK"))
    assert where(underscore, "STR007") == [(2, 11, "STR007")]
    assert "Did you mean 'da-DK'?" in underscore[0].message
    lcid = [d for d in lint_text(_with_language("'1030'")) if d.code == "STR007"]
    assert [(d.line, d.column) for d in lcid] == [(2, 11)]
    assert "Language ID (LCID)" in lcid[0].message
    nonsense = [d for d in lint_text(_with_language("klingon")) if d.code == "STR007"]
    assert [(d.line, d.column) for d in nonsense] == [(2, 11)]
    assert "Did you mean" not in nonsense[0].message
    empty = [d for d in lint_text(_with_language("''")) if d.code == "STR007"]
    assert [(d.line, d.column) for d in empty] == [(2, 11)]


def test_str007_other_letter_case_says_the_match_is_uncertain(lint_text: LintText) -> None:
    found = [d for d in lint_text(_with_language("en-us")) if d.code == "STR007"]
    assert [(d.line, d.column) for d in found] == [(2, 11)]
    assert "Write `language: en-US`" in found[0].message
    assert "Did you mean" not in found[0].message


def test_str007_passes_for_windows_tags_and_where_metadata_is_not_read(
    lint_text: LintText,
) -> None:
    for tag in ("en-US", "da-DK", "sr-Latn-RS", "de"):
        assert where(lint_text(_with_language(tag)), "STR007") == [], tag
    setup = "name: S\nlanguage: da-DK\nsuite_setup:\n  setup_actions: []\n"
    assert where(lint_text(setup, "datasets/s.yaml"), "STR007") == []
    bad_setup = setup.replace("da-DK", "Danish")
    assert where(lint_text(bad_setup, "datasets/s.yaml"), "STR007") == [(2, 11, "STR007")]
    # Only `.yaml` names are read for metadata (FIL001 reports the `.yml`).
    assert where(lint_text(_with_language("ENU"), "datasets/d.yml"), "STR007") == []
    # A YAML resource that is no AI-test file keeps its own `language:`.
    other = "language: english\nprovinces:\n  - code: ON\n"
    assert where(lint_text(other, "data/provinces.yaml"), "STR007") == []


# --- STR008: a language version named after its own file (issue 30) -----------------------

_LANGUAGE_VERSION = "language: da-DK\ntests:\n  - name: T1\n    question: Hi\n"


def _str008(found: list[Diagnostic]) -> list[tuple[int, int, str, str]]:
    return [(d.line, d.column, d.code, d.severity.value) for d in found if d.code == "STR008"]


def test_str008_language_without_name_fails_the_import(lint_text: LintText) -> None:
    # The file name becomes the group name; the parent group inserted first gets the
    # file's own group code, so the file's group is "already there" (TestInputGroup
    # UpdateGroup). An error, at the `language:` line.
    found = lint_text(_LANGUAGE_VERSION, "datasets/orders-da.yaml")
    assert _str008(found) == [(1, 1, "STR008", "error")]
    message = next(d.message for d in found if d.code == "STR008")
    assert "'orders-da.yaml'" in message and "'ORDERS-DA.YAML'" in message
    assert "already exists" in message


def test_str008_name_equal_to_the_file_name_fails_too(lint_text: LintText) -> None:
    # Group codes ignore case: `name:` in another case is still the file's own code.
    text = "name: Orders-DA.yaml\n" + _LANGUAGE_VERSION
    found = lint_text(text, "datasets/orders-da.yaml")
    assert _str008(found) == [(2, 1, "STR008", "error")]
    assert "`name: Orders-DA.yaml`" in next(d.message for d in found if d.code == "STR008")


def test_str008_passes_with_a_shared_name_or_without_a_found_language(
    lint_text: LintText,
) -> None:
    named = "name: ORDERS\n" + _LANGUAGE_VERSION
    assert _str008(lint_text(named, "datasets/orders-da.yaml")) == []
    # An unknown tag gives Language ID 0: no parent group, no collision (STR007 says so).
    unknown = _LANGUAGE_VERSION.replace("da-DK", "Danish")
    assert _str008(lint_text(unknown, "datasets/orders-da.yaml")) == []
    # Metadata is read only from `.yaml` files.
    row = '{"name": "T1", "language": "da-DK", "question": "Hi"}\n'
    assert _str008(lint_text(row, "datasets/orders-da.jsonl")) == []
    # A non-scalar `name:` is ignored by the importer: the file name is used (STR005 too).
    ignored = "name: [ORDERS]\n" + _LANGUAGE_VERSION
    assert _str008(lint_text(ignored, "datasets/orders-da.yaml")) == [(2, 1, "STR008", "error")]


def test_str008_suite_setup_file_with_language_and_no_name(lint_text: LintText) -> None:
    setup = "language: da-DK\nsuite_setup:\n  setup_actions: []\n"
    found = lint_text(setup, "datasets/suite_setup/orders-setup-da.yaml")
    assert _str008(found) == [(1, 1, "STR008", "error")]


def test_str008_compares_the_codes_cut_to_100_characters(lint_text: LintText) -> None:
    # Both codes are Code[100]: a `name:` that equals the file name in its first 100
    # characters gives the same parent code.
    file_name = "o" * 100 + "-da.yaml"
    text = f"name: {'o' * 100}-other\n" + _LANGUAGE_VERSION
    assert _str008(lint_text(text, f"datasets/{file_name}")) == [(2, 1, "STR008", "error")]

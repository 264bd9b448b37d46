"""Structure: the shape of the file around the tests (``STR``)."""

from __future__ import annotations

import os
from collections.abc import Iterator

from ait_datasets.dataset import shape
from ait_datasets.dataset.app import group_code
from ait_datasets.diagnostics import Diagnostic, Fix, Severity
from ait_datasets.lint.context import LintContext
from ait_datasets.lint.family import Family
from ait_datasets.lint.rule import Example, FixAvailability, Rule
from ait_datasets.lint.rules import language_tags, setup_advice
from ait_datasets.lint.rules.common import (
    TOP_LEVEL_DROPPED,
    UNKNOWN_KEY,
    WRONG_TYPE,
    replace_scalar,
    top_level_unknown_key,
    with_severity,
)
from ait_datasets.lint.rules.example_datasets import NAMED_ORDERS_YAML, ORDERS_SETUP_YAML
from ait_datasets.schema.vocabulary import TOP_LEVEL_KEYS
from ait_datasets.source.document import Document
from ait_datasets.source.tree import Mapping, Scalar, Sequence, type_name

# STR003's and STR004's passing example: a suite-setup file as it should be.
_SETUP_FILE = Example(ORDERS_SETUP_YAML, path="datasets/suite_setup/orders-setup.yaml")

SETUP_WITH_TESTS = Rule(
    code="STR003",
    name="suite-setup-with-tests",
    family="structure",
    severity=Severity.ERROR,
    summary="A suite-setup file also contains tests.",
    what="Reports `tests:` (and other keys but `name`, `language`, `description`) in a file whose "
    "`suite_setup:` is an object; another key is a warning (dropped data), `tests:` an error "
    "(tests that never run).",
    why="When `suite_setup` is an object the importer stores only that object as the SUITE-SETUP "
    "row and ignores everything else in the file: these tests never run."
    " (Test Inputs Management codeunit 130458 (`TestInputsManagement.Codeunit.al`) "
    "`ParseDataInputsYaml` lines 307-312.)",
    bad=Example(
        """
        name: ORDERS-SETUP
        suite_setup:
          setup_actions: []
        tests:
          - name: RELEASE-ORDER
        """,
        path="datasets/suite_setup/orders-setup.yaml",
        line=4,
    ),
    fix="Move the tests to their own dataset file that references the setup with `suite_setup: "
    "SETUP`.",
    good=_SETUP_FILE,
)
SETUP_NAME = Rule(
    code="STR004",
    name="suite-setup-name",
    family="structure",
    severity=Severity.WARNING,
    summary="A suite-setup file has no `name:`.",
    what="Reports a suite-setup file without a top-level `name`.",
    why="Datasets reference a suite setup by its group name, which is the `name:` value, or the "
    "file name when `name:` is missing; an explicit name survives renaming the file."
    " (Test Inputs Management codeunit 130458 (`TestInputsManagement.Codeunit.al`) "
    "`ReadMetadataFromFile` lines 237-239, `CreateTestInputGroup` lines 254-257.)",
    bad=Example(
        """
        suite_setup:
          setup_actions: []
        """,
        path="datasets/suite_setup/orders-setup.yaml",
        line=1,
    ),
    fix="Add `name: MY-SETUP` and reference it with `suite_setup: MY-SETUP`.",
    good=_SETUP_FILE,
)
IGNORED_METADATA = Rule(
    code="STR005",
    name="ignored-metadata",
    family="structure",
    severity=Severity.WARNING,
    summary="`name` or `language` at the top level is not text, or `language` is in a JSON file: "
    "silently ignored.",
    what="Reports a top-level `name` or `language` given as a list or mapping, and `language` in "
    "the tests of a `.json` or `.jsonl` file.",
    why="The importer honours these keys only when they are scalars (`IsValue()`); otherwise "
    "the group keeps the file name and no language, without an error."
    " (Test Inputs Management codeunit 130458 (`TestInputsManagement.Codeunit.al`) "
    "`ReadMetadataFromFile` lines 230-239.) It reads them only from a `.yaml` file (it "
    "exits for any other name, lines 222-223): in JSON, `language` is ignored too. A "
    "warning: the tests import and run, without the language.",
    bad=Example(
        """
        name: [ORDERS]
        tests:
          - name: RELEASE-ORDER
            description: Jane asks the agent to release sales order 101
            turns:
              - query:
                  from: Jane Doe
                  title: Release order 101
                  message: Please release sales order 101.
                expected_data: {}
        """,
        line=1,
    ),
    fix="Write the value as plain text.",
    good=Example(NAMED_ORDERS_YAML),
)

YAML_KEYS_IN_JSON = Rule(
    code="STR006",
    name="yaml-keys-in-json",
    family="structure",
    severity=Severity.ERROR,
    summary="A `.json`/`.jsonl` test has `suite_setup` or a `tests` array.",
    what="Reports `suite_setup` in the tests of a `.json` or `.jsonl` file, and a `.json` object "
    "holding a `tests` array (`language` there is STR005, a warning).",
    why="Only YAML files have dataset metadata: `ReadMetadataFromFile` exits for any other file "
    "name (Test Inputs Management codeunit 130458 lines 222-223), so `suite_setup` is never "
    "read and the suite setup is never loaded. A `.json` object is "
    "stored whole as one test (`ParseDataInputs` lines 268-281): a `tests` array inside it "
    "is not split into tests.",
    bad=Example(
        """
        {"suite_setup": "ORDERS-SETUP", "tests": [{"name": "OPEN-ORDERS", "question": "Hi"}]}
        """,
        path="datasets/orders.json",
        line=1,
    ),
    fix="Write the tests as a JSON array (`[{...}, {...}]`); for a suite setup or a language, "
    "use a YAML dataset.",
    good=Example(
        """
        [{"name": "OPEN-ORDERS", "question": "Which sales orders are open?"}]
        """,
        path="datasets/orders.json",
    ),
)

UNKNOWN_LANGUAGE = Rule(
    code="STR007",
    name="unknown-language",
    family="structure",
    severity=Severity.WARNING,
    summary="`language:` is not a Windows language tag: the importer silently gives the dataset no "
    "language.",
    what="Reports a top-level `language` of a `.yaml` dataset or suite-setup file whose text is "
    "not a Windows language tag (`en-US`, `da-DK`), with the tag it most likely means: "
    "another letter case, `_` for `-`, Business Central's three-letter code (`ENU`), a "
    "Language ID (`1033`), or a near spelling.",
    why="`ReadMetadataFromFile` looks the value up in the `Language Tag` column of the "
    "platform's `Windows Language` table and keeps Language ID 0 when nothing is found, "
    "without an error (Test Inputs Management codeunit 130458, "
    "`TestInputsManagement.Codeunit.al` lines 230-235; `CreateTestInputGroup` line 259). "
    "The dataset is then no language version: `GetLanguageDataset` finds no version for the "
    "suite's run language (AIT Test Suite Language codeunit 149046, "
    "`AITTestSuiteLanguage.Codeunit.al` lines 109-136; `LanguageVersionNotFoundErr` when the "
    "dataset has other language versions), and `AddLanguage` skips language 0 (lines "
    "155-156), so the suite never lists that language. The tags are Windows' language tags "
    "that have an LCID ([MS-LCID]); the table and its sources are in "
    "`ait_datasets.dataset.languages`.",
    bad=Example(
        """
        name: ORDERS
        language: ENU
        tests:
          - name: OPEN-ORDERS
            question: Which sales orders are open?
        """,
        line=2,
    ),
    fix="Write the Windows language tag, as Windows spells it: `language: en-US`. The fix "
    "writes the tag the message names: safe for another letter case, `_` for `-`, a "
    "three-letter code, a Language ID and `UK` for `GB`, and for a spelling one edit from "
    "only one tag; unsafe for a further guess.",
    fixable=FixAvailability.SAFE,
    good=Example(
        """
        name: ORDERS
        language: en-US
        tests:
          - name: OPEN-ORDERS
            question: Which sales orders are open?
        """,
    ),
)

LANGUAGE_GROUP = Rule(
    code="STR008",
    name="language-version-without-name",
    family="structure",
    severity=Severity.ERROR,
    summary="A `.yaml` dataset with `language:` has no `name:`, or its `name:` is the file name: "
    "the "
    "import fails.",
    what="Reports, at its `language:`, a `.yaml` dataset or suite-setup file whose `language:` is "
    "a "
    "Windows language tag and whose group name (its `name:`, else the file name) is, "
    "upper-cased, the file's own group code.",
    why="The app's install code imports each file with `ImportTestInputs(FileName, InStream)`, "
    "which passes the file name as the group name (AIT AL Test Suite Mgt codeunit 149037, "
    "`AITALTestSuiteMgt.Codeunit.al` lines 236-242 and 277-300); `name:` replaces it "
    "(Test Inputs Management codeunit 130458, `TestInputsManagement.Codeunit.al` "
    "`ReadMetadataFromFile` lines 237-239). `CreateTestInputGroup` gives the group the "
    "file's code and that group name, and inserts it (lines 246-265). With a Language ID, "
    "the insert trigger first inserts a parent group whose code is the group name "
    "(Test Input Group table 130454, `TestInputGroup.Table.al` `OnInsert` lines 153-156, "
    "`UpdateGroup` lines 207-231): the file's own code, so inserting the file's group then "
    "fails because the record already exists, and the app's install fails with it.",
    bad=Example(
        """
        language: da-DK
        tests:
          - name: OPEN-ORDERS
            question: Which sales orders are open?
        """,
        path="datasets/orders-da.yaml",
        line=1,
    ),
    fix="Add a `name:` that the language versions of the dataset share and that is not a file "
    'name (`name: ORDERS`); a suite line names that parent group (`Dataset="ORDERS"`).',
    good=Example(
        """
        name: ORDERS
        language: da-DK
        tests:
          - name: OPEN-ORDERS
            question: Which sales orders are open?
        """,
        path="datasets/orders-da.yaml",
    ),
)

RULES = (
    UNKNOWN_KEY,
    WRONG_TYPE,
    SETUP_WITH_TESTS,
    SETUP_NAME,
    IGNORED_METADATA,
    YAML_KEYS_IN_JSON,
    UNKNOWN_LANGUAGE,
    LANGUAGE_GROUP,
)
_YAML_ONLY = ("suite_setup", "language")
# `Test Input Group.Code` is a Code[100] field.
MAX_CODE = 100

_SETUP_FILE_KEYS = frozenset({"name", "language", "description", "suite_setup"})


def check(doc: Document, ctx: LintContext) -> Iterator[Diagnostic]:
    if doc.format in ("json", "jsonl"):
        yield from _yaml_keys_in_json(doc)
    if doc.format == "json" and isinstance(doc.root, Sequence):
        yield from _test_items(doc, doc.root, "the JSON array")
        return
    root = doc.root
    if not isinstance(root, Mapping):
        return
    for key in ("name", "language"):
        node = root.get(key)
        if isinstance(node, (Mapping, Sequence)):
            yield IGNORED_METADATA.at(
                doc,
                node.span,
                f"The top-level '{key}' must be text; the importer ignores {type_name(node)} "
                "here without an error.",
            )
    yield from _language(doc, root, ctx)
    if ctx.kind == shape.SUITE_SETUP:
        yield from _suite_setup_file(doc, root)
        return
    setup = root.get("suite_setup")
    if setup is not None and not isinstance(setup, (Scalar, Mapping, Sequence)):
        return
    tests = root.get("tests")
    if tests is None:
        return
    if not TOP_LEVEL_KEYS.issuperset(root.children):
        for key, (key_node, _) in root.entries.items():
            if key in TOP_LEVEL_KEYS:
                continue
            if key == "test_setup":
                advised = _test_setup_advice(doc, root)
                if advised is not None:
                    yield advised
                continue
            yield top_level_unknown_key(doc, root, key_node, key, TOP_LEVEL_KEYS)
    if isinstance(tests, Sequence):
        yield from _test_items(doc, tests, "`tests`")
    elif not isinstance(tests, Mapping):
        yield WRONG_TYPE.at(
            doc,
            tests.span,
            f"`tests` must be a list of tests, not {type_name(tests)}.",
        )


def _yaml_keys_in_json(doc: Document) -> Iterator[Diagnostic]:
    root = doc.root
    if doc.format == "json" and isinstance(root, Mapping):
        tests = root.get("tests")
        if isinstance(tests, Sequence):
            key = root.key_node("tests")
            assert key is not None
            yield YAML_KEYS_IN_JSON.at(
                doc,
                key.span,
                "A `.json` object is stored whole as one test: this `tests` array is not split "
                "into tests. Write the file as a JSON array of tests.",
            )
    # What the importer stores as tests: each row, each array item, or the whole object.
    if doc.format == "jsonl":
        objects = doc.rows
    else:
        objects = root.items if isinstance(root, Sequence) else [root] if root else []
    for node in objects:
        if not isinstance(node, Mapping):
            continue
        for name in _YAML_ONLY:
            key = node.key_node(name) if name in node.children else None
            if key is not None:
                rule = YAML_KEYS_IN_JSON if name == "suite_setup" else IGNORED_METADATA
                yield rule.at(
                    doc,
                    key.span,
                    f"`{name}` is read only from YAML datasets; in a .{doc.format} file the "
                    "importer never reads it"
                    + (
                        ", so the suite setup is never loaded."
                        if name == "suite_setup"
                        else ": the tests import with no language."
                    ),
                )


def _language(doc: Document, root: Mapping, ctx: LintContext) -> Iterator[Diagnostic]:
    """A `language:` the importer's `Windows Language` lookup does not find (Language ID 0),
    or one it finds while the group name is the file's own group code (STR008)."""
    node = root.get("language")
    # Only `.yaml` names are read for metadata (`ReadMetadataFromFile`, `EndsWith`).
    if not isinstance(node, Scalar) or not doc.path.endswith(".yaml"):
        return
    if not ctx.is_ai_test_file(doc):
        return
    text = shape.scalar_text(node)
    if text is None or not text.strip():
        message = (
            "`language:` has no value: no Windows language has an empty tag, so the dataset "
            "gets no language. Write a tag such as `en-US`, or remove the key."
        )
        yield UNKNOWN_LANGUAGE.at(doc, node.span, message)
        return
    problem = language_tags.tag_problem(text)
    if problem is None:
        yield from _language_group(doc, root, text)
        return
    if problem.case_only:
        message = (
            f"'{text}' is not spelled as Windows spells the tag, '{problem.meant}': the "
            "importer filters `Windows Language` on this exact text, and whether the "
            "platform matches another letter case is not in the framework's code. "
            f"Write `language: {problem.meant}`."
        )
    else:
        message = (
            f"'{text}' is not a Windows language tag: the importer finds no language for "
            "it and silently gives the dataset none (Language ID 0)." + problem.suggestion()
        )
    fix = None
    if problem.meant is not None:
        fix = Fix(
            f"Replace '{text}' with '{problem.meant}'",
            (replace_scalar(node, problem.meant),),
            safe=problem.only_reading,
        )
    yield UNKNOWN_LANGUAGE.at(doc, node.span, message, fix)


def _language_group(doc: Document, root: Mapping, tag: str) -> Iterator[Diagnostic]:
    """STR008: a language version whose parent group code is its own group code."""
    file_name = os.path.basename(doc.path)
    name_node = root.get("name")
    # `name:` counts only as non-empty text (`IsValue()`, then `GroupName <> ''`);
    # otherwise the group name is the file name.
    name = shape.scalar_text(name_node) if isinstance(name_node, Scalar) else None
    group_name = name if name else file_name
    own_code = _code(group_code(file_name))
    if _code(group_name) != own_code:
        return
    key = root.key_node("language")
    assert key is not None
    if name:
        why = f"has `name: {name}`, its file name (group codes ignore case)"
    else:
        why = f"has no `name:`, so the importer uses the file name '{file_name}' as its group name"
    yield LANGUAGE_GROUP.at(
        doc,
        key.span,
        f"This `language: {tag}` version {why}. A language version's group first creates "
        f"its parent group, whose code is the group name upper-cased: '{own_code}', this "
        "file's own group code. Inserting this file's group then fails "
        "('the record already exists') and the import stops. Give the language versions a "
        f"shared `name:` other than the file name (such as `name: "
        f"{os.path.splitext(file_name)[0].upper()}`), or remove `language:`.",
    )


def _code(text: str) -> str:
    """A text as a Code[100] field holds it: cut to 100, upper-cased, spaces trimmed."""
    return text[:MAX_CODE].upper().strip()


def _test_setup_advice(doc: Document, root: Mapping) -> Diagnostic | None:
    """A top-level `test_setup:` is not simply a misspelt `suite_setup:`. A text there is
    reported across files (:mod:`.setup_advice`: is it the name of the app's suite-setup
    file?); an object would make this file a suite-setup file under `suite_setup:`."""
    setup = root.get("test_setup")
    key = root.key_node("test_setup")
    assert setup is not None and key is not None
    if isinstance(setup, Scalar) and shape.scalar_text(setup) is not None:
        return None
    base = f"Unknown key 'test_setup' at the top level of a dataset; {TOP_LEVEL_DROPPED}"
    advice = (
        " Setup data for the whole suite goes in its own suite-setup file (`name:` and "
        "`suite_setup: {...}`), referenced here with `suite_setup: NAME`; setup for one "
        "turn goes in that turn's `turn_setup:`. (`suite_setup:` with an object here would "
        "make this file a suite-setup file and drop its tests.)"
    )
    return UNKNOWN_KEY.at(doc, key.span, base + advice)


def _test_items(doc: Document, tests: Sequence, where: str) -> Iterator[Diagnostic]:
    for item in tests.items:
        if not isinstance(item, Mapping):
            yield WRONG_TYPE.at(
                doc,
                item.span,
                f"Each item of {where} must be a test (a mapping), not {type_name(item)}; the "
                "importer fails on it at run time.",
            )


def _suite_setup_file(doc: Document, root: Mapping) -> Iterator[Diagnostic]:
    for key, (key_node, _) in root.entries.items():
        if key in _SETUP_FILE_KEYS:
            continue
        if key == "tests":
            message = (
                "This is a suite-setup file (`suite_setup` is an object): the importer stores "
                "only the setup and ignores these tests. Move them to their own dataset file."
            )
        else:
            message = (
                f"'{key}' is ignored: in a suite-setup file the importer reads only "
                "`suite_setup` (and `name`/`language`)."
            )
        diag = SETUP_WITH_TESTS.at(doc, key_node.span, message)
        yield diag if key == "tests" else with_severity(diag, Severity.WARNING)
    if "name" not in root.children:
        setup_key = root.key_node("suite_setup")
        yield SETUP_NAME.at(
            doc,
            setup_key.span if setup_key else None,
            "This suite-setup file has no `name:`; datasets must then reference it by its file "
            "name. Add an explicit `name:`.",
        )


FAMILY = Family(prefix="STR", rules=RULES, check=check, check_project=setup_advice.check_project)

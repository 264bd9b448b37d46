"""File: names and roots the importer accepts (``FIL``)."""

from __future__ import annotations

import os
from collections.abc import Iterator

from ait_datasets.diagnostics import Diagnostic, Severity
from ait_datasets.lint.context import LintContext
from ait_datasets.lint.family import Family
from ait_datasets.lint.rule import Example, Rule
from ait_datasets.lint.rules.example_datasets import NAMED_ORDERS_YAML, ORDERS_YAML
from ait_datasets.source.document import Document
from ait_datasets.source.tree import Mapping, Sequence, type_name

EXTENSION = Rule(
    code="FIL001",
    name="file-extension",
    family="file",
    severity=Severity.ERROR,
    summary="The file extension is not exactly `.yaml`, `.json` or `.jsonl`.",
    what="Reports dataset files named `.yml`, `.YAML`, `.Json`, ... : files under a folder named "
    "like a dataset folder (`datasets`, `TestScenarios`, `AITestSuite`, ...) or whose content "
    "has dataset keys (`tests`, `turns`, `query`, `question`, `expected_data`, ...). Other "
    "YAML in the resources (a list of provinces, app configuration) is left alone.",
    why="The importer dispatches on a case-sensitive suffix (`Text.EndsWith('.yaml')`): any other "
    "spelling imports zero tests without an error, and the suite later fails with 'The dataset "
    "... has no input lines.' (`NavApp.ListResources('*.yaml')` does not list `.yml` either.)"
    " (Test Inputs Management codeunit 130458 (`TestInputsManagement.Codeunit.al`) "
    "`UploadAndImportDataInputs` lines 154-168, suffix labels lines 455-457; "
    "Microsoft's install code, `SampleAgentsInstall.Codeunit.al` line 30; the run's "
    "check, AIT Test Suite Mgt. codeunit 149034 (`AITTestSuiteMgt.Codeunit.al`) lines "
    "234-235.)",
    bad=Example(
        ORDERS_YAML,
        path="datasets/orders.yml",
        line=1,
    ),
    fix="Rename the file to end in `.yaml`, `.json` or `.jsonl` (lower case); update suite XML "
    "`Dataset=` references.",
    good=Example(ORDERS_YAML),
)
ROOT = Rule(
    code="FIL002",
    name="root-type",
    family="file",
    severity=Severity.ERROR,
    summary="The file's root is not what the importer expects.",
    what="Reports a YAML file whose root is not a mapping, or a JSON file whose root is neither "
    "an array of tests nor one test object.",
    why="The importer reads YAML with `JsonObject.ReadFromYaml`, which fails on a list or a "
    "scalar root ('The data does not represent valid YAML.'); JSON must be an array or an "
    "object ('Could not parse input dataset.')."
    " (Test Inputs Management codeunit 130458 (`TestInputsManagement.Codeunit.al`) "
    "`ParseDataInputsYaml` lines 304-305 and `ParseDataInputs` lines 268-283; labels "
    "lines 450-451.)",
    bad=Example(
        """
        - name: RELEASE-ORDER
        - name: CANCEL-ORDER
        """,
        line=1,
    ),
    fix="Put the tests under a `tests:` key: `tests:\\n  - name: T1`.",
    good=Example(ORDERS_YAML),
)
JSONL_EMPTY = Rule(
    code="FIL003",
    name="no-tests",
    family="file",
    severity=Severity.WARNING,
    summary="The dataset contains no tests.",
    what="Reports a JSONL file without rows, or a `tests:` list that is empty.",
    why="A suite line pointing at a dataset without tests fails with 'The dataset ... has no "
    "input lines.'"
    " (AIT Test Suite Mgt. codeunit 149034 (`AITTestSuiteMgt.Codeunit.al`) "
    "`ValidateTestLineDataset` lines 228-238; label line 22.)",
    bad=Example(
        """
        name: ORDERS
        tests: []
        """,
        line=2,
    ),
    fix="Add tests, or remove the dataset and its suite lines.",
    good=Example(NAMED_ORDERS_YAML),
)

RULES = (EXTENSION, ROOT, JSONL_EMPTY)

_GOOD = (".yaml", ".json", ".jsonl")


def check(doc: Document, ctx: LintContext) -> Iterator[Diagnostic]:
    name = os.path.basename(doc.path)
    # A `.yml` list of provinces in the resources is not a dataset with the wrong name.
    if not name.endswith(_GOOD) and ctx.is_ai_test_file(doc):
        ext = os.path.splitext(name)[1]
        good = {".yml": ".yaml"}.get(ext.lower(), ext.lower())
        yield EXTENSION.at(
            doc,
            None,
            f"The extension '{ext}' is not read by the framework's importer: the file would "
            f"import zero tests without an error. Rename it to end in '{good}'.",
        )
    if doc.format == "jsonl":
        if not doc.rows and not doc.has_errors and doc.text.strip():
            yield JSONL_EMPTY.at(doc, None, "The JSONL file contains no test rows.")
        return
    root = doc.root
    if root is None:
        return
    if doc.format == "yaml" and not isinstance(root, Mapping):
        yield ROOT.at(
            doc,
            root.span,
            f"The root of a YAML dataset must be a mapping, not {type_name(root)}; the "
            "framework fails with 'The data does not represent valid YAML.' Put tests under "
            "a `tests:` key.",
        )
    elif doc.format == "json" and not isinstance(root, (Mapping, Sequence)):
        yield ROOT.at(
            doc,
            root.span,
            f"A JSON dataset must be an array of tests or one test object, not "
            f"{type_name(root)}; the framework fails with 'Could not parse input dataset.'",
        )
    elif isinstance(root, Mapping):
        tests = root.get("tests")
        if isinstance(tests, Sequence) and not tests.items:
            yield JSONL_EMPTY.at(doc, tests.span, "The `tests` list is empty.")


FAMILY = Family(prefix="FIL", rules=RULES, check=check, unparsed=True)

"""Syntax: what the loader finds while reading a file (the ``SYN`` codes)."""

from __future__ import annotations

from collections.abc import Iterator

from ait_datasets.diagnostics import Diagnostic, Severity
from ait_datasets.lint.context import LintContext
from ait_datasets.lint.family import Family
from ait_datasets.lint.rule import Example, Rule
from ait_datasets.lint.rules.example_datasets import ORDERS_YAML, with_turn_setup
from ait_datasets.source import codes
from ait_datasets.source.document import Document

_E = Severity.ERROR

YAML11_BOOLEAN = Rule(
    code="SYN012",
    name="yaml11-boolean",
    family="syntax",
    severity=Severity.INFO,
    summary="A plain value that YAML 1.1 reads as a boolean (`yes`, `no`, `on`, `off`).",
    what="Reports unquoted values `yes`, `no`, `on`, `off` (as `yes`, `Yes` or `YES`) in YAML "
    "datasets. "
    "This linter reads YAML 1.2, where they are text (`county: ON` is Ontario); a YAML 1.1 "
    "reader makes them true/false.",
    why="The framework converts YAML with the platform's `JsonObject.ReadFromYaml` (Test Inputs "
    "Management codeunit 130458), whose YAML version is not documented: we assume YAML 1.2, "
    "as the converter's `true`/`false` handling suggests, but a 1.1 reading would turn "
    "`ON` into `true` and the test would read 'true' instead of the text."
    " (`ReadFromYaml` at Test Inputs Management codeunit 130458 "
    "(`TestInputsManagement.Codeunit.al`) lines 227 and 304.)",
    bad=Example(
        """
        tests:
          - name: SHIP-TO-ONTARIO
            description: Jane asks the agent to ship sales order 101 to Ontario
            turns:
              - query:
                  from: Jane Doe
                  title: Ship order 101
                  message: Please ship sales order 101.
                turn_setup:
                  County: ON
                expected_data: {}
        """,
        line=10,
    ),
    fix='Quote the value (`County: "ON"`) so that every YAML reader sees text; write '
    "`true`/`false` for a boolean.",
    good=Example(
        """
        tests:
          - name: SHIP-TO-ONTARIO
            description: Jane asks the agent to ship sales order 101 to Ontario
            turns:
              - query:
                  from: Jane Doe
                  title: Ship order 101
                  message: Please ship sales order 101.
                turn_setup:
                  County: "ON"
                expected_data: {}
        """,
    ),
)

RULES = (
    Rule(
        code=codes.YAML_SYNTAX,
        name="yaml-syntax",
        family="syntax",
        severity=_E,
        summary="The file is not valid YAML.",
        what="Reports the YAML parser's error at the line and column where it stopped.",
        why="The framework fails the whole import with 'The data does not represent valid YAML.'"
        " (Test Inputs Management codeunit 130458 (`TestInputsManagement.Codeunit.al`) "
        "`ParseDataInputsYaml` lines 304-305; label line 450.)",
        bad=Example(
            """
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
            line=7,
        ),
        fix="Correct the YAML at the reported position (often an unclosed quote or a bad indent).",
        good=Example(ORDERS_YAML),
    ),
    Rule(
        code=codes.DUPLICATE_KEY,
        name="duplicate-key",
        family="syntax",
        severity=_E,
        summary="A key appears twice in the same mapping.",
        what="Reports the second occurrence of a key within one mapping.",
        why="Only one of the two values reaches the test, and which one depends on the reader; "
        "the other is silently lost."
        " No AL: YAML 1.2 requires unique keys (spec §3.2.1.1); which value the "
        "platform's `ReadFromYaml` keeps is not in BCApps.",
        bad=Example(
            """
            tests:
              - name: RELEASE-ORDER
                description: Jane asks the agent to release sales order 101
                turns:
                  - query:
                      from: Jane Doe
                      title: Release order 101
                      title: Release order 102
                      message: Please release sales order 101.
                    expected_data: {}
            """,
            line=8,
        ),
        fix="Remove one of the keys or rename it.",
        good=Example(ORDERS_YAML),
    ),
    Rule(
        code=codes.MULTIPLE_DOCUMENTS,
        name="multiple-documents",
        family="syntax",
        severity=_E,
        summary="The file holds more than one YAML document.",
        what="Reports a second document start (`---`).",
        why="The framework treats a multi-document YAML file as invalid (Microsoft's own "
        "Sample4-Invalid.yaml fixture)."
        " (One `JsonObject.ReadFromYaml` per file, Test Inputs Management codeunit "
        "130458 (`TestInputsManagement.Codeunit.al`) lines 227 and 304-305.)",
        bad=Example(
            """
            tests:
              - name: RELEASE-ORDER
                description: Jane asks the agent to release sales order 101
                turns:
                  - query:
                      from: Jane Doe
                      title: Release order 101
                      message: Please release sales order 101.
                    expected_data: {}
            ---
            tests:
              - name: CANCEL-ORDER
            """,
            line=10,
        ),
        fix="Keep one document per file; move the other tests into the first document or a new "
        "file.",
        good=Example(ORDERS_YAML),
    ),
    Rule(
        code=codes.TAB_INDENT,
        name="tab-indentation",
        family="syntax",
        severity=_E,
        summary="A tab is used for indentation.",
        what="Reports a tab character where YAML expects indentation.",
        why="YAML forbids tabs in indentation; the file cannot be read."
        " No AL: YAML 1.2 forbids tabs in indentation (spec §6.1).",
        bad=Example(
            ("tests:\n\t- name: RELEASE-ORDER\n"),
            line=2,
        ),
        fix="Indent with spaces.",
        good=Example(ORDERS_YAML),
    ),
    Rule(
        code=codes.ENCODING,
        name="encoding",
        family="syntax",
        severity=_E,
        summary="The file is not UTF-8 text.",
        what="Reports invalid UTF-8, UTF-16 files, and NUL bytes (binary files).",
        why="Datasets are read as UTF-8 text; anything else is garbled or fails to import."
        " (Microsoft's install code opens resources as UTF-8: "
        "`SampleAgentsUtilities.Codeunit.al` lines 65-68, used by "
        "`SampleAgentsInstall.Codeunit.al` line 48.)",
        bad=Example(
            ORDERS_YAML,
            line=1,
            encoding="utf-16",
        ),
        fix="Save the file as UTF-8 (a UTF-8 byte order mark is accepted).",
        good=Example(ORDERS_YAML),
    ),
    Rule(
        code=codes.EMPTY_FILE,
        name="empty-file",
        family="syntax",
        severity=_E,
        summary="The file is empty.",
        what="Reports a dataset file with no content (or only whitespace).",
        why="An empty dataset defines no tests; a suite line pointing at it fails with "
        "'The dataset ... has no input lines.'"
        " (AIT Test Suite Mgt. codeunit 149034 (`AITTestSuiteMgt.Codeunit.al`) "
        "`ValidateTestLineDataset` lines 234-235.)",
        bad=Example(
            "",
            line=1,
        ),
        fix="Add tests, or delete the file.",
        good=Example(ORDERS_YAML),
    ),
    Rule(
        code=codes.UNSUPPORTED_TAG,
        name="unsupported-tag",
        family="syntax",
        severity=_E,
        summary="A YAML tag that datasets do not support.",
        what="Reports explicit tags other than the core ones (`!!str`, `!!int`, ...), such as "
        "`!!python/object`, and core tags whose value does not fit them.",
        why="Datasets are plain data converted to JSON; tags that construct objects are never "
        "applied (and are a security risk in other tools)."
        " No AL for tags: YAML 1.2 spec §6.9.1; each test is stored as the JSON the YAML "
        "becomes (Test Inputs Management codeunit 130458 "
        "(`TestInputsManagement.Codeunit.al`) lines 375-376).",
        bad=Example(
            with_turn_setup("Sales Header: !!python/object/apply:os.system ['echo hi']"),
            line=10,
        ),
        fix="Remove the tag and write the value as plain text.",
        good=Example(with_turn_setup("Sales Header: echo hi")),
    ),
    Rule(
        code=codes.COMPLEX_KEY,
        name="complex-key",
        family="syntax",
        severity=_E,
        summary="A mapping key that is not plain text.",
        what="Reports keys that are lists or mappings (`? [a, b]: value`).",
        why="JSON, which the framework converts YAML to, only has text keys."
        " (Each test is stored as JSON text, Test Inputs Management codeunit 130458 "
        "(`TestInputsManagement.Codeunit.al`) lines 375-376; RFC 8259 §4: names are "
        "strings.)",
        bad=Example(
            """
            tests:
              - name: RELEASE-ORDER
                description: Jane asks the agent to release sales order 101
                turns:
                  - query:
                      from: Jane Doe
                      title: Release order 101
                      message: Please release sales order 101.
                    turn_setup:
                      ? [Sales Header, No.]
                      : "101"
                    expected_data: {}
            """,
            line=10,
        ),
        fix="Use a text key.",
        good=Example(ORDERS_YAML),
    ),
    Rule(
        code=codes.JSON_SYNTAX,
        name="json-syntax",
        family="syntax",
        severity=_E,
        summary="The file (or a JSONL line) is not valid JSON as the importer reads it.",
        what="Reports JSON syntax errors; for JSONL, a line that is not one complete JSON object, "
        "and an empty line followed by more rows.",
        why="The importer reads JSONL one line at a time and fails with 'Could not parse JSONL "
        "input line'; it stops at the first empty line, silently dropping the rest."
        " (Test Inputs Management codeunit 130458 (`TestInputsManagement.Codeunit.al`) "
        "`ParseDataInputsJsonl` lines 286-296: `ReadText` returns 0 at an empty line "
        "and ends the loop; label line 452.)",
        bad=Example(
            """
            {"name": "RELEASE-ORDER",
             "question": "Which orders are open?", "ground_truth": "101"}
            """,
            path="datasets/orders.jsonl",
            line=1,
        ),
        fix="Put each test on one line as a complete JSON object; remove empty lines.",
        good=Example(
            """
            {"name": "RELEASE-ORDER", "question": "Which orders are open?", "ground_truth": "101"}
            """,
            path="datasets/orders.jsonl",
        ),
    ),
    Rule(
        code=codes.LIMIT,
        name="limit",
        family="syntax",
        severity=_E,
        summary="The file exceeds a safety limit.",
        what="Reports files that are too large, nest too deeply, or use too many aliases.",
        why="Such files can exhaust memory or time in any tool that reads them."
        " No AL: this linter's own limits (`max-file-size`, `max-line-length`, nesting), "
        "set in its configuration.",
        bad=Example(
            "tests:\n  - name: DEEP\n    turn_setup:\n      Levels: "
            + "[" * 201
            + "]" * 201
            + "\n",
            line=4,
        ),
        fix="Simplify the file; split very large datasets into several files.",
        good=Example(ORDERS_YAML),
    ),
    Rule(
        code=codes.NONSTANDARD_JSON,
        name="nonstandard-json",
        family="syntax",
        severity=Severity.WARNING,
        summary="JSON that Business Central accepts but standard JSON does not.",
        what="Reports single-quoted strings and raw control characters (tabs) inside strings.",
        why="Business Central's JSON reader is lenient, so the import works, but editors, "
        "`jq`, Python and CI tools reject the file."
        " No AL: RFC 8259 (JSON); how lenient the platform's `JsonObject.ReadFrom` is, "
        "is not in BCApps.",
        bad=Example(
            """
            [{"name": 'RELEASE-ORDER', "question": "Which orders are open?", "ground_truth": "101"}]
            """,
            path="datasets/orders.json",
            line=1,
        ),
        fix="Use double-quoted strings and escape tabs as `\\t`.",
        good=Example(
            """
            [{"name": "RELEASE-ORDER", "question": "Which orders are open?", "ground_truth": "101"}]
            """,
            path="datasets/orders.json",
        ),
    ),
    YAML11_BOOLEAN,
)

# The YAML 1.1 booleans the common 1.1 readers (PyYAML, libyaml's users) apply: the three
# spellings of each word. `y`/`n` are 1.1 booleans on paper only, and often real text.
_YAML11_BOOLEANS = frozenset(
    word for base in ("yes", "no", "on", "off") for word in (base, base.capitalize(), base.upper())
)
# A cheap first look: such a value ends a line, after `: ` or `- ` (or sits in a flow list).
# The spellings are listed: `(?i)` makes the scan about twice as slow, and searching a
# lower-cased copy holds a second copy of a large file (+12 MB on 10,000 tests).
_MAYBE_YAML11_BOOLEAN = (
    r"(?m)[:\-\[,]\s*(?:" + "|".join(sorted(_YAML11_BOOLEANS)) + r")\s*(?:[,\]}#]|$)"
)


def check(doc: Document, ctx: LintContext) -> Iterator[Diagnostic]:
    """The loader's findings are in ``doc.diagnostics``; this family adds SYN012."""
    if doc.format != "yaml" or doc.root is None:
        return
    import re

    if re.search(_MAYBE_YAML11_BOOLEAN, doc.text) is None:
        return
    from ait_datasets.source.tree import Scalar, walk

    if not ctx.is_ai_test_file(doc):
        return
    for _, node in walk(doc.root):
        if (
            isinstance(node, Scalar)
            and node.style == ""
            and isinstance(node.data, str)
            and node.data in _YAML11_BOOLEANS
        ):
            as_bool = "true" if node.data.lower() in ("yes", "on") else "false"
            yield YAML11_BOOLEAN.at(
                doc,
                node.span,
                f"'{node.data}' is text in YAML 1.2, which this linter reads, but a YAML 1.1 "
                f"reader makes it {as_bool}. "
                f'Quote it ("{node.data}") to keep it text everywhere.',
            )


# YAML files only: SYN012 is about plain YAML 1.1 booleans (the loader makes the rest).
FAMILY = Family(prefix="SYN", rules=RULES, check=check, formats=frozenset({"yaml"}))

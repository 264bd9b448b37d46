"""XML rules: suite XML against XmlPort 149031, and `Dataset=` across the app."""

from __future__ import annotations

import os
import pickle
from pathlib import Path

from ait_datasets.dataset.shape import FileKind
from ait_datasets.diagnostics import Diagnostic, Severity
from ait_datasets.lint.engine import lint_document, lint_paths
from ait_datasets.lint.facts import extract_facts
from ait_datasets.source import load_text
from ait_datasets.source.document import Document
from ait_datasets.source.xml_loader import load_xml_text

GOOD = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    "<Root>\n"
    '  <AITSuite Code="SV-ACC" Description="Accuracy" Tag="nightly" Dataset="P0.yaml"'
    ' Capability="Custom Agent" Frequency="Daily" TestRunnerId="130451" TestType="Agent"'
    ' Validation="false">\n'
    '    <Language Tag="en-US" Frequency="Weekly" Validation="TRUE" />\n'
    '    <Evaluator Evaluator="Exact" Type="Built-in" />\n'
    '    <Line CodeunitID="50100" Description="Happy path" Dataset="P0.yaml">\n'
    '      <Evaluator Evaluator="Exact" Type="Built-in" />\n'
    "    </Line>\n"
    '    <Line CodeunitID="50101" />\n'
    "  </AITSuite>\n"
    "</Root>\n"
)


# XML012 (a `Dataset=` naming no dataset of the app) is cross-file: these one-file suites
# name datasets that do not exist, so it is tested with real apps further down.
CROSS_FILE = frozenset({"XML012"})


def lint_one(doc: Document) -> list[Diagnostic]:
    """The findings of one suite XML but the cross-file ones (see ``CROSS_FILE``)."""
    return [d for d in lint_document(doc) if d.code not in CROSS_FILE]


def lint_xml(text: str, code: str | None = None) -> list[tuple[int, int, str]]:
    found = lint_one(load_xml_text("suite.xml", text))
    return [(d.line, d.column, d.code) for d in found if code is None or d.code == code]


def suite(attributes: str, body: str = "") -> str:
    """A one-suite XML: the AITSuite start tag is line 2, its attributes start at column 13."""
    return f"<Root>\n  <AITSuite {attributes}>\n{body}  </AITSuite>\n</Root>\n"


def test_a_complete_suite_has_no_findings() -> None:
    assert lint_xml(GOOD) == []


def test_xml_files_do_not_get_dataset_rules() -> None:
    # FIL001 would call `.xml` a wrong dataset extension; XML files get only XML rules.
    assert lint_xml('<Root><AITSuite Code="S" Dataset="d" /></Root>') == []


# --- XML001 / XML002 from the loader through the engine -----------------------------------


def test_xml001_malformed() -> None:
    assert lint_xml("<Root>\n  <AITSuite>\n</Root>\n") == [(3, 3, "XML001")]


def test_xml002_declaration_mismatch() -> None:
    text = '<?xml version="1.0" encoding="UTF-16"?>\n<Root><AITSuite Code="S" Dataset="d"/></Root>'
    assert lint_xml(text) == [(1, 31, "XML002")]


# --- XML003 suite-structure -------------------------------------------------------------


def test_xml003_misspelt_root() -> None:
    assert lint_xml('<root>\n  <AITSuite Code="S" Dataset="d" />\n</root>\n') == [(1, 2, "XML003")]


def test_xml003_other_root_with_suites() -> None:
    assert lint_xml('<Suites><AITSuite Code="S" Dataset="d" /></Suites>') == [(1, 2, "XML003")]


def test_xml003_root_without_suites() -> None:
    assert lint_xml("<Root>\n</Root>\n", "XML003") == [(1, 2, "XML003")]


def test_xml003_other_xml_is_left_alone() -> None:
    assert lint_xml('<Invoice xmlns="urn:x"><ID>1</ID></Invoice>') == []


# --- XML004 unknown-xml-name ------------------------------------------------------------


def test_xml004_unknown_attribute_with_did_you_mean() -> None:
    found = lint_one(load_xml_text("s.xml", suite('Code="S" Dataset="d" Frequncy="Daily"')))
    assert [(d.line, d.column, d.code) for d in found] == [(2, 34, "XML004")]
    assert found[0].severity is Severity.WARNING
    assert "Did you mean 'Frequency'?" in found[0].message


def test_xml004_unknown_elements() -> None:
    body = '    <Lines CodeunitID="1" />\n    <Line CodeunitID="1"><Note /></Line>\n'
    assert lint_xml(suite('Code="S" Dataset="d"', body)) == [(3, 6, "XML004"), (4, 27, "XML004")]


def test_xml004_old_toolkit_attributes() -> None:
    text = suite('Code="S" ModelVersion="Latest" Dataset="d"')
    assert lint_xml(text) == [(2, 22, "XML004")]


# --- XML005 missing-required-attribute --------------------------------------------------


def test_xml005_suite_without_code_and_dataset() -> None:
    assert lint_xml(suite('Description="x"')) == [(2, 4, "XML005"), (2, 4, "XML005")]


def test_xml005_empty_required_value() -> None:
    assert lint_xml(suite('Code="S" Dataset=" "')) == [(2, 31, "XML005")]


def test_xml005_line_language_and_evaluator() -> None:
    body = (
        '    <Language Frequency="Daily" />\n'
        '    <Evaluator Type="Built-in" />\n'
        '    <Line Description="x"><Evaluator Evaluator="E" /></Line>\n'
    )
    assert lint_xml(suite('Code="S" Dataset="d"', body)) == [
        (3, 6, "XML005"),
        (4, 6, "XML005"),
        (5, 6, "XML005"),
        (5, 28, "XML005"),
    ]


# --- XML006 value-too-long --------------------------------------------------------------


def test_xml006_code_over_10_and_tag_over_20() -> None:
    text = suite('Code="SALES-ACCUR" Dataset="d" Tag="' + "t" * 21 + '"')
    assert lint_xml(text) == [(2, 19, "XML006"), (2, 49, "XML006")]


def test_xml006_exact_limits_pass() -> None:
    long_ok = f'Code="{"C" * 10}" Dataset="{"D" * 100}" Description="{"x" * 250}"'
    assert lint_xml(suite(long_ok)) == []


def test_xml006_line_description_and_dataset() -> None:
    body = f'    <Line CodeunitID="1" Description="{"x" * 251}" Dataset="{"d" * 101}" />\n'
    assert lint_xml(suite('Code="S" Dataset="d"', body)) == [
        (3, 39, "XML006"),
        (3, 301, "XML006"),
    ]


# --- XML007 invalid-enum-value ----------------------------------------------------------


def test_xml007_test_type_and_frequency() -> None:
    text = suite('Code="S" Dataset="d" TestType="AITest" Frequency="Dayly"')
    found = lint_one(load_xml_text("s.xml", text))
    assert [(d.line, d.column, d.code) for d in found] == [(2, 44, "XML007"), (2, 63, "XML007")]
    assert "Copilot, Agent, MCP" in found[0].message
    assert "Did you mean 'Daily'?" in found[1].message


def test_xml007_case_is_not_significant() -> None:
    assert lint_xml(suite('Code="S" Dataset="d" TestType="copilot" Frequency="WEEKLY"')) == []


def test_xml007_language_frequency() -> None:
    body = '    <Language Tag="da-DK" Frequency="Hourly" />\n'
    assert lint_xml(suite('Code="S" Dataset="d"', body)) == [(3, 38, "XML007")]


# --- XML008 invalid-boolean -------------------------------------------------------------


def test_xml008_validation_yes_means_false() -> None:
    found = lint_one(load_xml_text("s.xml", suite('Code="S" Dataset="d" Validation="Yes"')))
    assert [(d.line, d.column, d.code) for d in found] == [(2, 46, "XML008")]
    assert "means false" in found[0].message


# --- XML009 invalid-integer / XML010 padded-number ----------------------------------------


def test_xml009_codeunit_and_runner_not_numbers() -> None:
    body = '    <Line CodeunitID="Sales Tests" />\n'
    text = suite('Code="S" Dataset="d" TestRunnerId="isolated"', body)
    assert lint_xml(text) == [(2, 48, "XML009"), (3, 23, "XML009")]


def test_xml010_trailing_space_is_info() -> None:
    body = '    <Line CodeunitID="133516 " />\n'
    found = lint_one(load_xml_text("s.xml", suite('Code="S" Dataset="d"', body)))
    assert [(d.line, d.column, d.code) for d in found] == [(3, 23, "XML010")]
    assert found[0].severity is Severity.INFO


# --- XML011 agent-test-runner -----------------------------------------------------------


def test_xml011_agent_suite_with_another_runner() -> None:
    text = suite('Code="S" Dataset="d" TestType="Agent" TestRunnerId="130450"')
    assert lint_xml(text) == [(2, 65, "XML011")]


def test_xml011_agent_suite_without_runner() -> None:
    assert lint_xml(suite('Code="S" Dataset="d" TestType="Agent"')) == [(2, 44, "XML011")]


def test_xml011_copilot_suite_may_use_any_runner() -> None:
    assert lint_xml(suite('Code="S" Dataset="d" TestType="Copilot" TestRunnerId="130450"')) == []


# --- XML012 unknown-dataset / XML013 duplicate-suite-code (across files) -----------------


def make_app(tmp_path: Path, files: dict[str, str | bytes]) -> Path:
    root = tmp_path / "app" / ".resources"
    for rel, content in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    return root


def cross(*paths: Path, code: str) -> list[Diagnostic]:
    return [d for d in lint_paths([str(p) for p in paths]).diagnostics if d.code == code]


def at(found: list[Diagnostic]) -> list[tuple[str, int, int]]:
    return [(os.path.basename(d.path), d.line, d.column) for d in found]


DATASETS: dict[str, str | bytes] = {
    "datasets/P0.yaml": "tests:\n  - name: T\n    question: q\n",
    "datasets/rows.jsonl": '{"name": "T"}\n',
    "datasets/lang/orders-da.yaml": "name: ORDERS\nlanguage: da-DK\ntests:\n  - name: T\n",
}


def test_xml012_every_naming_rule_resolves(tmp_path: Path) -> None:
    body = (
        '    <Line CodeunitID="1" Dataset="p0.YAML" />\n'
        '    <Line CodeunitID="1" Dataset="ROWS" />\n'
        '    <Line CodeunitID="1" Dataset="orders" />\n'
        '    <Line CodeunitID="1" Dataset="" />\n'
    )
    root = make_app(
        tmp_path, {**DATASETS, "suites/s.xml": suite('Code="S" Dataset="P0.yaml"', body)}
    )
    assert cross(root, code="XML012") == []


def test_xml012_unknown_dataset_with_did_you_mean(tmp_path: Path) -> None:
    root = make_app(tmp_path, {**DATASETS, "suites/s.xml": suite('Code="S" Dataset="P1.yaml"')})
    found = cross(root, code="XML012")
    assert at(found) == [("s.xml", 2, 31)]
    assert "Did you mean 'P0.yaml'?" in found[0].message


def test_xml012_yaml_without_and_jsonl_with_extension(tmp_path: Path) -> None:
    body = '    <Line CodeunitID="1" Dataset="rows.jsonl" />\n'
    root = make_app(tmp_path, {**DATASETS, "suites/s.xml": suite('Code="S" Dataset="P0"', body)})
    found = cross(root, code="XML012")
    assert at(found) == [("s.xml", 2, 31), ("s.xml", 3, 35)]
    assert "write 'P0.yaml'" in found[0].message
    assert "write 'rows'" in found[1].message


def test_xml012_linting_only_the_xml_reads_the_apps_datasets(tmp_path: Path) -> None:
    root = make_app(tmp_path, {**DATASETS, "suites/s.xml": suite('Code="S" Dataset="ORDERS"')})
    assert cross(root / "suites/s.xml", code="XML012") == []


def test_xml012_utf16_suite(tmp_path: Path) -> None:
    text = '<?xml version="1.0" encoding="UTF-16"?>\n' + suite('Code="S" Dataset="Nope.yaml"')
    root = make_app(tmp_path, {**DATASETS, "s.xml": b"\xff\xfe" + text.encode("utf-16-le")})
    run = lint_paths([str(root)])
    assert [(d.line, d.column, d.code) for d in run.diagnostics] == [(3, 31, "XML012")]


def test_xml013_duplicate_codes_in_a_file_and_across_files(tmp_path: Path) -> None:
    two = (
        "<Root>\n"
        '  <AITSuite Code="S1" Dataset="P0.yaml" />\n'
        '  <AITSuite Code="s1" Dataset="P0.yaml" />\n'
        "</Root>\n"
    )
    root = make_app(
        tmp_path,
        {**DATASETS, "a.xml": two, "b.xml": suite('Code="S1 " Dataset="P0.yaml"')},
    )
    found = cross(root, code="XML013")
    assert at(found) == [("a.xml", 3, 19), ("b.xml", 2, 19)]
    assert "earlier in this file" in found[0].message
    assert "a.xml" in found[1].message


def test_xml013_distinct_codes_pass(tmp_path: Path) -> None:
    root = make_app(
        tmp_path,
        {
            **DATASETS,
            "a.xml": suite('Code="S1" Dataset="P0.yaml"'),
            "b.xml": suite('Code="S2" Dataset="P0.yaml"'),
        },
    )
    assert cross(root, code="XML013") == []


def test_discovery_picks_up_xml_only_inside_resources(tmp_path: Path) -> None:
    root = make_app(tmp_path, {**DATASETS, "s.xml": suite('Code="S" Dataset="P0.yaml"')})
    outside = tmp_path / "app" / "other.xml"
    outside.write_text("<Root />")
    assert lint_paths([str(tmp_path)]).files == 4
    # Named explicitly, an XML file outside `.resources` is linted too.
    run = lint_paths([str(outside)])
    assert run.files == 1
    assert [(d.line, d.column, d.code) for d in run.diagnostics] == [(1, 2, "XML003")]
    assert root.is_dir()


def test_facts_are_plain_picklable_data() -> None:
    # Files will be linted in worker processes: their facts must travel.
    xml = extract_facts(load_xml_text("s.xml", suite('Code="S" Dataset="P0.yaml"')), "")
    assert xml.kind is FileKind.SUITE_XML
    assert [(r.value, r.span.line, r.span.column) for r in xml.dataset_refs] == [("P0.yaml", 2, 31)]
    yaml = extract_facts(load_text("d.yaml", "suite_setup: X\ntests: []\n"), "dataset")
    for facts in (xml, yaml):
        assert pickle.loads(pickle.dumps(facts)) == facts


def test_xml003_data_exchange_definition_with_a_lower_case_root_is_left_alone() -> None:
    # A look-alike of a Data Exchange Definition resource (written for this test): its
    # root is `<root>`, its children are not suites, so it is not an AI-test file.
    text = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<root>\n'
        '  <DataExchDef Code="BANK-IMPORT" Name="Bank statement import" Type="1">\n'
        '    <DataExchLineDef LineType="1" Code="LINE" ColumnCount="3" />\n'
        "  </DataExchDef>\n</root>\n"
    )
    assert lint_xml(text) == []


def test_xml003_misspelt_root_and_suite_elements() -> None:
    text = '<ROOT>\n  <AITSuit Code="S" Dataset="d" />\n</ROOT>\n'
    assert lint_xml(text, "XML003") == [(1, 2, "XML003")]


def test_xml003_root_holding_other_elements_is_left_alone() -> None:
    assert lint_xml("<Root>\n  <Setting Name='x' />\n</Root>\n") == []


# --- XML014: `<Language Tag=...>` the XmlPort cannot find (issue 30) -----------------------


def _language_findings(tag: str) -> list[Diagnostic]:
    text = suite('Code="S" Dataset="d.yaml"', f'    <Language Tag="{tag}" />\n')
    return [d for d in lint_one(load_xml_text("suite.xml", text)) if d.code == "XML014"]


def test_xml014_an_unknown_language_tag_fails_the_import() -> None:
    # GetLanguageIDByTag errors 'Language with tag %1 not found.': the whole XML fails.
    [found] = _language_findings("ENU")
    assert (found.line, found.column, found.severity) == (3, 20, Severity.ERROR)
    assert "Language with tag ENU not found." in found.message
    # The same suggestion as STR007 for a dataset's `language:`.
    assert "Did you mean 'en-US'?" in found.message
    [nonsense] = _language_findings("xx-XX")
    assert nonsense.severity is Severity.ERROR
    assert "Language with tag xx-XX not found." in nonsense.message
    [lcid] = _language_findings("1030")
    assert "Did you mean 'da-DK'?" in lcid.message


def test_xml014_other_letter_case_is_a_warning() -> None:
    # Whether the platform's filter ignores case is not in the framework's code.
    [found] = _language_findings("en-us")
    assert (found.line, found.column, found.severity) == (3, 20, Severity.WARNING)
    assert 'Write Tag="en-US"' in found.message


def test_xml014_passes_windows_tags_and_leaves_an_empty_tag_to_xml005() -> None:
    for tag in ("en-US", "da-DK", "sr-Latn-RS"):
        assert _language_findings(tag) == [], tag
    assert _language_findings("") == []
    text = suite('Code="S" Dataset="d.yaml"', '    <Language Tag="" />\n')
    assert ("XML005" in {code for _, _, code in lint_xml(text)}) is True


def test_xml014_the_suite_tag_attribute_is_not_a_language() -> None:
    # `AITSuite/@Tag` is a free text (Text[20]), not a language tag.
    assert lint_xml(suite('Code="S" Dataset="d.yaml" Tag="nightly"'), "XML014") == []

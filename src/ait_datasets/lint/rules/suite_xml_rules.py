"""The rules of the suite XML family (``XML``); the checks are in ``suite_xml``."""

from __future__ import annotations

from ait_datasets.diagnostics import Severity
from ait_datasets.lint.rule import Example, FixAvailability, Rule
from ait_datasets.lint.rules.example_datasets import ORDERS_DATASET, ORDERS_SUITE, ORDERS_YAML
from ait_datasets.source.codes import XML_ENCODING, XML_SYNTAX

FAMILY = "suite_xml"


def _suite_app(source: str, line: int | None = None) -> Example:
    """An example app whose file is the suite XML ``source``, running the ordinary dataset."""
    return Example(source, path="suites/orders.xml", neighbours=ORDERS_DATASET, line=line)


# The passing example of most XML rules: the ordinary suite.
_GOOD = _suite_app(ORDERS_SUITE)


SYNTAX = Rule(
    code=XML_SYNTAX,
    name="xml-syntax",
    family=FAMILY,
    severity=Severity.ERROR,
    summary="The suite XML is not well-formed.",
    what="Reports malformed XML (unclosed or mismatched tags, bad attribute quoting, stray `&`) at "
    "the position where the XML parser stops, and empty XML files.",
    why="The suite import (`ImportAITestSuite`, XmlPort 149031) fails on the whole file."
    " (`ImportAITestSuite`, AIT AL Test Suite Mgt codeunit 149037, "
    "`AITALTestSuiteMgt.Codeunit.al` lines 310-320.)",
    bad=_suite_app(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <Root>
          <AITSuite Code="ORDERS" Description="Release sales orders" Dataset="orders.yaml"
                    TestType="Agent" TestRunnerId="130451">
            <Line CodeunitID="50100" Description="Release orders" />
        </Root>
        """,
        line=6,
    ),
    fix="Close or fix the element the message points at.",
    good=_GOOD,
)
ENCODING = Rule(
    code=XML_ENCODING,
    name="xml-encoding",
    family=FAMILY,
    severity=Severity.ERROR,
    summary="The XML's bytes do not match its `encoding=` declaration, or are not UTF-8/UTF-16LE.",
    what="Reads the bytes: UTF-16LE with a byte order mark and UTF-8 (with or without one) are "
    'accepted; then checks that `<?xml ... encoding="..."?>` names the same encoding. '
    "Reports UTF-16 without byte order mark, big-endian UTF-16, invalid UTF-8 and other "
    "declared encodings.",
    why="The platform's XML reader trusts the declaration: a UTF-8 file that declares UTF-16 (or "
    "the reverse) is refused ('There is no Unicode byte order mark. Cannot switch to "
    "Unicode.'). Microsoft's docs ask for UTF-16; Microsoft also ships working UTF-8 suites."
    " No AL: the platform's XML reader decides; the XmlPort reads the stream the "
    "install code opens (`SampleAgentsInstall.Codeunit.al` line 57).",
    bad=_suite_app(
        """
        <?xml version="1.0" encoding="UTF-16"?>
        <Root>
          <AITSuite Code="ORDERS" Description="Release sales orders" Dataset="orders.yaml"
                    TestType="Agent" TestRunnerId="130451">
            <Line CodeunitID="50100" Description="Release orders" />
          </AITSuite>
        </Root>
        """,
        line=1,
    ),
    fix='Declare the encoding the file is saved in (`encoding="UTF-8"`), or re-save it as '
    "UTF-16LE with a byte order mark.",
    good=_GOOD,
)
STRUCTURE = Rule(
    code="XML003",
    name="suite-structure",
    family=FAMILY,
    severity=Severity.ERROR,
    summary="The XML is not a suite the XmlPort can import.",
    what="Reports a root element other than `Root` holding `AITSuite` elements, a misspelt "
    "`Root` (`root`, `ROOT`, `Rot`, ...) holding close misspellings of `AITSuite`, and an "
    "empty `<Root/>`. Any other "
    "XML is taken for another resource and not checked: a Data Exchange Definition whose "
    "root is `<root>` with `<DataExchDef>` children, test data, HTTP mocks.",
    why="XmlPort 149031's schema starts with the text element `Root` and expects at least one "
    "`AITSuite`: a different root fails the import, an empty one imports nothing."
    " (AIT Test Suite Import/Export XmlPort 149031 "
    "(`AITTestSuiteImportExport.XmlPort.al`) lines 17-22.)",
    bad=_suite_app(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <root>
          <AITSuite Code="ORDERS" Description="Release sales orders" Dataset="orders.yaml"
                    TestType="Agent" TestRunnerId="130451">
            <Line CodeunitID="50100" Description="Release orders" />
          </AITSuite>
        </root>
        """,
        line=2,
    ),
    fix='Use `<Root>` with one `<AITSuite Code="..." Dataset="...">` per suite. The fix renames '
    "a misnamed root (start and end tag) to `Root`: safe when the name is `Root` in another "
    "letter case or one edit from it, unsafe otherwise.",
    fixable=FixAvailability.SAFE,
    good=_GOOD,
)
UNKNOWN_NAME = Rule(
    code="XML004",
    name="unknown-xml-name",
    family=FAMILY,
    severity=Severity.WARNING,
    summary="An element or attribute XmlPort 149031 does not define.",
    what="Reports elements and attributes that are not in the XmlPort's schema (for example the "
    "`ModelVersion`, `Duration` or `DelayBetwnItr` of older toolkit versions), with the "
    "closest known name.",
    why="The XmlPort validates the file against the schema it generates, so an unknown name "
    "can fail the import; where it does not, the value is silently dropped. Either way it "
    "does not do what its author meant."
    " (AIT Test Suite Import/Export XmlPort 149031 "
    "(`AITTestSuiteImportExport.XmlPort.al`) schema, lines 15-200.)",
    bad=_suite_app(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <Root>
          <AITSuite Code="ORDERS" Description="Release sales orders" Dataset="orders.yaml"
                    Frequncy="Daily"
                    TestType="Agent" TestRunnerId="130451">
            <Line CodeunitID="50100" Description="Release orders" />
          </AITSuite>
        </Root>
        """,
        line=4,
    ),
    fix="Fix the spelling, or remove the element or attribute. The fix renames the element "
    "(start and end tag) or attribute to the name the message names: safe when that name is "
    "the only one a letter's case or one edit away, unsafe when it is a guess among names; "
    "none when the element already has that attribute.",
    fixable=FixAvailability.SAFE,
    good=_suite_app(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <Root>
          <AITSuite Code="ORDERS" Description="Release sales orders" Dataset="orders.yaml"
                    Frequency="Daily"
                    TestType="Agent" TestRunnerId="130451">
            <Line CodeunitID="50100" Description="Release orders" />
          </AITSuite>
        </Root>
        """
    ),
)
MISSING_ATTRIBUTE = Rule(
    code="XML005",
    name="missing-required-attribute",
    family=FAMILY,
    severity=Severity.ERROR,
    summary="A required attribute is missing or empty.",
    what="Reports `AITSuite` without `Code` or `Dataset`, `Line` without `CodeunitID`, "
    "`Language` without `Tag`, and `Evaluator` without `Evaluator` or `Type` (also when "
    "the value is empty).",
    why="These attributes have `Occurrence = Required` in the XmlPort: the import fails "
    "without them. An empty suite `Dataset` fails the run ('no dataset')."
    " (AIT Test Suite Import/Export XmlPort 149031 "
    "(`AITTestSuiteImportExport.XmlPort.al`) lines 25, 63, 108, 162, 166 and 184.)",
    bad=_suite_app(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <Root>
          <AITSuite Code="ORDERS" Description="Release sales orders" Dataset="orders.yaml"
                    TestType="Agent" TestRunnerId="130451">
            <Line Description="Release orders" />
          </AITSuite>
        </Root>
        """,
        line=5,
    ),
    fix="Add the attribute with a value.",
    good=_GOOD,
)
TOO_LONG = Rule(
    code="XML006",
    name="value-too-long",
    family=FAMILY,
    severity=Severity.ERROR,
    summary="An attribute value is longer than its field.",
    what="Reports `AITSuite/@Code` over 10 characters, `@Tag` over 20, `@Description` "
    "(suite and line) over 250, and `@Dataset` (suite and line) over 100.",
    why="The XmlPort writes each value into a table field of that length; a longer value "
    "fails the import."
    " (AIT Test Suite table: `Code` Code[10], `Description` Text[250], `Input Dataset` "
    "Code[100], `Tag` Text[20], `AITTestSuite.Table.al` lines 23, 29, 46, 95; AIT "
    "Test Method Line: `Description` Text[250], `Input Dataset` Code[100], "
    "`AITTestMethodLine.Table.al` lines 73, 79.)",
    bad=_suite_app(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <Root>
          <AITSuite Code="RELEASE-SALES-ORDERS" Description="Release orders" Dataset="orders.yaml"
                    TestType="Agent" TestRunnerId="130451">
            <Line CodeunitID="50100" Description="Release orders" />
          </AITSuite>
        </Root>
        """,
        line=3,
    ),
    fix="Shorten the value (suite codes are at most 10 characters).",
    good=_GOOD,
)
BAD_ENUM = Rule(
    code="XML007",
    name="invalid-enum-value",
    family=FAMILY,
    severity=Severity.ERROR,
    summary="`TestType` or `Frequency` is not a value of its enum.",
    what="Reports `TestType` other than Copilot, Agent, MCP and `Frequency` (suite or "
    "language) other than Manual, Daily, Weekly; letter case is not significant.",
    why='The value is evaluated into the enum "AIT Test Type" / "AIT Run Frequency"; '
    "anything else fails the import (`AITest`, seen in some guides, is not a value)."
    " (`AITTestType.Enum.al` lines 11-36, `AITRunFrequency.Enum.al` lines 11-34; AIT "
    "Test Suite Import/Export XmlPort 149031 (`AITTestSuiteImportExport.XmlPort.al`) "
    "lines 69-80.)",
    bad=_suite_app(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <Root>
          <AITSuite Code="ORDERS" Description="Release sales orders" Dataset="orders.yaml"
                    TestType="Agnet" TestRunnerId="130451">
            <Line CodeunitID="50100" Description="Release orders" />
          </AITSuite>
        </Root>
        """,
        line=4,
    ),
    fix="Use one of the listed values. The fix writes the value the message names (`Agnet` -> "
    "`Agent`): safe when it is the only one a letter's case or one edit away, unsafe "
    "otherwise; none for a value close to no name (`AITest`).",
    fixable=FixAvailability.SAFE,
    good=_GOOD,
)
BAD_BOOLEAN = Rule(
    code="XML008",
    name="invalid-boolean",
    family=FAMILY,
    severity=Severity.WARNING,
    summary="`Validation` is not `true` or `false`.",
    what="Reports `Validation` values (suite or language) other than true/false in any case.",
    why="The import sets the flag with `UpperCase(value) = 'TRUE'`: `Yes`, `1` or `on` "
    "silently mean false."
    " (AIT Test Suite Import/Export XmlPort 149031 "
    "(`AITTestSuiteImportExport.XmlPort.al`) lines 96 and 142.)",
    bad=_suite_app(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <Root>
          <AITSuite Code="ORDERS" Description="Release sales orders" Dataset="orders.yaml"
                    TestType="Agent" TestRunnerId="130451" Validation="Yes">
            <Line CodeunitID="50100" Description="Release orders" />
          </AITSuite>
        </Root>
        """,
        line=4,
    ),
    fix='Write `Validation="true"` or `Validation="false"`.',
    good=_suite_app(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <Root>
          <AITSuite Code="ORDERS" Description="Release sales orders" Dataset="orders.yaml"
                    TestType="Agent" TestRunnerId="130451" Validation="true">
            <Line CodeunitID="50100" Description="Release orders" />
          </AITSuite>
        </Root>
        """
    ),
)
BAD_INTEGER = Rule(
    code="XML009",
    name="invalid-integer",
    family=FAMILY,
    severity=Severity.ERROR,
    summary="`CodeunitID` or `TestRunnerId` is not a whole number.",
    what="Reports `Line/@CodeunitID` and `AITSuite/@TestRunnerId` values that are not whole "
    "numbers.",
    why="Both are Integer fields: a value that does not evaluate as a number fails the import."
    " (`Test Runner Id`, `AITTestSuite.Table.al` line 225; `Codeunit ID`, "
    "`AITTestMethodLine.Table.al` line 35.)",
    bad=_suite_app(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <Root>
          <AITSuite Code="ORDERS" Description="Release sales orders" Dataset="orders.yaml"
                    TestType="Agent" TestRunnerId="130451">
            <Line CodeunitID="Release Tests" Description="Release orders" />
          </AITSuite>
        </Root>
        """,
        line=5,
    ),
    fix='Write the object ID: `CodeunitID="50100"`.',
    good=_GOOD,
)
PADDED_NUMBER = Rule(
    code="XML010",
    name="padded-number",
    family=FAMILY,
    severity=Severity.INFO,
    summary="A number attribute has spaces around it.",
    what="Reports whole-number attributes with leading or trailing spaces, such as the "
    '`CodeunitID="133516 "` Microsoft ships.',
    why="The import accepts it (Microsoft's Sales Lines Suggestions suite ships it), but it is "
    "an accident waiting to be copied into a place that is stricter."
    " (Read into the Integer `Codeunit ID`, AIT Test Suite Import/Export XmlPort "
    "149031 (`AITTestSuiteImportExport.XmlPort.al`) lines 182-185, "
    "`AITTestMethodLine.Table.al` line 35.)",
    bad=_suite_app(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <Root>
          <AITSuite Code="ORDERS" Description="Release sales orders" Dataset="orders.yaml"
                    TestType="Agent" TestRunnerId="130451">
            <Line CodeunitID="50100 " Description="Release orders" />
          </AITSuite>
        </Root>
        """,
        line=5,
    ),
    fix="Remove the spaces. The fix writes the number alone; it is safe, as the import reads "
    "the same number either way.",
    fixable=FixAvailability.SAFE,
    good=_GOOD,
)
AGENT_RUNNER = Rule(
    code="XML011",
    name="agent-test-runner",
    family=FAMILY,
    severity=Severity.WARNING,
    summary='An Agent suite does not use TestRunnerId="130451".',
    what='Reports `TestType="Agent"` suites whose `TestRunnerId` is missing or not 130451 '
    '("Test Runner - Isol. Disabled").',
    why="Agent tasks run in their own sessions: with a test runner that isolates (rolls back) "
    "the test's transaction, the records the test creates are invisible to the agent. "
    "Microsoft's agent suites all use 130451."
    " (`TestRunnerIsolDisabled.Codeunit.al` line 12: `TestIsolation = Disabled`; "
    "130450, `TestRunnerIsolCodeunit.Codeunit.al` line 12: `TestIsolation = "
    "Codeunit`.)",
    bad=_suite_app(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <Root>
          <AITSuite Code="ORDERS" Description="Release sales orders" Dataset="orders.yaml"
                    TestType="Agent" TestRunnerId="130450">
            <Line CodeunitID="50100" Description="Release orders" />
          </AITSuite>
        </Root>
        """,
        line=4,
    ),
    fix='Set `TestRunnerId="130451"`.',
    good=_GOOD,
)
UNKNOWN_DATASET = Rule(
    code="XML012",
    name="unknown-dataset",
    family=FAMILY,
    severity=Severity.ERROR,
    summary="A `Dataset=` names no dataset file of the app.",
    what="Resolves every suite and line `Dataset=` by the importer's naming rule, ignoring "
    "case: a YAML file by its name WITH `.yaml`, a JSONL/JSON file by its name WITHOUT "
    "extension, or the `name:` of language-split YAML datasets (their parent group). "
    "Says so when only the extension is wrong.",
    why="The suite imports (the field is not validated), but the run fails: the line has no "
    "input lines or no dataset."
    " (`ValidateTableRelation = false`, `AITTestSuite.Table.al` line 50 and "
    "`AITTestMethodLine.Table.al` line 84; AIT Test Suite Mgt. codeunit 149034 "
    "(`AITTestSuiteMgt.Codeunit.al`) `ValidateTestLineDataset` lines 228-238.)",
    bad=_suite_app(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <Root>
          <AITSuite Code="ORDERS" Description="Release sales orders" Dataset="orders"
                    TestType="Agent" TestRunnerId="130451">
            <Line CodeunitID="50100" Description="Release orders" />
          </AITSuite>
        </Root>
        """,
        line=3,
    ),
    fix="Write the dataset's group code: `orders.yaml` for YAML, `orders` for `orders.jsonl`. "
    "The fix writes the name the message names: safe for the extension added or dropped, "
    "and for a name a letter's case or one edit from only one dataset; unsafe when it is a "
    "guess among datasets.",
    fixable=FixAvailability.SAFE,
    good=_GOOD,
)
DUPLICATE_CODE = Rule(
    code="XML013",
    name="duplicate-suite-code",
    family=FAMILY,
    severity=Severity.ERROR,
    summary="Two suites of the app have the same `Code`.",
    what="Reports every `AITSuite` whose `Code` (ignoring case) was already used earlier in the "
    "same file or in another suite XML of the app.",
    why="The suite code is the suite's key. In the same file the second suite is skipped: the "
    "XmlPort finds the first one, imported by the same app with the same file hash, and "
    "calls `currXMLport.Skip()` (AIT Test Suite Import/Export XmlPort 149031 lines 35-42). "
    "From another file (another hash) the import deletes the first suite and imports the "
    "second, and the delete subscriber also removes the first suite's lines, evaluators, "
    "column mappings, log entries, run history and languages (AIT Test Suite Mgt. "
    "`DeleteLinesOnDeleteAITTestSuite` lines 623-653); when another app owns the code the "
    "import fails ('The eval suite %1 is already imported by a different app.', line 47).",
    bad=Example(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <Root>
          <AITSuite Code="ORDERS" Description="Release sales orders" Dataset="orders.yaml"
                    TestType="Agent" TestRunnerId="130451">
            <Line CodeunitID="50100" Description="Release orders" />
          </AITSuite>
          <AITSuite Code="orders" Description="Rush orders" Dataset="rush.yaml"
                    TestType="Agent" TestRunnerId="130451">
            <Line CodeunitID="50101" Description="Rush orders" />
          </AITSuite>
        </Root>
        """,
        path="suites/orders.xml",
        neighbours={"datasets/orders.yaml": ORDERS_YAML, "datasets/rush.yaml": ORDERS_YAML},
        line=7,
    ),
    fix="Give each suite its own code.",
    good=Example(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <Root>
          <AITSuite Code="ORDERS" Description="Release sales orders" Dataset="orders.yaml"
                    TestType="Agent" TestRunnerId="130451">
            <Line CodeunitID="50100" Description="Release orders" />
          </AITSuite>
          <AITSuite Code="RUSH" Description="Rush orders" Dataset="rush.yaml"
                    TestType="Agent" TestRunnerId="130451">
            <Line CodeunitID="50101" Description="Rush orders" />
          </AITSuite>
        </Root>
        """,
        path="suites/orders.xml",
        neighbours={"datasets/orders.yaml": ORDERS_YAML, "datasets/rush.yaml": ORDERS_YAML},
    ),
)
UNKNOWN_LANGUAGE_TAG = Rule(
    code="XML014",
    name="unknown-language-tag",
    family=FAMILY,
    severity=Severity.ERROR,
    summary="A `<Language Tag=...>` is not a Windows language tag: the suite import fails.",
    what="Reports a `Language/@Tag` that is not a Windows language tag (`en-US`, `da-DK`), with "
    "the tag it most likely means, as STR007 does for a dataset's `language:`: another "
    "letter case, `_` for `-`, Business Central's three-letter code (`ENU`), a Language ID "
    "(`1033`), or a near spelling. A tag that differs from Windows' only in letter case is "
    "a warning: whether the platform's filter matches it is not in the framework's code.",
    why="The XmlPort turns each tag into a Language ID with `GetLanguageIDByTag` (AIT Test "
    "Suite Import/Export XmlPort 149031, `AITTestSuiteImportExport.XmlPort.al` lines "
    "116-121), which filters the platform's `Windows Language` table on the tag and "
    "fails with 'Language with tag %1 not found.' when nothing matches (AIT Test Suite "
    "Language codeunit 149046, `AITTestSuiteLanguage.Codeunit.al` lines 60-70): the whole "
    "suite XML is not imported. The tags are Windows' language tags that have an LCID "
    "([MS-LCID]), in `ait_datasets.dataset.languages`.",
    bad=_suite_app(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <Root>
          <AITSuite Code="ORDERS" Description="Release sales orders" Dataset="orders.yaml"
                    TestType="Agent" TestRunnerId="130451">
            <Language Tag="ENU" />
            <Line CodeunitID="50100" Description="Release orders" />
          </AITSuite>
        </Root>
        """,
        line=5,
    ),
    fix='Write the Windows language tag, as Windows spells it: `<Language Tag="en-US" />`. '
    "The fix writes the tag the message names: safe for another letter case, `_` for `-`, a "
    "three-letter code, a Language ID and `UK` for `GB`, and for a spelling one edit from "
    "only one tag; unsafe for a further guess.",
    fixable=FixAvailability.SAFE,
    good=_suite_app(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <Root>
          <AITSuite Code="ORDERS" Description="Release sales orders" Dataset="orders.yaml"
                    TestType="Agent" TestRunnerId="130451">
            <Language Tag="en-US" />
            <Line CodeunitID="50100" Description="Release orders" />
          </AITSuite>
        </Root>
        """
    ),
)

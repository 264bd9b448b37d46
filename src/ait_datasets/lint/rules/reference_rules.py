"""The reference rules' definitions and documentation (checked in ``references``)."""

from __future__ import annotations

from ait_datasets.diagnostics import Severity
from ait_datasets.lint.rule import Example, FixAvailability, Rule
from ait_datasets.lint.rules.example_datasets import ORDERS_DATASET, ORDERS_SETUP_YAML, ORDERS_YAML

UNKNOWN_SUITE_SETUP = Rule(
    code="REF001",
    name="unknown-suite-setup",
    family="references",
    severity=Severity.ERROR,
    summary="`suite_setup: NAME` names no suite-setup file of the app.",
    what="Reports a dataset's `suite_setup: NAME` when no suite-setup file of the same app (the "
    "`.resources` folder, else the files linted together) has that `name:` (or, without "
    "`name:`, that file name). The match is exact, as the framework's lookup is; the message "
    "names the closest setup.",
    why="At run time the framework looks for the group whose Group Name is NAME (`FindFirst`, "
    "AIT Test Context Impl. codeunit 149043 `GetSuiteSetupGroup` lines 443-460); when there "
    "is none, no suite setup is loaded and the test's first `GetEvalSuiteSetupDataInput()` "
    "fails with 'Per-suite setup data has not been loaded.' (label line 46, raised at lines "
    "571-572). A name that belongs to an ordinary dataset fails the same way (that group has "
    "no SUITE-SETUP row, lines 431-434). The setup is loaded once per session and never "
    "reset (`HasSuiteSetupData`, lines 45, 409-410, 562, in a SingleInstance codeunit), and "
    "all lines of a suite run in one session (AIT Test Suite Mgt. `RunAITests` lines "
    "103-110): when an earlier line loaded another setup, this one silently gets that "
    "setup's data instead of failing (see REF007).",
    bad=Example(
        """
        suite_setup: ORDER-SETUP
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
        neighbours={"datasets/suite_setup/orders-setup.yaml": ORDERS_SETUP_YAML},
        line=1,
    ),
    fix="Use the `name:` of the suite-setup file, or add the missing suite-setup file to the app. "
    "The fix writes the name the message suggests: safe when it is the only name a letter's "
    "case or one edit away, unsafe when it is a guess among readings.",
    fixable=FixAvailability.SAFE,
    good=Example(
        """
        suite_setup: ORDERS-SETUP
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
        neighbours={"datasets/suite_setup/orders-setup.yaml": ORDERS_SETUP_YAML},
    ),
)
# REF002's dataset, under a name that clashes with `orders.yaml` (bad) and one that does not.
_ORDER_102_YAML = """
tests:
  - name: RELEASE-ORDER
    description: Jane asks the agent to release sales order 102
    turns:
      - query:
          from: Jane Doe
          title: Release order 102
          message: Please release sales order 102.
        expected_data: {}
"""
DUPLICATE_FILE_NAME = Rule(
    code="REF002",
    name="duplicate-dataset-file-name",
    family="references",
    severity=Severity.ERROR,
    summary="Two dataset files of the app import as the same group.",
    what="Reports every dataset file whose group code (the file name, upper-cased; without the "
    "extension for `.jsonl`/`.json`) equals that of an earlier file of the same app, at "
    "1:1 of the later file, naming the earlier one.",
    why="The import code keeps only the last path segment (`FilePath.Substring(LastIndexOf('/') "
    "+ 1)`) and re-imports a group of the same app by deleting it first: the later file "
    "silently replaces the earlier one, whichever folders they are in."
    " (`SampleAgentsInstall.Codeunit.al` line 46; AIT AL Test Suite Mgt codeunit "
    "149037, `AITALTestSuiteMgt.Codeunit.al` `ImportTestInputs` lines 289-291.)",
    bad=Example(
        _ORDER_102_YAML,
        path="datasets/variations/orders.yaml",
        neighbours=ORDERS_DATASET,
        line=1,
    ),
    fix="Rename one of the files (and its suite XML `Dataset=` references).",
    good=Example(
        _ORDER_102_YAML,
        path="datasets/variations/orders-rush.yaml",
        neighbours=ORDERS_DATASET,
    ),
)
GROUP_CODE_TOO_LONG = Rule(
    code="REF003",
    name="group-code-too-long",
    family="references",
    severity=Severity.WARNING,
    summary="The dataset's group code is longer than 100 characters.",
    what="Reports dataset files whose group code (file name, upper-cased; `.yaml` kept, "
    "`.jsonl`/`.json` dropped) has more than 100 characters.",
    why="The group code is a Code[100] field: longer names are cut, so two long names can "
    "import as one group, and a suite XML `Dataset=` (also Code[100]) cannot name the file "
    "as written. A warning: the cut is silent and the file imports; two files cut to one "
    "code are REF002 and a `Dataset=` over 100 characters XML006, both errors."
    " (Test Input Group table 130454 `Code` Code[100], `TestInputGroup.Table.al` line "
    "17, cut by `GetTestInputGroupCodeFromFileName`, Test Inputs Management codeunit "
    "130458 (`TestInputsManagement.Codeunit.al`) lines 208-214; `Input Dataset` "
    "Code[100], `AITTestSuite.Table.al` line 46 and `AITTestMethodLine.Table.al` line "
    "79.)",
    bad=Example(
        ORDERS_YAML,
        path="datasets/" + "A" * 96 + ".yaml",
        line=1,
    ),
    fix="Shorten the file name.",
    good=Example(ORDERS_YAML),
)
# REF004's and REF005's passing example: an attachment inside the resources.
_ATTACHED = Example(
    """
    tests:
      - name: RELEASE-ORDER
        description: Jane asks the agent to release sales order 101
        turns:
          - query:
              from: Jane Doe
              title: Release order 101
              message: Please release sales order 101.
              attachments:
                - file: datasets/attachments/scan.png
            expected_data: {}
    """,
    neighbours={
        "datasets/attachments/scan.png": """
            (an image)
            """,
    },
)
ATTACHMENT_NOT_FOUND = Rule(
    code="REF004",
    name="attachment-not-found",
    family="references",
    severity=Severity.ERROR,
    summary="`query.attachments[].file` names no file in the app's resources.",
    what="Resolves each attachment path (the string form of `file`) relative to the app's "
    "`.resources` folder, as the resource provider's `NavApp.GetResource(path)` does, and "
    "reports paths with no such file, paths that name a folder, backslashes, and `./` or "
    "empty segments. A file that exists only with other letter case is a warning. Without "
    "a `.resources` folder existence is not checked.",
    why="The agent test library passes the path to `IAgentTestResourceProvider.GetResource`; "
    "a missing resource fails the turn in the middle of the run."
    " (`GetResource`, Library - Agent Impl. codeunit 130561 "
    "(`LibraryAgentImpl.Codeunit.al`) lines 570-572.)",
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
                  attachments:
                    - file: datasets/attachment/scan.png
                expected_data: {}
        """,
        neighbours={
            "datasets/attachments/scan.png": """
                (an image)
                """,
        },
        line=10,
    ),
    fix="Fix the path (relative to `.resources`, with `/`), or add the file to the resources. "
    "The fix writes `/` for `\\`, the spelling on disk of a name in another letter case, and "
    "the name the message names for a misspelt folder or file (`attachment` -> "
    "`attachments`): safe when that name is the only entry a letter's case or one edit away, "
    "unsafe when it is a guess among entries.",
    fixable=FixAvailability.SAFE,
    good=_ATTACHED,
)
ATTACHMENT_OUTSIDE = Rule(
    code="REF005",
    name="attachment-outside-resources",
    family="references",
    severity=Severity.ERROR,
    summary="An attachment path leaves the app's resources.",
    what="Reports attachment paths that are absolute (`/x`, `C:\\x`), contain `..`, or resolve "
    "through a symbolic link to a file outside the `.resources` folder.",
    why="Only files inside the resource folder are packaged into the test app; a path outside it "
    "may work on the author's machine (or in this linter) and fail everywhere else."
    " The framework passes the path unchanged to the app's "
    "`IAgentTestResourceProvider` (Library - Agent Impl. codeunit 130561 "
    "(`LibraryAgentImpl.Codeunit.al`) lines 570-572); which files are packaged is the "
    "AL compiler's (no AL line says more).",
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
                  attachments:
                    - file: ../../invoices/scan.png
                expected_data: {}
        """,
        line=10,
    ),
    fix="Copy the file into the app's `.resources` folder and reference it from there.",
    good=_ATTACHED,
)
DUPLICATE_SUITE_SETUP = Rule(
    code="REF006",
    name="duplicate-suite-setup",
    family="references",
    severity=Severity.WARNING,
    summary="Two suite-setup files of the app have the same `name` and `language`.",
    what="Reports every suite-setup file after the first (in path order) with the same Group "
    "Name (`name:`, else the file name) and the same `language` (none counts as one "
    "language), at its `name:`.",
    why='The framework takes the first group with the referenced name (`SetRange("Group '
    'Name")` + `FindFirst`, AIT Test Context Impl. codeunit 149043 lines 458-459) and then '
    "the variant for the run's language (line 430): a second setup for the same name and "
    "language is never used (a warning: both import and the tests run, with the first "
    "one's data). Which one wins depends on file-name order, not import order: "
    "`FindFirst` follows the primary key, the group code (the upper-cased file name).",
    bad=Example(
        ORDERS_SETUP_YAML,
        path="datasets/suite_setup/setup-b.yaml",
        neighbours={"datasets/suite_setup/setup-a.yaml": ORDERS_SETUP_YAML},
        line=1,
    ),
    fix="Give each setup its own `name:`, or a different `language:` for a language variant.",
    good=Example(
        """
        name: RETURNS-SETUP
        suite_setup:
          setup_actions: []
        """,
        path="datasets/suite_setup/setup-b.yaml",
        neighbours={"datasets/suite_setup/setup-a.yaml": ORDERS_SETUP_YAML},
    ),
)

# REF007's app (both examples): two datasets, each naming its own suite setup.
_TWO_SETUPS = {
    "datasets/orders.yaml": """
        suite_setup: ORDERS-SETUP
        tests:
          - name: RELEASE-ORDER
            turns:
              - query: {from: Jane Doe, title: Release order 101}
                expected_data: {}
        """,
    "datasets/returns.yaml": """
        suite_setup: RETURNS-SETUP
        tests:
          - name: RETURN-ORDER
            turns:
              - query: {from: Jane Doe, title: Return order 101}
                expected_data: {}
        """,
    "datasets/suite_setup/orders-setup.yaml": ORDERS_SETUP_YAML,
    "datasets/suite_setup/returns-setup.yaml": """
        name: RETURNS-SETUP
        suite_setup:
          setup_actions: []
        """,
}
MIXED_SUITE_SETUPS = Rule(
    code="REF007",
    name="suite-lines-with-different-setups",
    family="references",
    severity=Severity.WARNING,
    summary="The lines of one suite run datasets that name different suite setups (or none).",
    what="For each `AITSuite` of a suite XML, looks up the dataset of every line (the line's "
    "`Dataset=`, else the suite's) and its `suite_setup:`; reports each line whose setup "
    "differs from the first line's (a different name, or a setup where the first has none, "
    "or none where it has one), at the line's `Dataset=`.",
    why="The suite setup is loaded once per session and never reset: `InitializeGlobalVariables` "
    "loads it only while `HasSuiteSetupData` is false (AIT Test Context Impl. codeunit "
    "149043 lines 409-410, set at line 562, SingleInstance), and `RunAITests` runs every line "
    "in the same session (AIT Test Suite Mgt. lines 103-110). The first line's setup serves "
    "every later line: a line whose dataset names another setup reads the wrong data, and "
    "`IsSuiteSetupDone()` (lines 591-599) looks at its own group, so its setup code runs again "
    "on the first setup's data.",
    bad=Example(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <Root>
          <AITSuite Code="ORDERS" Description="Sales orders" Dataset="orders.yaml"
                    TestType="Agent" TestRunnerId="130451">
            <Line CodeunitID="50100" Description="Release orders" />
            <Line CodeunitID="50101" Description="Return orders" Dataset="returns.yaml" />
          </AITSuite>
        </Root>
        """,
        path="suites/orders.xml",
        neighbours=_TWO_SETUPS,
        line=6,
    ),
    fix="Run datasets with different suite setups in different suites (one `AITSuite` per "
    "setup), or let their datasets share one setup.",
    good=Example(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <Root>
          <AITSuite Code="ORDERS" Description="Sales orders" Dataset="orders.yaml"
                    TestType="Agent" TestRunnerId="130451">
            <Line CodeunitID="50100" Description="Release orders" />
          </AITSuite>
          <AITSuite Code="RETURNS" Description="Returns" Dataset="returns.yaml"
                    TestType="Agent" TestRunnerId="130451">
            <Line CodeunitID="50101" Description="Return orders" />
          </AITSuite>
        </Root>
        """,
        path="suites/orders.xml",
        neighbours=_TWO_SETUPS,
    ),
)

RULES = (
    UNKNOWN_SUITE_SETUP,
    DUPLICATE_FILE_NAME,
    GROUP_CODE_TOO_LONG,
    ATTACHMENT_NOT_FOUND,
    ATTACHMENT_OUTSIDE,
    DUPLICATE_SUITE_SETUP,
    MIXED_SUITE_SETUPS,
)

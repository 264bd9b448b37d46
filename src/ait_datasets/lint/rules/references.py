"""References between the files of an app (``REF``).

The framework imports all datasets of a test app together, by file name only, and links
them by name at run time: `suite_setup: NAME` finds the first group whose `Group Name`
is NAME, attachments are loaded from the app's resources by path. These rules check those
links. Per-file checks (attachments, group-code length) run in ``check``; checks that need
the other files of the app run once in ``check_project`` over the facts of every file.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

from ait_datasets.dataset import shape
from ait_datasets.dataset.app import app_root, group_code, group_name
from ait_datasets.dataset.paths import display_path
from ait_datasets.diagnostics import Diagnostic, Severity
from ait_datasets.lint.config import LintConfig
from ait_datasets.lint.context import LintContext
from ait_datasets.lint.facts import SUITE_LINES, FileFacts, Ref
from ait_datasets.lint.family import Family
from ait_datasets.lint.project import Project, later_duplicates, suite_setup_names
from ait_datasets.lint.rule import Example, Rule
from ait_datasets.lint.rules.common import with_severity
from ait_datasets.lint.rules.example_datasets import ORDERS_DATASET
from ait_datasets.lint.suggest import hint
from ait_datasets.source.document import Document
from ait_datasets.source.prefilter import text_may_contain
from ait_datasets.source.tree import Mapping, Scalar, Sequence, Span

MAX_GROUP_CODE = 100

UNKNOWN_SUITE_SETUP = Rule(
    "REF001",
    "unknown-suite-setup",
    "references",
    Severity.ERROR,
    "`suite_setup: NAME` names no suite-setup file of the app.",
    "Reports a dataset's `suite_setup: NAME` when no suite-setup file of the same app (the "
    "`.resources` folder, else the files linted together) has that `name:` (or, without "
    "`name:`, that file name). The match is exact, as the framework's lookup is; the message "
    "names the closest setup.",
    "At run time the framework looks for the group whose Group Name is NAME (`FindFirst`, "
    "AIT Test Context Impl. codeunit 149043 `GetSuiteSetupGroup` lines 443-460); when there "
    "is none, no suite setup is loaded and the test's first `GetEvalSuiteSetupDataInput()` "
    "fails with 'Per-suite setup data has not been loaded.' (label line 46, raised at lines "
    "571-572). A name that belongs to an ordinary dataset fails the same way (that group has "
    "no SUITE-SETUP row, lines 431-434). The setup is loaded once per session and never "
    "reset (`HasSuiteSetupData`, lines 45, 409-410, 562, in a SingleInstance codeunit), and "
    "all lines of a suite run in one session (AIT Test Suite Mgt. `RunAITests` lines "
    "103-110): when an earlier line loaded another setup, this one silently gets that "
    "setup's data instead of failing (see REF007).",
    Example(
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
        neighbours={
            "datasets/suite_setup/orders-setup.yaml": """
                name: ORDERS-SETUP
                suite_setup:
                  setup_actions: []
                """,
        },
        line=1,
    ),
    "Use the `name:` of the suite-setup file, or add the missing suite-setup file to the app.",
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
        neighbours={
            "datasets/suite_setup/orders-setup.yaml": """
                name: ORDERS-SETUP
                suite_setup:
                  setup_actions: []
                """,
        },
    ),
)
DUPLICATE_FILE_NAME = Rule(
    "REF002",
    "duplicate-dataset-file-name",
    "references",
    Severity.ERROR,
    "Two dataset files of the app import as the same group.",
    "Reports every dataset file whose group code (the file name, upper-cased; without the "
    "extension for `.jsonl`/`.json`) equals that of an earlier file of the same app, at "
    "1:1 of the later file, naming the earlier one.",
    "The import code keeps only the last path segment (`FilePath.Substring(LastIndexOf('/') "
    "+ 1)`) and re-imports a group of the same app by deleting it first: the later file "
    "silently replaces the earlier one, whichever folders they are in."
    " (`SampleAgentsInstall.Codeunit.al` line 46; AIT AL Test Suite Mgt codeunit "
    "149037, `AITALTestSuiteMgt.Codeunit.al` `ImportTestInputs` lines 289-291.)",
    Example(
        """
        tests:
          - name: RELEASE-ORDER
            description: Jane asks the agent to release sales order 102
            turns:
              - query:
                  from: Jane Doe
                  title: Release order 102
                  message: Please release sales order 102.
                expected_data: {}
        """,
        path="datasets/variations/orders.yaml",
        neighbours=ORDERS_DATASET,
        line=1,
    ),
    "Rename one of the files (and its suite XML `Dataset=` references).",
    good=Example(
        """
        tests:
          - name: RELEASE-ORDER
            description: Jane asks the agent to release sales order 102
            turns:
              - query:
                  from: Jane Doe
                  title: Release order 102
                  message: Please release sales order 102.
                expected_data: {}
        """,
        path="datasets/variations/orders-rush.yaml",
        neighbours=ORDERS_DATASET,
    ),
)
GROUP_CODE_TOO_LONG = Rule(
    "REF003",
    "group-code-too-long",
    "references",
    Severity.ERROR,
    "The dataset's group code is longer than 100 characters.",
    "Reports dataset files whose group code (file name, upper-cased; `.yaml` kept, "
    "`.jsonl`/`.json` dropped) has more than 100 characters.",
    "The group code is a Code[100] field: longer names are cut, so two long names can "
    "import as one group, and a suite XML `Dataset=` (also Code[100]) cannot name the file "
    "as written."
    " (Test Input Group table 130454 `Code` Code[100], `TestInputGroup.Table.al` line "
    "17, cut by `GetTestInputGroupCodeFromFileName`, Test Inputs Management codeunit "
    "130458 (`TestInputsManagement.Codeunit.al`) lines 208-214; `Input Dataset` "
    "Code[100], `AITTestSuite.Table.al` line 46 and `AITTestMethodLine.Table.al` line "
    "79.)",
    Example(
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
        path="datasets/" + "A" * 96 + ".yaml",
        line=1,
    ),
    "Shorten the file name.",
    good=Example(
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
    ),
)
ATTACHMENT_NOT_FOUND = Rule(
    "REF004",
    "attachment-not-found",
    "references",
    Severity.ERROR,
    "`query.attachments[].file` names no file in the app's resources.",
    "Resolves each attachment path (the string form of `file`) relative to the app's "
    "`.resources` folder, as the resource provider's `NavApp.GetResource(path)` does, and "
    "reports paths with no such file, paths that name a folder, backslashes, and `./` or "
    "empty segments. A file that exists only with other letter case is a warning. Without "
    "a `.resources` folder existence is not checked.",
    "The agent test library passes the path to `IAgentTestResourceProvider.GetResource`; "
    "a missing resource fails the turn in the middle of the run."
    " (`GetResource`, Library - Agent Impl. codeunit 130561 "
    "(`LibraryAgentImpl.Codeunit.al`) lines 570-572.)",
    Example(
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
        line=10,
    ),
    "Fix the path (relative to `.resources`, with `/`), or add the file to the resources.",
    good=Example(
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
    ),
)
ATTACHMENT_OUTSIDE = Rule(
    "REF005",
    "attachment-outside-resources",
    "references",
    Severity.ERROR,
    "An attachment path leaves the app's resources.",
    "Reports attachment paths that are absolute (`/x`, `C:\\x`), contain `..`, or resolve "
    "through a symbolic link to a file outside the `.resources` folder.",
    "Only files inside the resource folder are packaged into the test app; a path outside it "
    "may work on the author's machine (or in this linter) and fail everywhere else."
    " The framework passes the path unchanged to the app's "
    "`IAgentTestResourceProvider` (Library - Agent Impl. codeunit 130561 "
    "(`LibraryAgentImpl.Codeunit.al`) lines 570-572); which files are packaged is the "
    "AL compiler's (no AL line says more).",
    Example(
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
    "Copy the file into the app's `.resources` folder and reference it from there.",
    good=Example(
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
    ),
)
DUPLICATE_SUITE_SETUP = Rule(
    "REF006",
    "duplicate-suite-setup",
    "references",
    Severity.ERROR,
    "Two suite-setup files of the app have the same `name` and `language`.",
    "Reports every suite-setup file after the first (in path order) with the same Group "
    "Name (`name:`, else the file name) and the same `language` (none counts as one "
    "language), at its `name:`.",
    'The framework takes the first group with the referenced name (`SetRange("Group '
    'Name")` + `FindFirst`, AIT Test Context Impl. codeunit 149043 lines 458-459) and then '
    "the variant for the run's language (line 430): a second setup for the same name and "
    "language is never used. Which one wins depends on file-name order, not import order: "
    "`FindFirst` follows the primary key, the group code (the upper-cased file name).",
    Example(
        """
        name: ORDERS-SETUP
        suite_setup:
          setup_actions: []
        """,
        path="datasets/suite_setup/setup-b.yaml",
        neighbours={
            "datasets/suite_setup/setup-a.yaml": """
                name: ORDERS-SETUP
                suite_setup:
                  setup_actions: []
                """,
        },
        line=1,
    ),
    "Give each setup its own `name:`, or a different `language:` for a language variant.",
    good=Example(
        """
        name: RETURNS-SETUP
        suite_setup:
          setup_actions: []
        """,
        path="datasets/suite_setup/setup-b.yaml",
        neighbours={
            "datasets/suite_setup/setup-a.yaml": """
                name: ORDERS-SETUP
                suite_setup:
                  setup_actions: []
                """,
        },
    ),
)

MIXED_SUITE_SETUPS = Rule(
    "REF007",
    "suite-lines-with-different-setups",
    "references",
    Severity.WARNING,
    "The lines of one suite run datasets that name different suite setups (or none).",
    "For each `AITSuite` of a suite XML, looks up the dataset of every line (the line's "
    "`Dataset=`, else the suite's) and its `suite_setup:`; reports each line whose setup "
    "differs from the first line's (a different name, or a setup where the first has none, "
    "or none where it has one), at the line's `Dataset=`.",
    "The suite setup is loaded once per session and never reset: `InitializeGlobalVariables` "
    "loads it only while `HasSuiteSetupData` is false (AIT Test Context Impl. codeunit "
    "149043 lines 409-410, set at line 562, SingleInstance), and `RunAITests` runs every line "
    "in the same session (AIT Test Suite Mgt. lines 103-110). The first line's setup serves "
    "every later line: a line whose dataset names another setup reads the wrong data, and "
    "`IsSuiteSetupDone()` (lines 591-599) looks at its own group, so its setup code runs again "
    "on the first setup's data.",
    Example(
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
        neighbours={
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
            "datasets/suite_setup/orders-setup.yaml": """
                name: ORDERS-SETUP
                suite_setup:
                  setup_actions: []
                """,
            "datasets/suite_setup/returns-setup.yaml": """
                name: RETURNS-SETUP
                suite_setup:
                  setup_actions: []
                """,
        },
        line=6,
    ),
    "Run datasets with different suite setups in different suites (one `AITSuite` per "
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
        neighbours={
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
            "datasets/suite_setup/orders-setup.yaml": """
                name: ORDERS-SETUP
                suite_setup:
                  setup_actions: []
                """,
            "datasets/suite_setup/returns-setup.yaml": """
                name: RETURNS-SETUP
                suite_setup:
                  setup_actions: []
                """,
        },
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


# --- per file -------------------------------------------------------------------------


def check(doc: Document, ctx: LintContext) -> Iterator[Diagnostic]:
    if doc.format == "xml":
        return
    name = os.path.basename(doc.path)
    code = group_code(name)
    if len(code) > MAX_GROUP_CODE:
        yield GROUP_CODE_TOO_LONG.at(
            doc,
            None,
            f"The group code '{code[:20]}...' of this file has {len(code)} characters; the "
            f"import cuts it to {MAX_GROUP_CODE}. Shorten the file name.",
        )
    if not text_may_contain(doc.text, "attachments"):
        return
    root = app_root(doc.path)
    listing = _Listing()
    for query in _queries(doc, ctx):
        attachments = query.get("attachments")
        if not isinstance(attachments, Sequence):
            continue
        for item in attachments.items:
            file = item.get("file") if isinstance(item, Mapping) else None
            if isinstance(file, Scalar) and isinstance(file.data, str):
                yield from _attachment(doc, file.data, file.span, root, listing)


def _queries(doc: Document, ctx: LintContext) -> Iterator[Mapping]:
    """The `query` mappings of agent tests: of each turn, or of the test without turns."""
    for test in ctx.agent_tests(doc):
        turns = shape.turns_of(test.node)
        holders = turns if "turns" in test.node.children else [test.node]
        for holder in holders:
            query = holder.get("query") if isinstance(holder, Mapping) else None
            if isinstance(query, Mapping):
                yield query


class _Listing:
    """Directory entries, read once per folder per file."""

    def __init__(self) -> None:
        self.entries: dict[str, list[str] | None] = {}

    def __call__(self, folder: str) -> list[str] | None:
        if folder not in self.entries:
            try:
                self.entries[folder] = os.listdir(folder)
            except OSError:
                self.entries[folder] = None
        return self.entries[folder]


def _attachment(
    doc: Document, path: str, span: Span, root: str | None, listing: _Listing
) -> Iterator[Diagnostic]:
    shown = f"The attachment '{path}'"
    if path.startswith(("/", "\\")) or (len(path) > 1 and path[1] == ":"):
        yield ATTACHMENT_OUTSIDE.at(
            doc,
            span,
            f"{shown} is an absolute path; attachments are resources of the app, named "
            "relative to its `.resources` folder.",
        )
        return
    parts = path.replace("\\", "/").split("/")
    if ".." in parts:
        yield ATTACHMENT_OUTSIDE.at(
            doc,
            span,
            f"{shown} uses '..'; attachments must be inside the app's `.resources` folder "
            "(only that folder is packaged), named relative to it.",
        )
        return
    if "\\" in path:
        yield ATTACHMENT_NOT_FOUND.at(
            doc,
            span,
            f"{shown} uses backslashes; resource names in the app package use '/': write "
            f"'{path.replace(chr(92), '/')}'.",
        )
        return
    if not path.strip() or any(part in ("", ".") for part in parts):
        yield ATTACHMENT_NOT_FOUND.at(
            doc,
            span,
            f"{shown} is not a resource name: write the path relative to the `.resources` "
            "folder without empty or './' segments, e.g. 'datasets/attachments/scan.png'.",
        )
        return
    if root is None:
        return  # No `.resources` folder: nothing to resolve against (see the README).
    yield from _resolve(doc, path, parts, span, root, listing)


def _resolve(
    doc: Document, path: str, parts: list[str], span: Span, root: str, listing: _Listing
) -> Iterator[Diagnostic]:
    folder = root
    actual: list[str] = []
    for part in parts:
        entries = listing(folder)
        if entries is None:
            break
        if part in entries:
            actual.append(part)
        else:
            other = next((e for e in entries if e.lower() == part.lower()), None)
            if other is None:
                here = "/".join(actual) or "the `.resources` folder"
                yield ATTACHMENT_NOT_FOUND.at(
                    doc,
                    span,
                    f"The attachment '{path}' does not exist: there is no '{part}' in "
                    f"{here}.{hint(part, entries)} Paths are relative to {display_path(root)}.",
                )
                return
            actual.append(other)
        folder = os.path.join(folder, actual[-1])
    else:
        real_root = os.path.realpath(root)
        real = os.path.realpath(folder)
        if os.path.commonpath([real_root, real]) != real_root:
            yield ATTACHMENT_OUTSIDE.at(
                doc,
                span,
                f"The attachment '{path}' is a link to {real}, outside the app's `.resources` "
                "folder; only the resource folder is packaged. Copy the file into it.",
            )
        elif os.path.isdir(folder):
            yield ATTACHMENT_NOT_FOUND.at(
                doc, span, f"The attachment '{path}' is a folder, not a file."
            )
        elif actual != parts:
            yield with_severity(
                ATTACHMENT_NOT_FOUND.at(
                    doc,
                    span,
                    f"The attachment '{path}' is spelt '{'/'.join(actual)}' on disk; resource "
                    "names can be case-sensitive in the app package. Use the exact spelling.",
                ),
                Severity.WARNING,
            )
        return
    yield ATTACHMENT_NOT_FOUND.at(doc, span, f"The attachment '{path}' does not exist.")


# --- across files ---------------------------------------------------------------------


def check_project(project: Project, config: LintConfig) -> Iterator[Diagnostic]:
    for files in project.apps().values():
        datasets = [f for f in files if f.format != "xml"]
        yield from _duplicate_names(datasets)
        yield from _suite_setup_refs(datasets)
        yield from _duplicate_setups(datasets)
        suites = [f for f in files if f.linted and f.extra.get(SUITE_LINES)]
        if suites:
            yield from _mixed_setups(suites, datasets)


def _mixed_setups(suites: list[FileFacts], datasets: list[FileFacts]) -> Iterator[Diagnostic]:
    by_code = {group_code(os.path.basename(f.path))[:MAX_GROUP_CODE]: f for f in datasets}
    for facts in suites:
        entries = facts.extra[SUITE_LINES]
        assert isinstance(entries, list)
        for code, lines in entries:
            first: tuple[Ref, str | None] | None = None
            for ref in lines:
                dataset = by_code.get(ref.value.strip().upper())
                if dataset is None:
                    continue  # XML012 reports it
                setup = dataset.suite_setup_ref.value if dataset.suite_setup_ref else None
                if first is None:
                    first = (ref, setup)
                elif setup != first[1]:
                    yield MIXED_SUITE_SETUPS.at_path(
                        facts.path,
                        ref.span,
                        f"This line of suite '{code}' runs {ref.value}, whose suite setup is "
                        f"{_setup(setup)}, but the suite's first line (line {first[0].span.line}) "
                        f"runs one with {_setup(first[1])}: the setup is loaded once per session "
                        "and never reset, so this line gets the first line's setup data.",
                    )


def _setup(name: str | None) -> str:
    return f"'{name}'" if name is not None else "none"


def _duplicate_names(datasets: list[FileFacts]) -> Iterator[Diagnostic]:
    def key(facts: FileFacts) -> str:
        return group_code(os.path.basename(facts.path))[:MAX_GROUP_CODE]

    for facts, other in later_duplicates(datasets, key, lambda f: f.linted):
        yield DUPLICATE_FILE_NAME.at_path(
            facts.path,
            None,
            f"This file imports as dataset '{key(facts)}', like {display_path(other.path)}: "
            "the import keeps only the file name, so one replaces the other. Rename one.",
        )


def _suite_setup_refs(datasets: list[FileFacts]) -> Iterator[Diagnostic]:
    setups = suite_setup_names(datasets)
    others = {group_name(f.path, f.format, f.name) for f in datasets if f.kind != shape.SUITE_SETUP}
    for facts in datasets:
        ref = facts.suite_setup_ref
        if not facts.linted or ref is None or ref.value in setups:
            continue
        if ref.value in others:
            why = f"'{ref.value}' is an ordinary dataset, not a suite-setup file"
        elif setups:
            why = f"no suite-setup file of the app has `name: {ref.value}`"
        else:
            why = "the app has no suite-setup file"
        yield UNKNOWN_SUITE_SETUP.at_path(
            facts.path,
            ref.span,
            f"Unknown suite setup '{ref.value}': {why}, so the suite setup is never "
            f"loaded.{hint(ref.value, setups)}",
        )


def _duplicate_setups(datasets: list[FileFacts]) -> Iterator[Diagnostic]:
    setups = [f for f in datasets if f.kind == shape.SUITE_SETUP]

    def key(facts: FileFacts) -> tuple[str, str]:
        return group_name(facts.path, facts.format, facts.name), (facts.language or "").lower()

    for facts, other in later_duplicates(setups, key, lambda f: f.linted):
        name, language = key(facts)
        which = f"language '{facts.language}'" if language else "no language"
        yield DUPLICATE_SUITE_SETUP.at_path(
            facts.path,
            facts.name_span,
            f"A second suite setup named '{name}' for {which} (the first is "
            f"{display_path(other.path)}); the framework uses only one of them.",
        )


FAMILY = Family("REF", RULES, check, check_project, kinds=None)

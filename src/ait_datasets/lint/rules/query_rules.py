"""The query rules' definitions and documentation (checked in ``query``)."""

from __future__ import annotations

from ait_datasets.diagnostics import Severity
from ait_datasets.lint.rule import Example, Rule
from ait_datasets.lint.rules.example_datasets import ASSISTANCE_YAML, ORDERS_YAML

BOTH_TEXT = "Query cannot contain both 'title' and 'intervention' elements."
NEITHER_TEXT = "Query must contain either a 'title' (task input) or 'intervention' element."
INTERVENTION_TEXT = "Intervention must contain either a 'suggestion' or 'instruction' element."

QUERY_BOTH = Rule(
    code="QRY001",
    name="query-title-and-intervention",
    family="query",
    severity=Severity.ERROR,
    summary="A query has both `title` and `intervention`.",
    what="Reports queries that are at once a task input and an intervention reply.",
    why=f'`RunTurnAndWait` fails the turn: "{BOTH_TEXT}"'
    " (Library - Agent Impl. codeunit 130561 (`LibraryAgentImpl.Codeunit.al`) "
    "`RunTurnAndWait` lines 463-464; label line 745.)",
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
                  intervention: {instruction: Release it.}
                expected_data: {}
        """,
        line=9,
    ),
    fix="Keep `title` (with `from`/`message`) to start a task, or `intervention` to answer a "
    "pause — one per turn.",
    good=Example(ORDERS_YAML),
)
QUERY_NEITHER = Rule(
    code="QRY002",
    name="query-without-title-or-intervention",
    family="query",
    severity=Severity.ERROR,
    summary="A query has neither `title` nor `intervention`.",
    what="Reports queries (or legacy `question` values read through the fallback) without "
    "`title` and `intervention`, including plain-text queries.",
    why=f'`RunTurnAndWait` fails the turn: "{NEITHER_TEXT}" A plain-text `question: "..."` '
    "fails the same way."
    " (Library - Agent Impl. codeunit 130561 (`LibraryAgentImpl.Codeunit.al`) "
    "`RunTurnAndWait` lines 466-467; label line 746.)",
    bad=Example(
        """
        tests:
          - name: RELEASE-ORDER
            description: Jane asks the agent to release sales order 101
            turns:
              - query:
                  from: Jane Doe
                  message: Please release sales order 101.
                expected_data: {}
        """,
        line=6,
    ),
    fix="Add a `title` (a task input), or use `intervention:` to answer a paused task.",
    good=Example(ORDERS_YAML),
)
QUERY_FROM = Rule(
    code="QRY003",
    name="task-input-without-from",
    family="query",
    severity=Severity.ERROR,
    summary="A task input has no `from`.",
    what="Reports task-input queries (with `title`) that have no `from`.",
    why="Without `from`, `CreateTaskFromQueryAndWait` exits right after initialising the task "
    "builder (Library - Agent Impl. codeunit 130561 lines 534-536): no message, no "
    "attachments, no task is created, and `RunTurnAndWait` returns false. The turn fails, "
    "but loudly about something else: the test's checks of the (never created) task report "
    "its status or a missing intervention, not the missing sender.",
    bad=Example(
        """
        tests:
          - name: RELEASE-ORDER
            description: Jane asks the agent to release sales order 101
            turns:
              - query:
                  title: Release order 101
                  message: Please release sales order 101.
                expected_data: {}
        """,
        line=6,
    ),
    fix="Add the sender: `from: Jane Doe`.",
    good=Example(ORDERS_YAML),
)
QUERY_TIMEOUT = Rule(
    code="QRY004",
    name="query-timeout",
    family="query",
    severity=Severity.ERROR,
    summary="`query.timeout` is not a non-negative whole number of milliseconds.",
    what="Reports a `timeout` that is negative, fractional or not a number (`0` is valid: it "
    "means the default of 30 minutes; above the online maximum see QRY008).",
    why="The framework reads it with `ValueAsInteger()` (Library - Agent Impl. codeunit 130561 "
    "lines 483-485, 523-525), so text fails to convert; `VerifyTimeout` fails a negative "
    "value with 'The task timeout cannot be negative.' (lines 333-334). `0` (or no timeout) "
    "means the default, 30 minutes (lines 291-294, 371-381).",
    bad=Example(
        """
        tests:
          - name: RELEASE-ORDER
            description: Jane asks the agent to release sales order 101
            turns:
              - query:
                  from: Jane Doe
                  title: Release order 101
                  timeout: 2.5m
                  message: Please release sales order 101.
                expected_data: {}
        """,
        line=8,
    ),
    fix="Write the timeout in milliseconds: `timeout: 150000`.",
    good=Example(
        """
        tests:
          - name: RELEASE-ORDER
            description: Jane asks the agent to release sales order 101
            turns:
              - query:
                  from: Jane Doe
                  title: Release order 101
                  timeout: 150000
                  message: Please release sales order 101.
                expected_data: {}
        """,
    ),
)
ATTACHMENTS = Rule(
    code="QRY005",
    name="query-attachments",
    family="query",
    severity=Severity.ERROR,
    summary="`query.attachments` is not a list of `{file: ...}` entries.",
    what="Reports `attachments` that is not a list, items that are not mappings, and items "
    "without `file`; an item without `file` is a warning (the framework skips it silently).",
    why="Attachments are read as an array of objects with `file` (a resource path, or an object "
    "with `action_type`/`action_data`); items without `file` are silently skipped."
    " (`CreateTaskFromQueryAndWait`, Library - Agent Impl. codeunit 130561 "
    "(`LibraryAgentImpl.Codeunit.al`) lines 550-576; items without `file` skipped, "
    "lines 560-561.)",
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
                    - scan.png
                expected_data: {}
        """,
        line=10,
    ),
    fix="Write each attachment as `- file: path/inside/resources.pdf`.",
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
                    - file: datasets/scan.png
                expected_data: {}
        """,
        neighbours={
            "datasets/scan.png": """
                (an image)
                """,
        },
    ),
)
INTERVENTION_NEITHER = Rule(
    code="QRY006",
    name="intervention-without-reply",
    family="query",
    severity=Severity.ERROR,
    summary="An intervention has neither `suggestion` nor `instruction`.",
    what="Reports `query.intervention` mappings without `suggestion` and `instruction`.",
    why=f'`RunTurnAndWait` fails the turn: "{INTERVENTION_TEXT}"'
    " (Library - Agent Impl. codeunit 130561 (`LibraryAgentImpl.Codeunit.al`) "
    "`ProcessInterventionAndWait` line 501; label line 747.)",
    bad=Example(
        """
        tests:
          - name: RELEASE-ORDER
            turns:
              - query:
                  from: Jane Doe
                  title: Release order 101
                  message: Please release sales order 101.
                expected_data:
                  intervention_request:
                    type: Assistance
                    suggestions: [RELEASE, CANCEL]
              - query:
                  intervention: {}
                expected_data: {}
        """,
        line=13,
    ),
    fix="Add `suggestion: CODE` (one of the agent's suggestions) or `instruction: text`.",
    good=Example(ASSISTANCE_YAML),
)
INTERVENTION_BOTH = Rule(
    code="QRY007",
    name="intervention-suggestion-and-instruction",
    family="query",
    severity=Severity.WARNING,
    summary="An intervention has both `suggestion` and `instruction`.",
    what="Reports interventions with both keys.",
    why="The framework silently uses the `suggestion` and ignores the `instruction` (the docs "
    "claim this is an error; the code does not check it)."
    " (`ProcessInterventionAndWait` answers with `suggestion` first and never reads "
    "`instruction` then, Library - Agent Impl. codeunit 130561 "
    "(`LibraryAgentImpl.Codeunit.al`) lines 489-499.)",
    bad=Example(
        """
        tests:
          - name: RELEASE-ORDER
            turns:
              - query:
                  from: Jane Doe
                  title: Release order 101
                  message: Please release sales order 101.
                expected_data:
                  intervention_request:
                    type: Assistance
                    suggestions: [RELEASE, CANCEL]
              - query:
                  intervention:
                    suggestion: RELEASE
                    instruction: Release it anyway.
                expected_data: {}
        """,
        line=15,
    ),
    fix="Keep one of the two.",
    good=Example(ASSISTANCE_YAML),
)

TIMEOUT_ABOVE_MAXIMUM = Rule(
    code="QRY008",
    name="query-timeout-above-maximum",
    family="query",
    severity=Severity.WARNING,
    summary="`query.timeout` is above the online maximum of 3,600,000 ms (one hour).",
    what="Reports a whole-number `timeout` over 3,600,000 milliseconds.",
    why="Online, `VerifyTimeout` fails the turn with 'The specified timeout %1 exceeds the "
    "maximum allowed timeout of %2.' (Library - Agent Impl. codeunit 130561 lines 336-340, "
    "`GetMaximumTimeout` lines 383-386); on-premises there is no maximum, hence a warning.",
    bad=Example(
        """
        tests:
          - name: RELEASE-ORDER
            turns:
              - query:
                  from: Jane Doe
                  title: Release order 101
                  timeout: 7200000
                expected_data: {}
        """,
        line=7,
    ),
    fix="Keep the timeout at or below `3600000` (or leave it out for the 30-minute default).",
    good=Example(
        """
        tests:
          - name: RELEASE-ORDER
            turns:
              - query:
                  from: Jane Doe
                  title: Release order 101
                  timeout: 3600000
                expected_data: {}
        """,
    ),
)
TEXT_TOO_LONG = Rule(
    code="QRY009",
    name="query-text-too-long",
    family="query",
    severity=Severity.ERROR,
    summary="`query.from` is longer than 250 characters, or `query.title` longer than 150.",
    what="Reports a task input's `from` over 250 characters and `title` over 150.",
    why="`from` is assigned to a `Text[250]` variable (Library - Agent Impl. codeunit 130561 "
    "lines 515, 539), which fails at run time when the text is longer; the title becomes the "
    "agent task's title, a `Text[150]` field (the builder's `Initialize`, line 531).",
    bad=Example(
        """
        tests:
          - name: RELEASE-ORDER
            turns:
              - query:
                  from: Jane Doe
                  title: >-
                    Release sales order 101 for the customer whose credit limit was raised
                    yesterday after the finance team approved the new payment terms for all
                    of its open orders
                expected_data: {}
        """,
        line=6,
    ),
    fix="Shorten the text: put the detail in `message`.",
    good=Example(ORDERS_YAML),
)
EMPTY_TEXT = Rule(
    code="QRY010",
    name="query-empty-text",
    family="query",
    severity=Severity.WARNING,
    summary="`from`, `title`, `instruction` or `suggestion` is empty.",
    what="Reports an empty (or all-blank, or null) `from` or `title` of a task input, and an "
    "empty `instruction` or `suggestion` of an intervention reply.",
    why="The framework only checks that the key exists (`ElementExists`, Library - Agent Impl. "
    "codeunit 130561 lines 489, 527, 534) and passes the empty text on: a task with no "
    "title or sender, an empty instruction to the agent, or a suggestion code '' that no "
    "agent offers; the turn then fails far from the cause, or tests nothing.",
    bad=Example(
        """
        tests:
          - name: RELEASE-ORDER
            turns:
              - query:
                  from: Jane Doe
                  title: ""
                  message: Please release sales order 101.
                expected_data: {}
        """,
        line=6,
    ),
    fix="Write the text, or remove the key (see QRY002/QRY003 for what the framework needs).",
    good=Example(ORDERS_YAML),
)
ATTACHMENT_ACTION = Rule(
    code="QRY011",
    name="attachment-action-incomplete",
    family="query",
    severity=Severity.ERROR,
    summary="An attachment's `file:` object lacks `action_type` or `action_data`.",
    what="Reports `attachments[].file` written as a mapping without `action_type` (a generated "
    "resource) or without `action_data`.",
    why="For a `file:` object the framework reads `action_type` and passes `action_data` to "
    "the resource provider's `GenerateResource` (Library - Agent Impl. codeunit 130561 lines "
    "563-568): without `action_data`, `Element()` fails with 'DataInput - The element "
    "action_data does not exist.'; without `action_type` it reads the object itself with "
    "`ValueAsText()` (line 571), a run-time error on an object.",
    bad=Example(
        """
        tests:
          - name: RELEASE-ORDER
            turns:
              - query:
                  from: Jane Doe
                  title: Release order 101
                  attachments:
                    - file: {action_type: invoice_pdf}
                expected_data: {}
        """,
        line=8,
    ),
    fix="Give the object both `action_type` and `action_data`, or write `file:` as a resource "
    "path.",
    good=Example(
        """
        tests:
          - name: RELEASE-ORDER
            turns:
              - query:
                  from: Jane Doe
                  title: Release order 101
                  attachments:
                    - file: {action_type: invoice_pdf, action_data: {order: "101"}}
                expected_data: {}
        """,
    ),
)

RULES = (
    QUERY_BOTH,
    QUERY_NEITHER,
    QUERY_FROM,
    QUERY_TIMEOUT,
    ATTACHMENTS,
    INTERVENTION_NEITHER,
    INTERVENTION_BOTH,
    TIMEOUT_ABOVE_MAXIMUM,
    TEXT_TOO_LONG,
    EMPTY_TEXT,
    ATTACHMENT_ACTION,
)

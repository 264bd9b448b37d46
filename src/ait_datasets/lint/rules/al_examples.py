"""The AL rules' whole example apps: a test codeunit, its suite and its dataset.

Paths are relative to the app's ``.resources`` folder, as every rule example's are; the
AL sources and ``app.json`` sit beside it (``../``), as in a real test app.
"""

from __future__ import annotations

from ait_datasets.lint.rule import Example

APP_JSON = '{"id": "00000000-0000-0000-0000-000000000001", "name": "Order Agent Tests"}\n'
CODEUNIT_PATH = "../src/OrdersAccuracy.Codeunit.al"
DATASET_PATH = "datasets/orders.yaml"
SUITE_PATH = "suites/orders.xml"

# The agent test codeunit the framework's pattern describes, reading one expected key.
CODEUNIT = """
codeunit 50140 "ORD Agent Accuracy"
{
    Subtype = Test;
    TestType = AITest;
    TestPermissions = Disabled;
    RequiredTestIsolation = Disabled;

    [Test]
    procedure RunScenario()
    var
        AgentTask: Record "Agent Task";
        Expected: Codeunit "Test Input Json";
        Passed: Boolean;
        Continue: Boolean;
    begin
        repeat
            Passed := LibraryAgent.RunTurnAndWait(AgentId, AgentTask);
            Expected := AITTestContext.GetExpectedData();
            if Passed then
                Passed := Expected.Element('released_orders').ValueAsInteger() > 0;
            Continue := LibraryAgent.FinalizeTurn(AgentTask, Passed, '');
        until not Continue;
    end;

    var
        AITTestContext: Codeunit "AIT Test Context";
        LibraryAgent: Codeunit "Library - Agent";
        AgentId: Guid;
}
"""

LIBRARY = """
codeunit 50141 "ORD Test Library"
{
    Access = Internal;
}
"""

SUGGESTIONS = """
codeunit 50142 "ORD Agent Setup"
{
    procedure GetSuggestions(var Suggestion: Record "Agent Task User Int Suggestion")
    begin
        Suggestion.Code := ShipLbl;
        Suggestion.Insert();
    end;

    var
        ShipLbl: Label 'ORD-SHIP', Locked = true;
}
"""

DATASET = """
tests:
  - name: RELEASE-ORDER
    description: Jane asks the agent to release sales order 101
    turns:
      - query:
          from: Jane Doe
          title: Release order 101
          message: Please release sales order 101.
        expected_data:
          released_orders: 1
"""

SUITE = """
<?xml version="1.0" encoding="UTF-8"?>
<Root>
  <AITSuite Code="ORDERS" Description="Release sales orders" Dataset="orders.yaml"
            TestType="Agent" TestRunnerId="130451">
    <Line CodeunitID="50140" Description="Release orders" />
  </AITSuite>
</Root>
"""


def app(
    main: str,
    *,
    line: int | None = None,
    codeunit: str = CODEUNIT,
    dataset: str = DATASET,
    suite: str = SUITE,
    extra: dict[str, str] | None = None,
) -> Example:
    """The example app with ``main`` (one of the paths above) as the file shown."""
    files = {CODEUNIT_PATH: codeunit, DATASET_PATH: dataset, SUITE_PATH: suite, **(extra or {})}
    files["../app.json"] = APP_JSON
    main_text = files.pop(main)
    return Example(main_text, path=main, neighbours=files, line=line)


def _without(text: str, line: str) -> str:
    assert line in text
    return text.replace(line, "", 1)


BAD = {
    "CODEUNIT_NOT_FOUND": app(
        SUITE_PATH, line=5, suite=SUITE.replace('CodeunitID="50140"', 'CodeunitID="50104"')
    ),
    "NOT_A_TEST": app(
        SUITE_PATH,
        line=5,
        suite=SUITE.replace('CodeunitID="50140"', 'CodeunitID="50141"'),
        extra={"../src/OrdersLibrary.Codeunit.al": LIBRARY},
    ),
    "AGENT_PROPERTIES": app(
        CODEUNIT_PATH,
        line=1,
        codeunit=_without(CODEUNIT, "    RequiredTestIsolation = Disabled;\n"),
    ),
    "KEY_NOT_IN_DATA": app(
        CODEUNIT_PATH,
        line=20,
        dataset=DATASET.replace(
            "        expected_data:\n          released_orders: 1\n", "        expected_data: {}\n"
        ),
    ),
    "KEY_NOT_READ": app(
        DATASET_PATH,
        line=16,
        dataset=DATASET
        + "      - query:\n"
        + "          from: Jane Doe\n"
        + "          title: Release order 102\n"
        + "          message: Please release sales order 102.\n"
        + "        expected_data:\n"
        + "          released_ordres: 1\n",
    ),
    "TURN_NOT_FINALIZED": app(
        CODEUNIT_PATH,
        line=17,
        codeunit=CODEUNIT.replace(
            "            Continue := LibraryAgent.FinalizeTurn(AgentTask, Passed, '');\n",
            "            Continue := false;\n",
        ),
    ),
    "OBSOLETE_GET_QUESTION": app(
        CODEUNIT_PATH,
        line=16,
        codeunit=CODEUNIT.replace(
            "        repeat\n",
            "        Message(AITTestContext.GetQuestion().ValueAsText());\n        repeat\n",
        ),
    ),
    "DUPLICATE_OBJECT_ID": app(
        CODEUNIT_PATH,
        line=1,
        extra={"../src/OrdersLibrary.Codeunit.al": LIBRARY.replace("50141", "50140")},
    ),
    "UNKNOWN_SUGGESTION": app(
        DATASET_PATH,
        line=13,
        dataset=DATASET
        + "          intervention_request:\n"
        + "            type: Assistance\n"
        + "            suggestions: [ORD-SHP]\n",
        extra={"../src/OrdersSetup.Codeunit.al": SUGGESTIONS},
    ),
}

# Every AL rule's passing example: the same app, as the pattern wants it.
GOOD = app(CODEUNIT_PATH)

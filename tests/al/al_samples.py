"""Look-alike AL sources of agent and Copilot test apps (written for these tests).

They follow the shapes of Microsoft's agent test apps (a test codeunit with the turn loop,
a library codeunit that reads the turn setup and the expected data through labels), not
their text.
"""

from __future__ import annotations

from pathlib import Path

AGENT_TEST = """\
namespace Contoso.Test.OrderAgent;

using System.TestTools.AITestToolkit;

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
        Passed: Boolean;
        Reason: Text;
    begin
        Initialize();
        repeat
            PrepareTurn();
            Passed := LibraryAgent.RunTurnAndWait(AgentId, AgentTask);
            if Passed then
                Passed := OrdLibrary.CheckOrders(Reason);
            Continue := LibraryAgent.FinalizeTurn(AgentTask, Passed, Reason);
        until not Continue;
    end;

    local procedure Initialize()
    begin
        LibraryAgent.GetAgentUnderTest(AgentId);
        LibraryAgent.EnsureAgentIsActive(AgentId);
    end;

    local procedure PrepareTurn()
    var
        TurnSetup: Codeunit "Test Input Json";
    begin
        if not AITTestContext.GetTurnSetup(TurnSetup) then
            exit;
        OrdLibrary.CreateOrders(TurnSetup);
    end;

    var
        AITTestContext: Codeunit "AIT Test Context";
        LibraryAgent: Codeunit "Library - Agent";
        OrdLibrary: Codeunit "ORD Test Library";
        AgentId: Guid;
        Continue: Boolean;
}
"""

AGENT_LIBRARY = """\
codeunit 50141 "ORD Test Library"
{
    Access = Internal;

    /* Reads 'create_sales_order' from the turn setup. */
    procedure CreateOrders(Setup: Codeunit "Test Input Json")
    var
        Orders: Codeunit "Test Input Json";
        Found: Boolean;
        I: Integer;
    begin
        Orders := Setup.ElementExists(CreateOrderTok, Found);
        if not Found then
            exit;
        for I := 0 to Orders.GetElementCount() - 1 do
            CreateOrder(Orders.ElementAt(I));
    end;

    local procedure CreateOrder(Order: Codeunit "Test Input Json")
    begin
        Message(Order.Element('Sell-to Customer No.').ValueAsText()); // a required key
    end;

    procedure CheckOrders(var Reason: Text): Boolean
    var
        Expected: Codeunit "Test Input Json";
        Count: Integer;
    begin
        Expected := AITTestContext.GetExpectedData();
        Count := Expected.Element(ReleasedTok).ValueAsInteger();
        Reason := 'It''s wrong';
        exit(Count > 0);
    end;

    var
        AITTestContext: Codeunit "AIT Test Context";
        CreateOrderTok: Label 'create_sales_order', Locked = true;
        ReleasedTok: Label 'released_orders', Locked = true;
}
"""

AGENT_SUGGESTIONS = """\
codeunit 50142 "ORD Agent Setup"
{
    procedure GetSuggestions(var Suggestion: Record "Agent Task User Int Suggestion")
    begin
        Suggestion.Code := CustomerAddedLbl;
        Suggestion.Insert();
        Suggestion.Code := StrSubstNo(UpdateLbl, 'ORDER');
        Suggestion.Insert();
        Suggestion.Validate(Code, GetShipCode());
    end;

    local procedure GetShipCode(): Code[20]
    begin
        exit('ORD-SHIP');
    end;

    var
        CustomerAddedLbl: Label 'ORD-CUSTOMER-ADDED', Locked = true;
        UpdateLbl: Label 'ORD-UPDATE-%1', Locked = true;
}
"""

COPILOT_TEST = """\
codeunit 50150 "Summary Accuracy"
{
    Subtype = Test;
    TestType = AITest;

    [Test]
    procedure Summarise()
    var
        Question: Text;
    begin
        Question := AITTestContext.GetQuestion().ValueAsText();
        AITTestContext.SetTestOutput(Question);
    end;

    var
        AITTestContext: Codeunit "AIT Test Context";
}
"""

APP_JSON = '{"id": "00000000-0000-0000-0000-000000000001", "name": "Order Agent Tests"}\n'


def write_app(root: Path, files: dict[str, str]) -> Path:
    """A test app folder with app.json, `.resources/` and the given files (relative)."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "app.json").write_text(APP_JSON, encoding="utf-8")
    (root / ".resources").mkdir(exist_ok=True)
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root

"""The AL test codeunit `datasets init` writes: the agent test pattern, ready to fill in.

Every framework name used here exists in microsoft/BCApps (checked, not compiled):
`Library - Agent` (LibraryAgent.Codeunit.al: GetAgentUnderTest 344, StopTasks 61,
EnsureAgentIsActive 353, RunTurnAndWait 290, FinalizeTurn 329), `AIT Test Context`
(AITTestContext.Codeunit.al: GetTurnSetup 55, GetExpectedData 116,
GetEvalSuiteSetupDataInput 256, SetEvalSuiteSetupCompleted 265, IsSuiteSetupDone 274),
`Test Input Json` (TestInputJson.Codeunit.al: Element 25, ElementExists 37, ElementAt 55,
GetElementCount 67, ValueAsText 84, ValueAsInteger 91) and `Library Assert`. The shape
follows Microsoft's agent sample test (AgentSamples, SVASAccuracyTest.Codeunit.al).
"""

from __future__ import annotations

DEFAULT_AGENT_NAME = "My Agent"


def test_codeunit(codeunit_id: int, name: str, agent_name: str, action_types: list[str]) -> str:
    """The test codeunit's AL text; ``action_types`` are the datasets' `action_type`s."""
    cases = "\n".join(
        f"            '{_al_text(action)}':\n                {_procedure_name(action)}(ActionData);"
        for action in action_types
    )
    stubs = "\n".join(_stub(action) for action in action_types)
    return f"""\
using System.Agents;
using System.TestLibraries.Agents;
using System.TestLibraries.Utilities;
using System.TestTools.AITestToolkit;
using System.TestTools.TestRunner;
using Microsoft.Sales.Document;

codeunit {codeunit_id} "{_al_name(name)}"
{{
    Subtype = Test;
    TestType = AITest;
    TestPermissions = Disabled;
    // Agent tasks run in another session and commit as they go: no test isolation.
    RequiredTestIsolation = Disabled;

    [Test]
    procedure TestAccuracy()
    var
        AgentTask: Record "Agent Task";
        TurnSuccessful: Boolean;
        ContinueWithNextTurn: Boolean;
        ErrorReason: Text;
    begin
        Initialize();

        repeat
            Clear(ErrorReason);
            RunTurnSetup();

            TurnSuccessful := LibraryAgent.RunTurnAndWait(AgentUserSecurityId, AgentTask);
            if TurnSuccessful then
                TurnSuccessful := ValidateExpectedData(ErrorReason)
            else
                ErrorReason := StrSubstNo(TaskNotCompletedErr, AgentTask.Status);

            ContinueWithNextTurn :=
                LibraryAgent.FinalizeTurn(AgentTask, TurnSuccessful, ErrorReason);
        until not ContinueWithNextTurn;

        Assert.IsTrue(TurnSuccessful, ErrorReason);
    end;

    local procedure Initialize()
    begin
        // The agent chosen on the eval suite (A/B runs), else the app's own agent.
        LibraryAgent.GetAgentUnderTest(AgentUserSecurityId);
        if IsNullGuid(AgentUserSecurityId) then
            AgentUserSecurityId := FindAgent();

        LibraryAgent.StopTasks(AgentUserSecurityId);
        LibraryAgent.EnsureAgentIsActive(AgentUserSecurityId);

        if not AITTestContext.IsSuiteSetupDone() then begin
            RunSetupActions(AITTestContext.GetEvalSuiteSetupDataInput());
            AITTestContext.SetEvalSuiteSetupCompleted();
        end;
        Commit();
    end;

    local procedure FindAgent(): Guid
    begin
        // TODO: return the user security ID of "{_al_text(agent_name)}" (create or look it up
        // the way your agent app does), for runs whose suite names no agent.
        Error(NoAgentErr, AgentNameTok);
    end;

    local procedure RunTurnSetup()
    var
        TurnSetup: Codeunit "Test Input Json";
    begin
        if AITTestContext.GetTurnSetup(TurnSetup) then
            RunSetupActions(TurnSetup);
        Commit();
    end;

    local procedure RunSetupActions(Setup: Codeunit "Test Input Json")
    var
        SetupActions: Codeunit "Test Input Json";
        SetupAction: Codeunit "Test Input Json";
        Found: Boolean;
        I: Integer;
    begin
        SetupActions := Setup.ElementExists(SetupActionsTok, Found);
        if not Found then
            exit;
        for I := 0 to SetupActions.GetElementCount() - 1 do begin
            SetupAction := SetupActions.ElementAt(I);
            RunSetupAction(
                SetupAction.Element(ActionTypeTok).ValueAsText(),
                SetupAction.Element(ActionDataTok));
        end;
    end;

    local procedure RunSetupAction(ActionType: Text; ActionData: Codeunit "Test Input Json")
    begin
        case ActionType of
{cases}
            else
                Error(UnknownActionErr, ActionType);
        end;
    end;
{stubs}
    local procedure ValidateExpectedData(var ErrorReason: Text): Boolean
    var
        ExpectedData: Codeunit "Test Input Json";
        ReleasedOrders: Codeunit "Test Input Json";
        Found: Boolean;
    begin
        ExpectedData := AITTestContext.GetExpectedData();
        // expected_data.intervention_request is validated by LibraryAgent.FinalizeTurn.
        ReleasedOrders := ExpectedData.ElementExists(ReleasedOrdersTok, Found);
        if Found then
            if CountReleasedOrders() <> ReleasedOrders.ValueAsInteger() then begin
                ErrorReason := StrSubstNo(
                    ReleasedOrdersErr, ReleasedOrders.ValueAsInteger(), CountReleasedOrders());
                exit(false);
            end;
        exit(true);
    end;

    local procedure CountReleasedOrders(): Integer
    var
        SalesHeader: Record "Sales Header";
    begin
        SalesHeader.SetRange("Document Type", SalesHeader."Document Type"::Order);
        SalesHeader.SetRange(Status, SalesHeader.Status::Released);
        exit(SalesHeader.Count());
    end;

    var
        Assert: Codeunit "Library Assert";
        LibraryAgent: Codeunit "Library - Agent";
        AITTestContext: Codeunit "AIT Test Context";
        AgentUserSecurityId: Guid;
        AgentNameTok: Label '{_al_text(agent_name)}', Locked = true;
        SetupActionsTok: Label 'setup_actions', Locked = true;
        ActionTypeTok: Label 'action_type', Locked = true;
        ActionDataTok: Label 'action_data', Locked = true;
        ReleasedOrdersTok: Label 'released_orders', Locked = true;
        NoAgentErr: Label 'No agent to test: pick one on the suite, or make FindAgent return "%1".',
            Comment = '%1 = agent name';
        UnknownActionErr: Label 'Unknown setup action "%1".', Comment = '%1 = action_type';
        TaskNotCompletedErr: Label 'The agent task did not complete. Task status: %1.',
            Comment = '%1 = task status';
        ReleasedOrdersErr: Label 'Expected %1 released orders, found %2.',
            Comment = '%1 = expected, %2 = actual';
}}
"""


def _stub(action: str) -> str:
    return f"""
    local procedure {_procedure_name(action)}(ActionData: Codeunit "Test Input Json")
    var
        I: Integer;
    begin
        // TODO: create the records of '{_al_text(action)}': ActionData is a list of field
        // values, e.g. ActionData.ElementAt(I).Element('No.').ValueAsText().
        for I := 0 to ActionData.GetElementCount() - 1 do;
    end;
"""


def _procedure_name(action: str) -> str:
    """`create_sales_order` -> `CreateSalesOrder` (an AL identifier)."""
    words = [w for w in "".join(c if c.isalnum() else " " for c in action).split() if w]
    name = "".join(w[:1].upper() + w[1:] for w in words) or "Action"
    return name if name[0].isalpha() else "Action" + name


def _al_text(text: str) -> str:
    """Text inside an AL literal ('' escapes a quote)."""
    return text.replace("'", "''")


def _al_name(text: str) -> str:
    """An object name inside double quotes (at most 30 characters, no double quotes)."""
    return text.replace('"', "")[:30]

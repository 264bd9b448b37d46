codeunit 50100 "Orders Agent Test"
{
    Subtype = Test;
    TestType = AITest;
    TestPermissions = Disabled;
    RequiredTestIsolation = Disabled;

    [Test]
    procedure TestOrders()
    var
        AgentTask: Record "Agent Task";
        TurnSuccessful: Boolean;
        ErrorReason: Text;
    begin
        LibraryAgent.GetAgentUnderTest(AgentUserSecurityId);
        repeat
            TurnSuccessful := LibraryAgent.RunTurnAndWait(AgentUserSecurityId, AgentTask);
            if TurnSuccessful then
                TurnSuccessful := Validator.ValidateTurn(AgentTask, ErrorReason);
        until not LibraryAgent.FinalizeTurn(AgentTask, TurnSuccessful, ErrorReason);
    end;

    var
        LibraryAgent: Codeunit "Library - Agent";
        Validator: Codeunit "Orders Validator";
        AgentUserSecurityId: Guid;
}

codeunit 50101 "Orders Validator"
{
    Access = Internal;

    procedure ValidateTurn(AgentTask: Record "Agent Task"; var ErrorReason: Text): Boolean
    var
        ExpectedData: Codeunit "Test Input Json";
        Element: Codeunit "Test Input Json";
        Found: Boolean;
    begin
        ExpectedData := AITTestContext.GetExpectedData();

        // State: how many orders the agent released, counted in the table.
        Element := ExpectedData.ElementExists('released_orders', Found);
        if Found then
            CheckReleased(Element.ValueAsInteger(), ErrorReason);

        // State: no invoice may be posted (a must-never).
        Element := ExpectedData.ElementExists('posted_invoices', Found);
        if Found then
            CheckPosted(Element.ValueAsInteger(), ErrorReason);

        // Message: only the agent's reply is read.
        Element := ExpectedData.ElementExists('reply_mentions', Found);
        if Found then
            CheckReply(AgentTask, Element.ValueAsText(), ErrorReason);

        exit(ErrorReason = '');
    end;

    local procedure CheckReleased(Expected: Integer; var ErrorReason: Text)
    var
        SalesHeader: Record "Sales Header";
    begin
        SalesHeader.SetRange(Status, SalesHeader.Status::Released);
        if SalesHeader.Count() <> Expected then
            ErrorReason := 'released orders differ';
    end;

    local procedure CheckPosted(Expected: Integer; var ErrorReason: Text)
    var
        SalesInvoiceHeader: Record "Sales Invoice Header";
    begin
        if SalesInvoiceHeader.Count() <> Expected then
            ErrorReason := 'posted invoices differ';
    end;

    local procedure CheckReply(AgentTask: Record "Agent Task"; Expected: Text; var ErrorReason: Text)
    var
        AgentTaskMessage: Record "Agent Task Message";
        AgentMessage: Codeunit "Agent Message";
        Reply: Text;
    begin
        AgentTaskMessage.SetRange("Task ID", AgentTask.ID);
        AgentTaskMessage.FindLast();
        Reply := AgentMessage.GetText(AgentTaskMessage);
        if not Reply.Contains(Expected) then
            ErrorReason := 'the reply does not mention ' + Expected;
    end;

    var
        AITTestContext: Codeunit "AIT Test Context";
}

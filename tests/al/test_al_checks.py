"""What each expected-data key is compared with (al/checks.py), on look-alikes of
Microsoft's agent test codeunits: state, message, intervention, judge, unknown."""

from __future__ import annotations

from ait_datasets.al.checks import CodeunitChecks, classify_checks
from ait_datasets.al.declarations import read_al
from ait_datasets.al.reads import AppCode

_TEST = """
codeunit 50100 "Orders Agent Test"
{
    Subtype = Test;
    TestType = AITest;

    [Test]
    procedure RunScenario()
    var
        AgentTask: Record "Agent Task";
    begin
        LibraryAgent.RunTurnAndWait(AgentUserSecurityId, AgentTask);
        Validator.Validate(AgentTask);
    end;

    var
        LibraryAgent: Codeunit "Library - Agent";
        Validator: Codeunit "Orders Validator";
        AgentUserSecurityId: Guid;
}
"""


def _checks(validator: str) -> CodeunitChecks:
    app = AppCode([read_al("Test.Codeunit.al", _TEST), read_al("Validator.Codeunit.al", validator)])
    return classify_checks(app, 50100)


def _validator(body: str, variables: str, extra: str = "") -> str:
    return f"""
codeunit 50101 "Orders Validator"
{{
    procedure Validate(AgentTask: Record "Agent Task")
    var
        ExpectedData: Codeunit "Test Input Json";
{variables}
    begin
        ExpectedData := AITTestContext.GetExpectedData();
{body}
    end;
{extra}
    var
        AITTestContext: Codeunit "AIT Test Context";
        Assert: Codeunit "Library Assert";
}}
"""


def test_a_count_read_into_a_variable_that_guards_a_record_get_is_state() -> None:
    # As SV-AS Test Library's ValidateSalesOrdersReleased: the count guards SalesHeader.Get.
    checks = _checks(
        _validator(
            """
        ReleaseInput := ExpectedData.ElementExists('released_orders', Found);
        if Found then
            ExpectedCount := ReleaseInput.ValueAsInteger();
        if ExpectedCount > 0 then begin
            SalesHeader.Get(SalesHeader."Document Type"::Order, '1001');
            Assert.AreEqual(SalesHeader.Status::Released, SalesHeader.Status, 'released');
        end;""",
            """        ReleaseInput: Codeunit "Test Input Json";
        SalesHeader: Record "Sales Header";
        Found: Boolean;
        ExpectedCount: Integer;""",
        )
    )
    assert checks.kind_of("released_orders") == "state"


def test_a_key_compared_with_a_record_count_two_procedures_away_is_state() -> None:
    extra = """
    local procedure CheckOrders(Expected: Integer)
    begin
        CompareCount(Expected);
    end;

    local procedure CompareCount(Wanted: Integer)
    var
        SalesHeader: Record "Sales Header";
    begin
        SalesHeader.SetRange(Status, SalesHeader.Status::Released);
        Assert.AreEqual(Wanted, SalesHeader.Count(), 'released orders');
    end;
"""
    checks = _checks(
        _validator(
            """
        Expected := ExpectedData.Element('order_count').ValueAsInteger();
        CheckOrders(Expected);""",
            "        Expected: Integer;",
            extra,
        )
    )
    assert checks.kind_of("order_count") == "state"
    (check,) = [c for c in checks.checks if c.key == "order_count"]
    assert check.file == "Validator.Codeunit.al"


def test_a_key_compared_with_the_agents_last_message_is_message() -> None:
    checks = _checks(
        _validator(
            """
        AgentTaskMessage.SetRange("Task ID", AgentTask.ID);
        AgentTaskMessage.FindLast();
        Reply := AgentMessage.GetText(AgentTaskMessage);
        ExpectedReply := ExpectedData.Element('reply_contains').ValueAsText();
        Assert.IsTrue(Reply.Contains(ExpectedReply), 'the reply');""",
            """        AgentTaskMessage: Record "Agent Task Message";
        AgentMessage: Codeunit "Agent Message";
        Reply: Text;
        ExpectedReply: Text;""",
        )
    )
    assert checks.kind_of("reply_contains") == "message"


def test_a_key_compared_with_the_task_output_json_is_message() -> None:
    checks = _checks(
        _validator(
            """
        LibraryAgent.WriteTaskToOutput(AgentTask, Output);
        Actual := Output.ToText();
        if not Actual.Contains(ExpectedData.Element('output_mentions').ValueAsText()) then
            Error('missing');""",
            """        LibraryAgent: Codeunit "Library - Agent";
        Output: Codeunit "Test Output Json";
        Actual: Text;""",
        )
    )
    assert checks.kind_of("output_mentions") == "message"


def test_a_key_handed_to_library_agents_intervention_check_is_intervention() -> None:
    checks = _checks(
        _validator(
            """
        Expected := ExpectedData.Element('pause_reason');
        LibraryAgent.ValidateInterventionRequest(AgentTask, Expected);""",
            """        LibraryAgent: Codeunit "Library - Agent";
        Expected: Codeunit "Test Input Json";""",
        )
    )
    assert checks.kind_of("pause_reason") == "intervention"


def test_a_key_compared_with_the_intervention_request_record_is_intervention() -> None:
    checks = _checks(
        _validator(
            """
        LibraryAgent.GetLastUserInterventionRequestDetails(
            AgentTask, Request, Annotation, Suggestion);
        ExpectedType := ExpectedData.Element('request_type').ValueAsText();
        Assert.AreEqual(ExpectedType, Format(Request.Type), 'type');""",
            """        LibraryAgent: Codeunit "Library - Agent";
        Request: Record "Agent User Int Request Details" temporary;
        Annotation: Record "Agent Annotation" temporary;
        Suggestion: Record "Agent Task User Int Suggestion" temporary;
        ExpectedType: Text;""",
        )
    )
    assert checks.kind_of("request_type") == "intervention"


def test_a_key_given_to_a_language_model_is_judge() -> None:
    extra = """
    local procedure AskJudge(Criteria: Text)
    var
        AOAIChatMessages: Codeunit "AOAI Chat Messages";
    begin
        AOAIChatMessages.AddUserMessage(Criteria);
    end;
"""
    checks = _checks(
        _validator(
            """
        AskJudge(ExpectedData.Element('criteria').ValueAsText());""",
            "",
            extra,
        )
    )
    assert checks.kind_of("criteria") == "judge"


def test_a_key_handed_to_code_outside_the_app_is_unknown() -> None:
    checks = _checks(
        _validator(
            """
        Expected := ExpectedData.Element('mystery').ValueAsText();
        ExternalChecks.Verify(Expected);""",
            """        ExternalChecks: Codeunit "Partner Checks";
        Expected: Text;""",
        )
    )
    assert checks.kind_of("mystery") == "unknown"
    (check,) = [c for c in checks.checks if c.key == "mystery"]
    assert "outside the app" in check.reason


def test_a_key_compared_with_a_literal_only_is_unknown() -> None:
    checks = _checks(
        _validator(
            """
        if ExpectedData.Element('flag').ValueAsBoolean() then
            Message('flag set');""",
            "",
        )
    )
    assert checks.kind_of("flag") == "unknown"


def test_a_key_returned_by_a_helper_is_unknown_not_guessed() -> None:
    extra = """
    local procedure ExpectedTotal(): Decimal
    var
        ExpectedData: Codeunit "Test Input Json";
    begin
        ExpectedData := AITTestContext.GetExpectedData();
        exit(ExpectedData.Element('total').ValueAsDecimal());
    end;
"""
    checks = _checks(_validator("        ExpectedTotal();", "", extra))
    assert checks.kind_of("total") == "unknown"


def test_a_key_not_read_is_not_a_check() -> None:
    checks = _checks(_validator("        ExpectedData.Element('read_one');", ""))
    assert checks.kind_of("never_read") is None

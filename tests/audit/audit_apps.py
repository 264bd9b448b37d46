"""Look-alike agent test apps written into a temporary folder, for the audit's tests."""

from __future__ import annotations

import textwrap
from pathlib import Path

TEST_CODEUNIT = """
codeunit 50100 "Agent Test"
{
    Subtype = Test;
    TestType = AITest;
    RequiredTestIsolation = Disabled;

    [Test]
    procedure RunTurns()
    var
        AgentTask: Record "Agent Task";
        Ok: Boolean;
        ErrorReason: Text;
    begin
        repeat
            Ok := LibraryAgent.RunTurnAndWait(AgentUserSecurityId, AgentTask);
            if Ok then
                Ok := Validator.ValidateTurn(AgentTask, ErrorReason);
        until not LibraryAgent.FinalizeTurn(AgentTask, Ok, ErrorReason);
    end;

    var
        LibraryAgent: Codeunit "Library - Agent";
        Validator: Codeunit "Agent Validator";
        AgentUserSecurityId: Guid;
}
"""

# Reads `orders` (compared with a record count: state) and `reply` (compared with the
# agent's last message: message).
VALIDATOR = """
codeunit 50101 "Agent Validator"
{
    procedure ValidateTurn(AgentTask: Record "Agent Task"; var ErrorReason: Text): Boolean
    var
        ExpectedData: Codeunit "Test Input Json";
        Element: Codeunit "Test Input Json";
        SalesHeader: Record "Sales Header";
        AgentTaskMessage: Record "Agent Task Message";
        AgentMessage: Codeunit "Agent Message";
        Reply: Text;
        Found: Boolean;
    begin
        ExpectedData := AITTestContext.GetExpectedData();
        Element := ExpectedData.ElementExists('orders', Found);
        if Found then
            if SalesHeader.Count() <> Element.ValueAsInteger() then
                ErrorReason := 'orders';
        Element := ExpectedData.ElementExists('reply', Found);
        if Found then begin
            AgentTaskMessage.FindLast();
            Reply := AgentMessage.GetText(AgentTaskMessage);
            if not Reply.Contains(Element.ValueAsText()) then
                ErrorReason := 'reply';
        end;
        exit(ErrorReason = '');
    end;

    var
        AITTestContext: Codeunit "AIT Test Context";
}
"""

SUITE = """<?xml version="1.0" encoding="UTF-8"?>
<Root>
  <AITSuite Code="AGENT" Description="Agent" Dataset="{dataset}"
            TestRunnerId="130451" TestType="Agent">
    <Line CodeunitID="50100" Description="Agent" Dataset="{dataset}" />
  </AITSuite>
</Root>
"""


def make_app(
    root: Path,
    dataset: str,
    *,
    al: bool = True,
    config: str | None = None,
    instructions: str | None = None,
    name: str = "AGENT.yaml",
) -> Path:
    """An app folder: one dataset (``dataset``, dedented), its suite, and optionally the
    AL test code, a configuration and an instruction resource."""
    app = root / "app"
    datasets = app / ".resources" / "datasets"
    datasets.mkdir(parents=True)
    (datasets / name).write_text(textwrap.dedent(dataset).lstrip(), encoding="utf-8")
    suites = app / ".resources" / "suites"
    suites.mkdir()
    (suites / "AGENT.xml").write_text(SUITE.format(dataset=name), encoding="utf-8")
    if al:
        (app / "app.json").write_text('{"name": "Agent Tests"}', encoding="utf-8")
        (app / "src").mkdir()
        (app / "src" / "AgentTest.Codeunit.al").write_text(TEST_CODEUNIT, encoding="utf-8")
        (app / "src" / "AgentValidator.Codeunit.al").write_text(VALIDATOR, encoding="utf-8")
    if config is not None:
        (app / ".ait-datasets.toml").write_text(textwrap.dedent(config), encoding="utf-8")
    if instructions is not None:
        folder = app / ".resources" / "instructions"
        folder.mkdir()
        (folder / "agent-instructions.md").write_text(instructions, encoding="utf-8")
    return app

"""The audit in the editor, end to end over stdio as VS Code (pulls) and Neovim (pushed)
drive it: the ``datasets.audit`` command, and the Information diagnostic on each test
whose every check is the agent's message, merged with the lint findings, audited on
open, save and AL changes only (never per keystroke), and switched off by a setting.

The app is a copy of examples/audit-app (ASK-STATUS is its one message-only test) with
its ``from:`` removed, so that the file also has a lint finding (QRY003)."""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
import pytest_lsp
from lsp_support import SERVER_COMMAND, accept_registrations, pulls, until
from lsprotocol import types as lsp
from pygls.uris import from_fs_path
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

pytestmark = pytest.mark.asyncio(loop_scope="module")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "audit-app"
DATASET = Path(".resources") / "datasets" / "ORDERS-AUDIT.yaml"
VALIDATOR = Path("src") / "OrdersValidator.Codeunit.al"
NAME_LINE = "  - name: ASK-STATUS"
AUDIT = "datasets audit"


@pytest_lsp.fixture(
    config=ClientServerConfig(server_command=SERVER_COMMAND),
    params=["visual-studio-code", "neovim"],
    scope="module",
)
async def client(
    request: pytest.FixtureRequest,
    lsp_client: LanguageClient,
    tmp_path_factory: pytest.TempPathFactory,
):
    root = tmp_path_factory.mktemp("ws")
    lsp_client.root = root  # type: ignore[attr-defined]
    accept_registrations(lsp_client)
    params = lsp.InitializeParams(
        capabilities=client_capabilities(request.param),
        root_uri=from_fs_path(str(root)),
        workspace_folders=[lsp.WorkspaceFolder(from_fs_path(str(root)) or "", "ws")],
        initialization_options={"debounceMs": 20, "workDate": "2026-03-17"},
    )
    result = await lsp_client.initialize_session(params)
    lsp_client.server_capabilities = result.capabilities  # type: ignore[attr-defined]
    yield
    await lsp_client.shutdown_session()


def _app(client: LanguageClient, name: str) -> Path:
    """A copy of the example app in the workspace, its ASK-STATUS test without `from:`."""
    app = client.root / name  # type: ignore[attr-defined]
    shutil.copytree(EXAMPLE, app)
    dataset = app / DATASET
    text = dataset.read_text("utf-8")
    title = "          title: Order 1001\n"
    text = text.replace("          from: Jane Doe\n" + title, title)
    dataset.write_text(text, encoding="utf-8")
    return app


def _open(client: LanguageClient, path: Path) -> str:
    uri = from_fs_path(str(path)) or ""
    client.text_document_did_open(
        lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(uri, "yaml", 1, path.read_text("utf-8")))
    )
    return uri


async def _diagnostics_until(
    client: LanguageClient, uri: str, wanted: Callable[[list[lsp.Diagnostic]], bool], what: str
) -> list[lsp.Diagnostic]:
    """The document's diagnostics once ``wanted`` holds for them (pulled again and again,
    or the last ones pushed)."""
    for _ in range(1800):
        if pulls(client):
            report = await client.text_document_diagnostic_async(
                lsp.DocumentDiagnosticParams(lsp.TextDocumentIdentifier(uri))
            )
            assert isinstance(report, lsp.RelatedFullDocumentDiagnosticReport)
            found = list(report.items)
        else:
            found = list(client.diagnostics.get(uri, []))
        if wanted(found):
            return found
        await asyncio.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def _marks(diags: list[lsp.Diagnostic]) -> list[lsp.Diagnostic]:
    return [d for d in diags if d.source == AUDIT]


def _linted(diags: list[lsp.Diagnostic]) -> bool:
    return any(d.code == "QRY003" for d in diags)


def _audits_of(client: LanguageClient, app: Path) -> int:
    """How often the server said it audited ``app``."""
    said = f"audited {app}:"
    return sum(1 for m in client.log_messages if m.message.startswith(said))


async def test_a_message_only_test_is_marked_at_its_name_line_beside_the_findings(
    client: LanguageClient,
) -> None:
    app = _app(client, "marked")
    uri = _open(client, app / DATASET)
    diags = await _diagnostics_until(
        client, uri, lambda d: _linted(d) and bool(_marks(d)), "the audit's mark"
    )
    (mark,) = _marks(diags)
    assert mark.code == "state-vs-message"
    assert mark.severity == lsp.DiagnosticSeverity.Information
    lines = (app / DATASET).read_text("utf-8").splitlines()
    line = lines.index(NAME_LINE)
    assert mark.range == lsp.Range(lsp.Position(line, 4), lsp.Position(line, len(NAME_LINE)))
    assert mark.message.startswith("ASK-STATUS: every check (reply_mentions) reads the agent's")
    assert "the agent's word is the only evidence" in mark.message
    # The lint's finding is there too, as lint reports it.
    (qry003,) = [d for d in diags if d.code == "QRY003"]
    assert qry003.source == "datasets"


async def test_no_mark_without_al_code_the_audit_can_follow(client: LanguageClient) -> None:
    app = _app(client, "no-al")
    for al in app.glob("src/*.al"):
        al.unlink()
    uri = _open(client, app / DATASET)
    await until(lambda: _audits_of(client, app) == 1, "the audit of the app")
    diags = await _diagnostics_until(client, uri, _linted, "the lint's findings")
    assert _marks(diags) == []


async def test_typing_moves_the_mark_without_auditing_again_saving_audits(
    client: LanguageClient,
) -> None:
    app = _app(client, "typing")
    path = app / DATASET
    uri = _open(client, path)
    await _diagnostics_until(client, uri, lambda d: _linted(d) and bool(_marks(d)), "the mark")
    assert _audits_of(client, app) == 1
    text = path.read_text("utf-8")
    line = text.splitlines().index(NAME_LINE)
    for version in range(2, 6):
        text = "# a comment\n" + text
        client.text_document_did_change(
            lsp.DidChangeTextDocumentParams(
                lsp.VersionedTextDocumentIdentifier(version, uri),
                [lsp.TextDocumentContentChangeWholeDocument(text)],
            )
        )
    # Four lines above it: the mark follows its test's line, from the audit of the opening.
    diags = await _diagnostics_until(
        client,
        uri,
        lambda d: [m.range.start.line for m in _marks(d)] == [line + 4],
        "the mark four lines down",
    )
    assert _linted(diags)
    assert _audits_of(client, app) == 1
    # Editing the test's own line hides the mark until the next audit.
    text = text.replace(NAME_LINE, NAME_LINE + "-2")
    client.text_document_did_change(
        lsp.DidChangeTextDocumentParams(
            lsp.VersionedTextDocumentIdentifier(6, uri),
            [lsp.TextDocumentContentChangeWholeDocument(text)],
        )
    )
    await _diagnostics_until(client, uri, lambda d: _linted(d) and not _marks(d), "no mark")
    assert _audits_of(client, app) == 1
    path.write_text(text, encoding="utf-8")
    client.text_document_did_save(lsp.DidSaveTextDocumentParams(lsp.TextDocumentIdentifier(uri)))
    await until(lambda: _audits_of(client, app) == 2, "the audit after the save")
    diags = await _diagnostics_until(
        client, uri, lambda d: [m.range.start.line for m in _marks(d)] == [line + 4], "the mark"
    )
    assert "ASK-STATUS-2:" in _marks(diags)[0].message


async def test_a_change_of_the_al_code_audits_again(client: LanguageClient) -> None:
    app = _app(client, "al-change")
    uri = _open(client, app / DATASET)
    await _diagnostics_until(client, uri, lambda d: _linted(d) and bool(_marks(d)), "the mark")
    # The reply's key is now counted in the table: a state check, no mark.
    validator = app / VALIDATOR
    code = validator.read_text("utf-8")
    code = code.replace(
        "CheckReply(AgentTask, Element.ValueAsText(), ErrorReason);",
        "CheckReleased(Element.ValueAsInteger(), ErrorReason);",
    )
    validator.write_text(code, encoding="utf-8")
    client.workspace_did_change_watched_files(
        lsp.DidChangeWatchedFilesParams(
            [lsp.FileEvent(from_fs_path(str(validator)) or "", lsp.FileChangeType.Changed)]
        )
    )
    await until(lambda: _audits_of(client, app) == 2, "the audit after the AL change")
    await _diagnostics_until(client, uri, lambda d: _linted(d) and not _marks(d), "no mark")


async def test_the_command_is_declared_and_answers_the_scorecard_of_the_documents_app(
    client: LanguageClient,
) -> None:
    provider = client.server_capabilities.execute_command_provider  # type: ignore[attr-defined]
    assert "datasets.audit" in provider.commands
    app = _app(client, "command")
    uri = from_fs_path(str(app / DATASET))
    shown = len(client.messages)
    result = await client.workspace_execute_command_async(
        lsp.ExecuteCommandParams("datasets.audit", [uri])
    )
    assert result["errors"] == []
    (card,) = result["scorecards"]
    questions = {q["id"]: q for q in card["questions"]}
    assert questions["state-vs-message"]["message_only_tests"] == ["ASK-STATUS"]
    assert questions["must-never"]["uncovered"] == ["MN-02"]
    assert result["text"].splitlines()[1].startswith("PASS     State vs message")
    assert "ASK-STATUS every check is the agent's message" in result["text"]
    # The six-line scorecard is shown, the details are not.
    await until(lambda: len(client.messages) > shown, "the scorecard shown")
    message = client.messages[shown]
    assert message.type == lsp.MessageType.Info
    lines = message.message.splitlines()
    assert lines[0] == f"Audit of {card['app']}"
    assert len(lines) == 7
    assert lines[2].startswith("PASS     State vs message")


async def test_the_command_without_a_document_audits_the_workspace_folder(
    client: LanguageClient,
) -> None:
    _app(client, "workspace")
    command = lsp.ExecuteCommandParams("datasets.audit")
    result = await client.workspace_execute_command_async(command)
    (card,) = result["scorecards"]
    assert Path(card["app"]) == client.root  # type: ignore[attr-defined]


async def test_the_command_says_what_is_wrong_with_the_audit_configuration(
    client: LanguageClient,
) -> None:
    app = _app(client, "bad-config")
    config = app / ".ait-datasets.toml"
    config.write_text(config.read_text("utf-8") + "must-nevers = 3\n", encoding="utf-8")
    shown = len(client.messages)
    result = await client.workspace_execute_command_async(
        lsp.ExecuteCommandParams("datasets.audit", [{"uri": from_fs_path(str(app / DATASET))}])
    )
    assert result["scorecards"] == []
    (error,) = result["errors"]
    assert "unknown key 'must-nevers'" in error and str(config) in error
    await until(lambda: len(client.messages) > shown, "the error shown")
    assert client.messages[shown].type == lsp.MessageType.Error


async def test_the_setting_switches_the_marks_off_and_on(client: LanguageClient) -> None:
    app = _app(client, "setting")
    uri = _open(client, app / DATASET)
    await _diagnostics_until(client, uri, lambda d: _linted(d) and bool(_marks(d)), "the mark")

    def switch(on: bool) -> None:
        settings = {"workDate": "2026-03-17", "audit": {"messageOnly": on}}
        client.set_configuration(settings, section="datasets")
        client.workspace_did_change_configuration(
            lsp.DidChangeConfigurationParams({"datasets": settings})
        )

    try:
        switch(False)
        await _diagnostics_until(client, uri, lambda d: _linted(d) and not _marks(d), "no mark")
    finally:
        switch(True)
    await _diagnostics_until(client, uri, lambda d: _linted(d) and bool(_marks(d)), "the mark")

"""`datasets lsp` end to end over stdio, as VS Code and Neovim drive it: diagnostics
(pushed and pulled, codes, ranges in UTF-16, messages), and every code action applied and
re-linted."""

from __future__ import annotations

from pathlib import Path

import pytest
import pytest_lsp
from lsp_support import (
    ORDERS,
    SERVER_COMMAND,
    accept_registrations,
    client_column,
    diagnostics_of,
    make_app,
    pulls,
    until,
)
from lsprotocol import types as lsp
from pygls.uris import from_fs_path
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from ait_datasets.diagnostics import Edit, apply_edits
from ait_datasets.lint.config import LintConfig
from ait_datasets.lsp.linting import lint_document_text

pytestmark = pytest.mark.asyncio(loop_scope="module")


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
    # One server per client for the module (starting one is most of a test's time);
    # each test opens its own copy of the dataset.
    tmp_path = tmp_path_factory.mktemp("ws")
    resources = make_app(tmp_path)
    lsp_client.app = resources  # type: ignore[attr-defined]
    accept_registrations(lsp_client)
    params = lsp.InitializeParams(
        capabilities=client_capabilities(request.param),
        root_uri=from_fs_path(str(tmp_path)),
        workspace_folders=[lsp.WorkspaceFolder(from_fs_path(str(tmp_path)) or "", "ws")],
        initialization_options={"debounceMs": 20, "workDate": "2026-03-17"},
    )
    result = await lsp_client.initialize_session(params)
    # VS Code counts UTF-16 code units; Neovim 0.11 negotiates UTF-8.
    lsp_client.encoding = str(result.capabilities.position_encoding or "utf-16")  # type: ignore[attr-defined]
    yield
    await lsp_client.shutdown_session()


def _open(client: LanguageClient, path: Path, text: str | None = None, version: int = 1) -> str:
    uri = from_fs_path(str(path)) or ""
    client.text_document_did_open(
        lsp.DidOpenTextDocumentParams(
            lsp.TextDocumentItem(
                uri, "yaml", version, text if text is not None else path.read_text("utf-8")
            )
        )
    )
    return uri


def _copy(client: LanguageClient, name: str) -> Path:
    """A fresh copy of ORDERS.yaml in the app, for one test."""
    path = client.app / "datasets" / name  # type: ignore[attr-defined]
    path.write_text(ORDERS, encoding="utf-8")
    return path


def _by_code(diags: list[lsp.Diagnostic], code: str) -> list[lsp.Diagnostic]:
    return [d for d in diags if d.code == code]


def _apply(text: str, edits: list[lsp.TextEdit], encoding: str) -> str:
    """Apply LSP edits (positions in ``encoding`` units) to ``text`` like a client does."""
    lines = text.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))

    def offset(pos: lsp.Position) -> int:
        line = lines[pos.line] if pos.line < len(lines) else ""
        units = 0
        for i, ch in enumerate(line):
            if units >= pos.character:
                return starts[pos.line] + i
            units += client_column(ch, 1, encoding)
        return starts[min(pos.line, len(lines))] + len(line.rstrip("\r\n"))

    return apply_edits(
        text, [Edit(offset(e.range.start), offset(e.range.end), e.new_text) for e in edits]
    )


async def test_diagnostics_are_the_cli_findings_with_utf16_ranges(client: LanguageClient) -> None:
    path = _copy(client, "ORDERS1.yaml")
    uri = _open(client, path)
    diags = await diagnostics_of(client, uri)
    expected = lint_document_text(ORDERS, str(path), LintConfig())
    assert sorted((d.code, d.range.start.line + 1) for d in diags) == sorted(
        (d.code, d.line) for d in expected
    )
    # PH007 sits after an emoji and CJK text: its columns are in the negotiated units.
    encoding = client.encoding  # type: ignore[attr-defined]
    ph007 = _by_code(diags, "PH007")[0]
    line = ORDERS.splitlines()[6]
    start = line.index("注文")
    assert ph007.range.start == lsp.Position(6, client_column(line, start, encoding))
    assert ph007.range.end == lsp.Position(6, client_column(line, len(line), encoding))
    assert ph007.severity == lsp.DiagnosticSeverity.Warning
    assert ph007.source == "datasets"
    assert ph007.code_description is not None and ph007.code_description.href.startswith("https://")
    exp001 = _by_code(diags, "EXP001")[0]
    assert "reviewrecord" in exp001.message and exp001.severity == lsp.DiagnosticSeverity.Error
    assert _by_code(diags, "QRY003")[0].range.start.line == 21


async def test_pulled_diagnostics_are_the_cli_findings(client: LanguageClient) -> None:
    # Every client may pull (`textDocument/diagnostic`), whether or not it is pushed to.
    path = _copy(client, "ORDERS2.yaml")
    uri = _open(client, path)
    await diagnostics_of(client, uri)
    report = await client.text_document_diagnostic_async(
        lsp.DocumentDiagnosticParams(lsp.TextDocumentIdentifier(uri))
    )
    assert isinstance(report, lsp.RelatedFullDocumentDiagnosticReport)
    pulled = sorted((d.code, d.range.start.line + 1, d.message) for d in report.items)
    expected = lint_document_text(ORDERS, str(path), LintConfig())
    assert pulled == sorted((d.code, d.line, d.message) for d in expected)


async def test_workspace_diagnostics_cover_the_apps_other_files(client: LanguageClient) -> None:
    report = await client.workspace_diagnostic_async(lsp.WorkspaceDiagnosticParams([]))
    by_file = {item.uri.rsplit("/", 1)[-1]: item.items for item in report.items}
    assert {"ORDERS.yaml", "SETUP.yaml", "SHOP.xml"} <= set(by_file)
    # The suite names a dataset the app does not have (a cross-file finding).
    unknown = [d for d in by_file["SHOP.xml"] if "MISSING.yaml" in d.message]
    assert unknown and unknown[0].range.start.line == 4
    assert list(by_file["SETUP.yaml"]) == []


async def test_a_change_is_relinted_and_stale_versions_are_dropped(client: LanguageClient) -> None:
    path = _copy(client, "ORDERS3.yaml")
    uri = _open(client, path)
    await diagnostics_of(client, uri)
    fixed = ORDERS.replace("reviewrecord", "ReviewRecord")
    for version, text in ((2, ORDERS.replace("reviewrecord", "Nope")), (3, fixed)):
        client.text_document_did_change(
            lsp.DidChangeTextDocumentParams(
                lsp.VersionedTextDocumentIdentifier(version, uri),
                [lsp.TextDocumentContentChangeWholeDocument(text)],
            )
        )
    diags = await diagnostics_of(client, uri)
    assert _by_code(diags, "EXP001") == []
    assert _by_code(diags, "PH007")


async def test_every_code_action_applies_and_relints_clean_of_its_finding(
    client: LanguageClient,
) -> None:
    path = _copy(client, "ORDERS4.yaml")
    uri = _open(client, path)
    diags = await diagnostics_of(client, uri)
    whole = lsp.Range(lsp.Position(0, 0), lsp.Position(len(ORDERS.splitlines()), 0))
    found = await client.text_document_code_action_async(
        lsp.CodeActionParams(lsp.TextDocumentIdentifier(uri), whole, lsp.CodeActionContext(diags))
    )
    assert found is not None
    actions = [a for a in found if isinstance(a, lsp.CodeAction)]
    titles = [a.title for a in actions]
    for code in ("PH007", "EXP001", "TRN003", "QRY003"):
        assert f"Suppress {code} on this line" in titles
    quick = [a for a in actions if a.kind == lsp.CodeActionKind.QuickFix]
    fixes = [a for a in quick if not a.title.startswith("Suppress")]
    assert {a.title.split(":")[0] for a in fixes} == {"PH007", "EXP001", "TRN003"}
    # Safe fixes are preferred; TRN003's `expected_data: {}` is unsafe (issue 34).
    assert all(a.is_preferred == (not a.title.startswith("TRN003")) for a in fixes)
    assert any(a.kind == "source.fixAll.datasets" for a in actions)
    config = LintConfig()
    for action in actions:
        assert action.edit is not None and action.edit.changes is not None
        new = _apply(ORDERS, list(action.edit.changes[uri]), client.encoding)  # type: ignore[attr-defined]
        after = lint_document_text(new, str(path), config)
        codes = [d.code for d in after]
        assert "SUP001" not in codes, action.title
        if action.kind == "source.fixAll.datasets":
            assert "PH007" not in codes and "EXP001" not in codes
        else:
            code = action.title.split(":")[0].replace("Suppress ", "").split(" on ")[0]
            before = [d for d in lint_document_text(ORDERS, str(path), config) if d.code == code]
            assert len([d for d in after if d.code == code]) == len(before) - 1, action.title


async def test_migrate_action_rewrites_a_legacy_agent_file(client: LanguageClient) -> None:
    legacy = """\
tests:
  - name: Q1
    question:
      from: someone@example.com
      message: hello
    expected_data:
      intervention_request:
        type: Assistance
"""
    path = client.app / "datasets" / "LEGACY.yaml"  # type: ignore[attr-defined]
    path.write_text(legacy, encoding="utf-8")
    uri = _open(client, path)
    await diagnostics_of(client, uri)
    found = await client.text_document_code_action_async(
        lsp.CodeActionParams(
            lsp.TextDocumentIdentifier(uri),
            lsp.Range(lsp.Position(0, 0), lsp.Position(0, 0)),
            lsp.CodeActionContext([], only=[lsp.CodeActionKind.RefactorRewrite]),
        )
    )
    assert found is not None
    migrate = [a for a in found if isinstance(a, lsp.CodeAction) and "Migrate" in a.title]
    assert len(migrate) == 1 and migrate[0].edit is not None and migrate[0].edit.changes
    new = _apply(legacy, list(migrate[0].edit.changes[uri]), client.encoding)  # type: ignore[attr-defined]
    assert "turns:" in new and "query:" in new and "question:" not in new
    after = lint_document_text(new, str(path), LintConfig())
    assert not [d for d in after if d.code.startswith("LEG")]


async def test_a_changed_configuration_file_relints_the_open_documents(
    client: LanguageClient,
) -> None:
    path = _copy(client, "ORDERS6.yaml")
    uri = _open(client, path)
    assert _by_code(await diagnostics_of(client, uri), "PH007")
    config = client.app.parent.parent / ".ait-datasets.toml"  # type: ignore[attr-defined]
    config.write_text('ignore = ["PH007"]\n', encoding="utf-8")
    try:
        client.workspace_did_change_watched_files(
            lsp.DidChangeWatchedFilesParams(
                [lsp.FileEvent(from_fs_path(str(config)) or "", lsp.FileChangeType.Created)]
            )
        )
        if pulls(client):
            diags = await diagnostics_of(client, uri)
        else:
            # Pushed: findings of the text linted before the change (a run under way
            # when it came) may still arrive first; the relint's follow.
            def relinted() -> bool:
                return not _by_code(client.diagnostics.get(uri, []), "PH007")

            await until(relinted, f"diagnostics of {uri} without PH007")
            diags = list(client.diagnostics[uri])
        assert _by_code(diags, "PH007") == [] and _by_code(diags, "EXP001")
    finally:
        config.unlink()
        client.workspace_did_change_watched_files(
            lsp.DidChangeWatchedFilesParams(
                [lsp.FileEvent(from_fs_path(str(config)) or "", lsp.FileChangeType.Deleted)]
            )
        )


async def test_workspace_diagnostics_follow_changes_on_disk(client: LanguageClient) -> None:
    def setup_codes(report: lsp.WorkspaceDiagnosticReport) -> list[str | int | None]:
        item = next(i for i in report.items if i.uri.endswith("/SETUP.yaml"))
        return [d.code for d in item.items]

    params = lsp.WorkspaceDiagnosticParams([])
    first = await client.workspace_diagnostic_async(params)
    assert setup_codes(first) == setup_codes(await client.workspace_diagnostic_async(params))
    setup = client.app / "datasets" / "setup" / "SETUP.yaml"  # type: ignore[attr-defined]
    before = setup.read_text(encoding="utf-8")
    setup.write_text(before + "\tbroken: [\n", encoding="utf-8")
    try:
        changed = await client.workspace_diagnostic_async(params)
        assert "SYN004" in setup_codes(changed) or "SYN001" in setup_codes(changed)
    finally:
        setup.write_text(before, encoding="utf-8")


async def test_incremental_changes_are_applied_as_the_client_counts_positions(
    client: LanguageClient,
) -> None:
    # Three changes in one notification, in the negotiated units: a word after an emoji,
    # a value, and a new test of several lines at the end of the file.
    path = _copy(client, "ORDERS7.yaml")
    uri = _open(client, path)
    await diagnostics_of(client, uri)
    encoding = client.encoding  # type: ignore[attr-defined]
    lines = ORDERS.splitlines()
    title, kind = 6, 12
    word = lines[title].index("by $")  # after CJK text and an emoji
    at = lines[kind].index("reviewrecord")
    new_test = "  - name: T3\n    turns:\n      - query:\n          title: no sender either\n"
    changes = [
        lsp.TextDocumentContentChangePartial(
            range=lsp.Range(
                lsp.Position(title, client_column(lines[title], word, encoding)),
                lsp.Position(title, client_column(lines[title], word + 2, encoding)),
            ),
            text="por",
        ),
        lsp.TextDocumentContentChangePartial(
            range=lsp.Range(
                lsp.Position(kind, client_column(lines[kind], at, encoding)),
                lsp.Position(kind, client_column(lines[kind], at + 12, encoding)),
            ),
            text="ReviewRecord",
        ),
        lsp.TextDocumentContentChangePartial(
            range=lsp.Range(lsp.Position(len(lines), 0), lsp.Position(len(lines), 0)),
            text=new_test,
        ),
    ]
    client.text_document_did_change(
        lsp.DidChangeTextDocumentParams(lsp.VersionedTextDocumentIdentifier(2, uri), changes)
    )
    diags = await diagnostics_of(client, uri)
    after = ORDERS.replace("😀 by $", "😀 por $").replace("reviewrecord", "ReviewRecord") + new_test
    expected = lint_document_text(after, str(path), LintConfig())
    assert sorted((d.code, d.range.start.line + 1) for d in diags) == sorted(
        (d.code, d.line) for d in expected
    )
    assert _by_code(diags, "EXP001") == []
    assert [d.range.start.line for d in _by_code(diags, "QRY003")] == [21, len(lines) + 3]
    # The placeholder's finding runs to the end of the edited line, in the client's units.
    edited = after.splitlines()[title]
    assert _by_code(diags, "PH007")[0].range.end == lsp.Position(
        title, client_column(edited, len(edited), encoding)
    )

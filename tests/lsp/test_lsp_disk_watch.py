"""Cross-file findings stay current in a client that watches no files (Neovim 0.7): the
server polls the app's folders itself and re-lints the open documents."""

from __future__ import annotations

from pathlib import Path

import pytest
import pytest_lsp
from lsp_support import SERVER_COMMAND, accept_registrations, make_app, until
from lsprotocol import types as lsp
from pygls.uris import from_fs_path
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

pytestmark = pytest.mark.asyncio(loop_scope="module")

# REF001 on line 1 until a suite-setup file named NEW-SETUP exists.
DATASET = """\
suite_setup: NEW-SETUP
tests:
  - name: T1
    turns:
      - query:
          from: Jane
          title: New order
        expected_data:
          intervention_request:
            type: Assistance
"""
NEW_SETUP = "name: NEW-SETUP\nsuite_setup:\n  customers:\n    - name: Adatum\n"


def no_file_watching() -> lsp.ClientCapabilities:
    """Neovim 0.7's shape: no file watching, diagnostics pushed."""
    caps = client_capabilities("neovim")
    assert caps.workspace is not None and caps.text_document is not None
    caps.workspace.did_change_watched_files = None
    caps.text_document.diagnostic = None
    return caps


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER_COMMAND), scope="module")
async def client(lsp_client: LanguageClient, tmp_path_factory: pytest.TempPathFactory):
    root = tmp_path_factory.mktemp("ws")
    lsp_client.app = make_app(root)  # type: ignore[attr-defined]
    accept_registrations(lsp_client)
    await lsp_client.initialize_session(
        lsp.InitializeParams(
            capabilities=no_file_watching(),
            root_uri=from_fs_path(str(root)),
            workspace_folders=[lsp.WorkspaceFolder(from_fs_path(str(root)) or "", "ws")],
            # A quick poll keeps the test short; the default is 2 s.
            initialization_options={"debounceMs": 20, "watchIntervalMs": 50},
        )
    )
    yield
    await lsp_client.shutdown_session()


def ref001_on_line_1(client: LanguageClient, uri: str) -> list[lsp.Diagnostic]:
    return [
        d for d in client.diagnostics.get(uri, []) if d.code == "REF001" and d.range.start.line == 0
    ]


async def test_a_created_suite_setup_file_clears_ref001(client: LanguageClient) -> None:
    app: Path = client.app  # type: ignore[attr-defined]
    path = app / "datasets" / "NEW.yaml"
    path.write_text(DATASET, encoding="utf-8")
    uri = from_fs_path(str(path)) or ""
    client.text_document_did_open(
        lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(uri, "yaml", 1, DATASET))
    )
    await until(lambda: bool(ref001_on_line_1(client, uri)), "REF001 on the missing setup")
    assert client.registrations == []  # type: ignore[attr-defined]  # nothing to register with

    setup = app / "datasets" / "setup" / "NEW-SETUP.yaml"
    setup.write_text(NEW_SETUP, encoding="utf-8")
    await until(
        lambda: uri in client.diagnostics and not ref001_on_line_1(client, uri), "no REF001"
    )
    assert [
        d.code for d in client.diagnostics[uri] if d.severity == lsp.DiagnosticSeverity.Error
    ] == []

    setup.unlink()
    await until(lambda: bool(ref001_on_line_1(client, uri)), "REF001 back once the file is gone")


async def test_a_created_configuration_file_applies_to_the_open_documents(
    client: LanguageClient,
) -> None:
    app: Path = client.app  # type: ignore[attr-defined]
    path = app / "datasets" / "NEW2.yaml"
    path.write_text(DATASET, encoding="utf-8")
    uri = from_fs_path(str(path)) or ""
    client.text_document_did_open(
        lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(uri, "yaml", 1, DATASET))
    )
    await until(lambda: bool(ref001_on_line_1(client, uri)), "REF001 on the missing setup")
    config = app.parent.parent / ".ait-datasets.toml"
    config.write_text('ignore = ["REF001"]\n', encoding="utf-8")
    try:
        await until(
            lambda: uri in client.diagnostics and not ref001_on_line_1(client, uri),
            "REF001 ignored by the new configuration",
        )
    finally:
        config.unlink()

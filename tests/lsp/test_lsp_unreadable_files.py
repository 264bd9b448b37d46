"""The workspace's files that cannot be read are reported as `datasets lint DIR` reports
them: a diagnostic on each such file, with the same words, once."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsp_support import SERVER_COMMAND, accept_registrations, make_app
from lsprotocol import types as lsp
from pygls.uris import from_fs_path
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from ait_datasets.lint import lint_paths

pytestmark = [
    pytest.mark.asyncio(loop_scope="function"),
    pytest.mark.skipif(sys.platform == "win32", reason="symbolic links and named pipes need POSIX"),
]


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER_COMMAND))
async def client(lsp_client: LanguageClient, tmp_path: Path):
    resources = make_app(tmp_path)
    os.symlink(resources / "nowhere.xml", resources / "suites" / "GONE.xml")
    os.symlink(resources / "nowhere.yaml", resources / "datasets" / "GONE.yaml")
    os.mkfifo(resources / "datasets" / "PIPE.yaml")
    lsp_client.root = tmp_path  # type: ignore[attr-defined]
    accept_registrations(lsp_client)
    params = lsp.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"),
        root_uri=from_fs_path(str(tmp_path)),
        workspace_folders=[lsp.WorkspaceFolder(from_fs_path(str(tmp_path)) or "", "ws")],
        initialization_options={"workDate": "2026-03-17"},
    )
    await lsp_client.initialize_session(params)
    yield
    await lsp_client.shutdown_session()


async def test_workspace_diagnostics_report_what_lint_cannot_read(client: LanguageClient) -> None:
    root: Path = client.root  # type: ignore[attr-defined]
    # What `datasets lint DIR` prints: "PATH: cannot read: REASON", once a path.
    expected = {
        from_fs_path(os.path.abspath(path)): f"cannot read: {reason}"
        for path, reason in lint_paths([str(root)]).unreadable
    }
    assert {uri.rsplit("/", 1)[-1] for uri in expected} == {"GONE.xml", "GONE.yaml", "PIPE.yaml"}
    params = lsp.WorkspaceDiagnosticParams([])
    for _ in range(2):  # the second answer comes from the cache: the same
        report = await client.workspace_diagnostic_async(params)
        reported = {
            item.uri: [(d.message, d.severity, d.range.start.line) for d in item.items]
            for item in report.items
            if item.uri in expected
        }
        assert reported == {
            uri: [(message, lsp.DiagnosticSeverity.Error, 0)] for uri, message in expected.items()
        }
        # Each file has one report.
        uris = [item.uri for item in report.items]
        assert len(uris) == len(set(uris))

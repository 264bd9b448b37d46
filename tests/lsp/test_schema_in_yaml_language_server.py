"""The shipped JSON Schema in the real YAML language server (npm `yaml-language-server`,
as VS Code's YAML extension runs it), driven headless over stdio: enum completion and
schema errors on a dataset."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import pytest_lsp
from lsp_support import accept_registrations, until
from lsprotocol import types as lsp
from pygls.uris import from_fs_path
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

REPO = Path(__file__).resolve().parents[2]
SERVER = REPO / "editors" / "vscode" / "node_modules" / "yaml-language-server" / "bin"
SCHEMA = REPO / "src" / "ait_datasets" / "schema" / "json" / "dataset.schema.json"
NODE = shutil.which("node")

if NODE is None or not (SERVER / "yaml-language-server").is_file():
    pytest.skip(
        "yaml-language-server is not installed: run `npm ci` in editors/vscode (.ci/run does)",
        allow_module_level=True,
    )

pytestmark = pytest.mark.asyncio(loop_scope="module")

DATASET = """\
# yaml-language-server: $schema={schema}
tests:
  - name: T1
    turns:
      - query:
          from: Jane
          title: New order
        expected_data:
          intervention_request:
            type: reviewrecord
      - query:
          intervention:
            suggestion: APPROVE
        expected_data:
          intervention_request:
            type:{space}
"""


@pytest_lsp.fixture(
    config=ClientServerConfig(
        server_command=[NODE or "node", str(SERVER / "yaml-language-server"), "--stdio"]
    ),
    scope="module",
)
async def client(lsp_client: LanguageClient, tmp_path_factory: pytest.TempPathFactory):
    accept_registrations(lsp_client)
    lsp_client.set_configuration(
        {"validate": True, "completion": True, "hover": True, "schemaStore": {"enable": False}},
        section="yaml",
    )
    root = tmp_path_factory.mktemp("ws")
    lsp_client.root = root  # type: ignore[attr-defined]
    await lsp_client.initialize_session(
        lsp.InitializeParams(
            capabilities=client_capabilities("visual-studio-code"),
            root_uri=from_fs_path(str(root)),
        )
    )
    yield
    await lsp_client.shutdown_session()


def _open(client: LanguageClient, name: str) -> tuple[str, str]:
    text = DATASET.format(schema=SCHEMA.as_uri(), space=" ")
    path = client.root / name  # type: ignore[attr-defined]
    path.write_text(text, encoding="utf-8")
    uri = from_fs_path(str(path)) or ""
    client.text_document_did_open(
        lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(uri, "yaml", 1, text))
    )
    return uri, text


async def test_the_schema_flags_an_unknown_intervention_type(client: LanguageClient) -> None:
    uri, text = _open(client, "errors.yaml")
    line = text.splitlines().index("            type: reviewrecord")
    await until(lambda: bool(client.diagnostics.get(uri)), "the YAML server's diagnostics")
    on_type = [d for d in client.diagnostics[uri] if d.range.start.line == line]
    assert on_type, client.diagnostics[uri]
    assert "ReviewRecord" in on_type[0].message  # the allowed values are named


async def test_the_schema_completes_intervention_types(client: LanguageClient) -> None:
    uri, text = _open(client, "complete.yaml")
    lines = text.splitlines()
    line = len(lines) - 1
    found = await client.text_document_completion_async(
        lsp.CompletionParams(lsp.TextDocumentIdentifier(uri), lsp.Position(line, len(lines[line])))
    )
    items = found.items if isinstance(found, lsp.CompletionList) else (found or [])
    labels = {item.label for item in items}
    assert {"Assistance", "ReviewRecord", "ReviewMessage"} <= labels, labels

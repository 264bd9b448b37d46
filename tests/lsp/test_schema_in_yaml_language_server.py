"""The shipped JSON Schemas in the real YAML language server (npm `yaml-language-server`,
as VS Code's YAML extension runs it), driven headless over stdio: enum completion and
schema errors on a dataset with the strict schema; with the editor variant (what the
VS Code extension gives the YAML extension) the same completion and hover, and no error,
since the language server reports each mistake itself."""

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
SCHEMAS = REPO / "src" / "ait_datasets" / "schema" / "json"
SCHEMA = SCHEMAS / "dataset.schema.json"
EDITOR_SCHEMA = SCHEMAS / "dataset.editor.schema.json"
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


def _open(client: LanguageClient, name: str, schema: Path = SCHEMA) -> tuple[str, str]:
    text = DATASET.format(schema=schema.as_uri(), space=" ")
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


async def _labels(client: LanguageClient, uri: str, line: int, column: int) -> set[str]:
    found = await client.text_document_completion_async(
        lsp.CompletionParams(lsp.TextDocumentIdentifier(uri), lsp.Position(line, column))
    )
    items = found.items if isinstance(found, lsp.CompletionList) else (found or [])
    return {item.label for item in items}


@pytest.mark.parametrize("schema", [SCHEMA, EDITOR_SCHEMA], ids=["strict", "editor"])
async def test_the_schema_completes_intervention_types(
    client: LanguageClient, schema: Path
) -> None:
    uri, text = _open(client, f"complete-{schema.stem}.yaml", schema)
    lines = text.splitlines()
    line = len(lines) - 1
    labels = await _labels(client, uri, line, len(lines[line]))
    assert {"Assistance", "ReviewRecord", "ReviewMessage"} <= labels, labels


@pytest.mark.parametrize(
    ("schema", "reports"), [(SCHEMA, True), (EDITOR_SCHEMA, False)], ids=["strict", "editor"]
)
async def test_only_the_strict_schema_reports_mistakes(
    client: LanguageClient, schema: Path, reports: bool
) -> None:
    # `type: reviewrecord` (EXP001 of the language server) and an empty `type:`. The
    # server publishes once, when it has validated the document against the schema.
    uri, _ = _open(client, f"errors-{schema.stem}.yaml", schema)
    await until(lambda: uri in client.diagnostics, "the YAML server's diagnostics")
    assert bool(list(client.diagnostics[uri])) is reports, client.diagnostics[uri]


async def test_the_editor_schema_completes_the_keys_of_a_turn(client: LanguageClient) -> None:
    text = (
        f"# yaml-language-server: $schema={EDITOR_SCHEMA.as_uri()}\n"
        "tests:\n  - name: T1\n    turns:\n      - query:\n          title: New order\n"
        "        exp\n"
    )
    path = client.root / "editor-keys.yaml"  # type: ignore[attr-defined]
    path.write_text(text, encoding="utf-8")
    uri = from_fs_path(str(path)) or ""
    client.text_document_did_open(
        lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(uri, "yaml", 1, text))
    )
    labels = await _labels(client, uri, 6, len("        exp"))
    assert "expected_data" in labels, labels


async def test_the_editor_schema_explains_a_key_on_hover(client: LanguageClient) -> None:
    uri, text = _open(client, "editor-hover.yaml", EDITOR_SCHEMA)
    line = text.splitlines().index("            type: reviewrecord")
    hover = await client.text_document_hover_async(
        lsp.HoverParams(lsp.TextDocumentIdentifier(uri), lsp.Position(line, 13))
    )
    assert hover is not None and isinstance(hover.contents, lsp.MarkupContent)
    assert "Agent User Int Request Type" in hover.contents.value

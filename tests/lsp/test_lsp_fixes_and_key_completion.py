"""Issue 34 through the language server, as an editor drives it: the quick fix of a
finding that says "did you mean" (asserted on the edit: its range and its new text), and
the keys the framework reads completed where they go."""

from __future__ import annotations

from pathlib import Path

import pytest
import pytest_lsp
from lsp_support import SERVER_COMMAND, accept_registrations, diagnostics_of, make_app
from lsprotocol import types as lsp
from pygls.uris import from_fs_path
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

pytestmark = pytest.mark.asyncio(loop_scope="module")

DATASET = """\
tests:
  - name: RELEASE-ORDER
    turns:
      - query:
          from: Jane Doe
          title: Release order 101
        expected_data:
          intervention_request:
            type: Asistance
            suggestions: [RELEASE]
      - query:
          intervention: {suggestion: RELEASE}
        expected_date: {}
"""


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
    lsp_client.app = make_app(root)  # type: ignore[attr-defined]
    accept_registrations(lsp_client)
    await lsp_client.initialize_session(
        lsp.InitializeParams(
            capabilities=client_capabilities(request.param),
            root_uri=from_fs_path(str(root)),
            workspace_folders=[lsp.WorkspaceFolder(from_fs_path(str(root)) or "", "ws")],
            initialization_options={"debounceMs": 20, "workDate": "2026-03-17"},
        )
    )
    yield
    await lsp_client.shutdown_session()


def _open(client: LanguageClient, name: str, text: str) -> str:
    path: Path = client.app / "datasets" / name  # type: ignore[attr-defined]
    path.write_text(text, encoding="utf-8")
    uri = from_fs_path(str(path)) or ""
    client.text_document_did_open(
        lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(uri, "yaml", 1, text))
    )
    return uri


async def _edits_at(
    client: LanguageClient, uri: str, diags: list[lsp.Diagnostic], code: str, line: int
) -> list[lsp.TextEdit]:
    """The edits of the quick fixes (not the suppressions) offered for ``code`` on ``line``."""
    here = [d for d in diags if d.code == code and d.range.start.line == line]
    assert here, [(d.code, d.range.start.line) for d in diags]
    cursor = lsp.Range(lsp.Position(line, 0), lsp.Position(line, 0))
    found = await client.text_document_code_action_async(
        lsp.CodeActionParams(
            lsp.TextDocumentIdentifier(uri),
            cursor,
            lsp.CodeActionContext(here, only=[lsp.CodeActionKind.QuickFix]),
        )
    )
    assert found is not None
    edits: list[lsp.TextEdit] = []
    for action in found:
        assert isinstance(action, lsp.CodeAction)
        if action.diagnostics and action.diagnostics[0].code == code:
            assert action.edit is not None and action.edit.changes is not None
            changes = [e for e in action.edit.changes[uri] if isinstance(e, lsp.TextEdit)]
            if not any("datasets: disable=" in e.new_text for e in changes):
                edits.extend(changes)
    return edits


def _span(line: int, start: int, end: int) -> lsp.Range:
    return lsp.Range(lsp.Position(line, start), lsp.Position(line, end))


async def test_a_misspelt_type_is_replaced_by_the_type_it_names(client: LanguageClient) -> None:
    uri = _open(client, "FIX-TYPE.yaml", DATASET)
    diags = await diagnostics_of(client, uri)
    edits = await _edits_at(client, uri, diags, "EXP001", 8)
    column = DATASET.splitlines()[8].index("Asistance")
    assert edits == [lsp.TextEdit(_span(8, column, column + len("Asistance")), "Assistance")]


async def test_expected_date_is_renamed_to_expected_data(client: LanguageClient) -> None:
    uri = _open(client, "FIX-KEY.yaml", DATASET)
    diags = await diagnostics_of(client, uri)
    edits = await _edits_at(client, uri, diags, "STR001", 12)
    assert edits == [lsp.TextEdit(_span(12, 8, 8 + len("expected_date")), "expected_data")]


SUITE = """\
<?xml version="1.0" encoding="UTF-8"?>
<Root>
  <AITSuite Code="FIX" Dataset="ORDERS.yaml" Frequncy="Daily">
    <Lines CodeunitID="50100">
    </Lines>
  </AITSuite>
</Root>
"""


def _open_suite(client: LanguageClient, name: str, text: str) -> str:
    path: Path = client.app / "suites" / name  # type: ignore[attr-defined]
    path.write_text(text, encoding="utf-8")
    uri = from_fs_path(str(path)) or ""
    client.text_document_did_open(
        lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(uri, "xml", 1, text))
    )
    return uri


async def test_a_misspelt_suite_attribute_is_renamed(client: LanguageClient) -> None:
    uri = _open_suite(client, "FIX-ATTRIBUTE.xml", SUITE)
    diags = await diagnostics_of(client, uri)
    edits = await _edits_at(client, uri, diags, "XML004", 2)
    column = SUITE.splitlines()[2].index("Frequncy")
    assert edits == [lsp.TextEdit(_span(2, column, column + len("Frequncy")), "Frequency")]


async def test_a_misspelt_suite_element_is_renamed_in_both_tags(client: LanguageClient) -> None:
    uri = _open_suite(client, "FIX-ELEMENT.xml", SUITE)
    diags = await diagnostics_of(client, uri)
    edits = await _edits_at(client, uri, diags, "XML004", 3)
    assert edits == [
        lsp.TextEdit(_span(3, 5, 5 + len("Lines")), "Line"),
        lsp.TextEdit(_span(4, 6, 6 + len("Lines")), "Line"),
    ]


async def test_a_language_code_is_replaced_by_its_tag(client: LanguageClient) -> None:
    text = "name: FIX-LANGUAGE-GROUP\nlanguage: ENU\n" + DATASET
    uri = _open(client, "FIX-LANGUAGE.yaml", text)
    diags = await diagnostics_of(client, uri)
    edits = await _edits_at(client, uri, diags, "STR007", 1)
    assert edits == [lsp.TextEdit(_span(1, 10, 13), "en-US")]


async def _completion(client: LanguageClient, uri: str, line: int, character: int):
    found = await client.text_document_completion_async(
        lsp.CompletionParams(lsp.TextDocumentIdentifier(uri), lsp.Position(line, character))
    )
    assert isinstance(found, lsp.CompletionList)
    return {item.label: item for item in found.items}


# Lines 7 and 8 end with the spaces a user has typed before asking for completion.
COMPLETE = (
    "tests:\n"
    "  - name: RELEASE-ORDER\n"
    "    turns:\n"
    "      - query:\n"
    "          from: Jane Doe\n"
    "          ti\n"
    "        exp\n"
    "      - \n"
    "    \n"
)


async def test_keys_complete_inside_a_turn_and_a_query(client: LanguageClient) -> None:
    uri = _open(client, "COMPLETE-KEYS.yaml", COMPLETE)
    in_turn = await _completion(client, uri, 6, len("        exp"))
    assert "expected_data" in in_turn
    assert "query" not in in_turn  # the turn has it already
    assert in_turn["expected_data"].detail  # a one-line doc
    in_query = await _completion(client, uri, 5, len("          ti"))
    assert {"title", "message", "attachments", "timeout", "intervention"} <= set(in_query)
    assert "from" not in in_query
    new_turn = await _completion(client, uri, 7, len("      - "))
    query = new_turn["query"]
    assert query.insert_text_format == lsp.InsertTextFormat.Snippet
    # Indented from the key, which sits two columns after the dash.
    assert query.insert_text == (
        "query:\n"
        "    from: ${1:Jane Doe}\n"
        "    title: ${2:Release order 101}\n"
        "    message: ${3:Please release sales order 101.}$0"
    )
    in_test = await _completion(client, uri, 8, len("    "))
    assert "description" in in_test
    assert "name" not in in_test and "turns" not in in_test

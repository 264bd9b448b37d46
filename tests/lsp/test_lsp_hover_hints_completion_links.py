"""Hover, inlay hints, completion, go-to-definition, document links and settings
through `workspace/configuration`, end to end over stdio (VS Code's capabilities)."""

from __future__ import annotations

from pathlib import Path

import pytest
import pytest_lsp
from lsp_support import ORDERS, SERVER_COMMAND, accept_registrations, make_app, until
from lsprotocol import types as lsp
from pygls.uris import from_fs_path
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER_COMMAND), scope="module")
async def client(lsp_client: LanguageClient, tmp_path_factory: pytest.TempPathFactory):
    root = tmp_path_factory.mktemp("ws")
    lsp_client.app = make_app(root)  # type: ignore[attr-defined]
    accept_registrations(lsp_client)
    lsp_client.set_configuration({"workDate": "2026-03-17"}, section="datasets")
    await lsp_client.initialize_session(
        lsp.InitializeParams(
            capabilities=client_capabilities("visual-studio-code"),
            root_uri=from_fs_path(str(root)),
            workspace_folders=[lsp.WorkspaceFolder(from_fs_path(str(root)) or "", "ws")],
            initialization_options={"debounceMs": 20},
        )
    )
    await _settings_applied(lsp_client, "2026-03-17", 0)
    yield
    await lsp_client.shutdown_session()


async def _settings_applied(client: LanguageClient, work_date: str, since: int) -> None:
    """Wait for the server to say (after log message ``since``) it applied the settings."""
    wanted = f"settings applied: work date {work_date}"
    await until(lambda: any(wanted in m.message for m in client.log_messages[since:]), wanted)


def _open(client: LanguageClient, path: Path) -> str:
    uri = from_fs_path(str(path)) or ""
    client.text_document_did_open(
        lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(uri, "yaml", 1, path.read_text()))
    )
    return uri


def _orders(client: LanguageClient) -> tuple[Path, str]:
    path = client.app / "datasets" / "ORDERS.yaml"  # type: ignore[attr-defined]
    return path, _open(client, path)


def _at(uri: str, line: int, character: int) -> lsp.TextDocumentPositionParams:
    return lsp.TextDocumentPositionParams(
        lsp.TextDocumentIdentifier(uri), lsp.Position(line, character)
    )


def _units(line: str, column: int) -> int:
    return len(line[:column].encode("utf-16-le")) // 2


async def _hover(client: LanguageClient, uri: str, line: int, character: int) -> str:
    found = await client.text_document_hover_async(
        lsp.HoverParams(lsp.TextDocumentIdentifier(uri), lsp.Position(line, character))
    )
    assert found is not None
    assert isinstance(found.contents, lsp.MarkupContent)
    return found.contents.value


async def test_hover_on_a_placeholder_after_emoji_shows_the_date_and_steps(
    client: LanguageClient,
) -> None:
    _path, uri = _orders(client)
    line = ORDERS.splitlines()[6]
    column = _units(line, line.index("$DateFormula") + 3)
    text = await _hover(client, uri, 6, column)
    # <CM+1D> at 2026-03-17: the end of March, plus one day.
    assert "**2026-04-01**" in text and "2026-03-17" in text
    assert "CM         2026-03-31  Tue" in text and "+1D        2026-04-01  Wed" in text


async def test_settings_change_through_workspace_configuration(client: LanguageClient) -> None:
    _path, uri = _orders(client)
    line = ORDERS.splitlines()[6]
    column = _units(line, line.index("$DateFormula") + 3)
    client.set_configuration({"workDate": "2026-01-10"}, section="datasets")
    since = len(client.log_messages)
    client.workspace_did_change_configuration(lsp.DidChangeConfigurationParams(settings=None))
    await _settings_applied(client, "2026-01-10", since)
    text = await _hover(client, uri, 6, column)
    assert "**2026-02-01**" in text and "2026-01-10" in text
    client.set_configuration({"workDate": "2026-03-17"}, section="datasets")
    since = len(client.log_messages)
    client.workspace_did_change_configuration(lsp.DidChangeConfigurationParams(settings=None))
    await _settings_applied(client, "2026-03-17", since)


async def test_inlay_hint_after_each_placeholder(client: LanguageClient) -> None:
    _path, uri = _orders(client)
    hints = await client.text_document_inlay_hint_async(
        lsp.InlayHintParams(
            lsp.TextDocumentIdentifier(uri), lsp.Range(lsp.Position(0, 0), lsp.Position(30, 0))
        )
    )
    assert hints is not None
    line = ORDERS.splitlines()[6]
    assert [(h.position.line, h.position.character, h.label) for h in hints] == [
        (6, _units(line, len(line)), "-> 2026-04-01")
    ]


async def test_hover_on_intervention_type_suggestion_and_rule_code(
    client: LanguageClient,
) -> None:
    path = client.app / "datasets" / "HOVER.yaml"  # type: ignore[attr-defined]
    path.write_text(ORDERS.replace("reviewrecord", "ReviewRecord  # datasets: disable=EXP001"))
    uri = _open(client, path)
    lines = path.read_text().splitlines()
    type_line = next(i for i, t in enumerate(lines) if "type: ReviewRecord" in t)
    text = await _hover(client, uri, type_line, lines[type_line].index("Review") + 2)
    assert "Intervention request type `ReviewRecord`" in text and "Assistance" in text
    text = await _hover(client, uri, type_line, lines[type_line].index("EXP001") + 1)
    assert "**EXP001** intervention-type" in text
    offered = next(i for i, t in enumerate(lines) if t.strip() == "- APPROVE")
    text = await _hover(client, uri, offered, lines[offered].index("APPROVE") + 1)
    assert "Suggestion code `APPROVE`: offered" in text
    picked = next(i for i, t in enumerate(lines) if "suggestion: APPROVE" in t)
    text = await _hover(client, uri, picked, lines[picked].index("APPROVE") + 1)
    assert "picked by the user" in text and f"{offered + 1}, {picked + 1}" in text


async def test_definition_and_links_for_suite_setup_attachment_and_dataset(
    client: LanguageClient,
) -> None:
    path, uri = _orders(client)
    resources = client.app  # type: ignore[attr-defined]
    found = await client.text_document_definition_async(
        lsp.DefinitionParams(lsp.TextDocumentIdentifier(uri), lsp.Position(0, 15))
    )
    assert isinstance(found, list)
    assert [loc.uri for loc in found] == [
        from_fs_path(str(resources / "datasets/setup/SETUP.yaml"))
    ]
    text = await _hover(client, uri, 0, 15)
    assert "Suite setup `SHOP-SETUP` resolves to" in text and "setup/SETUP.yaml" in text
    links = await client.text_document_document_link_async(
        lsp.DocumentLinkParams(lsp.TextDocumentIdentifier(uri))
    )
    assert links is not None
    targets = {(link.range.start.line, link.target) for link in links}
    assert (9, from_fs_path(str(resources / "attachments/mail.txt"))) in targets
    suite = resources / "suites" / "SHOP.xml"
    suite_uri = _open(client, suite)
    xml_line = suite.read_text().splitlines()[2]
    found = await client.text_document_definition_async(
        lsp.DefinitionParams(
            lsp.TextDocumentIdentifier(suite_uri),
            lsp.Position(2, xml_line.index("ORDERS.yaml") + 2),
        )
    )
    assert isinstance(found, list) and [loc.uri for loc in found] == [from_fs_path(str(path))]
    missing_line = suite.read_text().splitlines()[4]
    text = await _hover(client, suite_uri, 4, missing_line.index("MISSING") + 1)
    assert "resolves to no file of the app" in text


async def test_completion_by_context(client: LanguageClient) -> None:
    path = client.app / "datasets" / "COMPLETE.yaml"  # type: ignore[attr-defined]
    text = (
        "suite_setup: \n"
        "tests:\n"
        "  - name: T\n"
        "    turns:\n"
        "      - query:\n"
        "          from: a\n"
        "          title: by $DateFormula-<C\n"
        "        expected_data:\n"
        "          intervention_request:\n"
        "            type: \n"
        "            suggestions:\n"
        "              - APPROVE\n"
        "      - query:\n"
        "          intervention:\n"
        "            suggestion: \n"
        "          message: \n"
    )
    path.write_text(text)
    uri = _open(client, path)

    async def labels(line: int, character: int) -> list[str]:
        found = await client.text_document_completion_async(
            lsp.CompletionParams(lsp.TextDocumentIdentifier(uri), lsp.Position(line, character))
        )
        assert isinstance(found, lsp.CompletionList)
        return [item.label for item in found.items]

    assert await labels(0, 13) == ["SHOP-SETUP"]
    assert await labels(9, 18) == ["Assistance", "ReviewRecord", "ReviewMessage"]
    assert "APPROVE" in await labels(14, 24)
    units = await labels(6, 37)
    assert {"D", "WD", "W", "M", "Q", "Y", "CM"} <= set(units)
    assert "$DateFormula-<CD>$" in await labels(15, 19)

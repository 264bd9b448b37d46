"""`datasets lsp` end to end while pygls is still loading, and after it takes over.

The server is started with its import of pygls held until the test lets it go (a
release file), so the opening (lsp/opening.py) answers ``initialize`` and the first
diagnostics whatever the host's speed; then pygls takes over and the test checks that
the server is in the state it would be in had pygls read every message itself: the same
diagnostics pulled again, a hover and a code action on the document opened early, an
edit re-linted, the first diagnostics published once, and pygls's initialize answer the
same as the opening's.
"""

from __future__ import annotations

import asyncio
import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest
import pytest_lsp
from lsp_support import (
    ORDERS,
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

from ait_datasets.lint.config import LintConfig
from ait_datasets.lsp import save_answer
from ait_datasets.lsp.linting import lint_document_text

pytestmark = pytest.mark.asyncio(loop_scope="function")

RELEASES = tempfile.mkdtemp(prefix="datasets-opening-")
atexit.register(shutil.rmtree, RELEASES, True)
# pygls's answers for the installed versions (the shipped file may be for others: then
# the opening stands aside, see test_lsp_opening_units).
ANSWER = os.path.join(RELEASES, "answer.json")
save_answer.write(ANSWER)
# `datasets lsp`, with the import of the server waiting for release-<its pid>.
HELD_SERVER = """
import os, sys, time
from ait_datasets.commands import lsp as command
from ait_datasets.cli import main
from ait_datasets.lsp import save_answer, saved_answer

saved_answer.SAVED = sys.argv[2]

release = os.path.join(sys.argv[1], f"release-{os.getpid()}")
load = command._load_server

def held():
    while not os.path.exists(release):
        time.sleep(0.01)
    load()

command._load_server = held
sys.exit(main(["lsp"]))
"""


@pytest_lsp.fixture(
    config=ClientServerConfig(server_command=[sys.executable, "-c", HELD_SERVER, RELEASES, ANSWER]),
    params=["visual-studio-code", "neovim"],
)
async def client(request: pytest.FixtureRequest, lsp_client: LanguageClient, tmp_path: Path):
    lsp_client.app = make_app(tmp_path)  # type: ignore[attr-defined]
    accept_registrations(lsp_client)
    # Every publication recorded (the client keeps only the latest of each file).
    published: list[lsp.PublishDiagnosticsParams] = []
    features = lsp_client.protocol.fm.features
    keep = features[lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS]

    def recorded(params: lsp.PublishDiagnosticsParams) -> None:
        published.append(params)
        keep(params)

    features[lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = recorded
    lsp_client.published = published  # type: ignore[attr-defined]
    params = lsp.InitializeParams(
        capabilities=client_capabilities(request.param),
        root_uri=from_fs_path(str(tmp_path)),
        workspace_folders=[lsp.WorkspaceFolder(from_fs_path(str(tmp_path)) or "", "ws")],
        initialization_options={"debounceMs": 20, "workDate": "2026-03-17"},
    )
    result = await lsp_client.initialize_session(params)
    lsp_client.initialized_result = result  # type: ignore[attr-defined]
    yield
    _release(lsp_client)
    await lsp_client.shutdown_session()


def _release(client: LanguageClient) -> None:
    server = client._server  # type: ignore[attr-defined]
    Path(RELEASES, f"release-{server.pid}").touch()


async def test_the_opening_answers_and_pygls_takes_over(client: LanguageClient) -> None:
    resources: Path = client.app  # type: ignore[attr-defined]
    path = resources / "datasets" / "ORDERS.yaml"
    uri = from_fs_path(str(path)) or ""
    result: lsp.InitializeResult = client.initialized_result  # type: ignore[attr-defined]
    assert result.capabilities.code_action_provider is not None
    assert result.server_info is not None and result.server_info.name == "datasets"
    client.text_document_did_open(
        lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(uri, "yaml", 1, ORDERS))
    )
    # An editor asks for hints as it shows the file: pygls answers that, later.
    lines = len(ORDERS.splitlines())
    hints = asyncio.ensure_future(
        client.text_document_inlay_hint_async(
            lsp.InlayHintParams(
                lsp.TextDocumentIdentifier(uri),
                lsp.Range(lsp.Position(0, 0), lsp.Position(lines, 0)),
            )
        )
    )
    # Answered while the server's import is held: by the opening.
    early = await diagnostics_of(client, uri)
    expected = lint_document_text(ORDERS, str(path), LintConfig())
    assert sorted((d.code, d.range.start.line + 1, d.message) for d in early) == sorted(
        (d.code, d.line, d.message) for d in expected
    )
    assert not hints.done()
    _release(client)
    answered = await hints
    assert answered is not None
    assert [h.label for h in answered if "2026-04-01" in str(h.label)]
    # pygls took over: a hover on the document opened early needs its state.
    line = next(i for i, t in enumerate(ORDERS.splitlines()) if "$DateFormula-" in t)
    text = ORDERS.splitlines()[line]
    column = client_column(
        text,
        text.index("$DateFormula-") + 2,
        str(result.capabilities.position_encoding or "utf-16"),
    )
    hover = await client.text_document_hover_async(
        lsp.HoverParams(lsp.TextDocumentIdentifier(uri), lsp.Position(line, column))
    )
    assert hover is not None and "2026-04-01" in str(hover.contents)
    await until(
        lambda: any("before pygls was loaded" in m.message for m in client.log_messages),
        "the server's note that the opening answered",
    )
    note = next(m.message for m in client.log_messages if "before pygls was loaded" in m.message)
    assert "1 documents linted" in note
    # pygls's own answer to initialize was the opening's.
    assert not [m for m in client.log_messages if "capabilities given at start" in m.message]
    # The same diagnostics, now from pygls (pulled or pushed, as the client gets them).
    if pulls(client):
        report = await client.text_document_diagnostic_async(
            lsp.DocumentDiagnosticParams(lsp.TextDocumentIdentifier(uri))
        )
        assert isinstance(report, lsp.RelatedFullDocumentDiagnosticReport)
        assert list(report.items) == early
    published: list[lsp.PublishDiagnosticsParams] = client.published  # type: ignore[attr-defined]
    # A code action on the early lint's finding (the server kept that lint).
    ph007 = next(d for d in early if d.code == "PH007")
    actions = await client.text_document_code_action_async(
        lsp.CodeActionParams(
            lsp.TextDocumentIdentifier(uri),
            ph007.range,
            lsp.CodeActionContext(diagnostics=[ph007]),
        )
    )
    assert actions is not None
    assert any("PH007" in getattr(a, "title", "") for a in actions)
    # An edit is linted by pygls's server: the finding fixed by hand goes.
    fixed = ORDERS.replace(
        "title: 注文 😀 by $DateFormula-<CM+1D>$", 'title: "注文 😀 by $DateFormula-<CM+1D>$"'
    )
    assert fixed != ORDERS
    client.text_document_did_change(
        lsp.DidChangeTextDocumentParams(
            lsp.VersionedTextDocumentIdentifier(2, uri),
            [lsp.TextDocumentContentChangeWholeDocument(fixed)],
        )
    )
    if pulls(client):
        after = await diagnostics_of(client, uri)
        assert published == []  # a pulling client is never pushed to
    else:
        await until(lambda: any(p.version == 2 for p in published), "version 2's diagnostics")
        after = next(list(p.diagnostics) for p in published if p.version == 2)
        # The first diagnostics were sent once, by the opening: not again by pygls.
        assert [p.version for p in published if p.uri == uri] == [1, 2]
    assert not [d for d in after if d.code == "PH007"]
    assert [d for d in after if d.code == "EXP001"]

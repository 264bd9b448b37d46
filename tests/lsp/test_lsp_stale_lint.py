"""A lint that read the configuration from before a change is not the buffer's latest.

The server lints in a thread; a configuration file that changes while a lint runs clears
what was linted and relints. The run under way must not then store its findings (read
with the old configuration) as the buffer's latest, or the next pull is answered from
them: the race a neovim-shaped client hit in CI.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest
from lsp_support import ORDERS, make_app
from lsprotocol import types as lsp
from pygls.uris import from_fs_path
from pygls.workspace import Workspace

from ait_datasets.diagnostics import Diagnostic
from ait_datasets.lint.config import LintConfig
from ait_datasets.lsp import server
from ait_datasets.lsp.server import DatasetsServer


def _server_linting(
    monkeypatch: pytest.MonkeyPatch, during: Callable[[DatasetsServer], None] | None
) -> DatasetsServer:
    """A server whose lints find nothing, calling ``during`` while each runs."""
    ls = DatasetsServer()

    def lint(text: str, path: str, config: LintConfig, *_: object) -> list[Diagnostic]:
        if during is not None:
            during(ls)
        return []

    monkeypatch.setattr(server, "lint_document_text", lint)
    return ls


def test_a_lint_kept_when_nothing_it_read_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = str(make_app(tmp_path) / "datasets" / "ORDERS.yaml")
    ls = _server_linting(monkeypatch, None)
    linted = ls._lint("file:///orders", path, 3, ORDERS)
    assert ls.linted["file:///orders"] is linted


def test_a_lint_that_read_the_old_configuration_is_not_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = str(make_app(tmp_path) / "datasets" / "ORDERS.yaml")

    def configuration_changes(ls: DatasetsServer) -> None:
        ls.relints += 1  # what relint_open does when a watched file changes

    ls = _server_linting(monkeypatch, configuration_changes)
    linted = ls._lint("file:///orders", path, 3, ORDERS)
    assert linted.version == 3  # answered to its caller, who asked for this text
    assert "file:///orders" not in ls.linted


def _run_once(ls: DatasetsServer, path: str, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Run the debounced lint of one open document; the versions it published."""
    uri = from_fs_path(path) or ""
    workspace = Workspace(None)
    workspace.put_text_document(lsp.TextDocumentItem(uri, "yaml", 3, ORDERS))
    # The workspace pygls makes at initialize, without a client to initialize it.
    monkeypatch.setattr(ls.protocol, "_workspace", workspace)
    published: list[int] = []
    monkeypatch.setattr(ls, "publish", lambda _uri, linted: published.append(linted.version))
    asyncio.run(ls._run(uri))
    return published


def test_a_pushed_run_sends_its_findings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = str(make_app(tmp_path) / "datasets" / "ORDERS.yaml")
    ls = _server_linting(monkeypatch, None)
    assert _run_once(ls, path, monkeypatch) == [3]


def test_a_pushed_run_that_read_the_old_configuration_sends_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = str(make_app(tmp_path) / "datasets" / "ORDERS.yaml")

    def configuration_changes(ls: DatasetsServer) -> None:
        ls.relints += 1

    ls = _server_linting(monkeypatch, configuration_changes)
    assert _run_once(ls, path, monkeypatch) == []

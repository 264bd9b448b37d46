"""``workspace/diagnostic`` and the *lint workspace* command: the findings of every file
of the workspace, the open ones as the editor has them."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from lsprotocol import types as lsp

from ait_datasets.lsp.findings import file_uri
from ait_datasets.lsp.linting import lint_files
from ait_datasets.lsp.state import Linted

if TYPE_CHECKING:
    from ait_datasets.lsp.server import DatasetsServer


def workspace_reports(ls: DatasetsServer) -> list[lsp.WorkspaceFullDocumentDiagnosticReport]:
    """Every file's report: the files on disk (cached while none of them changed), then
    the open documents as they are in the editor."""
    reports: list[lsp.WorkspaceFullDocumentDiagnosticReport] = []
    open_paths = {ls.path_of(uri): uri for uri in ls.workspace.text_documents}
    on_disk = [p for p in ls.workspace_files() if p not in open_paths]
    # Clients ask again and again; while no file of the workspace changed (same paths,
    # modification times and sizes, same configuration), the answer is the same.
    state = (tuple(_stat(p) for p in on_disk), ls.configs.generation)
    if ls.workspace_cache is not None and ls.workspace_cache[0] == state:
        reports.extend(ls.workspace_cache[1])
        on_disk = []
    for path, found in lint_files(on_disk, ls.configs.for_file).items():
        uri = file_uri(path)
        try:
            with open(path, encoding="utf-8-sig", errors="replace") as fh:
                text = fh.read()
        except OSError:
            text = ""
        linted = Linted(None, text, ls.configs.for_file(path), found)
        reports.append(
            lsp.WorkspaceFullDocumentDiagnosticReport(uri, ls.lsp_diagnostics(uri, linted))
        )
    if on_disk:
        ls.workspace_cache = (state, list(reports))
    for open_uri in open_paths.values():
        current = ls.lint_now(open_uri)
        if current is not None:
            reports.append(
                lsp.WorkspaceFullDocumentDiagnosticReport(
                    open_uri, ls.lsp_diagnostics(open_uri, current), version=current.version
                )
            )
    return reports


def _stat(path: str) -> tuple[str, int, int]:
    try:
        found = os.stat(path)
    except OSError:
        return (path, -1, -1)
    return (path, found.st_mtime_ns, found.st_size)

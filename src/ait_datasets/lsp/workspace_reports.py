"""``workspace/diagnostic`` and the *lint workspace* command: the findings of every file
of the workspace, the open ones as the editor has them, and a diagnostic on each file
``datasets lint`` could not read (a broken link, a named pipe, a file it may not open),
with the words ``datasets lint`` prints for it."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from lsprotocol import types as lsp

from ait_datasets.lsp.convert import at_start, file_uri
from ait_datasets.lsp.linting import lint_files
from ait_datasets.lsp.scope import path_of
from ait_datasets.lsp.state import Linted

if TYPE_CHECKING:
    from ait_datasets.lsp.state import ServerState

Report = lsp.WorkspaceFullDocumentDiagnosticReport


def workspace_reports(ls: ServerState) -> list[Report]:
    """Every file's report: the files on disk (cached while none of them changed), then
    the open documents as they are in the editor."""
    reports: list[Report] = []
    open_paths = {path_of(uri): uri for uri in ls.workspace.text_documents}
    refused: list[tuple[str, str]] = []
    on_disk = [p for p in ls.workspace_files(refused) if p not in open_paths]
    # Clients ask again and again; while no file of the workspace changed (same paths,
    # modification times and sizes, the same files refused, same configuration, the
    # same audit marks), the answer is the same.
    state = (
        tuple(_stat(p) for p in on_disk),
        tuple(refused),
        ls.configs.generation,
        ls.audits.generation,
        ls.configs.settings.audit_message_only,
    )
    if ls.workspace_cache is not None and ls.workspace_cache[0] == state:
        reports.extend(ls.workspace_cache[1])
    elif on_disk or refused:
        reports.extend(_on_disk(ls, on_disk, refused, set(open_paths)))
        ls.workspace_cache = (state, list(reports))
    for open_uri in open_paths.values():
        current = ls.lint_now(open_uri)
        if current is not None:
            reports.append(
                Report(open_uri, ls.lsp_diagnostics(open_uri, current), version=current.version)
            )
    return reports


def _on_disk(
    ls: ServerState,
    paths: list[str],
    refused: list[tuple[str, str]],
    open_paths: set[str | None],
) -> list[Report]:
    """The reports of the files on disk: their findings, then one diagnostic on each
    file that could not be read (once a file, as ``datasets lint`` says it)."""
    from ait_datasets.lint.engine import once_per_path, unreadable_message

    reports: list[Report] = []
    unreadable = list(refused)
    found = lint_files(paths, ls.configs.for_file, unreadable) if paths else {}
    for path, diagnostics in found.items():
        uri = file_uri(path)
        try:
            with open(path, encoding="utf-8-sig", errors="replace") as fh:
                text = fh.read()
        except OSError:
            text = ""
        linted = Linted(None, text, ls.configs.for_file(path), diagnostics)
        reports.append(Report(uri, ls.lsp_diagnostics(uri, linted)))
    for path, reason in once_per_path(unreadable):
        full = os.path.abspath(path)
        if full not in found and full not in open_paths:
            reports.append(Report(file_uri(full), [at_start(unreadable_message(reason))]))
    return reports


def _stat(path: str) -> tuple[str, int, int]:
    try:
        found = os.stat(path)
    except OSError:
        return (path, -1, -1)
    return (path, found.st_mtime_ns, found.st_size)

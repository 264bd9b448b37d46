"""What the server knows: one open document's latest lint, and the typed view of the
server that the feature modules take (so that none of them imports the server, which
imports them all to register their handlers)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ait_datasets.diagnostics import Diagnostic
from ait_datasets.lint.config import LintConfig
from ait_datasets.records import Record

if TYPE_CHECKING:
    from lsprotocol import types as lsp
    from pygls.workspace import Workspace

    from ait_datasets.lsp.audit import Auditor
    from ait_datasets.lsp.convert import Converter
    from ait_datasets.lsp.settings import Configs


class Linted(Record):
    """The findings of one version of a buffer (so actions match what the user sees)."""

    version: int | None
    text: str
    config: LintConfig
    diagnostics: list[Diagnostic]
    # A configuration problem, shown instead of silently linting with the defaults.
    error: str | None = None


class ServerState(Protocol):
    """What a feature handler may ask of the server (``DatasetsServer`` is one)."""

    configs: Configs
    # Each app's tests resting on the agent's word alone, shown with the findings.
    audits: Auditor
    # The last workspace/diagnostic answer for the files on disk, and what it was for.
    workspace_cache: tuple[object, list[lsp.WorkspaceFullDocumentDiagnosticReport]] | None

    @property
    def workspace(self) -> Workspace: ...

    def handled(self, uri: str) -> str | None:
        """The file's path when the linter would lint it, else None."""

    def converter(self, uri: str, text: str) -> Converter:
        """Positions of the open document's ``text`` in the client's encoding."""

    def lint_now(self, uri: str) -> Linted | None:
        """The open document's findings as it is now (None: not a file lint reads)."""

    def lsp_diagnostics(self, uri: str, linted: Linted) -> list[lsp.Diagnostic]:
        """A lint's findings as the client is shown them."""

    def workspace_files(self, refused: list[tuple[str, str]] | None = None) -> list[str]:
        """Every file of the workspace folders the linter would lint."""

"""``datasets lsp``: the language server over stdio (pygls).

Only wiring lives here: each handler reads the buffer, asks :mod:`ait_datasets.lsp.linting`
(through the lint process of :mod:`ait_datasets.lsp.worker`, or in this process when that
cannot run) or the placeholder library, and converts the answer. State is per open
document: its latest lint (so code actions match what the user sees), the pending
debounced run, and the run under way (its findings dropped when a newer edit arrives;
the next run waits for its lint process, which has the document).
"""

from __future__ import annotations

import asyncio
import os
from functools import partial
from typing import TYPE_CHECKING, Any

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from ait_datasets.lsp import actions, audit, navigation
from ait_datasets.lsp.convert import SOURCE, Converter, at_start, to_lsp
from ait_datasets.lsp.disk_watch import DEFAULT_INTERVAL, DiskWatcher
from ait_datasets.lsp.linting import lint_document_text, related_files
from ait_datasets.lsp.positions import Lines
from ait_datasets.lsp.protocol import DatasetsProtocol
from ait_datasets.lsp.scope import handled_path, is_handled, path_of
from ait_datasets.lsp.settings import Configs, Settings, settings_from
from ait_datasets.lsp.state import Linted
from ait_datasets.lsp.worker import Cancelled, LintWorkers, WorkerFailed
from ait_datasets.lsp.workspace_reports import workspace_reports
from ait_datasets.version import __version__

if TYPE_CHECKING:
    from ait_datasets.lint.app_facts import AppFacts
    from ait_datasets.lint.buffers import EditedBuffers

DEBOUNCE_SECONDS = 0.15
LINT_WORKSPACE = "datasets.lintWorkspace"
# What a change to these re-reads: the configuration, and the app's other files.
# The AL code and app.json: what the AL rules and the audit read.
WATCHED = (
    "**/.ait-datasets.toml",
    "**/pyproject.toml",
    "**/.resources/**",
    "**/*.al",
    "**/app.json",
)


class DatasetsServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__("datasets", __version__, protocol_cls=DatasetsProtocol)
        self.configs = Configs()
        # What this process read of the apps' files, when it lints itself (made on first
        # use: it loads the reader, which the lint process has in its place).
        self._app: AppFacts | None = None
        self._buffers: EditedBuffers | None = None
        # The lint processes (None: lint in this process, as when they cannot start).
        self.workers: LintWorkers | None = None
        self.worker_failure: str | None = None
        # The last workspace/diagnostic answer for the files on disk, and what it was for.
        self.workspace_cache: (
            tuple[object, list[lsp.WorkspaceFullDocumentDiagnosticReport]] | None
        ) = None
        self.linted: dict[str, Linted] = {}
        # How often what every lint reads besides its text changed (configuration,
        # settings, the app's or a saved neighbour's files): a lint that began before a
        # change is stale when it ends, and neither kept nor sent; kept, the pull right
        # after the change would be answered from the old configuration.
        self.relints = 0
        self.pending: dict[str, asyncio.Task[None]] = {}
        self.debounce = DEBOUNCE_SECONDS
        self.push = True
        # Each open document's line starts, for its current text (hover and inlay hints
        # come many times per edit).
        self.lines: dict[str, Lines] = {}
        # The initialization options: what the client's settings start from.
        self.initial = Settings()
        # Each app's tests resting on the agent's word alone (audited off the typing path).
        self.audits = audit.Auditor(self._audited, self.log)
        # Polls the disk when the client watches no files for the server (see disk_watch).
        self.watcher: DiskWatcher | None = None
        self.watch_interval = DEFAULT_INTERVAL

    # --- helpers ------------------------------------------------------------------

    @property
    def app(self) -> AppFacts:
        if self._app is None:
            from ait_datasets.lint.app_facts import AppFacts

            self._app = AppFacts()
        return self._app

    @property
    def buffers(self) -> EditedBuffers:
        """The open documents' last lints, when this process lints (made on first use)."""
        if self._buffers is None:
            from ait_datasets.lint.buffers import EditedBuffers

            self._buffers = EditedBuffers()
        return self._buffers

    @property
    def encoding(self) -> str:
        negotiated = self.workspace.position_encoding or "utf-16"
        # An enum member (PositionEncodingKind) or the plain string the client sent.
        return str(getattr(negotiated, "value", negotiated))

    def converter(self, uri: str, text: str) -> Converter:
        lines = self.lines.get(uri)
        if lines is None or lines.text is not text:
            lines = self.lines[uri] = Lines(text)
        return Converter(text, self.encoding, lines)

    def handled(self, uri: str) -> str | None:
        """The file's path when the linter would lint it, else None."""
        return handled_path(uri, self.configs)

    def lint_now(self, uri: str) -> Linted | None:
        """Lint the buffer as it is now (cached per version)."""
        path = self.handled(uri)
        if path is None:
            return None
        document = self.workspace.get_text_document(uri)
        cached = self.linted.get(uri)
        if (
            cached is not None
            and cached.version == document.version
            and cached.text == document.source
        ):
            return cached
        linted = self._lint(uri, path, document.version, document.source)
        self.log_worker_failure()
        return linted

    def _lint(
        self, uri: str, path: str, version: int | None, text: str, token: object = None
    ) -> Linted:
        """Lint in the lint process (as run ``token``: :class:`Cancelled` is raised when a
        newer run of it was asked for while this one waited, or the document closed), or
        here when it cannot run. Kept as the buffer's latest lint unless what it read
        changed while it ran."""
        relints = self.relints
        config, error = self.configs.resolve(path)
        found = None
        if self.workers is not None:
            try:
                found = self.workers.lint(token or object(), path, text, config)
            except WorkerFailed as exc:
                # Said in the client's log by the loop (this may be a worker thread).
                self.workers, self.worker_failure = None, str(exc)
        if found is None:
            found = lint_document_text(text, path, config, self.app, self.buffers)
        linted = Linted(version, text, config, found, error)
        if relints == self.relints:
            self.linted[uri] = linted
        return linted

    def lsp_diagnostics(self, uri: str, linted: Linted) -> list[lsp.Diagnostic]:
        conv = self.converter(uri, linted.text)
        found = linted.diagnostics
        path = path_of(uri) or ""
        related = related_files(found, path)
        out = [to_lsp(diag, conv, uri, files) for diag, files in zip(found, related, strict=True)]
        if linted.error is not None:
            out.insert(0, at_start(linted.error))
        if self.configs.settings.audit_message_only:
            out.extend(audit.diagnostics(self.audits.marks(path), conv))
        return out

    # --- the audit's marks ------------------------------------------------------------

    def log(self, message: str, kind: lsp.MessageType = lsp.MessageType.Info) -> None:
        """Say ``message`` in the client's log."""
        self.window_log_message(lsp.LogMessageParams(kind, message))

    def audit_on_open(self, path: str) -> None:
        if self.configs.settings.audit_message_only:
            self.audits.ensure(path)

    def audit_on_save(self, path: str) -> None:
        if self.configs.settings.audit_message_only:
            self.audits.refresh(path)

    def _audited(self, folder: str) -> None:
        """An app's marks changed: show them with its open documents' findings."""
        self.republish(os.path.join(folder, ""))

    def republish(self, inside: str = "") -> None:
        """Send the open documents' findings again (those under the folder ``inside``),
        or have a client that pulls them ask again."""
        if not self.push:
            self.workspace_diagnostic_refresh(None)
            return
        for uri, document in list(self.workspace.text_documents.items()):
            path = path_of(uri)
            linted = self.linted.get(uri)
            if path is None or not path.startswith(inside) or linted is None:
                continue
            if linted.version == document.version and linted.text == document.source:
                self.publish(uri, linted)  # else: the lint under way publishes them

    def schedule(self, uri: str, delay: float | None = None) -> None:
        """Lint ``uri`` after the debounce, cancelling a run not started yet."""
        old = self.pending.pop(uri, None)
        if old is not None:
            old.cancel()
        # A run of an older version under way is left to finish (its findings are
        # dropped): the lint process that runs it keeps the document, and the next run
        # waits for it and re-reads only the edited test, where a fresh process would
        # read the whole text (800 ms instead of 250 for 2,000 tests).
        self.pending[uri] = asyncio.get_running_loop().create_task(
            self._debounced(uri, self.debounce if delay is None else delay)
        )

    async def _debounced(self, uri: str, delay: float) -> None:
        await asyncio.sleep(delay)
        try:
            await self._run(uri)
        except Exception as exc:  # a bug: say so in the client's log, keep serving
            self.log(f"internal error linting {uri}: {exc!r}", lsp.MessageType.Error)
        finally:
            if self.pending.get(uri) is asyncio.current_task():
                del self.pending[uri]

    async def _run(self, uri: str) -> None:
        path = self.handled(uri)
        if path is None or uri not in self.workspace.text_documents:
            return
        document = self.workspace.get_text_document(uri)
        version, text = document.version, document.source
        relints = self.relints
        try:
            linted = await asyncio.to_thread(self._lint, uri, path, version, text, uri)
        except Cancelled:
            return  # a newer edit stopped it and has its own run scheduled
        finally:
            self.log_worker_failure()
        current = self.workspace.text_documents.get(uri)
        if current is None or current.version != version:
            return  # stale: a newer edit has its own run scheduled
        if relints != self.relints:
            return  # read the old configuration: the relint after the change sends
        self.publish(uri, linted)

    def log_worker_failure(self) -> None:
        if self.worker_failure is not None:
            message = f"linting in the server's process from now on: {self.worker_failure}"
            self.worker_failure = None
            self.log(message, lsp.MessageType.Warning)

    def publish(self, uri: str, linted: Linted) -> None:
        if not self.push:
            return
        self.text_document_publish_diagnostics(
            lsp.PublishDiagnosticsParams(uri, self.lsp_diagnostics(uri, linted), linted.version)
        )

    def relint_open(self) -> None:
        """Re-lint every open document (configuration or app files changed)."""
        self.relints += 1
        if self._app is not None:
            self._app.forget()
        if self.workers is not None:
            self.workers.forget()
        self.linted.clear()
        for uri in list(self.workspace.text_documents):
            if self.handled(uri) is not None:
                self.schedule(uri, 0)
        if not self.push:
            self.workspace_diagnostic_refresh(None)

    def workspace_files(self, refused: list[tuple[str, str]] | None = None) -> list[str]:
        """Every file of the workspace folders the linter would lint; the files it would
        refuse to read (a broken link, a link out of the folder) go to ``refused``."""
        from ait_datasets.lint.discover import discover

        roots = [to_fs_path(f.uri) for f in self.workspace.folders.values()]
        if not roots and self.workspace.root_path:
            roots = [self.workspace.root_path]
        out = []
        for root in roots:
            if root and os.path.isdir(root):
                for path in discover([root], refused):
                    full = os.path.abspath(path)
                    if is_handled(full, self.configs.for_file(full)):
                        out.append(full)
        return out


SERVER = DatasetsServer()


def _settings_changed(ls: DatasetsServer, raw: Any) -> None:
    settings = settings_from(raw, ls.initial)
    for problem in settings.problems:
        ls.window_show_message(lsp.ShowMessageParams(lsp.MessageType.Warning, problem))
    current = ls.configs.settings
    # A client sends its settings right after starting (VS Code: the same values as the
    # initialization options): re-linting then would stop the first lint under way and
    # delay the first diagnostics for nothing. Configuration files are watched apart.
    changed = (settings.work_date, settings.config_file) != (current.work_date, current.config_file)
    marks_switched = settings.audit_message_only != current.audit_message_only
    if changed:
        ls.configs.reload(settings)
    else:
        ls.configs.settings = settings
    work_date = settings.work_date.isoformat() if settings.work_date else "today"
    config = settings.config_file or "found upward from each file"
    ls.log(f"settings applied: work date {work_date}; configuration {config}")
    if changed:
        ls.relint_open()
    if marks_switched:
        _marks_switched(ls)


def _marks_switched(ls: DatasetsServer) -> None:
    """The message-only marks were switched on (audit the open documents' apps, shown
    when done) or off (shown no more: publish the findings without them)."""
    if not ls.configs.settings.audit_message_only:
        ls.audits.forget()
        ls.republish()
        return
    for uri in list(ls.workspace.text_documents):
        path = ls.handled(uri)
        if path is not None:
            ls.audits.ensure(path)


@SERVER.feature(lsp.INITIALIZE)
def _initialize(ls: DatasetsServer, params: lsp.InitializeParams) -> None:
    options = params.initialization_options
    if isinstance(options, dict):
        ls.initial = settings_from(options)
        ls.configs.reload(ls.initial)
        debounce = options.get("debounceMs")
        if isinstance(debounce, (int, float)) and not isinstance(debounce, bool) and debounce >= 0:
            ls.debounce = debounce / 1000
        interval = options.get("watchIntervalMs")
        if isinstance(interval, (int, float)) and not isinstance(interval, bool) and interval >= 0:
            ls.watch_interval = interval / 1000
    caps = params.capabilities.text_document
    # A client that pulls diagnostics gets them that way only (not twice).
    ls.push = caps is None or caps.diagnostic is None


@SERVER.feature(lsp.INITIALIZED)
async def _initialized(ls: DatasetsServer, params: lsp.InitializedParams) -> None:
    caps = ls.client_capabilities.workspace
    if (
        caps is not None
        and caps.did_change_watched_files is not None
        and caps.did_change_watched_files.dynamic_registration
    ):
        watchers = [lsp.FileSystemWatcher(glob_pattern=g) for g in WATCHED]
        try:
            await ls.client_register_capability_async(
                lsp.RegistrationParams(
                    [
                        lsp.Registration(
                            "datasets-watch",
                            lsp.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                            lsp.DidChangeWatchedFilesRegistrationOptions(watchers),
                        )
                    ]
                )
            )
        except Exception as exc:  # a client that cannot register: the server watches
            ls.log(f"cannot watch files: {exc}", lsp.MessageType.Warning)
            _watch_disk(ls)
    else:
        _watch_disk(ls)
    await _pull_configuration(ls)


def _watch_disk(ls: DatasetsServer) -> None:
    """Poll the open documents' app folders ourselves (``watchIntervalMs``; 0: never)."""
    if ls.watch_interval <= 0 or ls.watcher is not None:
        return

    def open_paths() -> list[str]:
        return [p for uri in list(ls.workspace.text_documents) if (p := ls.handled(uri))]

    ls.watcher = DiskWatcher(
        ls.watch_interval,
        open_paths,
        lambda: _files_changed(ls),
        partial(ls.log, kind=lsp.MessageType.Warning),
        lambda: ls.configs.settings.config_file or None,
    )
    ls.watcher.start()


@SERVER.feature(lsp.SHUTDOWN)
def _shutdown(ls: DatasetsServer, params: None) -> None:
    if ls.watcher is not None:
        ls.watcher.stop()


async def _pull_configuration(ls: DatasetsServer) -> None:
    caps = ls.client_capabilities.workspace
    if caps is None or not caps.configuration:
        return
    items = await ls.workspace_configuration_async(
        lsp.ConfigurationParams([lsp.ConfigurationItem(section="datasets")])
    )
    if items:
        _settings_changed(ls, items[0])


@SERVER.feature(lsp.WORKSPACE_DID_CHANGE_CONFIGURATION)
async def _did_change_configuration(
    ls: DatasetsServer, params: lsp.DidChangeConfigurationParams
) -> None:
    caps = ls.client_capabilities.workspace
    if caps is not None and caps.configuration:
        await _pull_configuration(ls)
    else:
        _settings_changed(ls, params.settings)


@SERVER.feature(lsp.WORKSPACE_DID_CHANGE_WATCHED_FILES)
def _did_change_watched(ls: DatasetsServer, params: lsp.DidChangeWatchedFilesParams) -> None:
    if params.changes:
        _files_changed(ls)


def _files_changed(ls: DatasetsServer) -> None:
    """Files the lints read changed on disk (the client said so, or the server saw it)."""
    ls.configs.reload()
    ls.relint_open()
    if ls.configs.settings.audit_message_only:
        ls.audits.refresh_all()


@SERVER.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
def _did_open(ls: DatasetsServer, params: lsp.DidOpenTextDocumentParams) -> None:
    document = params.text_document
    path = ls.handled(document.uri)
    if path is None:
        return
    if ls.watcher is not None:
        ls.watcher.opened(path)  # before the lint reads the app: later changes are changes
    ls.schedule(document.uri, 0)
    ls.audit_on_open(path)


@SERVER.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
def _did_change(ls: DatasetsServer, params: lsp.DidChangeTextDocumentParams) -> None:
    if ls.handled(params.text_document.uri) is not None:
        ls.schedule(params.text_document.uri)


@SERVER.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
def _did_save(ls: DatasetsServer, params: lsp.DidSaveTextDocumentParams) -> None:
    # Another open file's cross-file findings may depend on this one.
    path = ls.handled(params.text_document.uri)
    if path is not None:
        ls.relint_open()
        ls.audit_on_save(path)


@SERVER.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
def _did_close(ls: DatasetsServer, params: lsp.DidCloseTextDocumentParams) -> None:
    uri = params.text_document.uri
    task = ls.pending.pop(uri, None)
    if task is not None:
        task.cancel()
    if ls.workers is not None:
        ls.workers.cancel(uri)  # its findings are of no use any more
    ls.linted.pop(uri, None)
    ls.lines.pop(uri, None)
    path = path_of(uri)
    if ls._buffers is not None and path is not None:
        ls._buffers.forget(path)
    if ls.push and path_of(uri) is not None:
        ls.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri, []))


@SERVER.feature(
    lsp.TEXT_DOCUMENT_DIAGNOSTIC,
    lsp.DiagnosticOptions(
        identifier=SOURCE, inter_file_dependencies=True, workspace_diagnostics=True
    ),
)
def _pull(ls: DatasetsServer, params: lsp.DocumentDiagnosticParams) -> lsp.DocumentDiagnosticReport:
    uri = params.text_document.uri
    linted = ls.lint_now(uri)
    items = [] if linted is None else ls.lsp_diagnostics(uri, linted)
    return lsp.RelatedFullDocumentDiagnosticReport(items=items)


@SERVER.feature(lsp.WORKSPACE_DIAGNOSTIC)
def _pull_workspace(
    ls: DatasetsServer, params: lsp.WorkspaceDiagnosticParams
) -> lsp.WorkspaceDiagnosticReport:
    return lsp.WorkspaceDiagnosticReport(items=workspace_reports(ls))


@SERVER.command(LINT_WORKSPACE)
def _lint_workspace(ls: DatasetsServer, *args: Any) -> int:
    """Push the findings of every file of the workspace; returns how many there are."""
    total = 0
    for report in workspace_reports(ls):
        total += len(report.items)
        ls.text_document_publish_diagnostics(
            lsp.PublishDiagnosticsParams(report.uri, list(report.items), report.version)
        )
    return total


@SERVER.feature(
    lsp.TEXT_DOCUMENT_CODE_ACTION,
    lsp.CodeActionOptions(
        code_action_kinds=[
            lsp.CodeActionKind.QuickFix,
            actions.FIX_ALL,
            lsp.CodeActionKind.RefactorRewrite,
        ]
    ),
)
def _code_action(ls: DatasetsServer, params: lsp.CodeActionParams) -> list[lsp.CodeAction] | None:
    uri = params.text_document.uri
    linted = ls.lint_now(uri)
    path = path_of(uri)
    if linted is None or path is None:
        return None
    from ait_datasets.lsp.linting import format_of_path

    return actions.code_actions(
        uri,
        linted.text,
        path,
        format_of_path(path),
        linted.diagnostics,
        linted.config,
        params.range,
        list(params.context.only) if params.context.only else None,
        ls.encoding,
    )


@SERVER.command(audit.COMMAND)
async def _audit(ls: DatasetsServer, *args: Any) -> dict[str, object]:
    """The scorecard of the app of the document the argument names, else of every
    workspace folder: the text and the JSON, the six-line scorecard shown as a message."""
    roots = [to_fs_path(f.uri) for f in ls.workspace.folders.values()]
    if not roots and ls.workspace.root_path:
        roots = [ls.workspace.root_path]
    folders = audit.command_folders(args[0] if args else None, [r for r in roots if r])
    done = await asyncio.to_thread(audit.audit_folders, folders, ls.configs.settings.config_file)
    kind = lsp.MessageType.Error if done.errors and not done.scorecards else lsp.MessageType.Info
    ls.window_show_message(lsp.ShowMessageParams(kind, done.summary))
    return done.result()


navigation.register(SERVER)


def serve(workers: LintWorkers | None = None) -> None:
    """Run the server over stdin/stdout (pygls's ``start_io``) until the client says
    exit; ``workers`` lint (started by the caller before this module was imported, so
    that they load the linter while this process loads pygls), else this process does."""
    SERVER.workers = workers
    try:
        SERVER.start_io()
    finally:
        if workers is not None:
            workers.close()

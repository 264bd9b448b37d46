"""The server's opening: answering an editor's first messages while pygls loads.

Importing pygls and lsprotocol is most of the server's start: ``lsprotocol.types`` makes
some 550 attrs classes, 0.8 s of CPU on a slow host, where the first diagnostics of a
20-test file came after 1.04 s. An editor always opens the same way: ``initialize``,
``initialized``, perhaps its settings, ``didOpen`` of the files it shows and, if it pulls
diagnostics, ``textDocument/diagnostic`` (with requests for hints, links and so on in
between). While a thread imports the server, this loop answers the first and the
diagnostics itself: ``initialize`` with the answer pygls would give (saved for the
installed versions: :mod:`.saved_answer`), and the opened files' findings, linted by the
lint process (started before anything else) and sent as the server sends them
(:mod:`.findings`). Every message it read goes to pygls afterwards, in order
(:mod:`.handover`), so the server ends up exactly as if pygls had read them itself.

Other requests wait for pygls, which answers them in their turn. A notification that
could change what the opening answers (an edit, settings sent with the notification),
``shutdown``, or bytes that are not LSP end the opening: it waits for the import and
leaves that message to pygls. So does the import finishing. The
opening needs stdin to be a pipe or socket it can wait on with ``select`` (not on
Windows) and the saved answer; without them the server starts as before.
"""

from __future__ import annotations

import json
import os
import re
import select
import stat
import sys
import threading
from collections.abc import Callable
from typing import Any

from ait_datasets.lsp import saved_answer
from ait_datasets.lsp.findings import diagnostics_json
from ait_datasets.lsp.positions import Lines
from ait_datasets.lsp.scope import handled_path
from ait_datasets.lsp.settings import Configs, Settings, settings_from
from ait_datasets.lsp.state import Linted
from ait_datasets.lsp.worker import LintWorkers, WorkerFailed

_HEADER_END = b"\r\n\r\n"
_CONTENT_LENGTH = re.compile(rb"Content-Length: (\d+)")
_MAX_HEADERS = 4096
# Notifications that change nothing the opening's lints depend on: kept for pygls.
_KEPT = frozenset({"initialized", "$/setTrace"})
_READ_SIZE = 1 << 20


def pollable(fd: int) -> bool:
    """Whether ``fd`` is a pipe or a socket (what an editor gives its server)."""
    try:
        mode = os.fstat(fd).st_mode
    except OSError:
        return False
    return stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)


class _NotLsp(Exception):
    """Bytes the opening does not read: pygls gets them as they are."""


class Framer:
    """Cuts whole messages (``Content-Length`` headers, then the body) out of the bytes
    read so far; what is not a whole message yet stays in :attr:`pending`."""

    def __init__(self) -> None:
        self.pending = bytearray()

    def feed(self, data: bytes) -> None:
        self.pending += data

    def peek(self) -> tuple[bytes, int] | None:
        """The next message's body and the bytes it takes with its headers, None until
        it is whole; :class:`_NotLsp` for headers pygls may read differently (the opening
        then stops before them)."""
        end = self.pending.find(_HEADER_END, 0, _MAX_HEADERS)
        if end < 0:
            if len(self.pending) >= _MAX_HEADERS:
                raise _NotLsp
            return None
        length = None
        for line in bytes(self.pending[:end]).split(b"\r\n"):
            match = _CONTENT_LENGTH.fullmatch(line)
            if match is not None and length is None:
                length = int(match.group(1))
            elif b": " not in line:
                raise _NotLsp
        if length is None:
            raise _NotLsp
        start = end + len(_HEADER_END)
        if len(self.pending) < start + length:
            return None
        return bytes(self.pending[start : start + length]), start + length

    def consume(self, size: int) -> None:
        del self.pending[:size]


class Opening:
    """What the opening read and answered, for pygls to take over (see :mod:`.handover`)."""

    def __init__(self, workers: LintWorkers | None, write: Callable[[bytes], None]) -> None:
        self.workers = workers
        self._write = write
        self.framer = Framer()
        # Every message read, in order (the initialize request first).
        self.bodies: list[bytes] = []
        self.initialize_id: int | str | None = None
        self.initialize_answer: dict[str, Any] | None = None
        # The pull requests answered here, by their place in :attr:`bodies` (pygls must
        # not answer them again).
        self.answered: set[int] = set()
        # Each document linted here, as the server keeps its lints.
        self.linted: dict[str, Linted] = {}
        self.worker_failure: str | None = None
        self._configs: Configs | None = None
        self._encoding = saved_answer.position_encoding({})
        self._pulls = False
        self._asked_for_settings = False
        self._capabilities = saved_answer.load()
        # Set once the server is imported: the next message is pygls's.
        self.loaded = threading.Event()

    @property
    def usable(self) -> bool:
        return self._capabilities is not None

    # --- reading ----------------------------------------------------------------

    def read(self, data: bytes) -> bool:
        """Take bytes read from the client; False when the opening must end (the message
        it stopped at, and everything after it, is left to pygls)."""
        self.framer.feed(data)
        while not self.loaded.is_set():
            try:
                whole = self.framer.peek()
            except _NotLsp:
                return False
            if whole is None:
                return True
            body, size = whole
            try:
                answered = self._answer(body)
            except Exception as exc:  # a bug here: pygls reads the message, as it would have
                print(f"datasets lsp: before pygls was loaded: {exc!r}", file=sys.stderr)
                return False
            if not answered:
                return False  # pygls reads this message itself
            self.framer.consume(size)
            self.bodies.append(body)
        return False

    def _answer(self, body: bytes) -> bool:
        try:
            message = json.loads(body)
        except ValueError:
            return False
        if not isinstance(message, dict):
            return False
        method, ident = message.get("method"), message.get("id")
        params = message.get("params")
        if self.initialize_answer is None:
            return method == "initialize" and ident is not None and self._initialize(ident, params)
        if not isinstance(method, str):
            return False  # a response: the opening asked nothing
        if ident is None:
            return self._notification(method, params)
        if method == "textDocument/diagnostic" and self._pull(ident, params):
            return True
        # Any other request is pygls's to answer, after the messages before it (answers
        # may come in any order; requests change no document): the opening goes on.
        return method != "shutdown"

    def _notification(self, method: str, params: Any) -> bool:
        if method in _KEPT:
            return True
        if method == "textDocument/didOpen":
            return self._did_open(params)
        if method == "workspace/didChangeConfiguration":
            # A client that answers workspace/configuration is asked for its settings
            # after this (by the server, as always, linting meanwhile with the
            # initialization options); settings sent here would change the lint.
            return self._asked_for_settings
        return False  # it may change what the opening answered: pygls from here on

    # --- answers ----------------------------------------------------------------

    def _initialize(self, ident: Any, params: Any) -> bool:
        if self._capabilities is None or not isinstance(params, dict):
            return False
        if not isinstance(ident, (int, str)):
            return False
        client = params.get("capabilities")
        client = client if isinstance(client, dict) else {}
        options = params.get("initializationOptions")
        # As the server's initialize handler reads them.
        settings = settings_from(options) if isinstance(options, dict) else Settings()
        self._configs = Configs(settings)
        self._encoding = saved_answer.position_encoding(client)
        text_document = client.get("textDocument")
        self._pulls = (
            isinstance(text_document, dict) and text_document.get("diagnostic") is not None
        )
        workspace = client.get("workspace")
        self._asked_for_settings = isinstance(workspace, dict) and bool(
            workspace.get("configuration")
        )
        answer = saved_answer.initialize_result(self._capabilities, client)
        self.initialize_id, self.initialize_answer = ident, answer
        self._send({"jsonrpc": "2.0", "id": ident, "result": answer})
        return True

    def _did_open(self, params: Any) -> bool:
        document = params.get("textDocument") if isinstance(params, dict) else None
        if not isinstance(document, dict):
            return False
        uri, version, text = document.get("uri"), document.get("version"), document.get("text")
        if not isinstance(uri, str) or not isinstance(text, str) or not isinstance(version, int):
            return False
        assert self._configs is not None
        path = handled_path(uri, self._configs)
        if path is None:
            return True  # not a dataset: pygls keeps it, nothing to say
        if self.workers is None or uri in self.linted:
            return False
        config, error = self._configs.resolve(path)
        try:
            found = self.workers.lint(uri, path, text, config)
        except WorkerFailed as exc:
            self.worker_failure = str(exc)
            return False
        if not self._pulls:
            items = diagnostics_json(found, error, path, Lines(text), self._encoding)
            params = {"uri": uri, "diagnostics": items, "version": version}
            self._send(
                {"jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": params}
            )
        # Kept once its findings are out: the server then does not lint this version again.
        self.linted[uri] = Linted(version, text, config, found, error)
        return True

    def _pull(self, ident: Any, params: Any) -> bool:
        document = params.get("textDocument") if isinstance(params, dict) else None
        uri = document.get("uri") if isinstance(document, dict) else None
        linted = self.linted.get(uri) if isinstance(uri, str) else None
        if linted is None or not isinstance(ident, (int, str)):
            return False
        assert isinstance(uri, str)
        path = handled_path(uri, self._configs) if self._configs is not None else None
        if path is None:
            return False
        items = diagnostics_json(
            linted.diagnostics, linted.error, path, Lines(linted.text), self._encoding
        )
        self.answered.add(len(self.bodies))  # the place this request's body takes
        self._send({"jsonrpc": "2.0", "id": ident, "result": {"kind": "full", "items": items}})
        return True

    def _send(self, message: dict[str, Any]) -> None:
        body = json.dumps(message).encode("utf-8")
        self._write(b"Content-Length: %d\r\n\r\n" % len(body) + body)


def _stdout_write(data: bytes) -> None:
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()


def open_while_loading(
    load: Callable[[], object],
    workers: LintWorkers | None,
    fd: int | None = None,
    write: Callable[[bytes], None] = _stdout_write,
) -> Opening | None:
    """Run ``load`` (the server's import) in a thread and answer the client (reading
    ``fd``, stdin by default) meanwhile; the opening's state once ``load`` is done or
    the opening had to stop, or None when it cannot run here (nothing was read)."""
    fd = sys.stdin.fileno() if fd is None else fd
    opening = Opening(workers, write)
    if os.name == "nt" or not pollable(fd) or not opening.usable:
        return None
    wake_read, wake_write = os.pipe()

    def loading() -> None:
        try:
            load()
        except BaseException:  # raised again where the caller imports the server
            pass
        finally:
            opening.loaded.set()
            os.write(wake_write, b"x")

    loader = threading.Thread(target=loading, name="datasets-import", daemon=True)
    loader.start()
    try:
        while True:
            ready, _, _ = select.select([fd, wake_read], [], [])
            if wake_read in ready:
                break
            data = os.read(fd, _READ_SIZE)
            # At the end of input pygls's reader sees the end too, and stops the server.
            if not data or not opening.read(data):
                break
    finally:
        loader.join()
        os.close(wake_read)
        os.close(wake_write)
    return opening

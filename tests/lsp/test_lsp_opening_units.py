"""The opening's pieces, in this process: message framing, the saved initialize answer
against pygls's own, findings JSON against pygls's JSON of the server's objects, and the
opening loop itself with an import that waits until the test lets it finish."""

from __future__ import annotations

import array
import datetime as dt
import json
import os
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from lsp_support import ORDERS, SUITE, make_app
from lsprotocol import types as lsp
from pygls.capabilities import ServerCapabilitiesBuilder
from pygls.protocol import default_converter
from pygls.uris import from_fs_path
from pytest_lsp import client_capabilities

from ait_datasets.lint.config import LintConfig
from ait_datasets.lsp import save_answer, saved_answer
from ait_datasets.lsp.convert import Converter, to_lsp
from ait_datasets.lsp.findings import diagnostics_json, related_files
from ait_datasets.lsp.linting import lint_document_text
from ait_datasets.lsp.opening import Framer, Opening, _NotLsp, open_while_loading
from ait_datasets.lsp.positions import Lines
from ait_datasets.lsp.worker import LintWorkers

CONVERT = default_converter()
WORK_DATE = dt.date(2026, 3, 17)


def _frame(message: Any, headers: bytes = b"") -> bytes:
    body = json.dumps(message).encode("utf-8")
    return b"Content-Length: %d\r\n" % len(body) + headers + b"\r\n" + body


def _client(name: str) -> dict[str, Any]:
    out: dict[str, Any] = CONVERT.unstructure(client_capabilities(name))
    return out


# --- framing --------------------------------------------------------------------------


def test_messages_are_cut_the_same_at_every_split_of_the_input() -> None:
    first = {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"x": "é 😀"}}
    second = {"jsonrpc": "2.0", "method": "initialized", "params": {}}
    data = _frame(first) + _frame(second, b"Content-Type: application/vscode-jsonrpc\r\n")
    for cut in range(len(data) + 1):
        framer, bodies = Framer(), []
        for part in (data[:cut], data[cut:]):
            framer.feed(part)
            while (whole := framer.peek()) is not None:
                bodies.append(json.loads(whole[0]))
                framer.consume(whole[1])
        assert bodies == [first, second], cut
        assert framer.pending == b""


@pytest.mark.parametrize(
    "data",
    [
        b"Content-Type: x\r\n\r\n{}",  # no length
        b"Content-Length: 2\r\nbroken header\r\n\r\n{}",
        b"Content-Length: " + b"1" * 5000,  # headers that never end
        b"\x00\x01garbage\r\n\r\n",
    ],
)
def test_what_is_not_plain_lsp_is_left_to_pygls(data: bytes) -> None:
    framer = Framer()
    framer.feed(data)
    with pytest.raises(_NotLsp):
        framer.peek()
    assert bytes(framer.pending) == data  # nothing consumed


def test_a_large_body_read_in_pieces_is_collected_once() -> None:
    body = {"jsonrpc": "2.0", "method": "x", "params": {"text": "a" * 3_000_000}}
    data = _frame(body)
    framer = Framer()
    for start in range(0, len(data), 1 << 16):
        framer.feed(data[start : start + (1 << 16)])
        whole = framer.peek()
        assert whole is None or start + (1 << 16) >= len(data)
    whole = framer.peek()
    assert whole is not None and json.loads(whole[0]) == body


# --- the saved initialize answer --------------------------------------------------------


@pytest.mark.parametrize(
    "client",
    [
        {},
        _client("visual-studio-code"),
        _client("neovim"),
        {"general": {"positionEncodings": ["utf-32", "utf-8"]}},
        {"general": {"positionEncodings": ["utf-7", "utf-8"]}},
        {"general": {"positionEncodings": ["utf-7"]}},
        {"notebookDocument": {"synchronization": {}}},
        {"textDocument": {"synchronization": {"willSave": False}}},
        {"textDocument": {"synchronization": {"willSaveWaitUntil": True, "didSave": True}}},
        {"textDocument": {"synchronization": {"willSave": True, "willSaveWaitUntil": False}}},
    ],
)
def test_the_saved_answer_is_what_pygls_computes_for_the_client(client: dict[str, Any]) -> None:
    saved = saved_answer.load()
    if saved is None:
        # Other pygls or lsprotocol versions: the opening stands aside (nothing is
        # answered from a file computed by other versions).
        with open(saved_answer.SAVED, encoding="utf-8") as fh:
            versions = json.load(fh)["versions"]
        import importlib.metadata as metadata

        assert versions != {d: metadata.version(d) for d in versions}
        return
    answer = saved_answer.initialize_result(saved, client)
    assert answer["capabilities"] == save_answer.computed_capabilities(client)
    structured = CONVERT.structure(client, lsp.ClientCapabilities)
    chosen = ServerCapabilitiesBuilder.choose_position_encoding(structured)
    assert answer["capabilities"]["positionEncoding"] == str(getattr(chosen, "value", chosen))
    assert answer["serverInfo"]["name"] == "datasets"


# --- findings as JSON -------------------------------------------------------------------


@pytest.mark.parametrize("encoding", ["utf-16", "utf-8", "utf-32"])
def test_findings_json_is_pygls_json_of_the_servers_objects(tmp_path: Path, encoding: str) -> None:
    resources = make_app(tmp_path)
    # A second file of the same name: ORDERS.yaml's REF002 names it (related information).
    other = resources / "datasets" / "setup" / "ORDERS.yaml"
    other.write_text("tests:\n  - name: X\n    question: hi\n")
    cases = [
        (resources / "datasets" / "ORDERS.yaml", ORDERS),
        (resources / "suites" / "SHOP.xml", SUITE),
        (resources / "datasets" / "EMPTY.yaml", ""),  # a whole-file finding
    ]
    related_seen = False
    for path, text in cases:
        found = lint_document_text(text, str(path), LintConfig())
        assert found, path
        uri = from_fs_path(str(path)) or ""
        related = related_files(found, str(path))
        related_seen = related_seen or any(related)
        conv = Converter(text, encoding)
        objects = [to_lsp(d, conv, uri, files) for d, files in zip(found, related, strict=True)]
        ours = diagnostics_json(found, None, str(path), Lines(text), encoding)
        assert ours == CONVERT.unstructure(objects)
        with_error = diagnostics_json(
            found, "invalid configuration: x", str(path), Lines(text), encoding
        )
        error = lsp.Diagnostic(
            lsp.Range(lsp.Position(0, 0), lsp.Position(0, 0)),
            "invalid configuration: x",
            severity=lsp.DiagnosticSeverity.Error,
            source="datasets",
        )
        assert with_error == CONVERT.unstructure([error, *objects])
    assert related_seen


# --- the opening loop -------------------------------------------------------------------


# The opening waits on its pipe with select(), which Windows cannot do on a pipe; there the
# server starts the plain way (test_without_a_pipe_there_is_no_opening covers that path).
POSIX_PIPES = pytest.mark.skipif(
    sys.platform == "win32", reason="the opening selects on a pipe, which Windows cannot do"
)


class _Session:
    """The opening run on a pipe, with an import that waits for :meth:`release`."""

    def __init__(self, workers: LintWorkers | None) -> None:
        self._read, self._write = os.pipe()
        self._released = threading.Event()
        self.loaded = False
        self.sent: list[dict[str, Any]] = []
        self._sent_changed = threading.Condition()
        self.opening: Opening | None = None

        def load() -> None:
            self._released.wait(60)
            self.loaded = True

        def run() -> None:
            self.opening = open_while_loading(load, workers, self._read, self._record)

        self._thread = threading.Thread(target=run)
        self._thread.start()

    def _record(self, data: bytes) -> None:
        head, _, body = data.partition(b"\r\n\r\n")
        assert head == b"Content-Length: %d" % len(body)
        with self._sent_changed:
            self.sent.append(json.loads(body))
            self._sent_changed.notify_all()

    def send(self, message: dict[str, Any]) -> None:
        os.write(self._write, _frame(message))

    def wait_read(self) -> None:
        """Until the opening has read everything sent (what it read stays with it, handled
        or left for pygls, whenever the import finishes)."""
        import fcntl  # POSIX-only, as the tests that use a session are
        import termios

        waiting = array.array("i", [0])
        for _ in range(6000):
            fcntl.ioctl(self._read, termios.FIONREAD, waiting)
            if waiting[0] == 0:
                return
            time.sleep(0.01)
        raise AssertionError("the opening did not read its input")

    def wait_sent(self, count: int) -> list[dict[str, Any]]:
        with self._sent_changed:
            assert self._sent_changed.wait_for(lambda: len(self.sent) >= count, 60)
        return self.sent

    def release(self) -> Opening:
        self._released.set()
        self._thread.join(60)
        assert not self._thread.is_alive() and self.loaded
        assert self.opening is not None
        return self.opening

    def close(self) -> None:
        self._released.set()
        self._thread.join(60)
        os.close(self._read)
        os.close(self._write)


@pytest.fixture
def workers() -> Iterator[LintWorkers]:
    pool = LintWorkers()
    pool.start()
    yield pool
    pool.close()


def _initialize(client: dict[str, Any], options: dict[str, Any] | None = None) -> dict[str, Any]:
    params = {
        "capabilities": client,
        "initializationOptions": options or {"workDate": "2026-03-17"},
    }
    return {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": params}


def _did_open(path: Path, text: str) -> dict[str, Any]:
    document = {"uri": from_fs_path(str(path)), "languageId": "yaml", "version": 1, "text": text}
    return {
        "jsonrpc": "2.0",
        "method": "textDocument/didOpen",
        "params": {"textDocument": document},
    }


@pytest.fixture
def answer_for_these_versions(monkeypatch: pytest.MonkeyPatch) -> None:
    """The opening's answer to initialize computed for the installed pygls (the saved
    file is held to it by the test above, where the versions match)."""
    answers = {}
    for case in ("00", "01", "10", "11"):
        answers[case] = save_answer.computed_capabilities(saved_answer.client_of_case(case))
        del answers[case]["positionEncoding"]
    monkeypatch.setattr(saved_answer, "load", lambda: answers)


@POSIX_PIPES
def test_the_opening_answers_a_pushing_client_and_stops_at_an_edit(
    tmp_path: Path, workers: LintWorkers, answer_for_these_versions: None
) -> None:
    resources = make_app(tmp_path)
    orders = resources / "datasets" / "ORDERS.yaml"
    workflow = tmp_path / ".github" / "ci.yaml"
    client = _client("visual-studio-code")  # these capabilities do not pull diagnostics
    assert "diagnostic" not in client["textDocument"]
    session = _Session(workers)
    try:
        session.send(_initialize(client))
        answer = session.wait_sent(1)[0]
        assert answer["id"] == 0
        assert answer["result"]["capabilities"] == save_answer.computed_capabilities(client)
        session.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        session.send(_did_open(workflow, "on: push\n"))  # not a dataset: kept, not linted
        session.send(_did_open(orders, ORDERS))
        published = session.wait_sent(2)[1]
        assert published["method"] == "textDocument/publishDiagnostics"
        uri = from_fs_path(str(orders))
        assert published["params"]["uri"] == uri and published["params"]["version"] == 1
        found = lint_document_text(ORDERS, str(orders), LintConfig(work_date=WORK_DATE))
        encoding = answer["result"]["capabilities"]["positionEncoding"]
        expected = diagnostics_json(found, None, str(orders), Lines(ORDERS), encoding)
        assert published["params"]["diagnostics"] == expected
        # A request waits for pygls (the opening goes on); settings pulled later are
        # kept; an edit ends the opening.
        session.send({"jsonrpc": "2.0", "id": 1, "method": "textDocument/hover", "params": {}})
        settings = {"settings": {"datasets": {"workDate": "2026-01-01"}}}
        session.send(
            {"jsonrpc": "2.0", "method": "workspace/didChangeConfiguration", "params": settings}
        )
        edit = {"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {}}
        session.send(edit)
        session.wait_read()
        opening = session.release()
    finally:
        session.close()
    assert len(session.sent) == 2  # the hover is pygls's to answer
    assert [json.loads(b).get("method") for b in opening.bodies] == [
        "initialize",
        "initialized",
        "textDocument/didOpen",
        "textDocument/didOpen",
        "textDocument/hover",
        "workspace/didChangeConfiguration",
    ]
    assert bytes(opening.framer.pending) == _frame(edit)
    assert list(opening.linted) == [uri]
    assert opening.answered == set()


@POSIX_PIPES
def test_the_opening_answers_a_pulling_client(
    tmp_path: Path, workers: LintWorkers, answer_for_these_versions: None
) -> None:
    resources = make_app(tmp_path)
    orders = resources / "datasets" / "ORDERS.yaml"
    client = _client("neovim")  # Neovim 0.11 pulls diagnostics
    session = _Session(workers)
    try:
        session.send(_initialize(client))
        encoding = session.wait_sent(1)[0]["result"]["capabilities"]["positionEncoding"]
        session.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        session.send(_did_open(orders, ORDERS))  # a pulling client is not pushed to
        uri = from_fs_path(str(orders))
        pull = {"textDocument": {"uri": uri}}
        session.send(
            {"jsonrpc": "2.0", "id": 7, "method": "textDocument/diagnostic", "params": pull}
        )
        pulled = session.wait_sent(2)[1]
        opening = session.release()
    finally:
        session.close()
    assert pulled["id"] == 7 and pulled["result"]["kind"] == "full"
    found = lint_document_text(ORDERS, str(orders), LintConfig(work_date=WORK_DATE))
    assert pulled["result"]["items"] == diagnostics_json(
        found, None, str(orders), Lines(ORDERS), encoding
    )
    assert encoding == "utf-8"
    assert opening.answered == {3}  # the fourth message read
    assert len(session.sent) == 2


@POSIX_PIPES
def test_the_finished_import_ends_the_opening(answer_for_these_versions: None) -> None:
    session = _Session(None)
    try:
        session.send(_initialize({}))
        session.wait_sent(1)
        opening = session.release()
    finally:
        session.close()
    assert len(opening.bodies) == 1
    opening.framer.feed(_frame({"jsonrpc": "2.0", "method": "initialized"}))
    # Once loaded, nothing more is read here (and nothing more is answered).
    assert not opening.read(b"")
    assert len(opening.bodies) == 1


@POSIX_PIPES
def test_settings_sent_with_the_notification_end_the_opening(
    answer_for_these_versions: None,
) -> None:
    # A client that is not asked for its settings sends them: they change the lint.
    session = _Session(None)
    try:
        session.send(_initialize({"workspace": {"configuration": False}}))
        session.wait_sent(1)
        settings = {"settings": {"datasets": {"workDate": "2026-01-01"}}}
        change = {
            "jsonrpc": "2.0",
            "method": "workspace/didChangeConfiguration",
            "params": settings,
        }
        session.send(change)
        session.wait_read()
        opening = session.release()
    finally:
        session.close()
    assert len(opening.bodies) == 1 and bytes(opening.framer.pending) == _frame(change)


@POSIX_PIPES
@pytest.mark.parametrize(
    "first",
    [
        {"jsonrpc": "2.0", "id": 0, "method": "shutdown"},  # not initialize
        {"jsonrpc": "2.0", "method": "initialize", "params": {}},  # no id
        [1, 2],  # not an object
    ],
)
def test_an_opening_that_is_not_initialize_goes_to_pygls(
    first: Any, answer_for_these_versions: None
) -> None:
    session = _Session(None)
    try:
        session.send(first)
        session.wait_read()
        opening = session.release()
    finally:
        session.close()
    assert session.sent == [] and opening.bodies == []
    assert bytes(opening.framer.pending) == _frame(first)


def test_without_a_pipe_there_is_no_opening(tmp_path: Path) -> None:
    regular = tmp_path / "stdin"
    regular.write_bytes(_frame(_initialize({})))
    called: list[bool] = []
    with open(regular, "rb") as fh:
        assert open_while_loading(lambda: called.append(True), None, fh.fileno()) is None
    assert called == []  # the caller imports the server itself


class _BrokenWorkers:
    """A lint process whose answer breaks the opening (a bug there, say)."""

    def lint(self, *args: object) -> list[object]:
        return [object()]  # no finding: making its JSON fails


def test_a_bug_in_the_opening_leaves_the_message_to_pygls(
    tmp_path: Path, answer_for_these_versions: None, capsys: pytest.CaptureFixture[str]
) -> None:
    orders = make_app(tmp_path) / "datasets" / "ORDERS.yaml"
    sent: list[bytes] = []
    opening = Opening(_BrokenWorkers(), sent.append)  # type: ignore[arg-type]
    assert opening.read(_frame(_initialize({})))
    did_open = _frame(_did_open(orders, ORDERS))
    assert not opening.read(did_open)
    assert len(sent) == 1  # the initialize answer only
    assert bytes(opening.framer.pending) == did_open and len(opening.bodies) == 1
    assert opening.linted == {}  # pygls lints it
    assert "before pygls was loaded" in capsys.readouterr().err

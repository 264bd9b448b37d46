"""`datasets lsp` over its real stdio transport, as a hostile or sloppy client drives it:
memory stays flat over any number of edits, and a request it cannot serve gets the
protocol's error response, never a traceback or a crash."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from lsp_support import ORDERS, make_app
from pygls.uris import from_fs_path

REPO = Path(__file__).resolve().parents[2]

# The server as `datasets lsp` serves it (stdin a pipe, read by pygls), writing at the
# end how many entries its table of requests under way still holds: what a long session
# would keep for ever.
COUNTING_SERVER = """
import sys
from ait_datasets.lsp.server import SERVER, serve

serve()
with open(sys.argv[1], "w", encoding="utf-8") as out:
    out.write(str(len(SERVER.protocol._request_futures)))
"""


def _frame(message: dict[str, Any]) -> bytes:
    body = json.dumps(message).encode("utf-8")
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def _session(*messages: dict[str, Any]) -> bytes:
    return b"".join(_frame(m) for m in messages)


def _answers(stdout: bytes) -> dict[Any, dict[str, Any]]:
    """The server's responses by id (notifications and requests left out)."""
    out: dict[Any, dict[str, Any]] = {}
    rest = stdout
    while rest:
        head, _, rest = rest.partition(b"\r\n\r\n")
        length = next(
            int(line.split(b":", 1)[1])
            for line in head.split(b"\r\n")
            if line.lower().startswith(b"content-length:")
        )
        message = json.loads(rest[:length])
        rest = rest[length:]
        if "id" in message and "method" not in message:
            out[message["id"]] = message
    return out


def _initialize(ident: int, root: Path) -> dict[str, Any]:
    return {
        "jsonrpc": "2.0",
        "id": ident,
        "method": "initialize",
        "params": {
            "capabilities": {},
            "rootUri": from_fs_path(str(root)),
            "initializationOptions": {"debounceMs": 10_000, "workDate": "2026-03-17"},
        },
    }


INITIALIZED = {"jsonrpc": "2.0", "method": "initialized", "params": {}}
EXIT = {"jsonrpc": "2.0", "method": "exit"}


def _shutdown(ident: int) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": ident, "method": "shutdown"}


def _run(command: list[str], session: bytes) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(command, input=session, capture_output=True, cwd=REPO, timeout=300)


def _table_after_edits(tmp_path: Path, edits: int) -> int:
    dataset = make_app(tmp_path) / "datasets" / "ORDERS.yaml"
    uri = from_fs_path(str(dataset))
    opened = {"uri": uri, "languageId": "yaml", "version": 1, "text": ORDERS}
    messages = [
        _initialize(1, tmp_path),
        INITIALIZED,
        {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": opened}},
    ]
    for version in range(2, edits + 2):
        text = ORDERS.replace("T2", f"T{version}")
        messages.append(
            {
                "jsonrpc": "2.0",
                "method": "textDocument/didChange",
                "params": {
                    "textDocument": {"uri": uri, "version": version},
                    "contentChanges": [{"text": text}],
                },
            }
        )
    messages += [_shutdown(2), EXIT]
    counted = tmp_path / "count.txt"
    done = _run([sys.executable, "-c", COUNTING_SERVER, str(counted)], _session(*messages))
    assert done.returncode == 0, done.stderr.decode()
    assert _answers(done.stdout)[2]["result"] is None
    return int(counted.read_text(encoding="utf-8"))


def test_the_request_table_holds_nothing_per_edit(tmp_path: Path) -> None:
    # Every notification used to leave its finished future in pygls's table of requests
    # under way (~1.9 KB each, for ever). Whatever the number of edits, it stays flat.
    few = _table_after_edits(tmp_path / "few", 50)
    many = _table_after_edits(tmp_path / "many", 200)
    assert few == many
    assert many <= 2


def test_a_bad_or_early_request_gets_the_protocols_error(tmp_path: Path) -> None:
    hover = {
        "textDocument": {"uri": from_fs_path(str(tmp_path / "D.yaml"))},
        "position": {"line": 0, "character": 0},
    }
    session = _session(
        # Before initialize: ServerNotInitialized; a notification then is dropped.
        {"jsonrpc": "2.0", "id": "early", "method": "textDocument/hover", "params": hover},
        {"jsonrpc": "2.0", "method": "workspace/didChangeConfiguration", "params": {}},
        _initialize(1, tmp_path),
        INITIALIZED,
        # Wrongly typed params: InvalidParams, for a request; a notification is dropped.
        {
            "jsonrpc": "2.0",
            "id": 2,
            "method": "textDocument/hover",
            "params": {"textDocument": {"uri": 5}, "position": "abc"},
        },
        {"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"contentChanges": 3}},
        {"jsonrpc": "2.0", "id": 3, "method": "textDocument/hover", "params": hover},
        _shutdown(4),
        EXIT,
    )
    done = _run([sys.executable, "-m", "ait_datasets", "lsp"], session)
    assert done.returncode == 0, done.stderr.decode()
    answers = _answers(done.stdout)
    assert answers["early"]["error"]["code"] == -32002
    assert answers[2]["error"]["code"] == -32602
    assert "result" not in answers[2]
    # The server goes on serving: the next requests are answered.
    assert answers[3]["result"] is None
    assert answers[4]["result"] is None
    assert "Traceback" not in done.stderr.decode()
    assert b"Traceback" not in done.stdout

"""`datasets lsp` as a command: listed in --help, says how to install the extra when it is
missing, and `datasets lint` never imports the server's libraries."""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from ait_datasets.cli import main
from ait_datasets.commands import lsp as lsp_command

REPO = Path(__file__).resolve().parents[2]


def test_help_lists_the_lsp_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "run the language server for editors" in capsys.readouterr().out


def test_without_the_extra_it_says_how_to_install_and_exits_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "pygls" else real(name, *a)
    )
    assert lsp_command.run(argparse.Namespace(stdio=False)) == 2
    err = capsys.readouterr().err
    assert "needs pygls" in err and "pip install 'ait-datasets[lsp]'" in err


def test_lint_does_not_import_the_language_server_libraries(tmp_path: Path) -> None:
    dataset = tmp_path / "D.yaml"
    dataset.write_text("tests:\n  - name: T\n    question: hi\n", encoding="utf-8")
    code = (
        "import sys\n"
        "from ait_datasets.cli import main\n"
        f"main(['lint', {str(dataset)!r}])\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('pygls', 'lsprotocol'))\n"
        "print('IMPORTED', bad)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, check=True
    ).stdout
    assert "IMPORTED []" in out


def _messages(*payloads: str) -> bytes:
    return b"".join(f"Content-Length: {len(p.encode())}\r\n\r\n{p}".encode() for p in payloads)


SESSION = _messages(
    '{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}',
    '{"jsonrpc": "2.0", "method": "initialized", "params": {}}',
    '{"jsonrpc": "2.0", "id": 2, "method": "shutdown"}',
    '{"jsonrpc": "2.0", "method": "exit"}',
)


@pytest.mark.parametrize("stdin_kind", ["pipe", "regular file"])
def test_a_session_is_served_whether_stdin_is_a_pipe_or_a_file(
    tmp_path: Path, stdin_kind: str
) -> None:
    # A pipe (as editors start it) or anything else: pygls's reader answers initialize
    # and shutdown, and ends on exit.
    command = [sys.executable, "-m", "ait_datasets", "lsp"]
    if stdin_kind == "pipe":
        done = subprocess.run(command, input=SESSION, capture_output=True, cwd=REPO, timeout=120)
    else:
        session = tmp_path / "session.bin"
        session.write_bytes(SESSION)
        with session.open("rb") as stdin:
            done = subprocess.run(command, stdin=stdin, capture_output=True, cwd=REPO, timeout=120)
    assert done.returncode == 0, done.stderr.decode()
    out = done.stdout.decode()
    assert '"id": 1' in out and '"capabilities"' in out
    assert '"id": 2' in out and '"result": null' in out

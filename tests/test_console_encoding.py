"""A console in a legacy code page (cp1252 on Windows) never ends a command with
UnicodeEncodeError: what it cannot show is written as an escape."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ait_datasets.cli import main
from ait_datasets.console import encodes_everything, safe_console

# A syntax error on a line that quotes characters cp1252 lacks: the text report shows it.
DATASET = 'name: T\ntests:\n  - question: "q \u2192 \U0001f600" x\n'


def _dataset(tmp_path: Path) -> Path:
    path = tmp_path / "a.yaml"
    path.write_text(DATASET, encoding="utf-8")
    return path


def test_a_cp1252_standard_output_shows_escapes_instead_of_failing(tmp_path: Path) -> None:
    path = _dataset(tmp_path)
    env = {**os.environ, "PYTHONIOENCODING": "cp1252"}
    env.pop("PYTHONUTF8", None)
    done = subprocess.run(
        [sys.executable, "-m", "ait_datasets", "lint", str(path)],
        capture_output=True,
        timeout=120,
        env=env,
    )
    out, err = done.stdout.decode("cp1252"), done.stderr.decode("cp1252")
    assert done.returncode == 1, err
    assert "Traceback" not in err and "internal error" not in err
    assert f"{path}:3:23: error SYN001" in out
    assert '- question: "q \\u2192 \\U0001f600" x' in out


def test_the_stream_is_put_back_as_it_was_after_the_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _dataset(tmp_path)
    raw = io.BytesIO()
    stdout = io.TextIOWrapper(raw, encoding="cp1252", errors="strict", write_through=True)
    monkeypatch.setattr(sys, "stdout", stdout)
    assert main(["lint", str(path)]) == 1
    assert '"q \\u2192 \\U0001f600" x' in raw.getvalue().decode("cp1252")
    # Only while the command runs: an in-process caller's stream keeps its own handler.
    assert stdout.errors == "strict" and stdout.encoding == "cp1252"


def test_a_utf8_stream_is_left_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    stdout = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict")
    monkeypatch.setattr(sys, "stdout", stdout)
    with safe_console():
        assert sys.stdout.errors == "strict"


def test_a_stream_that_is_no_text_wrapper_is_left_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    stdout = io.StringIO()
    monkeypatch.setattr(sys, "stdout", stdout)
    with safe_console():
        print("\u2192")
    assert stdout.getvalue() == "\u2192\n"


@pytest.mark.parametrize(
    ("encoding", "every"),
    [("utf-8", True), ("UTF8", True), ("utf-16-le", True), ("cp1252", False), ("cp850", False)],
)
def test_which_encodings_write_every_character(encoding: str, every: bool) -> None:
    assert encodes_everything(encoding) is every

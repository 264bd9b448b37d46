"""What a program reads from standard output (a file fixed from standard input, a diff,
YAML, JSON) is UTF-8 with the file's own line ends, on Windows too.

Windows's standard output encodes with the code page (cp1252 into a pipe) and turns
``\\n`` into ``\\r\\n``; the tests give standard output both habits.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from ait_datasets.cli import main

FIXABLE = (
    "tests:\n  - name: T1\n    turns:\n      - query: {from: J, title: 'Hi \u2192 \U0001f600'}\n"
    "        expected_data:\n          intervention_request:\n            type: assistance\n"
    "      - query:\n          intervention: {instruction: go}\n        expected_data: {}\n"
)
FIXED = FIXABLE.replace("type: assistance", "type: Assistance")


def _windows_stdout(monkeypatch: pytest.MonkeyPatch) -> io.BytesIO:
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="cp1252", newline="\r\n", write_through=True)
    monkeypatch.setattr(sys, "stdout", out)
    return raw


def _stdin(monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_lint_fix_from_standard_input_writes_the_file_back_as_it_was(
    monkeypatch: pytest.MonkeyPatch, newline: str
) -> None:
    raw = _windows_stdout(monkeypatch)
    _stdin(monkeypatch, FIXABLE.replace("\n", newline).encode("utf-8"))
    assert main(["lint", "--fix", "-"]) == 0
    assert raw.getvalue() == FIXED.replace("\n", newline).encode("utf-8")


def test_lint_diff_is_utf8_with_the_files_line_ends(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "a.yaml"
    path.write_bytes(FIXABLE.replace("\n", "\r\n").encode("utf-8"))
    raw = _windows_stdout(monkeypatch)
    assert main(["lint", "--diff", str(path)]) == 1
    diff = raw.getvalue().decode("utf-8")
    assert "-            type: assistance\r\n+            type: Assistance\r\n" in diff
    assert "\r\r\n" not in diff and "\u2192" in diff


def test_resolve_writes_utf8(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "a.yaml"
    path.write_text("tests:\n  - name: T \u2192 \U0001f600\n", encoding="utf-8")
    raw = _windows_stdout(monkeypatch)
    assert main(["resolve", str(path)]) == 0
    assert raw.getvalue().decode("utf-8") == "tests:\n- name: T \u2192 \U0001f600\n"


def test_a_junit_report_on_standard_output_is_the_utf8_it_declares(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "a \u2192.yaml"
    path.write_text("name: T\ntests:\n  - question: q x: y\n", encoding="utf-8")
    raw = _windows_stdout(monkeypatch)
    assert main(["lint", "--format", "junit", str(path)]) == 1
    report = raw.getvalue()
    assert report.startswith(b'<?xml version="1.0" encoding="UTF-8"?>\n')
    assert f"{path}:3:18: error SYN001".encode() in report
    assert b"\r\n" not in report

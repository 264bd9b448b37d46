"""When the text report is coloured: ``--color``, NO_COLOR, FORCE_COLOR, a terminal, and
a Windows console that must be asked to show colours."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from ait_datasets import colour
from ait_datasets.cli import main

RED = "\033[31m"
BROKEN = "name: T\ntests:\n  - question: q x: y\n"


class Terminal(io.StringIO):
    """Standard output as a terminal."""

    def isatty(self) -> bool:
        return True


@pytest.fixture(autouse=True)
def _plain_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("NO_COLOR", "FORCE_COLOR", "TERM", "WT_SESSION"):
        monkeypatch.delenv(name, raising=False)


def _lint(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stdout: io.StringIO, *options: str
) -> str:
    path = tmp_path / "a.yaml"
    path.write_text(BROKEN)
    monkeypatch.setattr(sys, "stdout", stdout)
    assert main(["lint", *options, str(path)]) == 1
    return stdout.getvalue()


def test_a_terminal_gets_colour(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert RED in _lint(tmp_path, monkeypatch, Terminal())


def test_no_color_turns_it_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    out = _lint(tmp_path, monkeypatch, Terminal())
    assert "error SYN001" in out and "\033[" not in out


def test_an_empty_no_color_does_not(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """https://no-color.org: only a non-empty value counts."""
    monkeypatch.setenv("NO_COLOR", "")
    assert RED in _lint(tmp_path, monkeypatch, Terminal())


def test_color_always_beats_no_color(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    assert RED in _lint(tmp_path, monkeypatch, io.StringIO(), "--color", "always")


def test_force_color_colours_a_pipe(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert RED in _lint(tmp_path, monkeypatch, io.StringIO())
    assert "\033[" not in _lint(tmp_path, monkeypatch, io.StringIO(), "--color", "never")


def test_a_pipe_and_a_dumb_terminal_get_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert "\033[" not in _lint(tmp_path, monkeypatch, io.StringIO())
    monkeypatch.setenv("TERM", "dumb")
    assert "\033[" not in _lint(tmp_path, monkeypatch, Terminal())


def test_a_windows_console_is_asked_to_show_colours(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[object] = []

    def console_says(answer: bool) -> None:
        monkeypatch.setattr(
            colour, "windows_virtual_terminal", lambda stream: asked.append(stream) or answer
        )

    monkeypatch.setattr(colour.sys, "platform", "win32")
    stream = Terminal()
    console_says(True)
    assert colour.wants_colour("auto", stream) is True and asked == [stream]
    # A console that cannot (before Windows 10): no escape sequences shown as text.
    console_says(False)
    assert colour.wants_colour("auto", stream) is False
    # Windows Terminal shows them whatever the console mode says.
    monkeypatch.setenv("WT_SESSION", "0b6b5b5e")
    assert colour.wants_colour("auto", stream) is True


def test_a_stream_without_a_console_behind_it_is_no_windows_console() -> None:
    # Off Windows always; on Windows because a StringIO has no file descriptor.
    assert colour.windows_virtual_terminal(Terminal()) is False

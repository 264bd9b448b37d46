"""No raw control or bidirectional character from a file reaches the terminal."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ait_datasets.cli import main
from ait_datasets.terminal_text import _UNSAFE, _escape, terminal_text

_HOSTILE = "\x1b[2J\u202e\r\x07\x9b"
_SHOWN = "\\x1b[2J\\u202e\\x0d\\x07\\x9b"
# The same characters as a YAML double-quoted value writes them (raw, YAML refuses them).
_ESCAPED = "\\e[2J\\u202e\\r\\a\\x9b"


def _unsafe(text: str) -> list[str]:
    allowed = {"\n", "\t"}
    bidi = {"\u061c", "\u200e", "\u200f", *map(chr, range(0x202A, 0x202F))}
    bidi |= set(map(chr, range(0x2066, 0x206A)))
    return [
        c
        for c in text
        if c not in allowed and (ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F or c in bidi)
    ]


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("plain text", "plain text"),
        ("tab\tand\nnewline", "tab\tand\nnewline"),
        (_HOSTILE, _SHOWN),
        ("\u2066isolate\u2069 \u200f", "\\u2066isolate\\u2069 \\u200f"),
        (os.fsdecode(b"bad\xff.yaml"), "bad\\xff.yaml"),
        ("é ünïcode 😀", "é ünïcode 😀"),
    ],
)
def test_terminal_text_shows_escapes_for_what_would_act_on_a_terminal(
    text: str, shown: str
) -> None:
    assert terminal_text(text) == shown


def test_lint_text_output_shows_a_hostile_formula_as_escapes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "a.yaml"
    path.write_text(f'tests:\n  - name: "$DateFormula-<CD+{_ESCAPED}>$"\n    question: q\n')
    assert main(["lint", str(path)]) == 1
    out = capsys.readouterr().out
    assert _unsafe(out) == []
    headline = next(line for line in out.splitlines() if " PH001 " in line)
    assert headline.startswith(f"{path}:2:11: error PH001 ")
    assert f"'<CD+{_SHOWN}>'" in headline


def test_the_caret_stays_under_its_column_when_the_line_shows_escapes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from ait_datasets.diagnostics import Diagnostic, Severity
    from ait_datasets.lint.reporters import Report
    from ait_datasets.lint.reporters.text_reporter import render

    source = "a: \u202ex\u202c bad\n"
    found = Diagnostic("t.yaml", 1, 8, 1, 11, "X001", Severity.ERROR, "bad")
    _head, excerpt, caret, _summary = render(Report([found], 1, {"t.yaml": source})).splitlines()
    assert excerpt == "    1 | a: \\u202ex\\u202c bad"
    assert excerpt[caret.index("^") :] == "bad" and caret.endswith("^^^")


@pytest.mark.parametrize(
    "argv",
    [
        ["date", f"CD+{_HOSTILE}", "--work-date", "2025-01-15"],
        ["resolve", "--work-date", "2025-01-15", "{path}"],
        ["migrate", "--check", "--kind", "agent", "{bad}"],
    ],
)
def test_messages_on_stderr_show_hostile_text_as_escapes(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "a.yaml"
    path.write_text(f'tests:\n  - name: "$DateFormula-<CD+{_ESCAPED}>$"\n    question: q\n')
    bad = tmp_path / "b.yaml"
    bad.write_text(f"tests:\n  - name: [{_HOSTILE}\n")
    args = [a.format(path=path, bad=bad) for a in argv]
    assert main(args) in (1, 2)
    captured = capsys.readouterr()
    assert captured.err
    assert _unsafe(captured.err) == []
    assert "\\x1b" in captured.err


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(alphabet=st.characters(max_codepoint=0x7F)), st.text()))
def test_the_quick_answers_are_the_rule_s_answers(text: str) -> None:
    # ASCII lines (tabs, newlines) skip the regular expression: they must not skip a
    # character it would escape.
    assert terminal_text(text) == _UNSAFE.sub(_escape, text)


def test_a_hostile_character_in_many_ascii_lines_is_shown_as_its_escape() -> None:
    assert terminal_text("a\tb\nc\x1bd\n") == "a\tb\nc\\x1bd\n"
    assert terminal_text("a\nb\x7f") == "a\nb\\x7f"

"""No dataset text can add a line to a CI log or start a command there, in any format.

GitHub's runner acts on a line that starts with ``::`` (after spaces) and on ``##[`` anywhere
in a line; the Azure Pipelines agent on ``##vso[`` anywhere in a line. A test name, a path
or any text a message quotes must therefore stay on its finding's line, show control
characters as escapes, and never hold those markers; the data formats keep the exact text,
escaped in their own syntax.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ait_datasets.cli import main
from ait_datasets.diagnostics import Diagnostic, Severity
from ait_datasets.lint.reporters import FORMATS, Report, renderer

HOSTILE = (
    "x\n##vso[task.complete result=Succeeded]\n::error::pwned\x1b[31m"
    "\r##[add-mask]y\u2028::warning::z\x85"
)
# The tool's own command prefixes: the only place a marker may appear.
OWN_PREFIX = {"github": re.compile(r"::(error|warning|notice) "), "azure": "##vso[task.logissue "}
DATA_FORMATS = {"json", "sarif", "gitlab", "junit"}


@pytest.fixture(autouse=True)
def no_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("GITHUB_ACTIONS", "TF_BUILD", "CI_PROJECT_DIR"):
        monkeypatch.delenv(name, raising=False)


def _raw_controls(text: str) -> list[str]:
    """Characters a log or terminal would act on (newline, which ends a line, aside)."""
    return [c for c in text if c != "\n" and (ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F)]


def _assert_no_injected_command(fmt: str, out: str) -> None:
    assert _raw_controls(out) == [], fmt
    assert "\u2028" not in out and "\u2029" not in out
    for line in out.split("\n"):
        body = line
        if fmt == "github" and re.match(r"::(error|warning|notice) ", line):
            body = line[line.index("::", 2) + 2 :]  # the message, after the command
        if fmt == "azure" and line.startswith("##vso[task.logissue "):
            body = line[len("##vso[task.logissue ") :]
        assert not body.lstrip().startswith("::"), (fmt, line)
        assert "##vso[" not in body, (fmt, line)
        assert "##[" not in body, (fmt, line)


def _lint(tmp_path: Path, fmt: str, capsys: pytest.CaptureFixture[str]) -> str:
    path = tmp_path / "t.jsonl"
    test = {"name": HOSTILE, "description": "d", "question": "q"}
    path.write_text(f"{json.dumps(test)}\n{json.dumps(test)}\n", encoding="utf-8")
    assert main(["lint", "--format", fmt, str(path)]) == 1
    return capsys.readouterr().out


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_hostile_test_name_cannot_add_a_line_or_a_command(
    fmt: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _lint(tmp_path, fmt, capsys)
    _assert_no_injected_command(fmt, out)
    if fmt in DATA_FORMATS:
        return
    # The duplicate-name finding quotes the name: it is one line, with the escapes shown.
    finding = [line for line in out.split("\n") if "TST004" in line]
    assert len(finding) == 1, out
    assert "x\\n##vso" in finding[0] and "\\x1b[31m" in finding[0], finding[0]


def test_the_data_formats_keep_the_exact_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def quoted(message: object, name: str = HOSTILE) -> bool:
        return f"'{name}'" in str(message)

    (found,) = [d for d in json.loads(_lint(tmp_path, "json", capsys)) if d["code"] == "TST004"]
    assert quoted(found["message"])
    sarif = json.loads(_lint(tmp_path, "sarif", capsys))
    assert any(quoted(r["message"]["text"]) for r in sarif["runs"][0]["results"])
    gitlab = json.loads(_lint(tmp_path, "gitlab", capsys))
    assert any(quoted(issue["description"]) for issue in gitlab)
    junit = ET.fromstring(_lint(tmp_path, "junit", capsys))
    failure = junit.find(".//failure")
    # XML 1.0 cannot carry ESC at all, even escaped: it is shown as an escape there.
    assert failure is not None and quoted(failure.text, HOSTILE.replace("\x1b", "\\u001b"))


HOSTILE_PATH = "::error::x\n##vso[task.complete]\x1b.yaml"


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_hostile_file_name_cannot_start_a_line_or_a_command(fmt: str) -> None:
    diags = [
        Diagnostic(HOSTILE_PATH, 1, 1, 1, 2, "TST004", Severity.ERROR, "one"),
        Diagnostic(HOSTILE_PATH, 2, 1, 2, 2, "TST003", Severity.WARNING, "two"),
    ]
    out = renderer(fmt)(Report(diags, 1, {HOSTILE_PATH: "a\nb\n"}, paths=[HOSTILE_PATH]))
    _assert_no_injected_command(fmt, out)
    if fmt not in DATA_FORMATS:
        # Each finding is one line: its code appears on exactly one line.
        for code in ("TST004", "TST003"):
            assert len([line for line in out.split("\n") if code in line]) == 1, out


@pytest.mark.parametrize(
    "marker",
    ["##vso[", "##VSO[", "##[", "#\u00ad#vso[", "##v\u200bso[", "#\ufeff#["],
)
def test_every_spelling_a_runner_matches_is_broken(marker: str) -> None:
    from ait_datasets.log_text import one_line

    shown = one_line(f"a {marker}task.complete]")
    assert "[" not in shown and shown.endswith("\\x5btask.complete]")


@pytest.mark.parametrize("start", ["::", "  ::", "\u200b::", ":\u00ad:"])
def test_a_line_starting_command_is_broken_only_at_the_start(start: str) -> None:
    from ait_datasets.log_text import one_line

    assert not one_line(f"{start}error::x", starts_line=True).lstrip().startswith("::")
    assert one_line("a::b", starts_line=True) == "a::b"
    assert one_line("::b") == "::b"  # inside a line it is text


def test_the_data_escapes_read_back_as_the_same_text() -> None:
    from ait_datasets.log_text import json_for_logs, xml_for_logs

    text = "a\r\n##vso[x]\x85\u2028::e::"
    assert json.loads(json_for_logs(json.dumps({"k": text}, ensure_ascii=False))) == {"k": text}
    element = ET.Element("t", a=text)
    element.text = text
    back = ET.fromstring(xml_for_logs(ET.tostring(element, encoding="unicode")))
    assert back.text == text and back.get("a") == text


_PIECES = ["#", "##", "vso", "VSO", "[", ":", "::", "\n", "\r", "\t", " ", "\u00ad", "\u200b", "x"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(_PIECES), st.text(max_size=3)), max_size=12))
def test_no_text_survives_as_a_command(pieces: list[str]) -> None:
    from ait_datasets.log_text import _IGNORABLE, one_line

    shown = one_line("".join(pieces), starts_line=True)
    assert _raw_controls(shown) == [] and "\n" not in shown
    visible = re.sub(_IGNORABLE, "", shown)
    assert "##[" not in visible and "##vso[" not in visible.lower()
    assert not visible.lstrip().startswith("::")

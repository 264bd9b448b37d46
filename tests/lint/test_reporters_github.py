"""GitHub Actions workflow commands: escaping, severities, and the automatic choice."""

from __future__ import annotations

from pathlib import Path

import pytest

from ait_datasets.cli import main
from ait_datasets.diagnostics import Diagnostic, Severity
from ait_datasets.lint.reporters import Report, renderer
from ait_datasets.lint.reporters.github_reporter import annotation, escape_data, escape_property

BAD = (
    "tests:\n  - name: T1\n    turns:\n      - query: {title: Hi, message: Hi}\n"
    "        expected_data: {}\n"
)


def diag(path: str, severity: Severity, message: str = "m") -> Diagnostic:
    return Diagnostic(path, 3, 5, 4, 9, "QRY003", severity, message)


def test_message_escapes_percent_cr_and_lf_but_keeps_colons_and_commas() -> None:
    assert escape_data("100% sure\r\nnext: a, b") == "100%25 sure%0D%0Anext: a, b"


def test_property_also_escapes_colon_and_comma() -> None:
    assert escape_property("C:\\a,b%\n") == "C%3A\\a%2Cb%25%0A"


def test_percent_is_escaped_first_so_escapes_are_not_doubled() -> None:
    assert escape_data("%0A") == "%250A"


@pytest.mark.parametrize(
    ("severity", "command"),
    [(Severity.ERROR, "error"), (Severity.WARNING, "warning"), (Severity.INFO, "notice")],
)
def test_each_severity_has_its_command(
    severity: Severity, command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert annotation(diag("a.yaml", severity, "Add `from: <sender>`.")) == (
        f"::{command} file=a.yaml,line=3,col=5,endLine=4,endColumn=9,title=QRY003"
        "::Add `from: <sender>`."
    )


def test_paths_are_relative_posix_and_escaped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    path = str(tmp_path / "a,b" / "x:y.yaml")
    line = annotation(diag(path, Severity.ERROR, "two\nlines 100%"))
    # A newline in a message is shown as its escape (one finding, one line of the
    # annotation); `%` is the runner's escape character.
    assert line == (
        "::error file=a%2Cb/x%3Ay.yaml,line=3,col=5,endLine=4,endColumn=9,title=QRY003"
        "::two\\nlines 100%25"
    )


def test_render_one_command_per_line_and_statistics(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    diags = [diag("a.yaml", Severity.ERROR), diag("b.yaml", Severity.WARNING)]
    out = renderer("github")(Report(diags, files=2, statistics=True)).splitlines()
    assert [line.split(" ", 1)[0] for line in out[:2]] == ["::error", "::warning"]
    assert out[2:] == ["     2  QRY003"]
    assert renderer("github")(Report([], files=3)) == ""


def write_bad(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text(BAD, encoding="utf-8")


def test_github_is_the_default_under_github_actions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    write_bad(tmp_path)
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    assert main(["lint", "a.yaml"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 1
    assert out[0].startswith(
        "::error file=a.yaml,line=4,col=17,endLine=4,endColumn=22,title=QRY003::"
    )


def test_an_explicit_format_wins_under_github_actions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    write_bad(tmp_path)
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    assert main(["lint", "--format", "text", "--color", "never", "a.yaml"]) == 1
    assert capsys.readouterr().out.startswith("a.yaml:4:17: error QRY003 ")


@pytest.mark.parametrize("value", [None, "false"])
def test_text_is_the_default_elsewhere(
    value: str | None,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    write_bad(tmp_path)
    if value is None:
        monkeypatch.delenv("GITHUB_ACTIONS", raising=False)
    else:
        monkeypatch.setenv("GITHUB_ACTIONS", value)
    assert main(["lint", "--color", "never", "a.yaml"]) == 1
    assert capsys.readouterr().out.startswith("a.yaml:4:17: error QRY003 ")

"""Faults in one file's text are findings on that file, never an internal error."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from ait_datasets.cli import main
from ait_datasets.diagnostics import Diagnostic
from ait_datasets.source.load import load_text

LintText = Callable[..., list[Diagnostic]]


@pytest.mark.parametrize("escape", ["\\U00110000", "\\U80000000", "\\UFFFFFFFF"])
def test_an_escape_past_the_last_code_point_is_a_syntax_error(escape: str) -> None:
    doc = load_text("t.yaml", f'tests:\n  - name: "{escape}"\n')
    found = [(d.code, d.line, d.column) for d in doc.diagnostics]
    assert ("SYN001", 2, 14) in found
    assert "invalid Unicode character escape" in doc.diagnostics[0].message


@pytest.mark.parametrize("argv", [["lint"], ["resolve"], ["migrate", "--check"]])
def test_every_command_reports_an_escape_past_the_last_code_point(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "a.yaml"
    path.write_text('tests:\n  - name: "\\U00110000"\n    question: q\n')
    assert main([*argv, str(path)]) in (1, 2)
    captured = capsys.readouterr()
    assert f"{path}:2:14: " in captured.out + captured.err
    assert "internal error" not in captured.out + captured.err


@pytest.mark.parametrize("path", ["t.yaml", "t.json", "t.jsonl"])
def test_a_lone_surrogate_in_text_from_the_api_is_an_encoding_finding(
    path: str, lint_text: LintText
) -> None:
    # The editor and the DSL pass text, not bytes: libyaml raised UnicodeEncodeError.
    text = 'tests:\n  - name: "x\ud800"\n' if path.endswith("yaml") else '{"name": "x\udc00"}\n'
    doc = load_text(path, text)
    line, col = (2, 13) if path.endswith("yaml") else (1, 12)
    assert [(d.code, d.line, d.column) for d in doc.diagnostics] == [("SYN005", line, col)]
    assert "lone surrogate" in doc.diagnostics[0].message
    found = lint_text(text, path)
    assert ("SYN005", line, col) in [(d.code, d.line, d.column) for d in found]


# Every line break YAML counts (source/lines.py), CR-only files' among them.
BREAKS = ["\n", "\r\n", "\r", "\x85", "\u2028", "\u2029"]


@pytest.mark.parametrize("br", BREAKS)
def test_a_lone_surrogate_is_reported_on_its_line_whatever_the_line_breaks(br: str) -> None:
    text = f'tests:{br}  - name: T{br}    question: "a\ud800b"{br}'
    doc = load_text("t.yaml", text)
    assert [(d.code, d.line, d.column) for d in doc.diagnostics] == [("SYN005", 3, 17)]


@pytest.mark.parametrize("br", BREAKS)
def test_a_raw_control_character_is_reported_on_its_line_whatever_the_line_breaks(
    br: str,
) -> None:
    text = f'tests:{br}  - name: T{br}    question: "a\x01b"{br}'
    doc = load_text("t.yaml", text)
    found = [d for d in doc.diagnostics if (d.code, d.line, d.column) == ("SYN001", 3, 17)]
    assert len(found) == 1, doc.diagnostics
    assert "the character U+0001 is not allowed in YAML" in found[0].message


@pytest.mark.parametrize("text", ["a: ! 1\n", "a: ! true\n", "a: ! null\n", "a: ! 0x1F\n"])
def test_the_non_specific_tag_makes_a_value_text(text: str) -> None:
    doc = load_text("t.yaml", text)
    assert doc.diagnostics == []
    assert doc.data == {"a": text[5:-1]}


@pytest.mark.parametrize(
    ("text", "tag", "kinds"),
    [
        ("a: !!str {b: 1}\n", "!!str", ("a single value", "a mapping")),
        ("a: !!str\n  b: 1\n", "!!str", ("a single value", "a mapping")),
        ("a: !!int [1]\n", "!!int", ("a single value", "a list")),
        ("a: !!map 1\n", "!!map", ("a mapping", "a single value")),
        ("a: !!map [1]\n", "!!map", ("a mapping", "a list")),
        ("a: !!seq 1\n", "!!seq", ("a list", "a single value")),
        ("a: !!seq {b: 1}\n", "!!seq", ("a list", "a mapping")),
    ],
)
def test_a_core_tag_on_the_wrong_kind_of_node_is_reported(
    text: str, tag: str, kinds: tuple[str, str]
) -> None:
    doc = load_text("t.yaml", text)
    found = [d for d in doc.diagnostics if (d.code, d.line, d.column) == ("SYN007", 1, 4)]
    assert len(found) == 1
    assert found[0].message.startswith(
        f"The tag '{tag}' is for {kinds[0]}, but this is {kinds[1]}; it was not applied"
    )


@pytest.mark.parametrize("text", ["a: !!map {b: 1}\n", "a: !!seq [1]\n", "a: !!str 1\n"])
def test_a_core_tag_on_its_own_kind_of_node_is_fine(text: str) -> None:
    assert load_text("t.yaml", text).diagnostics == []


@pytest.mark.parametrize(
    ("text", "line", "col", "point"),
    [
        ('tests:\n  - name: T\n    question: "a\x01b"\n', 3, 17, "U+0001"),
        # libyaml counts UTF-8 bytes: the characters before it must not shift the column.
        ("tests:\n  - name: Tééé\n    question: a\x07b\n", 3, 16, "U+0007"),
        ("a: é\ufffe\n", 1, 5, "U+FFFE"),
    ],
)
def test_a_raw_control_character_is_reported_at_its_own_position(
    text: str, line: int, col: int, point: str
) -> None:
    doc = load_text("t.yaml", text)
    found = [d for d in doc.diagnostics if (d.code, d.line, d.column) == ("SYN001", line, col)]
    assert len(found) == 1, doc.diagnostics
    assert f"the character {point} is not allowed in YAML" in found[0].message


def test_sarif_names_a_file_whose_name_is_not_utf8(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import json
    import os

    name = b"bad\xff.yaml"
    try:
        with open(os.path.join(os.fsencode(tmp_path), name), "w") as fh:
            fh.write("tests:\n  - name: T\n  - name: T\n")
    except (OSError, UnicodeError):
        pytest.skip("this file system refuses names that are not UTF-8")
    monkeypatch.chdir(tmp_path)
    assert main(["lint", "--format", "sarif", "."]) == 1
    results = json.loads(capsys.readouterr().out)["runs"][0]["results"]
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in results}
    assert uris == {"bad%FF.yaml"}


_HUGE_NUMBERS = {
    "hex": "0x" + "f" * 3600,
    "octal": "0o" + "7" * 4800,
    "decimal": "9" * 4400,
    "float": "1" * 4400 + ".5",
}


@pytest.mark.parametrize(
    ("shape", "kind"),
    [
        (shape, kind)
        for shape in ("a: {n}\n", "a: [{n}]\n", "a: &x {n}\n", "a: !!int {n}\n")
        for kind in _HUGE_NUMBERS
        # `!!int` on a float is another finding (a tag on the wrong kind of value).
        if not (kind == "float" and "!!int" in shape)
    ],
)
def test_a_number_too_large_to_convert_is_a_limit_finding(shape: str, kind: str) -> None:
    number = _HUGE_NUMBERS[kind]
    doc = load_text("t.yaml", shape.format(n=number))
    found = [d for d in doc.diagnostics if d.code == "SYN010"]
    # An anchor or a tag is part of the value's span (libyaml's marks).
    assert [(d.line, d.column) for d in found] == [(1, 5 if "[" in shape else 4)]
    assert found[0].message.startswith(f"A number of {len(number)} characters: too large")


def test_a_large_number_python_can_convert_is_still_a_number() -> None:
    doc = load_text("t.yaml", "a: 0x" + "f" * 3500 + "\n")  # 4,214 decimal digits
    assert doc.diagnostics == [] and doc.data["a"] == 16**3500 - 1


@pytest.mark.parametrize("argv", [["lint"], ["resolve"], ["migrate", "--check", "--kind", "agent"]])
def test_every_command_reports_a_huge_hex_number_at_its_position(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # "Exceeds the limit (4300 digits) for integer string conversion" was an internal error.
    path = tmp_path / "a.yaml"
    path.write_text("tests:\n  - name: 0x" + "f" * 3600 + "\n    question: q\n")
    assert main([*argv, str(path)]) in (1, 2)
    captured = capsys.readouterr()
    assert f"{path}:2:11: " in captured.out + captured.err
    assert "internal error" not in captured.out + captured.err


def test_jobs_are_capped_at_the_cpu_count_and_the_cap_is_said(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import os

    from ait_datasets.lint.engine import effective_jobs

    cores = os.cpu_count() or 1
    # 403 processes for 400 files, once.
    assert effective_jobs(100_000, 400) == min(cores, 400)
    assert effective_jobs(1, 400) == 1
    (tmp_path / "a.yaml").write_text("tests:\n  - name: T\n    question: q\n")
    assert main(["lint", "--jobs", "100000", str(tmp_path)]) == 0
    err = capsys.readouterr().err
    assert f"datasets lint: --jobs 100000 is more than the {cores} CPUs; using {cores}\n" in err


def test_a_configuration_nesting_100000_arrays_is_a_configuration_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / ".ait-datasets.toml"
    config.write_text("x = " + "[" * 100_000 + "]" * 100_000 + "\n")
    (tmp_path / "a.yaml").write_text("tests:\n  - name: T\n    question: q\n")
    assert main(["lint", str(tmp_path / "a.yaml")]) == 2
    err = capsys.readouterr().err
    assert err == (
        f"datasets lint: invalid configuration: {config}: invalid TOML: arrays or tables "
        "nest too deeply to be a configuration\n"
    )

"""`datasets migrate`: exit codes, --check/--diff never write, reports, detection."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import pytest

from ait_datasets.cli import main

LEGACY = """\
tests:
  - name: T1
    question: Create the order
    expected_data: {}
"""

AGENT_SUITE = """<?xml version="1.0" encoding="UTF-16" standalone="no"?>
<Root>
  <AITSuite Code="AGENT" Dataset="LEGACY.YAML" TestType="Agent">
    <Line CodeunitID="50100" Dataset="ROWS" />
  </AITSuite>
  <AITSuite Code="COPILOT" Dataset="copilot.yaml" TestType="Copilot" />
</Root>
"""


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode())
    return path


def _snapshot(path: Path) -> tuple[bytes, int]:
    return path.read_bytes(), os.stat(path).st_mtime_ns


def test_check_exits_1_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path / "a.yaml", LEGACY)
    before = _snapshot(path)
    assert main(["migrate", "--check", "--kind", "agent", str(path)]) == 1
    assert _snapshot(path) == before
    out = capsys.readouterr().out
    assert f"{path}: needs migration (2 changes)" in out
    assert "0 up to date" in out


def test_check_exits_0_when_nothing_is_needed(tmp_path: Path) -> None:
    path = _write(tmp_path / "a.yaml", LEGACY)
    assert main(["migrate", "--kind", "agent", str(path)]) == 0
    assert main(["migrate", "--check", "--kind", "agent", str(path)]) == 0


def test_diff_prints_and_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path / "a.yaml", LEGACY)
    before = _snapshot(path)
    assert main(["migrate", "--diff", "--kind", "agent", str(path)]) == 1  # something would change
    assert _snapshot(path) == before
    out = capsys.readouterr().out
    assert f"--- a/{path}" in out
    assert "-    question: Create the order\n" in out
    assert "+    turns:\n" in out
    assert "+          title: Create the order\n" in out


def test_report_names_test_turn_and_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path / "a.yaml", LEGACY)
    assert main(["migrate", "--kind", "agent", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert (
        f"  {path}:3: test 'T1': flat test -> `turns:` with one turn (`question`, "
        "`expected_data`) [flat-to-turns]" in out
    )
    assert (
        f"  {path}:3: test 'T1', turn 1: `question:` text -> `query:` with `title` and "
        "`message` [question-text-to-query]" in out
    )
    assert any(
        line.startswith(f"  follow-up: {path}:3: test 'T1', turn 1: the query has no `from`")
        for line in out
    )


def test_from_supplies_the_sender(tmp_path: Path) -> None:
    path = _write(tmp_path / "a.yaml", LEGACY)
    assert main(["migrate", "--kind", "agent", "--from", "Jane Doe", str(path)]) == 0
    assert "          from: Jane Doe\n" in path.read_text()


def test_unparsable_file_is_reported_with_position_and_not_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path / "bad.yaml", "tests:\n  - name: [unclosed\n    question: x\n")
    before = _snapshot(path)
    assert main(["migrate", "--kind", "agent", str(path)]) == 2
    assert _snapshot(path) == before
    err = capsys.readouterr().err
    assert f"{path}: not migrated: the file cannot be parsed" in err
    assert f"{path}:3:13: YAML syntax error" in err


def test_missing_path_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["migrate", str(tmp_path / "nope.yaml")]) == 2
    assert "no such file or folder" in capsys.readouterr().err


def test_copilot_dataset_is_skipped_byte_for_byte(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path / "copilot.yaml", LEGACY)
    before = _snapshot(path)
    assert main(["migrate", str(path)]) == 0
    assert _snapshot(path) == before
    assert f"{path}: skipped: not an agent dataset" in capsys.readouterr().out


def test_agent_markers_make_a_file_an_agent_dataset(tmp_path: Path) -> None:
    text = (
        LEGACY + "  - name: T2\n    turns:\n      - query: {from: J, title: x}\n"
        "        expected_data: {}\n"
    )
    path = _write(tmp_path / "mixed.yaml", text)
    assert main(["migrate", str(path)]) == 0
    assert "question" not in path.read_text()


def test_suite_xml_with_agent_test_type_marks_datasets(tmp_path: Path) -> None:
    resources = tmp_path / "app" / ".resources"
    xml = resources / "suites" / "suite.xml"
    xml.parent.mkdir(parents=True)
    xml.write_bytes(b"\xff\xfe" + AGENT_SUITE.encode("utf-16-le"))
    legacy = _write(resources / "datasets" / "Legacy.yaml", LEGACY)
    rows = _write(resources / "datasets" / "rows.jsonl", '{"name": "R", "question": "Go"}\n')
    copilot = _write(resources / "datasets" / "copilot.yaml", LEGACY)
    assert main(["migrate", str(resources)]) == 0
    assert "turns:" in legacy.read_text()
    assert rows.read_text() == (
        '{"name": "R", "turns": [{"query": {"title": "Go", "message": "Go"}}]}\n'
    )
    assert copilot.read_text() == LEGACY


@pytest.mark.skipif(
    sys.platform == "win32", reason="Windows has no POSIX file modes (only a read-only attribute)"
)
def test_permissions_are_kept(tmp_path: Path) -> None:
    path = _write(tmp_path / "a.yaml", LEGACY)
    os.chmod(path, 0o640)
    assert main(["migrate", "--kind", "agent", str(path)]) == 0
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["a.yaml"]  # no temporary file left


def test_unsafe_result_is_not_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Moving expected_data before description would put the alias before its anchor.
    text = "tests:\n  - name: T\n    question: Go\n    description: &d x\n    expected_data: *d\n"
    path = _write(tmp_path / "a.yaml", text)
    assert main(["migrate", "--kind", "agent", str(path)]) == 2
    assert path.read_text() == text
    err = capsys.readouterr().err
    assert f"{path}: not migrated: the migrated text would not load" in err
    assert "nothing was changed" in err


def test_al_files_passed_by_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Only calls on an `AIT Test Context` variable are renamed (see test_migrate_al_code).
    head = (
        'codeunit 50100 "T"\n{\n    procedure P()\n    var\n'
        '        Ctx: Codeunit "AIT Test Context";\n    begin\n'
    )
    tail = "    end;\n}\n"
    path = _write(
        tmp_path / "Test.Codeunit.al", head + "x := Ctx.GetQuestion().ValueAsText();\n" + tail
    )
    assert main(["migrate", str(path)]) == 0
    assert path.read_text() == head + "x := Ctx.GetQuery().ValueAsText();\n" + tail
    assert f"  {path}:7: `GetQuestion()` -> `GetQuery()` [al-get-query]" in capsys.readouterr().out
    # A folder is searched for datasets only.
    other = _write(tmp_path / "dir" / "Other.Codeunit.al", "Ctx.GetQuestion();\n")
    assert main(["migrate", str(tmp_path / "dir")]) == 0
    assert other.read_text() == "Ctx.GetQuestion();\n"


def test_unreadable_suite_xml_is_ignored(tmp_path: Path) -> None:
    resources = tmp_path / ".resources"
    _write(resources / "broken.xml", '<Root><AITSuite Dataset="A.YAML" TestType="Agent">')
    dataset = _write(resources / "a.yaml", LEGACY)
    assert main(["migrate", str(dataset)]) == 0
    assert dataset.read_text() == LEGACY  # not known to be an agent dataset: skipped


def test_al_calls_on_other_receivers_are_followups(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (
        'codeunit 50100 "T"\n{\n    procedure P()\n    begin\n        Helper.GetQuestion();\n'
        '    end;\n\n    var\n        Helper: Codeunit "My Helper";\n}\n'
    )
    path = _write(tmp_path / "Test.Codeunit.al", text)
    assert main(["migrate", str(path)]) == 0
    assert path.read_text() == text
    out = capsys.readouterr().out
    assert f"  follow-up: {path}:5: `Helper.GetQuestion()` left as it is" in out


def test_question_text_migration_names_the_al_lines_that_read_the_query_as_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    app = tmp_path / "app"
    _write(app / "app.json", "{}\n")
    _write(
        app / "src" / "Test.Codeunit.al",
        'codeunit 50100 "T"\n{\n    Subtype = Test;\n\n    [Test]\n    procedure P()\n'
        "    var\n        Query: Text;\n    begin\n"
        "        Query := Ctx.GetQuery().ValueAsText();\n    end;\n\n"
        '    var\n        Ctx: Codeunit "AIT Test Context";\n}\n',
    )
    dataset = _write(
        app / ".resources" / "datasets" / "a.yaml",
        "tests:\n  - name: T1\n    question: Release the order\n",
    )
    assert main(["migrate", "--kind", "agent", "--from", "Jane", str(dataset)]) == 0
    out = capsys.readouterr().out
    assert "Test.Codeunit.al:10: `GetQuery().ValueAsText()` no longer returns the question" in out
    assert "GetQuery().Element('message').ValueAsText()" in out

"""Adopting the linter in an existing repository: baselines and --add-suppressions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ait_datasets.cli import main

DATASET = (
    "tests:\n"
    "  - name: First\n"
    "    turns:\n"
    "      - query: {title: Hi, message: Hi}\n"
    "        expected_data: {}\n"
    "  - name: Second\n"
    "    turns:\n"
    "      - query: {from: Jane, title: Hi}\n"
    "        expected_data: {}\n"
    "      - query:\n"
    "          title: |\n"
    "            Pay $datetimeformula-<CD>$ please\n"
    "          message: ok\n"
    "        expected_data: {intervention_request: {type: assistance}}\n"
)


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name in ("GITHUB_ACTIONS", "TF_BUILD"):
        monkeypatch.delenv(name, raising=False)
    (tmp_path / ".resources").mkdir()
    (tmp_path / ".resources" / "a.yaml").write_text(DATASET, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def codes(capsys: pytest.CaptureFixture[str]) -> list[str]:
    out = capsys.readouterr().out
    return [
        line.split()[2] for line in out.splitlines() if ": error " in line or ": warning " in line
    ]


def test_write_baseline_records_fingerprints_without_line_numbers(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["lint", "--write-baseline", "baseline.json", "."]) == 0
    assert "Recorded 4 findings" in capsys.readouterr().err
    data = json.loads((repo / "baseline.json").read_text(encoding="utf-8"))
    assert data["version"] == 1
    wheres = sorted((f["code"], f["where"]) for f in data["findings"])
    assert wheres == [
        ("EXP001", "tests[Second].turns[1].expected_data.intervention_request.type"),
        ("PH003", "tests[Second].turns[1].query.title"),
        ("QRY003", "tests[First].turns[0].query.title"),
        ("QRY003", "tests[Second].turns[1].query.title"),
    ]
    assert {f["file"] for f in data["findings"]} == {".resources/a.yaml"}
    assert "line" not in json.dumps(data)


def test_baseline_hides_known_findings_and_survives_unrelated_edits(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    main(["lint", "--write-baseline", "baseline.json", "."])
    capsys.readouterr()
    assert main(["lint", "--baseline", "baseline.json", "."]) == 0
    captured = capsys.readouterr()
    assert "All checks passed" in captured.out
    assert "4 findings are in the baseline" in captured.err
    # A test added above, comments, reindented lines: still the same findings.
    edited = DATASET.replace(
        "tests:\n",
        "# a header\ntests:\n  - name: Zero\n    turns:\n"
        "      - query: {from: Al, title: T}\n        expected_data: {}\n",
    )
    (repo / ".resources/a.yaml").write_text(edited, encoding="utf-8")
    assert main(["lint", "--baseline", "baseline.json", "."]) == 0
    assert "All checks passed" in capsys.readouterr().out


def test_baseline_reports_new_findings_only(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["lint", "--write-baseline", "baseline.json", "."])
    text = (
        DATASET
        + "  - name: Third\n    turns:\n      - query: {title: New}\n        expected_data: {}\n"
    )
    (repo / ".resources/a.yaml").write_text(text, encoding="utf-8")
    capsys.readouterr()
    assert main(["lint", "--format", "concise", "--baseline", "baseline.json", "."]) == 1
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 2 and out[0].startswith(".resources/a.yaml:17:17: error QRY003")


def test_a_changed_value_is_a_new_finding(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["lint", "--write-baseline", "baseline.json", "."])
    (repo / ".resources/a.yaml").write_text(
        DATASET.replace("assistance", "assist"), encoding="utf-8"
    )
    capsys.readouterr()
    assert main(["lint", "--format", "concise", "--baseline", "baseline.json", "."]) == 1
    captured = capsys.readouterr()
    assert [line.split()[2] for line in captured.out.splitlines()[:-1]] == ["EXP001"]
    # The recorded finding with the old value is reported as fixed.
    assert "fixed: .resources/a.yaml: EXP001 tests[Second]" in captured.err


def test_fixed_entries_are_reported_and_pruned(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    main(["lint", "--write-baseline", "baseline.json", "."])
    fixed = DATASET.replace("{title: Hi, message: Hi}", "{from: Al, title: Hi, message: Hi}")
    (repo / ".resources/a.yaml").write_text(fixed, encoding="utf-8")
    capsys.readouterr()
    assert main(["lint", "--baseline", "baseline.json", "."]) == 0
    err = capsys.readouterr().err
    assert "fixed: .resources/a.yaml: QRY003 tests[First].turns[0].query.title" in err
    assert "1 baseline entry is fixed: remove it with --prune-baseline." in err
    assert main(["lint", "--baseline", "baseline.json", "--prune-baseline", "."]) == 0
    assert "Removed 1 fixed entry" in capsys.readouterr().err
    data = json.loads((repo / "baseline.json").read_text(encoding="utf-8"))
    assert sorted(f["where"] for f in data["findings"] if f["code"] == "QRY003") == [
        "tests[Second].turns[1].query.title"
    ]
    assert main(["lint", "--baseline", "baseline.json", "."]) == 0
    assert "fixed:" not in capsys.readouterr().err


def test_identical_findings_are_counted(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Two tests named T (TST004) whose task inputs both lack `from`: one fingerprint, twice.
    one = "  - name: T\n    turns:\n      - query: {title: Hi}\n        expected_data: {}\n"
    (repo / ".resources/a.yaml").write_text("tests:\n" + one + one, encoding="utf-8")
    main(["lint", "--write-baseline", "baseline.json", "."])
    data = json.loads((repo / "baseline.json").read_text(encoding="utf-8"))
    assert [(f["code"], f["count"]) for f in data["findings"] if f["code"] == "QRY003"] == [
        ("QRY003", 2)
    ]
    # Fixing one of the two leaves the other reported as known, and one entry fixed.
    fixed = one.replace("{title: Hi}", "{from: A, title: Hi}")
    (repo / ".resources/a.yaml").write_text("tests:\n" + one + fixed, encoding="utf-8")
    capsys.readouterr()
    assert main(["lint", "--baseline", "baseline.json", "."]) == 0
    assert (
        "fixed: .resources/a.yaml: QRY003 tests[T].turns[0].query.title" in capsys.readouterr().err
    )


def test_an_unreadable_baseline_is_exit_2(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (repo / "baseline.json").write_text("{not json", encoding="utf-8")
    assert main(["lint", "--baseline", "baseline.json", "."]) == 2
    assert "baseline.json: not a baseline file" in capsys.readouterr().err
    assert main(["lint", "--prune-baseline", "."]) == 2


# -- --add-suppressions ---------------------------------------------------------------------


def test_add_suppressions_silences_every_finding_and_changes_nothing_else(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = repo / ".resources/a.yaml"
    assert main(["lint", "--add-suppressions", "."]) == 0
    assert "Added 4 suppressions to 1 file." in capsys.readouterr().err
    new = path.read_text(encoding="utf-8")
    old_lines, new_lines = DATASET.split("\n"), new.split("\n")
    assert len(old_lines) == len(new_lines)
    changed = [(o, n) for o, n in zip(old_lines, new_lines, strict=True) if o != n]
    # Only comments were appended; the block scalar's content line is untouched and its
    # finding is suppressed on the `title: |` line that starts the node.
    assert changed == [
        (
            "      - query: {title: Hi, message: Hi}",
            "      - query: {title: Hi, message: Hi}  # datasets: disable=QRY003",
        ),
        ("          title: |", "          title: |  # datasets: disable=QRY003,PH003"),
        (
            "        expected_data: {intervention_request: {type: assistance}}",
            "        expected_data: {intervention_request: {type: assistance}}"
            "  # datasets: disable=EXP001",
        ),
    ]
    assert main(["lint", "."]) == 0
    assert "All checks passed" in capsys.readouterr().out


def test_add_suppressions_merges_into_an_existing_comment_and_keeps_crlf(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = repo / ".resources/a.yaml"
    text = (
        "tests:\r\n  - name: T\r\n    turns:\r\n"
        "      - query: {title: Hi}  # datasets: disable=FLW\r\n        expected_data: {}\r\n"
    )
    path.write_bytes(text.encode())
    assert main(["lint", "--add-suppressions", "."]) == 0
    assert path.read_bytes() == text.replace("disable=FLW", "disable=FLW,QRY003").encode()


def test_add_suppressions_in_suite_xml(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (repo / ".resources/a.yaml").write_text("tests:\n  - name: T\n", encoding="utf-8")
    xml = (
        '<?xml version="1.0" encoding="UTF-8"?>\n<Root>\n'
        '  <AITSuite Code="A" Description="d" Dataset="a.yaml" Validation="maybe"\n'
        '            TestRunnerId="130451" Capability="x">\n'
        '    <Line CodeunitID="50100" Dataset="a.yaml" />\n  </AITSuite>\n</Root>\n'
    )
    path = repo / ".resources/suite.xml"
    path.write_text(xml, encoding="utf-8")
    main(["lint", "."])
    before = capsys.readouterr().out
    assert "XML" in before
    assert main(["lint", "--add-suppressions", "."]) == 0
    new = path.read_text(encoding="utf-8")
    assert "  <!-- datasets: disable=" in new
    assert new.replace("\n", "").count("<AITSuite") == 1
    assert main(["lint", "."]) == 0, capsys.readouterr().out


def test_add_suppressions_leaves_json_to_the_baseline(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = repo / ".resources/a.json"
    path.write_text(
        '[{"name": "T", "turns": [{"query": {"title": "x"}, "expected_data": {}}]}]',
        encoding="utf-8",
    )
    (repo / ".resources/a.yaml").unlink()
    before = path.read_bytes()
    assert main(["lint", "--add-suppressions", "."]) == 0
    assert path.read_bytes() == before
    assert "JSON has no comments" in capsys.readouterr().err


def test_add_suppressions_cannot_be_combined_with_fix(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lint", "--add-suppressions", "--fix", "."]) == 2
    assert "cannot be combined" in capsys.readouterr().err


def test_add_suppressions_keeps_a_utf16_suite_in_utf16_with_crlf(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (repo / ".resources/a.yaml").write_text("tests:\n  - name: T\n", encoding="utf-8")
    xml = (
        '<?xml version="1.0" encoding="UTF-16" standalone="no"?>\r\n<Root>\r\n'
        '  <AITSuite Code="A" Description="d" Dataset="a.yaml" TestRunnerId=" 130451 ">\r\n'
        '    <Line CodeunitID="50100" Dataset="a.yaml" />\r\n  </AITSuite>\r\n</Root>\r\n'
    )
    path = repo / ".resources/suite.xml"
    path.write_bytes(b"\xff\xfe" + xml.encode("utf-16-le"))
    main(["lint", "--format", "concise", "."])
    assert "XML010" in capsys.readouterr().out
    assert main(["lint", "--add-suppressions", "."]) == 0
    raw = path.read_bytes()
    assert raw.startswith(b"\xff\xfe")
    new = raw[2:].decode("utf-16-le")
    assert new == xml.replace("  <AITSuite", "  <!-- datasets: disable=XML010 -->\r\n  <AITSuite")
    assert main(["lint", "."]) == 0


def test_cross_file_findings_are_suppressed_and_fingerprinted_too(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # REF001 comes from the cross-file checks, about a file without findings of its own.
    path = repo / ".resources/a.yaml"
    path.write_text("suite_setup: NOPE\ntests:\n  - name: T\n", encoding="utf-8")
    main(["lint", "--write-baseline", "baseline.json", "."])
    data = json.loads((repo / "baseline.json").read_text(encoding="utf-8"))
    assert [(f["code"], f["where"]) for f in data["findings"]] == [("REF001", "suite_setup")]
    assert main(["lint", "--add-suppressions", "."]) == 0
    assert path.read_text(encoding="utf-8").startswith(
        "suite_setup: NOPE  # datasets: disable=REF001\n"
    )
    capsys.readouterr()
    assert main(["lint", "."]) == 0

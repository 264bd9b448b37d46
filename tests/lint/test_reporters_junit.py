"""JUnit XML: one test case per linted file, failures for files with errors."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from ait_datasets.cli import main
from ait_datasets.diagnostics import Diagnostic, Severity
from ait_datasets.lint.reporters import Report, renderer

GOOD = (
    "tests:\n  - name: T1\n    turns:\n      - query: {from: Jane, title: Hi, message: Hi}\n"
    "        expected_data: {}\n"
)
BAD = GOOD.replace("from: Jane, ", "")


def diag(path: str, line: int, code: str, severity: Severity, message: str = "m") -> Diagnostic:
    return Diagnostic(path, line, 3, line, 8, code, severity, message)


def parse(report: Report) -> ET.Element:
    text = renderer("junit")(report)
    assert text.startswith('<?xml version="1.0" encoding="UTF-8"?>\n')
    return ET.fromstring(text.encode("utf-8"))


def cases(root: ET.Element) -> dict[str, ET.Element]:
    (suite,) = root.findall("testsuite")
    return {case.get("classname", ""): case for case in suite.findall("testcase")}


def test_counts_failures_and_passing_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    diags = [
        diag("a.yaml", 2, "QRY003", Severity.ERROR, "no from"),
        diag("a.yaml", 5, "TST001", Severity.WARNING, "no name"),
        diag("a.yaml", 7, "EXP001", Severity.ERROR, "bad type"),
        diag("b.yaml", 1, "TST005", Severity.INFO, "long"),
    ]
    root = parse(Report(diags, files=3, paths=["a.yaml", "b.yaml", "c.yaml"]))
    assert root.tag == "testsuites"
    (suite,) = root.findall("testsuite")
    assert suite.get("name") == "datasets lint"
    for element in (root, suite):
        assert (element.get("tests"), element.get("failures"), element.get("errors")) == (
            "3",
            "1",
            "0",
        )
    by_path = cases(root)
    assert list(by_path) == ["a.yaml", "b.yaml", "c.yaml"]
    assert {case.get("name") for case in by_path.values()} == {"lint"}

    failure = by_path["a.yaml"].find("failure")
    assert failure is not None
    assert failure.get("message") == "2 errors"
    assert (failure.text or "").splitlines() == [
        "a.yaml:2:3: error QRY003 no from",
        "a.yaml:7:3: error EXP001 bad type",
    ]
    assert by_path["a.yaml"].findtext("system-out") == "a.yaml:5:3: warning TST001 no name\n"

    # Warnings and infos alone do not fail a file.
    assert by_path["b.yaml"].find("failure") is None
    assert by_path["b.yaml"].findtext("system-out") == "b.yaml:1:3: info TST005 long\n"
    assert list(by_path["c.yaml"]) == []


def test_one_error_is_singular_and_unlisted_files_get_a_case() -> None:
    root = parse(Report([diag("x/z.yaml", 1, "QRY003", Severity.ERROR)], files=1, paths=[]))
    by_path = cases(root)
    assert list(by_path) == ["x/z.yaml"]
    failure = by_path["x/z.yaml"].find("failure")
    assert failure is not None and failure.get("message") == "1 error"
    assert root.get("tests") == "1"


def test_no_files_is_an_empty_passing_suite() -> None:
    root = parse(Report([], files=0))
    assert (root.get("tests"), root.get("failures")) == ("0", "0")
    assert cases(root) == {}


def test_markup_and_control_characters_stay_well_formed() -> None:
    message = 'quote <b> & "x" \x01\x1b end'
    root = parse(Report([diag("a.yaml", 1, "SYN001", Severity.ERROR, message)], files=1))
    failure = cases(root)["a.yaml"].find("failure")
    assert failure is not None
    assert failure.text == 'a.yaml:1:3: error SYN001 quote <b> & "x" \\u0001\\u001b end\n'


def test_lint_format_junit_lists_every_linted_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "good.yaml").write_text(GOOD, encoding="utf-8")
    (tmp_path / "data" / "bad.yaml").write_text(BAD, encoding="utf-8")
    assert main(["lint", "--format", "junit", "data"]) == 1
    root = ET.fromstring(capsys.readouterr().out.encode("utf-8"))
    assert (root.get("tests"), root.get("failures")) == ("2", "1")
    by_path = cases(root)
    assert set(by_path) == {"data/good.yaml", "data/bad.yaml"}
    assert by_path["data/good.yaml"].find("failure") is None
    failure = by_path["data/bad.yaml"].find("failure")
    assert failure is not None and failure.get("message") == "1 error"
    assert (failure.text or "").startswith("data/bad.yaml:4:17: error QRY003 ")

"""Azure DevOps, GitLab Code Quality and concise output; several reports in one run.

No Azure agent or GitLab instance runs in the tests, so the output is checked against
the vendors' documented formats, quoted below.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ait_datasets.cli import main
from ait_datasets.diagnostics import Diagnostic, Severity
from ait_datasets.lint.reporters import Report, renderer
from ait_datasets.lint.reporters.azure_reporter import escape_data, escape_property, logissue

BAD = (
    "tests:\n  - name: T1\n    turns:\n      - query: {title: Hi, message: Hi}\n"
    "        expected_data: {intervention_request: {type: assistance}}\n"
)

# learn.microsoft.com/azure/devops/pipelines/scripts/logging-commands, "LogIssue: Log an
# error or warning", "Example: Log a warning about a specific place in a file":
AZURE_DOC_EXAMPLE = (
    "##vso[task.logissue type=warning;sourcepath=consoleapp/main.cs;linenumber=1;"
    "columnnumber=1;code=100;]Found something that could be a problem."
)
# docs.gitlab.com/ci/testing/code_quality/#code-quality-report-format, the example issue:
GITLAB_DOC_EXAMPLE = json.loads(
    """[
  {
    "description": "'unused' is assigned a value but never used.",
    "check_name": "no-unused-vars",
    "fingerprint": "7815696ecbf1c96e6894b779456d330e",
    "severity": "minor",
    "location": {
      "path": "lib/index.js",
      "lines": {
        "begin": 42
      }
    }
  }
]"""
)
# The same page: "severity ... info, minor, major, critical, or blocker".
GITLAB_SEVERITIES = {"info", "minor", "major", "critical", "blocker"}


def write(tmp: Path, name: str, text: str) -> Path:
    path = tmp / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(autouse=True)
def no_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("GITHUB_ACTIONS", "TF_BUILD", "CI_PROJECT_DIR"):
        monkeypatch.delenv(name, raising=False)


# -- Azure DevOps ---------------------------------------------------------------------------


def test_azure_logissue_is_byte_for_byte_the_documented_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    diag = Diagnostic(
        "consoleapp/main.cs", 1, 1, 1, 2, "100", Severity.WARNING,
        "Found something that could be a problem.",
    )  # fmt: skip
    assert logissue(diag) == AZURE_DOC_EXAMPLE


def test_azure_errors_are_type_error_and_infos_warnings() -> None:
    def command(severity: Severity) -> str:
        return logissue(Diagnostic("a.yaml", 3, 5, 3, 9, "QRY003", severity, "m"))

    assert command(Severity.ERROR).startswith("##vso[task.logissue type=error;")
    # The command has only `error` and `warning` types.
    assert command(Severity.INFO).startswith("##vso[task.logissue type=warning;")


def test_azure_escapes_what_the_agent_decodes() -> None:
    # The agent decodes %AZP25 -> %, %0D/%0A -> CR/LF, and in properties %3B -> ; and %5D -> ].
    assert escape_data("100%\r\nnext; ]") == "100%AZP25%0D%0Anext; ]"
    assert escape_property("a;b]c%") == "a%3Bb%5Dc%AZP25"


def test_azure_is_chosen_under_azure_pipelines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "a.yaml", BAD)
    monkeypatch.setenv("TF_BUILD", "True")  # what Azure Pipelines sets
    assert main(["lint", "a.yaml"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert (
        "##vso[task.logissue type=error;sourcepath=a.yaml;linenumber=4;columnnumber=17;"
        "code=QRY003;]This task input" in lines[0]
    )
    assert all(line.startswith("##vso[task.logissue ") for line in lines)


# -- GitLab Code Quality ----------------------------------------------------------------


def _shape(value: object) -> object:
    if isinstance(value, dict):
        return {key: _shape(item) for key, item in value.items()}
    return type(value).__name__


def _gitlab(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str) -> list[dict[str, object]]:
    monkeypatch.chdir(tmp_path)
    write(tmp_path, ".resources/a.yaml", text)
    capsys_out = tmp_path / "gl.json"
    main(["lint", "--format", f"gitlab:{capsys_out}", ".resources"])
    data: list[dict[str, object]] = json.loads(capsys_out.read_text(encoding="utf-8"))
    return data


def test_gitlab_issues_have_the_documented_fields_and_types(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    issues = _gitlab(tmp_path, monkeypatch, BAD)
    assert [i["check_name"] for i in issues] == ["QRY003", "EXP001"]
    for issue in issues:
        assert _shape(issue) == _shape(GITLAB_DOC_EXAMPLE[0])
        assert issue["severity"] in GITLAB_SEVERITIES
    first = issues[0]
    assert first["severity"] == "major"
    assert first["location"] == {"path": ".resources/a.yaml", "lines": {"begin": 4}}
    assert str(first["description"]).startswith("QRY003 This task input")


def test_gitlab_fingerprints_are_unique_and_survive_moved_lines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    twice = BAD + BAD.replace("tests:\n", "").replace("T1", "T2")
    issues = _gitlab(tmp_path, monkeypatch, twice)
    prints = [i["fingerprint"] for i in issues]
    assert len(prints) == 4 and len(set(prints)) == 4
    # A comment and a blank line above move every line: the fingerprints stay.
    moved = _gitlab(tmp_path, monkeypatch, "# header\n\n" + twice)
    assert [i["fingerprint"] for i in moved] == prints
    assert [i["location"]["lines"]["begin"] for i in moved] == [  # type: ignore[index]
        i["location"]["lines"]["begin"] + 2  # type: ignore[index,operator]
        for i in issues
    ]


def test_gitlab_paths_are_relative_to_the_project_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CI_PROJECT_DIR", str(tmp_path))
    sub = tmp_path / "app"
    sub.mkdir()
    monkeypatch.chdir(sub)
    report = Report([Diagnostic(str(sub / "a.yaml"), 1, 1, 1, 2, "TST001", Severity.INFO, "m")], 1)
    issue = json.loads(renderer("gitlab")(report))[0]
    assert issue["location"]["path"] == "app/a.yaml"
    assert issue["severity"] == "info"


# -- concise, several formats, -o, --exit-zero --------------------------------------------


def test_concise_is_one_line_per_finding_and_the_summary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "a.yaml", BAD)
    assert main(["lint", "--format", "concise", "a.yaml"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("a.yaml:4:17: error QRY003 This task input")
    assert lines[1].startswith("a.yaml:5:54: error EXP001 [*] The framework fails")
    assert lines[2] == "Found 2 errors in 1 file (1 fixable with --fix)."
    assert len(lines) == 3


def test_several_formats_in_one_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "a.yaml", BAD)
    argv = ["lint", "--format", "text", "--format", "sarif:out/ds.sarif", "--format",
            "junit:ds.xml", "a.yaml"]  # fmt: skip
    (tmp_path / "out").mkdir()
    assert main(argv) == 1
    out = capsys.readouterr().out
    assert out.startswith("a.yaml:4:17: error QRY003")
    sarif = json.loads((tmp_path / "out" / "ds.sarif").read_text(encoding="utf-8"))
    assert [r["ruleId"] for r in sarif["runs"][0]["results"]] == ["QRY003", "EXP001"]
    assert "<testsuites" in (tmp_path / "ds.xml").read_text(encoding="utf-8")


def test_two_formats_on_standard_output_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lint", "--format", "text", "--format", "json", "."]) == 2
    assert "only one format can go to standard output" in capsys.readouterr().err


def test_unknown_format_suggests_one(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["lint", "--format", "azur", "."])
    assert exit_.value.code == 2
    assert "Did you mean 'azure'?" in capsys.readouterr().err


def test_output_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "a.yaml", BAD)
    assert main(["lint", "--format", "json", "-o", "report.json", "a.yaml"]) == 1
    assert capsys.readouterr().out == ""
    data = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    assert [d["code"] for d in data] == ["QRY003", "EXP001"]


def test_output_file_never_overwrites_an_input(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "a.yaml", BAD)
    assert main(["lint", "-o", "a.yaml", "a.yaml"]) == 2
    assert "is an input; not overwritten" in capsys.readouterr().err
    assert (tmp_path / "a.yaml").read_text(encoding="utf-8") == BAD


def test_exit_zero(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "a.yaml", BAD)
    assert main(["lint", "--exit-zero", "a.yaml"]) == 0
    assert "Found 2 errors" in capsys.readouterr().out
    # Exit 2 (a path that does not exist) is not a finding: --exit-zero keeps it.
    assert main(["lint", "--exit-zero", "a.yaml", "missing.yaml"]) == 2

"""`datasets init DIR` scaffolds an agent test app's resources that lint clean."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ait_datasets.cli import main
from ait_datasets.dsl.scaffold import prefix_for

EXPECTED_FILES = [
    ".resources/datasets/SALES-ACC.yaml",
    ".resources/datasets/suite_setup/SALES-SETUP.yaml",
    ".resources/suites/SALES.xml",
    "README.md",
    "src/SalesAgentAccuracy.Codeunit.al",
]


def _files(root: Path) -> list[str]:
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())


def _lint_json(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> tuple[int, list[dict[str, object]]]:
    capsys.readouterr()
    code = main(["lint", str(path), "--format", "json"])
    return code, json.loads(capsys.readouterr().out)


def test_init_writes_the_tree_and_it_lints_clean(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    app = tmp_path / "app"
    assert main(["init", str(app), "--code", "sales"]) == 0
    assert _files(app) == EXPECTED_FILES
    assert _lint_json(app, capsys) == (0, [])


def test_suite_xml_is_utf16le_with_bom_and_references_the_dataset(tmp_path: Path) -> None:
    assert main(["init", str(tmp_path), "--code", "SALES", "--codeunit", "50210"]) == 0
    raw = (tmp_path / ".resources/suites/SALES.xml").read_bytes()
    assert raw[:2] == b"\xff\xfe"
    text = raw[2:].decode("utf-16-le")
    assert text.startswith('<?xml version="1.0" encoding="UTF-16" standalone="no"?>\n<Root>')
    assert 'TestType="Agent"' in text and 'TestRunnerId="130451"' in text
    assert '<Line CodeunitID="50210" Description="SALES accuracy tests" ' in text
    assert text.count('Dataset="SALES-ACC.yaml"') == 2


def test_the_dataset_references_the_suite_setup_by_name(tmp_path: Path) -> None:
    assert main(["init", str(tmp_path), "--code", "SALES"]) == 0
    dataset = (tmp_path / ".resources/datasets/SALES-ACC.yaml").read_text(encoding="utf-8")
    setup = (tmp_path / ".resources/datasets/suite_setup/SALES-SETUP.yaml").read_text("utf-8")
    assert dataset.startswith("suite_setup: SALES-SETUP\ntests:\n")
    assert setup.startswith("name: SALES-SETUP\nsuite_setup:\n  setup_actions:\n")
    assert "intervention_request:\n            type: Assistance" in dataset


def test_the_lint_really_checks_the_scaffolds_references(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The clean result above means something: break the suite's reference and lint sees it.
    assert main(["init", str(tmp_path), "--code", "SALES"]) == 0
    xml = tmp_path / ".resources/suites/SALES.xml"
    text = xml.read_bytes()[2:].decode("utf-16-le").replace("SALES-ACC.yaml", "SALES-ACC.yml")
    xml.write_bytes(b"\xff\xfe" + text.encode("utf-16-le"))
    code, found = _lint_json(tmp_path, capsys)
    assert code == 1
    assert {d["code"] for d in found} == {"XML012"}


def test_readme_explains_the_install_codeunit(tmp_path: Path) -> None:
    assert main(["init", str(tmp_path), "--code", "SALES"]) == 0
    readme = (tmp_path / "README.md").read_text(encoding="utf-8")
    for needle in (
        "NavApp.ListResources('*.yaml')",
        "AITALTestSuiteMgt.ImportTestInputs(",
        "AITALTestSuiteMgt.ImportAITestSuite(ResourceStream)",
        'Dataset="SALES-ACC.yaml"',
    ):
        assert needle in readme


def test_init_refuses_to_overwrite_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mine = tmp_path / ".resources" / "suites" / "SALES.xml"
    mine.parent.mkdir(parents=True)
    mine.write_text("mine", encoding="utf-8")
    assert main(["init", str(tmp_path), "--code", "SALES"]) == 2
    err = capsys.readouterr().err
    assert err == f"datasets init: not overwriting existing files: {mine}\n"
    assert _files(tmp_path) == [".resources/suites/SALES.xml"]
    assert mine.read_text(encoding="utf-8") == "mine"


@pytest.mark.parametrize("code", ["TOO-LONG-CODE", "bad code", "-X"])
def test_init_rejects_a_suite_code_the_xmlport_cannot_store(
    tmp_path: Path, code: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["init", str(tmp_path), f"--code={code}"]) == 2
    assert "use 1 to 10 letters, digits or dashes" in capsys.readouterr().err
    assert _files(tmp_path) == []


def test_init_refuses_a_file_as_target(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "file.txt"
    target.write_text("x", encoding="utf-8")
    assert main(["init", str(target)]) == 2
    assert capsys.readouterr().err == f"datasets init: {target}: exists and is not a folder\n"


@pytest.mark.parametrize(
    ("folder", "code"),
    [("my-agent-tests", "MY-AGENT-T"), ("Sales Agent", "SALES-AGEN"), ("___", "AGENT")],
)
def test_default_code_comes_from_the_folder_name(tmp_path: Path, folder: str, code: str) -> None:
    assert prefix_for(tmp_path / folder) == code

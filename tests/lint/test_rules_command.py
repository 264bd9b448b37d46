"""`datasets rules` with several codes and prefixes, the fix column, Markdown and JSON."""

from __future__ import annotations

import json

import pytest

from ait_datasets.cli import main
from ait_datasets.lint.rules import all_rules


def test_the_list_has_a_fix_column(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["Code", "Severity", "Fix", "Name", "Summary"]
    row = {line.split()[0]: line for line in lines[1:]}
    assert row["EXP001"].split()[:4] == ["EXP001", "error", "safe", "intervention-type"]
    assert row["LEG002"].split()[2] == "unsafe"
    assert row["QRY003"].split()[:3] == ["QRY003", "error", "task-input-without-from"]


def test_a_prefix_lists_its_rules_and_codes_print_pages(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "QRY", "sup001"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("SUP001 unused-suppression (suppressions")
    listed = [line.split()[0] for line in out.splitlines() if line.startswith("QRY")]
    assert listed == [r.code for r in all_rules() if r.code.startswith("QRY")]


def test_several_codes_print_each_page(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "QRY003", "task-input-without-from", "EXP001"]) == 0
    out = capsys.readouterr().out
    assert out.count("What it does") == 2  # a rule asked for twice is printed once


def test_markdown_pages_for_publishing(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--format", "markdown", "EXP"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("**EXP001 intervention-type** (expectations, default severity: error)")
    assert out.count("## What it does") == len([r for r in all_rules() if r.code.startswith("EXP")])
    assert "Fixable: yes (safe fix)" in out


def test_json_of_the_matching_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--format", "json", "LEG", "QRY003"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [d["code"] for d in data] == ["LEG001", "LEG002", "QRY003"]
    assert data[1]["fixable"] == "unsafe"


def test_an_unknown_code_suggests_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "QRY", "QRY03"]) == 2
    err = capsys.readouterr().err
    assert "no rule 'QRY03'" in err
    assert "Did you mean 'QRY003'?" in err

"""`datasets report --format github|azure`: a case id or a failure message from an export
cannot add a line to the CI log, start a command there, or reach it as a raw control."""

from __future__ import annotations

import re

import pytest

from ait_datasets.report import build_report, render
from ait_datasets.report.model import CaseKey, Run, result_set

HOSTILE_TEST = "x\n##vso[task.complete result=Succeeded]\n::error::pwned\x1b[31m\r##[add-mask]y"
HOSTILE_MESSAGE = "boom\n::warning::fake\x07 ##vso[task.setvariable variable=a]b"


def _out(fmt: str) -> str:
    never = CaseKey("S", "D", HOSTILE_TEST)
    flaky = CaseKey("S", "D", "T2")
    rows = [
        (never, Run(1, False, HOSTILE_MESSAGE)),
        (never, Run(2, False)),
        (flaky, Run(1, True)),
        (flaky, Run(2, False, HOSTILE_MESSAGE)),
    ]
    return render(build_report(result_set(rows)), fmt)


@pytest.mark.parametrize(
    ("fmt", "own"),
    [
        ("github", re.compile(r"::(error|warning|notice)( [^:]*)?::")),
        ("azure", re.compile(r"##vso\[task\.logissue [^\]]*\]")),
    ],
)
def test_case_text_stays_on_its_annotation_line(fmt: str, own: re.Pattern[str]) -> None:
    out = _out(fmt)
    assert [c for c in out if c != "\n" and (ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F)] == []
    lines = out.rstrip("\n").split("\n")
    # One annotation per case: the hostile one is never passed, T2 flaky.
    assert len([line for line in lines if "never passed" in line]) == 1
    assert len([line for line in lines if "flaky" in line]) == 1
    for line in lines:
        prefix = own.match(line)
        body = line[prefix.end() :] if prefix else line
        assert not body.lstrip().startswith("::"), line
        assert "##vso[" not in body and "##[" not in body, line
    never = next(line for line in lines if "never passed" in line)
    assert "x\\n##vso\\x5btask.complete" in never and "\\x1b[31m" in never

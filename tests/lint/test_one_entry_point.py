"""Every surface gives the same answer: the CLI's lint_paths, lint_text (the editor and
language server), lint_document (the fixer) and the command line agree, file by file,
on every corpus and example file, cross-file rules included."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from ait_datasets.diagnostics import Diagnostic
from ait_datasets.lint import lint_document, lint_paths, lint_text
from ait_datasets.lint.config import LintConfig
from ait_datasets.lint.discover import discover
from ait_datasets.source.load import load
from ait_datasets.source.xml_loader import load_xml

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO.parent / "shared" / "corpus"


def _files(top: Path) -> list[str]:
    return sorted(discover([str(top)]))


def _key(found: list[Diagnostic]) -> list[tuple[int, int, str, str]]:
    return [(d.line, d.column, d.code, d.message) for d in found]


def _read(path: str) -> str:
    if path.lower().endswith(".xml"):
        return load_xml(path).text
    return load(path).text


def _assert_same(path: str) -> None:
    by_paths = lint_paths([path]).diagnostics
    text = _read(path)
    by_text = lint_text(text, path)
    doc = load_xml(path) if path.lower().endswith(".xml") else load(path)
    by_document = lint_document(doc)
    assert _key(by_text) == _key(by_paths), path
    assert _key(by_document) == _key(by_paths), path
    assert all(d.path == path for d in by_paths)


@pytest.mark.parametrize("path", _files(REPO / "examples"), ids=os.path.basename)
def test_examples_give_the_same_findings_through_every_entry(path: str) -> None:
    _assert_same(path)


@pytest.mark.corpus
def test_corpus_gives_the_same_findings_through_every_entry() -> None:
    if not CORPUS.is_dir():
        pytest.skip("../shared/corpus is not available")
    files = _files(CORPUS)
    assert len(files) > 50
    for path in files:
        _assert_same(path)


def test_cross_file_findings_reach_lint_text(tmp_path: Path) -> None:
    """REF001 (an unknown suite setup) is a cross-file finding: lint_text reports it too."""
    res = tmp_path / ".resources"
    res.mkdir()
    text = "suite_setup: NOPE\ntests:\n  - name: T1\n"
    (res / "a.yaml").write_text(text, encoding="utf-8")
    via_text = [
        (d.line, d.code) for d in lint_text(text, str(res / "a.yaml")) if d.code == "REF001"
    ]
    via_paths = [
        (d.line, d.code)
        for d in lint_paths([str(res / "a.yaml")]).diagnostics
        if d.code == "REF001"
    ]
    assert via_text == via_paths == [(1, "REF001")]


def test_the_agent_suite_fact_reaches_lint_text(tmp_path: Path) -> None:
    """A legacy dataset run by an agent suite: TRN001 through every entry point."""
    res = tmp_path / ".resources"
    (res / "suites").mkdir(parents=True)
    (res / "suites" / "s.xml").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<Root>\n  <AITSuite Code="S" '
        'Dataset="LEGACY.yaml" TestType="Agent"><Line CodeunitID="1"/></AITSuite>\n</Root>\n',
        encoding="utf-8",
    )
    text = "tests:\n  - name: T1\n    question: Process orders\n    expected_data: {}\n"
    path = res / "legacy.yaml"
    path.write_text(text, encoding="utf-8")
    via_text = [d.line for d in lint_text(text, str(path)) if d.code == "TRN001"]
    via_paths = [d.line for d in lint_paths([str(path)]).diagnostics if d.code == "TRN001"]
    assert via_text == via_paths == [3]


def _limit_findings(found: list[Diagnostic]) -> list[tuple[int, int, str]]:
    return [(d.line, d.column, d.message) for d in found if d.code == "SYN010"]


@pytest.mark.parametrize(
    ("config", "text"),
    [
        # Over max-file-size: the file is not read at all.
        (
            LintConfig(max_file_size=64),
            "tests:\n" + "".join(f"  - name: T{i}\n" for i in range(20)),
        ),
        # Over max-line-length: one finding at the line, nothing parsed.
        (
            LintConfig(max_line_length=40),
            "tests:\n  - name: T1\n    description: " + "x" * 60 + "\n",
        ),
    ],
    ids=["max-file-size", "max-line-length"],
)
def test_the_limits_apply_to_content_from_every_entry(
    tmp_path: Path, config: LintConfig, text: str
) -> None:
    """A file on disk, standard input, an API caller's text and the editor's buffer are
    held to the same size and line limits: the same one finding through each."""
    from ait_datasets.tui.lint_adapter import lint_buffer

    path = tmp_path / "datasets" / "big.yaml"
    path.parent.mkdir()
    path.write_text(text, encoding="utf-8")
    on_disk = _limit_findings(lint_paths([str(path)], config).diagnostics)
    given = {str(path): text.encode("utf-8")}
    from_stdin = _limit_findings(lint_paths([str(path)], config, given_content=given).diagnostics)
    from_text = _limit_findings(lint_text(text, str(path), config))
    from_buffer = _limit_findings(lint_buffer(text, str(path), config)[0])
    assert len(on_disk) == 1
    assert from_stdin == from_text == from_buffer == on_disk

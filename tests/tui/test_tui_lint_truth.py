"""The diagnostics panel tells the truth: for every example and corpus dataset, the editor's
lint adapter gives exactly what `datasets lint FILE` gives for that file, cross-file rules
(REF, suite XML) and the agent-suite fact included."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ait_datasets.diagnostics import Diagnostic
from ait_datasets.lint.config_files import ConfigResolver
from ait_datasets.lint.engine import lint_paths
from ait_datasets.source.load import decode
from ait_datasets.tui.lint_adapter import lint_buffer

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"
DATASET_SUFFIXES = (".yaml", ".json", ".jsonl")


def _datasets(root: Path) -> list[Path]:
    return sorted(
        p
        for p in root.rglob("*")
        if p.suffix in DATASET_SUFFIXES and p.is_file() and "results" not in p.parts
    )


def _key(d: Diagnostic) -> tuple[object, ...]:
    return (d.line, d.column, d.end_line, d.end_column, d.code, d.severity, d.message)


def _same_as_cli(path: Path) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    name = str(path)
    config = ConfigResolver().for_file(name)
    cli = [_key(d) for d in lint_paths([name], ConfigResolver().for_file).diagnostics]
    text, _, _ = decode(name, path.read_bytes())
    assert text is not None
    editor = [_key(d) for d in lint_buffer(text, name, config)[0]]
    return editor, cli


def test_the_agent_suite_fact_reaches_the_editor(tmp_path: Path) -> None:
    # A copy, away from the examples' configuration (which ignores the legacy findings).
    shutil.copytree(EXAMPLES / "legacy", tmp_path / "legacy")
    legacy = tmp_path / "legacy" / ".resources" / "datasets" / "SOA-LEGACY.yaml"
    editor, cli = _same_as_cli(legacy)
    # Only the agent suite beside it makes these findings; the editor sees them too.
    assert [k[0] for k in editor if k[4] == "TRN001"] == [10, 31, 43]
    assert editor == cli


def test_a_missing_suite_setup_is_reported_as_by_the_cli(tmp_path: Path) -> None:
    shutil.copytree(EXAMPLES / "agent-app", tmp_path / "app")
    setup = tmp_path / "app" / ".resources" / "datasets" / "suite_setup" / "ORDERS-SETUP.yaml"
    setup.unlink()
    path = tmp_path / "app" / ".resources" / "datasets" / "ORDERS-REVIEW.yaml"
    editor, cli = _same_as_cli(path)
    assert [k[4] for k in editor if k[4] == "REF001"] == ["REF001"]
    assert editor == cli


@pytest.mark.parametrize("path", _datasets(EXAMPLES), ids=lambda p: p.name)
def test_examples_lint_the_same_in_the_editor_and_the_cli(path: Path) -> None:
    editor, cli = _same_as_cli(path)
    assert editor == cli


def test_corpus_lints_the_same_in_the_editor_and_the_cli(corpus: Path) -> None:
    paths = _datasets(corpus)
    assert paths
    differing = [str(p) for p in paths if (lambda pair: pair[0] != pair[1])(_same_as_cli(p))]
    assert differing == []


def test_the_buffer_not_the_disk_is_linted(tmp_path: Path) -> None:
    path = tmp_path / "d.yaml"
    path.write_text("tests:\n- name: A\n  question: q\n")
    found, _ = lint_buffer(
        "tests:\n- name: A\n  question: q\n- name: A\n  question: q\n", str(path)
    )
    duplicates = [(d.line, d.code) for d in found if d.code == "TST004"]
    assert duplicates == [(4, "TST004")]

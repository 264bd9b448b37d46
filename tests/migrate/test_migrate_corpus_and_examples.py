"""Real files: Microsoft's corpus and the repository's examples."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ait_datasets.cli import main
from ait_datasets.lint.engine import lint_document
from ait_datasets.migrate import (
    FAILED,
    MIGRATED,
    SKIPPED,
    UP_TO_DATE,
    MigrationOptions,
    encoded,
    migrate_bytes,
)
from ait_datasets.source import load

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"
SUFFIXES = (".yaml", ".yml", ".json", ".jsonl")
UNPARSABLE = {"MultiTurnInput.jsonl", "MultiTurnOutputExample.jsonl", "Sample4-Invalid.yaml"}


def _datasets(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*") if p.suffix.lower() in SUFFIXES and p.is_file())


def test_corpus_needs_no_migration_and_copilot_files_are_skipped(corpus: Path) -> None:
    outcomes: dict[str, str] = {}
    for path in _datasets(corpus):
        result = migrate_bytes(str(path), path.read_bytes(), MigrationOptions())
        outcomes[path.name] = result.outcome
        if result.outcome == FAILED:
            assert path.name in UNPARSABLE
            assert result.errors and result.errors[0].startswith(f"{path}:")
    assert MIGRATED not in outcomes.values()
    assert outcomes["NOSERIES-GOOD.yaml"] == SKIPPED  # Copilot: `question` is right there
    assert outcomes["SV-AS-ACC-P0.yaml"] == UP_TO_DATE  # agent, already current
    assert outcomes["SV-AS-ACC-SETUP.yaml"] == SKIPPED  # suite setup
    assert {n for n, o in outcomes.items() if o == FAILED} == UNPARSABLE


def test_forcing_the_whole_corpus_through_every_migration_is_safe(corpus: Path) -> None:
    """With --kind agent every legacy-form file (Copilot ones included) must migrate,
    pass the re-parse check, and be stable when migrated again."""
    options = MigrationOptions(sender="Jane Doe", kind="agent")
    migrated = 0
    for path in _datasets(corpus):
        if path.name in UNPARSABLE:
            continue
        raw = path.read_bytes()
        result = migrate_bytes(str(path), raw, options)
        assert result.outcome != FAILED, (path, result.reason)
        if result.outcome == SKIPPED:
            assert result.reason == "a suite-setup file: it holds no tests"
        if result.outcome == MIGRATED:
            migrated += 1
            again = migrate_bytes(str(path), encoded(result, raw), options)
            assert again.outcome == UP_TO_DATE, path
    assert migrated >= 20


def test_legacy_example_migrates_to_a_clean_agent_dataset(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    copy = tmp_path / "legacy"
    shutil.copytree(EXAMPLES / "legacy", copy)
    dataset = copy / ".resources" / "datasets" / "SOA-LEGACY.yaml"
    codeunit = copy / "src" / "SOALegacyTests.Codeunit.al"
    original = dataset.read_text()

    # No --kind: the suite XML beside it says TestType="Agent".
    args = ["migrate", "--from", "joanna.marks@marathonclub.com", str(copy / ".resources")]
    assert main([*args, str(codeunit)]) == 0
    out = capsys.readouterr().out
    assert "SOA-LEGACY.yaml: migrated (9 changes)" in out
    assert "SOALegacyTests.Codeunit.al: migrated (1 change)" in out

    text = dataset.read_text()
    assert "question" not in text and "test_setup" not in text
    assert "GetQuery()" in codeunit.read_text()
    # Comments, the anchor and the flow mapping are still there.
    for kept in (
        "# Items and customer the agent needs",
        "&existing_quote",
        "*existing_quote",
        "{orders: 1, review: true}",
        "lines: 1   # one line per item",
    ):
        assert kept in text
    assert original.splitlines()[:6] == text.splitlines()[:6]

    doc = load(dataset)
    shape = [d for d in lint_document(doc) if d.code[:3] in ("STR", "TRN", "QRY", "LEG")]
    assert shape == []
    assert main(["migrate", "--check", str(copy / ".resources")]) == 0


def test_every_example_dataset_is_current_or_migrates(tmp_path: Path) -> None:
    copy = tmp_path / "examples"
    shutil.copytree(EXAMPLES, copy)
    options = MigrationOptions(sender="Jane Doe")
    seen = 0
    for path in _datasets(copy):
        if "results" in path.parts:
            continue  # run results, not datasets
        seen += 1
        raw = path.read_bytes()
        result = migrate_bytes(str(path), raw, options)
        assert result.outcome in (MIGRATED, UP_TO_DATE, SKIPPED), (path, result.reason)
        if result.outcome == MIGRATED:
            assert migrate_bytes(str(path), encoded(result, raw), options).outcome == UP_TO_DATE
    assert seen >= 2

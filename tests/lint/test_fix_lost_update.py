"""`lint --fix` when a file's write is refused (changed on disk meanwhile, read-only):
that file is named, its fixes are not counted, and its findings are those on disk."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import ait_datasets.atomic as atomic
from ait_datasets.atomic import Snapshot
from ait_datasets.cli import main

# A safe fix: the intervention type's case (EXP001, line 7).
FIXABLE = (
    "tests:\n  - name: T1\n    turns:\n      - query: {from: J, title: Hi}\n"
    "        expected_data:\n          intervention_request:\n            type: assistance\n"
    "      - query:\n          intervention: {instruction: go}\n        expected_data: {}\n"
)
# What another program wrote meanwhile: the same finding, one line further down.
THEIRS = "# edited by someone else\n" + FIXABLE


def _edit_at_the_recheck(monkeypatch: pytest.MonkeyPatch, victim: Path) -> None:
    """Another program writes ``victim`` just as the writer checks it again."""
    real = atomic.unchanged

    def edited_meanwhile(path: str, expected: Snapshot | None) -> bool:
        if Path(path).name == victim.name:
            Path(path).write_text(THEIRS, encoding="utf-8")
        return real(path, expected)

    monkeypatch.setattr(atomic, "unchanged", edited_meanwhile)


def test_a_refused_write_is_named_counted_as_no_fix_and_relinted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    victim = tmp_path / "A.yaml"
    other = tmp_path / "B.yaml"
    victim.write_text(FIXABLE, encoding="utf-8")
    other.write_text(FIXABLE, encoding="utf-8")
    _edit_at_the_recheck(monkeypatch, victim)
    code = main(["lint", "--fix", "--format", "json", str(tmp_path)])
    captured = capsys.readouterr()
    assert code == 2
    assert victim.read_text(encoding="utf-8") == THEIRS
    assert other.read_text(encoding="utf-8") == FIXABLE.replace("assistance", "Assistance")
    assert (
        f"datasets lint: cannot write {victim}: the file changed on disk after it was read; "
        "nothing was written (run the command again)\n"
    ) in captured.err
    # Only the other file's fix was made.
    assert "Fixed 1 finding in 1 file.\n" in captured.err
    found = json.loads(captured.out)
    # The finding of what is on disk now (line 8 of THEIRS), not of the stale fixed text.
    assert [(f["path"], f["code"], f["line"]) for f in found] == [(str(victim), "EXP001", 8)]


def test_the_text_report_counts_no_fix_for_a_refused_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    victim = tmp_path / "A.yaml"
    victim.write_text(FIXABLE, encoding="utf-8")
    _edit_at_the_recheck(monkeypatch, victim)
    code = main(["lint", "--fix", "--format", "concise", str(victim)])
    captured = capsys.readouterr()
    assert code == 2
    assert "Fixed" not in captured.err
    assert f"{victim}:8:19: error EXP001" in captured.out
    assert "1 fixed" not in captured.out

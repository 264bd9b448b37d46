"""A run reads each file from disk once: a file whose only finding comes from the
cross-file phase keeps the text it was linted from for its excerpt, instead of being read
again (on 10,000 tests that second read held a second copy of the file at the end)."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from ait_datasets.cli import main
from ait_datasets.lint import lint_paths

# The module (the package's `load` is the function of the same name).
load_module = importlib.import_module("ait_datasets.source.load")

MISSING_SETUP = (
    "suite_setup: MISSING-SETUP\ntests:\n  - name: T1\n    turns:\n      - query:\n"
    "          from: Jane\n          title: Release the order\n"
    "        expected_data:\n          released: 1\n"
)


def test_a_file_with_only_a_cross_file_finding_is_read_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "orders.yaml"
    path.write_text(MISSING_SETUP, encoding="utf-8")
    read_again: list[str] = []
    real = load_module.read_text

    def counting(p: str, **kwargs: int) -> str | None:
        read_again.append(str(p))
        return real(p, **kwargs)

    monkeypatch.setattr(load_module, "read_text", counting)
    code = main(["lint", str(path)])
    out = capsys.readouterr().out
    assert code == 1
    assert "REF001" in out
    assert "suite_setup: MISSING-SETUP" in out  # the excerpt is still shown
    assert read_again == []


def test_the_run_keeps_the_text_of_a_file_linted_in_this_process(tmp_path: Path) -> None:
    path = tmp_path / "orders.yaml"
    path.write_text(MISSING_SETUP, encoding="utf-8")
    run = lint_paths([str(path)], jobs=1)
    assert [(d.line, d.code) for d in run.diagnostics if d.code == "REF001"] == [(1, "REF001")]
    assert run.sources == {str(path): MISSING_SETUP}

"""A policy file on another drive than the current folder (Windows) is shown as given."""

from __future__ import annotations

import ntpath

import pytest

from ait_datasets.audit import runs_and_gate


def test_a_gate_source_on_another_drive_keeps_its_path(monkeypatch: pytest.MonkeyPatch) -> None:
    # ntpath.relpath raises ValueError across drives, as os.path.relpath does on Windows.
    monkeypatch.setattr(
        runs_and_gate.os.path, "relpath", lambda path: ntpath.relpath(path, "C:\\work")
    )
    assert runs_and_gate._relative("D:\\policies\\gate.toml") == "D:\\policies\\gate.toml"
    assert runs_and_gate._relative("C:\\work\\datasets.toml") == "datasets.toml"

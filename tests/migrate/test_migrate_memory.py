"""Migrate never holds the original tree and the result's tree at once (peak memory)."""

from __future__ import annotations

import pytest

from ait_datasets.migrate import MIGRATED, MigrationOptions, files, migrate_bytes, verify
from ait_datasets.source.document import Document

LEGACY = (
    "tests:\n"
    "  - name: T1\n"
    "    question: Process order 1\n"
    "    expected_data:\n"
    "      intervention_request:\n"
    "        type: Assistance\n"
)


def test_the_original_tree_is_dropped_before_the_result_is_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    originals: list[Document] = []
    real_load_bytes = files.load_bytes

    def keeping(path: str, raw: bytes, **kwargs: object) -> Document:
        doc = real_load_bytes(path, raw, **kwargs)  # type: ignore[arg-type]
        originals.append(doc)
        return doc

    trees_alive: list[bool] = []
    real_load_text = verify.load_text

    def reading(path: str, text: str, **kwargs: object) -> Document:
        trees_alive.append(originals[0].root is not None or bool(originals[0].cache))
        return real_load_text(path, text, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(files, "load_bytes", keeping)
    monkeypatch.setattr(verify, "load_text", reading)
    result = migrate_bytes("t.yaml", LEGACY.encode(), MigrationOptions(kind="agent"))
    assert result.outcome == MIGRATED
    assert "    turns:\n      - query:\n" in result.after
    assert result.before == LEGACY  # the text the result shows is kept
    assert trees_alive == [False]

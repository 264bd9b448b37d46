"""Fixtures for the editor's tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_support import SAMPLE


@pytest.fixture
def sample_file(tmp_path: Path) -> Path:
    """The commented sample dataset, written to a temporary folder."""
    path = tmp_path / "returns.yaml"
    path.write_text(SAMPLE, encoding="utf-8")
    return path

"""Shared fixtures: the real-world corpus and a one-call linter for text."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from ait_datasets.diagnostics import Diagnostic
from ait_datasets.lint import lint_text as lint_text_entry
from ait_datasets.lint.config import LintConfig

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO.parent / "shared" / "corpus"


@pytest.fixture
def corpus() -> Path:
    """Microsoft's public datasets, when the shared folder is beside the repository."""
    if not CORPUS.is_dir():
        pytest.skip("../shared/corpus is not available")
    return CORPUS


LintText = Callable[..., list[Diagnostic]]  # also in tests/lint/lint_support.py, for imports


def _lint_text(
    text: str, path: str = "t.yaml", config: LintConfig | None = None
) -> list[Diagnostic]:
    return lint_text_entry(text, path, config)


@pytest.fixture
def lint_text() -> LintText:
    """``lint_text(text, path="t.yaml", config=None)`` -> diagnostics."""
    return _lint_text

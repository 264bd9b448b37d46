"""Shared fixtures: the real-world corpus and a one-call linter for text."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from ait_datasets.diagnostics import Diagnostic
from ait_datasets.lint.config import LintConfig
from ait_datasets.lint.engine import lint_document
from ait_datasets.source import load_text

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO.parent / "shared" / "corpus"


@pytest.fixture
def corpus() -> Path:
    """Microsoft's public datasets, when the shared folder is beside the repository."""
    if not CORPUS.is_dir():
        pytest.skip("../shared/corpus is not available")
    return CORPUS


LintText = Callable[..., list[Diagnostic]]


def _lint_text(
    text: str, path: str = "t.yaml", config: LintConfig | None = None
) -> list[Diagnostic]:
    return lint_document(load_text(path, text), config)


@pytest.fixture
def lint_text() -> LintText:
    """``lint_text(text, path="t.yaml", config=None)`` -> diagnostics."""
    return _lint_text


def where(diags: list[Diagnostic], code: str | None = None) -> list[tuple[int, int, str]]:
    """(line, column, code) of each diagnostic, optionally only one code."""
    return [(d.line, d.column, d.code) for d in diags if code is None or d.code == code]


@pytest.fixture(autouse=True)
def _not_under_github_actions(monkeypatch: pytest.MonkeyPatch) -> None:
    # On GitHub's runners `datasets lint` defaults to workflow-command output; the tests
    # expect the same default (text) wherever they run. Tests of that default set it back.
    monkeypatch.delenv("GITHUB_ACTIONS", raising=False)

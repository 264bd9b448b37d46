"""Lint an editor's buffers again after each edit, re-reading only the edited test.

:class:`EditedBuffers` gives exactly what :func:`~ait_datasets.lint.engine.lint_text`
gives for the same text, path, configuration and app: the document is the one
:func:`~ait_datasets.lint.engine.load_for_lint` would load, built from the previous
lint's tree by :func:`~ait_datasets.source.reparse.reparse_after_edit` when the edit lies
inside one test, and every rule then runs on it through
:func:`~ait_datasets.lint.engine.lint_document`, the one entry point, cross-file rules
included. Only the reading is saved; no rule has a second version.
"""

from __future__ import annotations

from collections import OrderedDict

from ait_datasets.dataset.suites import Apps
from ait_datasets.diagnostics import Diagnostic
from ait_datasets.lint.config import LintConfig
from ait_datasets.lint.engine import lint_document, load_for_lint
from ait_datasets.source.document import Document
from ait_datasets.source.reparse import reparse_after_edit

# Buffers whose last document is kept (a large file's tree is tens of megabytes).
_KEEP = 4


class EditedBuffers:
    """The last document linted for each of a few paths (the most recently linted)."""

    def __init__(self) -> None:
        self._last: OrderedDict[str, tuple[tuple[int, int], Document]] = OrderedDict()
        # How many lints re-read one test only (for tests and benchmarks).
        self.reused = 0

    def lint(
        self, text: str, path: str, config: LintConfig | None = None, *, apps: Apps | None = None
    ) -> list[Diagnostic]:
        """``lint_text(text, path, config, apps=apps)``, reading only what changed since
        this path's last lint when that is one test."""
        return self.lint_document(text, path, config, apps=apps)[0]

    def lint_document(
        self, text: str, path: str, config: LintConfig | None = None, *, apps: Apps | None = None
    ) -> tuple[list[Diagnostic], Document]:
        """:meth:`lint`, and the document linted. It is kept for the next lint of ``path``,
        whose re-read takes its nodes over: use it before linting ``path`` again."""
        config = config or LintConfig()
        limits = (config.max_file_size, config.max_line_length)
        last = self._last.pop(path, None)
        doc = None
        if last is not None and last[0] == limits:
            doc = reparse_after_edit(
                last[1],
                text,
                max_bytes=config.max_file_size,
                max_line_length=config.max_line_length,
            )
        if doc is None:
            doc = load_for_lint(path, text, config)
        else:
            self.reused += 1
        found = lint_document(doc, config, apps=apps)
        if doc.format == "yaml" and doc.root is not None:
            self._last[path] = (limits, doc)
            while len(self._last) > _KEEP:
                self._last.popitem(last=False)
        return found, doc

    def forget(self, path: str | None = None) -> None:
        """Drop what is kept of ``path`` (of every path when None)."""
        if path is None:
            self._last.clear()
        else:
            self._last.pop(path, None)

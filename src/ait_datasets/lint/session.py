"""What one process remembers between the lints of the buffers it is given.

The language server and ``datasets edit`` lint a buffer on every edit. Both keep, for the
process's life, what was read of each app's other files (:class:`~.app_facts.AppFacts`,
refreshed when one of them changes on disk) and each buffer's last document
(:class:`~.buffers.EditedBuffers`, so that an edit of one test re-reads that test only).
The findings are :func:`~ait_datasets.lint.engine.lint_text`'s all the same: only the
reading is saved.

A process has one session (:func:`process_session`): the lint child
(:mod:`ait_datasets.lint.child`) keeps it between the requests of either surface.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from ait_datasets.diagnostics import Diagnostic
from ait_datasets.lint.config import LintConfig
from ait_datasets.source.neighbours import Limits

if TYPE_CHECKING:
    from ait_datasets.lint.app_facts import AppFacts
    from ait_datasets.lint.buffers import EditedBuffers
    from ait_datasets.source.document import Document


class LintSession:
    """The app's files read and the buffers' last documents; one lint at a time."""

    def __init__(self) -> None:
        from ait_datasets.lint.app_facts import AppFacts
        from ait_datasets.lint.buffers import EditedBuffers

        self.app: AppFacts = AppFacts()
        self.buffers: EditedBuffers = EditedBuffers()
        # What the server last said of the apps' files (see :meth:`follow`).
        self.generation = 0
        # A stale run in one thread and a newer one in another share the kept documents.
        self.lock = threading.Lock()

    def follow(self, generation: int) -> None:
        """Forget what was read of the apps' files when ``generation`` changed (the server
        bumps it when a watched file or the configuration changed)."""
        if generation != self.generation:
            self.app.forget()
            self.generation = generation

    def lint(
        self, text: str, path: str, config: LintConfig, *, limits: Limits | None = None
    ) -> tuple[list[Diagnostic], Document]:
        """Every finding ``lint_text(text, path, config)`` gives, and the document linted
        (valid until the next lint of ``path``: call it under :attr:`lock`).

        The app's files are read under ``limits`` (``config``'s when None), as the
        command line reads them.
        """
        limits = limits or Limits(config.max_file_size, config.max_line_length)
        apps = self.app.fresh(path, limits)
        return self.buffers.lint_document(text, path, config, apps=apps)


_session: LintSession | None = None


def process_session() -> LintSession:
    """This process's one session (made on first use)."""
    global _session
    if _session is None:
        _session = LintSession()
    return _session


def reused_reads() -> int:
    """How many lints of this process's session re-read one test only (asked of a lint
    child by tests and benchmarks, to see which path its lints took)."""
    return process_session().buffers.reused

"""The editor's one way to lint: the buffer, as `datasets lint FILE` would see it on disk.

Every finding the diagnostics panel shows comes from :func:`lint_buffer`, which is the
library's one entry point (:func:`ait_datasets.lint.lint_document`) on the buffer: the
per-file families, the agent-suite fact of the app, and the cross-file families
(references, suite XML, AL) over the buffer plus the app's *saved* neighbours (read from
disk, as the command line reads them); then the configuration and the inline
suppressions, applied once. Nothing is written: the buffer stands in for the file.

Given a :class:`~ait_datasets.lint.session.LintSession` (the one the language server
lints through), an edit of one test re-reads that test only, and the app's files are read
once while they do not change; the findings are the same.
"""

from __future__ import annotations

from ait_datasets.diagnostics import Diagnostic
from ait_datasets.lint.config import LintConfig
from ait_datasets.lint.session import LintSession
from ait_datasets.source.document import Document


def lint_buffer(
    text: str, path: str, config: LintConfig | None = None, session: LintSession | None = None
) -> tuple[list[Diagnostic], Document]:
    """What `datasets lint PATH` reports for ``PATH`` if it held ``text`` (no BOM), and the
    parsed document (so findings can be placed in the tree without a second parse; with a
    ``session``, use it before that session lints ``path`` again)."""
    from ait_datasets.lint.engine import lint_document, load_for_lint

    config = config or LintConfig()
    if session is not None:
        found, doc = session.lint(text, path, config)
    else:
        doc = load_for_lint(path, text, config)
        found = lint_document(doc, config)
    return [d for d in found if d.path == doc.path], doc

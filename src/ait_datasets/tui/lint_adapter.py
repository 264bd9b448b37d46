"""The editor's one way to lint: the buffer, as `datasets lint FILE` would see it on disk.

Every finding the diagnostics panel shows comes from :func:`lint_buffer`, so the panel and
the command line agree: the per-file families, the agent-suite fact the engine adds for a
legacy-looking dataset, and the cross-file families (references, suite XML) run over the
buffer plus the app's *saved* neighbours (read from disk, as the command line reads them);
then the configuration and the inline suppressions are applied once, as the command does.

Nothing is written: the buffer stands in for the file in the run. When the library gains
its one text entry point (``lint_text(text, path, config, app)``) this adapter calls it.
"""

from __future__ import annotations

from ait_datasets.diagnostics import Diagnostic
from ait_datasets.lint import kinds
from ait_datasets.lint.config import LintConfig
from ait_datasets.source.document import Document


def lint_buffer(
    text: str, path: str, config: LintConfig | None = None
) -> tuple[list[Diagnostic], Document]:
    """What `datasets lint PATH` reports for ``PATH`` if it held ``text`` (no BOM), and the
    parsed document (so findings can be placed in the tree without a second parse)."""
    from ait_datasets.lint.engine import _note_agent_suite, apply_config, lint_document
    from ait_datasets.lint.facts import extract_facts
    from ait_datasets.lint.project import Project
    from ait_datasets.lint.rules import family_modules
    from ait_datasets.lint.suppressions import apply_suppressions, parse_suppressions
    from ait_datasets.source.load import load_bytes

    config = config or LintConfig()
    # Through the bytes, so the decode and line-length checks are the command line's own.
    doc = load_bytes(
        path, text.encode("utf-8", "surrogatepass"), max_line_length=config.max_line_length
    )
    _note_agent_suite(doc)
    found = list(lint_document(doc, config, suppress=False))
    project = Project()
    project.add(extract_facts(doc, kinds.file_kind(doc)))
    for module in family_modules():
        check_project = getattr(module, "check_project", None)
        if check_project is not None:
            found.extend(apply_config(check_project(project, config), config))
    if doc.format in ("yaml", "xml"):
        found = apply_suppressions(found, {doc.path: parse_suppressions(doc.path, doc.text)})
    mine = [d for d in apply_config(found, config) if d.path == doc.path]
    return sorted(mine, key=Diagnostic.sort_key), doc

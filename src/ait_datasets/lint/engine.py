"""The lint engine: one document in, sorted diagnostics out.

Load once, detect the file kind, run every rule family over the same tree, then apply the
configuration (select/ignore, per-rule severity) and sort.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ait_datasets.diagnostics import Diagnostic
from ait_datasets.lint import kinds
from ait_datasets.lint.config import LintConfig
from ait_datasets.lint.context import LintContext
from ait_datasets.lint.rules import family_modules
from ait_datasets.lint.rules.common import with_severity
from ait_datasets.source.document import Document

# Families that still make sense when the file could not be parsed (they look at its name).
_UNPARSED_FAMILIES = frozenset({"ait_datasets.lint.rules.file"})


def lint_document(
    doc: Document, config: LintConfig | None = None, project: object | None = None
) -> list[Diagnostic]:
    """All findings for ``doc``, filtered and re-graded by ``config``, in file order."""
    config = config or LintConfig()
    ctx = LintContext(config=config, kind=kinds.file_kind(doc), project=project)
    found: list[Diagnostic] = list(doc.diagnostics)
    parsed = doc.root is not None or (doc.format == "jsonl" and bool(doc.rows))
    for module in family_modules():
        if parsed or module.__name__ in _UNPARSED_FAMILIES:
            found.extend(module.check(doc, ctx))
    return sorted(apply_config(found, config), key=Diagnostic.sort_key)


def apply_config(found: Iterable[Diagnostic], config: LintConfig) -> list[Diagnostic]:
    out = []
    for diag in found:
        if not config.enabled(diag.code):
            continue
        severity = config.severity.get(diag.code)
        out.append(with_severity(diag, severity) if severity is not None else diag)
    return out


@dataclass(slots=True)
class LintRun:
    """The result of linting many files."""

    diagnostics: list[Diagnostic] = field(default_factory=list)
    files: int = 0
    # Every file that was linted, in order (JUnit output lists passing files too).
    paths: list[str] = field(default_factory=list)
    # Files that could not be read at all: (path, reason).
    unreadable: list[tuple[str, str]] = field(default_factory=list)
    # The text of every file with findings (the text reporter shows the offending line).
    sources: dict[str, str] = field(default_factory=dict)


def lint_paths(paths: Iterable[str], config: LintConfig | None = None) -> LintRun:
    """Lint every dataset file under ``paths``, then run the cross-file rules."""
    from ait_datasets.lint.discover import discover
    from ait_datasets.lint.facts import extract_facts
    from ait_datasets.lint.project import Project
    from ait_datasets.source.load import load

    config = config or LintConfig()
    run = LintRun()
    project = Project()
    for path in discover(paths):
        try:
            doc = load(path)
        except OSError as exc:
            run.unreadable.append((path, exc.strerror or str(exc)))
            continue
        run.files += 1
        run.paths.append(path)
        found = lint_document(doc, config, project)
        project.add(extract_facts(doc, kinds.file_kind(doc)))
        if found:
            run.diagnostics.extend(found)
            run.sources[path] = doc.text
    cross: list[Diagnostic] = []
    for module in family_modules():
        check_project = getattr(module, "check_project", None)
        if check_project is not None:
            cross.extend(check_project(project, config))
    run.diagnostics.extend(apply_config(cross, config))
    run.diagnostics.sort(key=Diagnostic.sort_key)
    return run

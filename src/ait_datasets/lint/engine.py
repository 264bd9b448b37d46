"""The lint engine: documents in, sorted diagnostics out.

Per file: load once, detect the file kind, run every rule family over the same tree,
record the file's facts for the cross-file rules. Then the cross-file rules run once,
the configuration (select/ignore, per-rule severity) and the inline suppressions are
applied, and everything is sorted.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from ait_datasets.diagnostics import Diagnostic
from ait_datasets.gc_pause import paused_gc
from ait_datasets.lint import kinds
from ait_datasets.lint.config import LintConfig
from ait_datasets.lint.context import LintContext
from ait_datasets.lint.rules import family_modules
from ait_datasets.lint.rules.common import with_severity
from ait_datasets.lint.suppressions import Suppressions, apply_suppressions, parse_suppressions
from ait_datasets.source.document import Document

# Families that still make sense when the file could not be parsed (they look at its name).
_UNPARSED_FAMILIES = frozenset({"ait_datasets.lint.rules.file"})
# The families that read suite XML (the others read YAML/JSON trees only).
_XML_FAMILIES = frozenset({"ait_datasets.lint.rules.suite_xml"})
# Formats whose comments can hold `datasets:` suppressions (JSON has no comments).
_COMMENTED_FORMATS = frozenset({"yaml", "xml"})


def lint_document(
    doc: Document,
    config: LintConfig | None = None,
    project: object | None = None,
    *,
    suppress: bool = True,
) -> list[Diagnostic]:
    """All findings for ``doc``, filtered and re-graded by ``config``, in file order.

    With ``suppress`` (the default) the file's inline suppressions are applied too;
    :func:`lint_paths` applies them itself, after the cross-file rules.
    """
    config = config or LintConfig()
    ctx = LintContext(config=config, kind=kinds.file_kind(doc), project=project)
    found: list[Diagnostic] = list(doc.diagnostics)
    parsed = doc.root is not None or (doc.format == "jsonl" and bool(doc.rows))
    for module in family_modules():
        if doc.format == "xml":
            if module.__name__ in _XML_FAMILIES:
                found.extend(module.check(doc, ctx))
        elif parsed or module.__name__ in _UNPARSED_FAMILIES:
            found.extend(module.check(doc, ctx))
    found = apply_config(found, config)
    if suppress and doc.format in _COMMENTED_FORMATS:
        found = apply_suppressions(found, {doc.path: parse_suppressions(doc.path, doc.text)})
        found = apply_config(found, config)
    return sorted(found, key=Diagnostic.sort_key)


def apply_config(found: Iterable[Diagnostic], config: LintConfig) -> list[Diagnostic]:
    out = []
    for diag in found:
        if not config.enabled(diag.code):
            continue
        severity = config.severity_for(diag.code)
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
    # Files changed (or, with --diff, that would change) by fixes: path -> (old, new) text.
    fixed: dict[str, tuple[str, str]] = field(default_factory=dict)
    fixes_applied: int = 0


ConfigFor = Callable[[str], LintConfig]
# Given a loaded document and its config, return the document to lint (possibly fixed),
# the original text and the number of fixes applied.
Fixer = Callable[[Document, LintConfig], tuple[Document, int]]


def lint_paths(
    paths: Iterable[str],
    config: LintConfig | ConfigFor | None = None,
    *,
    fixer: Fixer | None = None,
) -> LintRun:
    """Lint every dataset file under ``paths``, then run the cross-file rules.

    ``config`` is one configuration for every file, or a function giving each file's
    own (see :class:`ait_datasets.lint.config_files.ConfigResolver`).
    """
    from ait_datasets.lint.config_files import is_included
    from ait_datasets.lint.discover import discover, is_xml
    from ait_datasets.lint.facts import extract_facts
    from ait_datasets.lint.project import Project
    from ait_datasets.source.load import load
    from ait_datasets.source.xml_loader import load_xml

    config_for = _config_function(config)
    given = list(paths)
    explicit = set(given)
    run = LintRun()
    project = Project()
    configs: dict[str, LintConfig] = {}
    suppressions: dict[str, Suppressions] = {}
    found: list[Diagnostic] = []
    for path in discover(given):
        file_config = config_for(path)
        if path not in explicit and not is_included(path, file_config):
            continue
        try:
            doc = load_xml(path) if is_xml(path) else load(path)
        except OSError as exc:
            run.unreadable.append((path, exc.strerror or str(exc)))
            continue
        if fixer is not None:
            original = doc.text
            doc, applied = fixer(doc, file_config)
            if applied:
                run.fixed[path] = (original, doc.text)
                run.fixes_applied += applied
        configs[path] = file_config
        run.files += 1
        run.paths.append(path)
        with paused_gc():
            diags = lint_document(doc, file_config, project, suppress=False)
        project.add(extract_facts(doc, kinds.file_kind(doc)))
        if doc.format in _COMMENTED_FORMATS:
            sup = parse_suppressions(path, doc.text)
            if sup.directives or sup.malformed:
                suppressions[path] = sup
        if diags or path in suppressions:
            found.extend(diags)
            run.sources[path] = doc.text
    for module in family_modules():
        check_project = getattr(module, "check_project", None)
        if check_project is not None:
            for diag in check_project(project, config_for(given[0]) if given else LintConfig()):
                found.extend(apply_config([diag], configs.get(diag.path) or config_for(diag.path)))
    found = apply_suppressions(found, suppressions)
    # Suppression findings obey select/ignore/severity like every other finding.
    run.diagnostics = [
        d
        for diag in found
        for d in apply_config([diag], configs.get(diag.path) or config_for(diag.path))
    ]
    run.diagnostics.sort(key=Diagnostic.sort_key)
    return run


def _config_function(config: LintConfig | ConfigFor | None) -> ConfigFor:
    if config is None:
        default = LintConfig()
        return lambda _path: default
    if isinstance(config, LintConfig):
        fixed = config
        return lambda _path: fixed
    return config

"""The lint engine: documents in, sorted diagnostics out.

Per file: load once, detect the file kind, run every rule family over the same tree,
record the file's facts for the cross-file rules. Then the cross-file rules run once,
the configuration (select/ignore, per-rule severity) and the inline suppressions are
applied, and everything is sorted.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator

from ait_datasets.diagnostics import Diagnostic
from ait_datasets.gc_pause import paused_gc
from ait_datasets.internal_error import FileInternalError
from ait_datasets.lint import kinds
from ait_datasets.lint.config import LintConfig
from ait_datasets.lint.context import LintContext
from ait_datasets.lint.facts import FileFacts
from ait_datasets.lint.rules import family_modules
from ait_datasets.lint.rules.common import with_severity
from ait_datasets.lint.suppressions import Suppressions, apply_suppressions, parse_suppressions
from ait_datasets.records import Record
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
    *,
    suppress: bool = True,
) -> list[Diagnostic]:
    """All findings for ``doc``, filtered and re-graded by ``config``, in file order.

    With ``suppress`` (the default) the file's inline suppressions are applied too;
    :func:`lint_paths` applies them itself, after the cross-file rules.
    """
    config = config or LintConfig()
    ctx = LintContext(config=config, kind=kinds.file_kind(doc))
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


class LintRun(Record):
    """The result of linting many files."""

    _fields = ("diagnostics", "files", "paths", "unreadable", "sources", "fixed", "fixes_applied")
    __slots__ = _fields
    diagnostics: list[Diagnostic]
    files: int
    # Every file that was linted, in order (JUnit output lists passing files too).
    paths: list[str]
    # Files that could not be read at all: (path, reason).
    unreadable: list[tuple[str, str]]
    # The text of every file with findings (the text reporter shows the offending line).
    sources: dict[str, str]
    # Files changed (or, with --diff, that would change) by fixes: path -> (old, new) text.
    fixed: dict[str, tuple[str, str]]
    fixes_applied: int

    def __init__(
        self,
        diagnostics: list[Diagnostic] | None = None,
        files: int = 0,
        paths: list[str] | None = None,
        unreadable: list[tuple[str, str]] | None = None,
        sources: dict[str, str] | None = None,
        fixed: dict[str, tuple[str, str]] | None = None,
        fixes_applied: int = 0,
    ) -> None:
        self.diagnostics = [] if diagnostics is None else diagnostics
        self.files = files
        self.paths = [] if paths is None else paths
        self.unreadable = [] if unreadable is None else unreadable
        self.sources = {} if sources is None else sources
        self.fixed = {} if fixed is None else fixed
        self.fixes_applied = fixes_applied


ConfigFor = Callable[[str], LintConfig]
# Given a loaded document and its config, return the document to lint (possibly fixed),
# the original text and the number of fixes applied.
Fixer = Callable[[Document, LintConfig], tuple[Document, int]]


class FileResult(Record):
    """What linting one file yields; plain data, so workers can send it back."""

    _fields = ("path", "diagnostics", "facts", "text", "suppressions", "fixed", "unreadable")
    __slots__ = _fields
    path: str
    diagnostics: list[Diagnostic]
    facts: FileFacts | None
    # The text, kept only when the file has findings or suppressions (for the reporter).
    text: str | None
    suppressions: Suppressions | None
    # (original text, fixed text, fixes applied) when a fixer changed the file.
    fixed: tuple[str, str, int] | None
    unreadable: str | None

    def __init__(
        self,
        path: str,
        diagnostics: list[Diagnostic],
        facts: FileFacts | None = None,
        text: str | None = None,
        suppressions: Suppressions | None = None,
        fixed: tuple[str, str, int] | None = None,
        unreadable: str | None = None,
    ) -> None:
        self.path = path
        self.diagnostics = diagnostics
        self.facts = facts
        self.text = text
        self.suppressions = suppressions
        self.fixed = fixed
        self.unreadable = unreadable


def lint_file(path: str, config: LintConfig, fixer: Fixer | None = None) -> FileResult:
    """Load, fix (optionally) and lint one file; never raises for a file's content.

    A file that cannot be read is reported in the result; anything else that escapes
    is a bug, raised as :class:`FileInternalError` naming the file.
    """
    try:
        return _lint_file(path, config, fixer)
    except Exception as exc:
        raise FileInternalError(path, exc) from exc


def _lint_file(path: str, config: LintConfig, fixer: Fixer | None) -> FileResult:
    from ait_datasets.lint.discover import is_xml
    from ait_datasets.lint.facts import extract_facts
    from ait_datasets.source.load import load

    doc: Document
    try:
        if is_xml(path):
            # Imported here: a run over YAML files needs no XML parser.
            from ait_datasets.source.xml_loader import load_xml

            doc = load_xml(path)
        else:
            doc = load(path, max_bytes=config.max_file_size, max_line_length=config.max_line_length)
    except OSError as exc:
        return FileResult(path, [], unreadable=exc.strerror or str(exc))
    _note_agent_suite(doc)
    fixed = None
    if fixer is not None:
        original = doc.text
        doc, applied = fixer(doc, config)
        if applied:
            fixed = (original, doc.text, applied)
    with paused_gc():
        diags = lint_document(doc, config, suppress=False)
        facts = extract_facts(doc, kinds.file_kind(doc))
    sup = None
    if doc.format in _COMMENTED_FORMATS:
        parsed = parse_suppressions(path, doc.text)
        if parsed.directives or parsed.malformed:
            sup = parsed
    keep = diags or sup is not None
    return FileResult(path, diags, facts, doc.text if keep else None, sup, fixed)


def _note_agent_suite(doc: Document) -> None:
    """A legacy-looking dataset is an agent dataset when an agent suite XML runs it.

    Only then do `question:` and flat tests matter (a Copilot dataset uses them rightly);
    the suite XMLs of the app are read once per app (see ``migrate.detect``).
    """
    if doc.format == "xml" or not kinds.looks_legacy(doc):
        return
    from ait_datasets.migrate.detect import agent_suite_for

    suite = agent_suite_for(doc.path)
    if suite is not None:
        doc.cache[kinds.AGENT_SUITE] = suite


def _lint_file_job(job: tuple[str, LintConfig, Fixer | None]) -> FileResult:
    return lint_file(*job)


# Below this many files, starting worker processes costs more than it saves.
PARALLEL_MIN_FILES = 8


def lint_paths(
    paths: Iterable[str],
    config: LintConfig | ConfigFor | None = None,
    *,
    fixer: Fixer | None = None,
    jobs: int | None = 1,
    progress: Callable[[int, int], None] | None = None,
) -> LintRun:
    """Lint every dataset file under ``paths``, then run the cross-file rules.

    ``config`` is one configuration for every file, or a function giving each file's
    own (see :class:`ait_datasets.lint.config_files.ConfigResolver`). ``jobs`` is the
    number of worker processes (None: one per core); ``progress(done, total)`` is
    called after each file.
    """
    from ait_datasets.lint.config_files import is_included
    from ait_datasets.lint.discover import discover
    from ait_datasets.lint.project import Project

    config_for = _config_function(config)
    given = list(paths)
    explicit = set(given)
    run = LintRun()
    project = Project()
    configs: dict[str, LintConfig] = {}
    for path in discover(given, run.unreadable):
        file_config = config_for(path)
        if path in explicit or is_included(path, file_config):
            configs[path] = file_config
    suppressions: dict[str, Suppressions] = {}
    found: list[Diagnostic] = []
    for done, result in enumerate(_results(configs, fixer, jobs), start=1):
        if progress is not None:
            progress(done, len(configs))
        path = result.path
        if result.unreadable is not None:
            run.unreadable.append((path, result.unreadable))
            continue
        if result.fixed is not None:
            original, new, applied = result.fixed
            run.fixed[path] = (original, new)
            run.fixes_applied += applied
        run.files += 1
        run.paths.append(path)
        if result.facts is not None:
            project.add(result.facts)
        if result.suppressions is not None:
            suppressions[path] = result.suppressions
        found.extend(result.diagnostics)
        if result.text is not None:
            run.sources[path] = result.text
    for module in family_modules():
        check_project = getattr(module, "check_project", None)
        if check_project is not None:
            # Filtered before the suppressions, so that an ignored code does not count
            # as a used suppression (per-file findings were filtered in lint_document).
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


def _results(
    configs: dict[str, LintConfig], fixer: Fixer | None, jobs: int | None
) -> Iterator[FileResult]:
    """Results in discovery order, from worker processes when that pays off."""
    workers = effective_jobs(jobs, len(configs))
    work = [(path, config, fixer) for path, config in configs.items()]
    if workers <= 1:
        yield from map(_lint_file_job, work)
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    # fork (where there is one) starts workers in milliseconds with the modules loaded.
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        yield from pool.map(_lint_file_job, work, chunksize=max(1, len(work) // (workers * 8)))


def effective_jobs(jobs: int | None, files: int) -> int:
    """How many worker processes to use for ``files`` files (``None`` = automatic).

    Never more than the CPU count: more processes than cores only add start-up cost
    and memory (``--jobs 100000`` on 400 files started 403 processes).
    """
    if jobs is not None:
        return max(1, min(jobs, files, os.cpu_count() or 1))
    if files < PARALLEL_MIN_FILES:
        return 1
    return max(1, min(os.cpu_count() or 1, files))


def _config_function(config: LintConfig | ConfigFor | None) -> ConfigFor:
    if config is None:
        default = LintConfig()
        return lambda _path: default
    if isinstance(config, LintConfig):
        fixed = config
        return lambda _path: fixed
    return config

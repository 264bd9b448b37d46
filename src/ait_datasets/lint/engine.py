"""The lint engine: the one entry point every surface calls.

:func:`lint_document` (a loaded document), :func:`lint_text` (text and the path it
belongs to) and :func:`lint_paths` (files and folders) give the same findings for the
same bytes and the same app, cross-file rules included: the command line, the fixer, the
editor, the language server and the tests all come through here.

Per file: load once, say what kind of file it is and what its app says about it (the
dataset layer), build one :class:`LintContext`, and run every family whose descriptor
reads that file over the same tree; record the file's facts. Then the cross-file
families run once over the facts, and the configuration (select/ignore, per-rule
severity) and the inline suppressions are applied, once, at the end.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Iterator

from ait_datasets.dataset import shape
from ait_datasets.dataset.suites import Apps
from ait_datasets.diagnostics import Diagnostic
from ait_datasets.internal_error import FileInternalError
from ait_datasets.lint.config import LintConfig
from ait_datasets.lint.context import LintContext
from ait_datasets.lint.facts import FileFacts, extract_facts
from ait_datasets.lint.known_codes import code_problem
from ait_datasets.lint.project import Project
from ait_datasets.lint.rules import FAMILIES
from ait_datasets.lint.rules.common import with_severity
from ait_datasets.lint.suppressions import Suppressions, apply_suppressions, parse_suppressions
from ait_datasets.records import Record, field
from ait_datasets.source.document import Document
from ait_datasets.source.neighbours import Limits

# How an unexpected error in one file is reported (as the file's reason, in the run).
INTERNAL_ERROR = "internal error: "


def unreadable_message(reason: str) -> str:
    """What is said, after its path, of a file the run could not lint."""
    return reason if reason.startswith(INTERNAL_ERROR) else f"cannot read: {reason}"


# Formats whose comments can hold `datasets:` suppressions (JSON has no comments).
_COMMENTED_FORMATS = frozenset({"yaml", "xml"})


def lint_document(
    doc: Document, config: LintConfig | None = None, *, apps: Apps | None = None
) -> list[Diagnostic]:
    """Every finding for ``doc``, as `datasets lint` reports it for that file.

    ``apps`` is what this run (or editor session) has read of the app's other files;
    without it they are read afresh. Cross-file findings are included.
    """
    config = config or LintConfig()
    apps = apps if apps is not None else apps_for(config)
    ctx = context_for(doc, config, apps)
    found = file_findings(doc, ctx)
    facts = extract_facts(doc, ctx.kind)
    project = Project(apps)
    project.add(facts)
    project.linted[doc.path] = doc
    found.extend(project_findings(project, config))
    suppressions = {doc.path: parse_suppressions(doc.path, doc.text, code_problem)}
    return finish(found, suppressions, lambda _path: config)


def lint_text(
    text: str,
    path: str,
    config: LintConfig | None = None,
    *,
    apps: Apps | None = None,
) -> list[Diagnostic]:
    """Every finding for ``text`` as the content of ``path`` (which decides the format,
    the file kind's neighbours and the app); the file on disk, if any, is not read."""
    config = config or LintConfig()
    return lint_document(load_for_lint(path, text, config), config, apps=apps)


def load_for_lint(path: str, content: str | bytes, config: LintConfig) -> Document:
    """A buffer loaded as ``datasets lint`` loads the file ``path`` holding it: the one
    loader of content that does not come from the disk (an editor's text, standard input).

    Text is linted as saved: through the bytes an editor writes (UTF-8, or the encoding a
    suite XML declares), so the size, decoding and line-length limits are the command
    line's own.
    """
    from ait_datasets.lint.discover import is_xml
    from ait_datasets.source.load import load_bytes, load_text

    if is_xml(path):
        from ait_datasets.source.xml_loader import load_xml_bytes, saved_bytes

        return load_xml_bytes(path, saved_bytes(content) if isinstance(content, str) else content)
    if isinstance(content, bytes):
        raw = content
    else:
        try:
            raw = content.encode("utf-8")
        except UnicodeEncodeError:
            # A lone surrogate (API callers): no UTF-8 bytes hold one, so the text reader
            # reports it where it stands.
            return load_text(path, content)
    return load_bytes(
        path, raw, max_bytes=config.max_file_size, max_line_length=config.max_line_length
    )


def apps_for(config: LintConfig) -> Apps:
    """A fresh memory of the app's files, read under ``config``'s limits."""
    return Apps(Limits(config.max_file_size, config.max_line_length))


def context_for(doc: Document, config: LintConfig, apps: Apps) -> LintContext:
    """What the rules get for ``doc``: its config, its kind and its app's facts."""
    kind = shape.file_kind(doc)
    agent_suite = None
    # Only a dataset with a test that has no agent markers of its own needs the suite
    # XMLs: a legacy `question:` test, a Copilot test, or an agent test whose `query` is
    # misspelt. An agent suite running the file makes every test an agent test.
    if doc.format != "xml" and shape.has_tests_without_agent_markers(doc):
        agent_suite = apps.agent_suite_for(doc.path)
    return LintContext(config, kind, agent_suite, apps)


def file_findings(doc: Document, ctx: LintContext) -> list[Diagnostic]:
    """The loader's and every applicable family's findings for one file, unfiltered."""
    found: list[Diagnostic] = list(doc.diagnostics)
    for family in FAMILIES:
        if family.check is not None and family.reads(doc, ctx.kind):
            found.extend(family.check(doc, ctx))
    return found


def project_findings(project: Project, config: LintConfig) -> list[Diagnostic]:
    """The cross-file families' findings over ``project``, unfiltered."""
    found: list[Diagnostic] = []
    for family in FAMILIES:
        if family.check_project is not None:
            found.extend(family.check_project(project, config))
    return found


def finish(
    found: Iterable[Diagnostic],
    suppressions: dict[str, Suppressions],
    config_for: Callable[[str], LintConfig],
) -> list[Diagnostic]:
    """Apply the configuration and the suppressions, once, and sort.

    Disabled codes go first, so that an ignored finding does not count as a use of a
    suppression; the suppression findings (SUP) obey select/ignore like every other
    finding; severities are re-graded last.
    """
    enabled = [d for d in found if config_for(d.path).enabled(d.code)]
    # A suppression of a code the run did not check is neither used nor unused.
    kept = apply_suppressions(
        enabled, suppressions, enabled=lambda path, code: config_for(path).enabled(code)
    )
    out: list[Diagnostic] = []
    for diag in kept:
        config = config_for(diag.path)
        if not config.enabled(diag.code):
            continue
        severity = config.severity_for(diag.code)
        out.append(with_severity(diag, severity) if severity is not None else diag)
    out.sort(key=Diagnostic.sort_key)
    return out


class LintRun(Record):
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
    # How many of ``fixes_applied`` each file in ``fixed`` holds (a file whose write is
    # refused gives its count back).
    fix_counts: dict[str, int] = field(default_factory=dict)


ConfigFor = Callable[[str], LintConfig]
# Given a loaded document, its config and the run's app memory, return the document to
# lint (possibly fixed) and the number of fixes applied.
Fixer = Callable[[Document, LintConfig, Apps], tuple[Document, int]]


class FileResult(Record):
    """What linting one file yields; plain data, so workers can send it back."""

    path: str
    diagnostics: list[Diagnostic]
    facts: FileFacts | None = None
    # The text, for the reporter (from a worker process: only when the file has findings or
    # suppressions).
    text: str | None = None
    suppressions: Suppressions | None = None
    # (original text, fixed text, fixes applied) when a fixer changed the file.
    fixed: tuple[str, str, int] | None = None
    unreadable: str | None = None


def lint_file(
    path: str,
    config: LintConfig,
    fixer: Fixer | None = None,
    apps: Apps | None = None,
    raw: bytes | None = None,
) -> FileResult:
    """Load, fix (optionally) and lint one file; never raises for a file's content.

    A file that cannot be read is reported in the result; anything else that escapes
    is a bug, raised as :class:`FileInternalError` naming the file. ``raw``, when given,
    is the file's content (`datasets lint -` reads it from standard input).
    """
    try:
        apps = apps if apps is not None else apps_for(config)
        return _lint_file(path, config, fixer, apps, raw)
    except Exception as exc:
        raise FileInternalError(path, exc) from exc


def _lint_file(
    path: str, config: LintConfig, fixer: Fixer | None, apps: Apps, raw: bytes | None
) -> FileResult:
    from ait_datasets.lint.discover import is_xml
    from ait_datasets.source.load import load

    doc: Document
    try:
        if raw is not None:
            doc = load_for_lint(path, raw, config)
        elif is_xml(path):
            # Imported here: a run over YAML files needs no XML parser.
            from ait_datasets.source.xml_loader import load_xml

            doc = load_xml(path)
        else:
            doc = load(path, max_bytes=config.max_file_size, max_line_length=config.max_line_length)
    except OSError as exc:
        return FileResult(path, [], unreadable=exc.strerror or str(exc))
    fixed = None
    if fixer is not None:
        original = doc.text
        doc, applied = fixer(doc, config, apps)
        if applied:
            fixed = (original, doc.text, applied)
    ctx = context_for(doc, config, apps)
    diags = file_findings(doc, ctx)
    facts = extract_facts(doc, ctx.kind)
    sup = None
    if doc.format in _COMMENTED_FORMATS:
        parsed = parse_suppressions(path, doc.text, code_problem)
        if parsed.directives or parsed.malformed:
            sup = parsed
    return FileResult(path, diags, facts, doc.text, sup, fixed)


# Each worker process's memory of the app files it has read, for one run (set by
# ``_start_worker`` when the pool starts, so it is never shared across runs).
_worker_apps: Apps | None = None


def _start_worker(limits: Limits) -> None:
    global _worker_apps
    _worker_apps = Apps(limits)


def _lint_file_job(
    job: tuple[str, LintConfig, Fixer | None, bool, bytes | None],
) -> FileResult:
    path, config, fixer, debug, raw = job
    result = _guarded(path, config, fixer, _worker_apps, debug, raw)
    if not result.diagnostics and result.suppressions is None:
        # Only a text that may be shown crosses the pipe; a cross-file finding's file is
        # read again for its excerpt (in one process the text is kept: it is in memory).
        result.text = None
    return result


def _guarded(
    path: str,
    config: LintConfig,
    fixer: Fixer | None,
    apps: Apps | None,
    debug: bool,
    raw: bytes | None = None,
) -> FileResult:
    """One file's result; an unexpected error is that file's problem, not the run's."""
    try:
        return lint_file(path, config, fixer, apps, raw)
    except FileInternalError as exc:
        if debug:
            raise
        error = exc.error
        return FileResult(
            path,
            [],
            unreadable=f"{INTERNAL_ERROR}{type(error).__name__}: {error} (run again with "
            "--debug for a traceback, and please report it)",
        )


# Below this many files, starting worker processes costs more than it saves.
PARALLEL_MIN_FILES = 8


def lint_paths(
    paths: Iterable[str],
    config: LintConfig | ConfigFor | None = None,
    *,
    fixer: Fixer | None = None,
    jobs: int | None = 1,
    progress: Callable[[int, int], None] | None = None,
    debug: bool = False,
    given_content: dict[str, bytes] | None = None,
) -> LintRun:
    """Lint every dataset file under ``paths``, then run the cross-file rules.

    ``config`` is one configuration for every file, or a function giving each file's
    own (see :class:`ait_datasets.lint.config_files.ConfigResolver`). ``jobs`` is the
    number of worker processes (None: one per core); ``progress(done, total)`` is
    called after each file. An unexpected error in one file is reported as that file
    being unreadable, and every other file is still linted (``debug``: raised instead).
    ``given_content`` maps paths to their content when it does not come from the disk
    (standard input): those paths are linted as named.
    """
    from ait_datasets.lint.config_files import is_included
    from ait_datasets.lint.discover import discover

    config_for = _config_function(config)
    given = list(paths)
    explicit = set(given)
    run = LintRun()
    first_config = config_for(given[0]) if given else LintConfig()
    apps = apps_for(first_config)
    project = Project(apps)
    configs: dict[str, LintConfig] = {}
    for path in discover(given, run.unreadable, apps=apps):
        file_config = config_for(path)
        if path in explicit or is_included(path, file_config):
            configs[path] = file_config
    suppressions: dict[str, Suppressions] = {}
    found: list[Diagnostic] = []
    given_content_paths = set(given_content or {})
    for done, result in enumerate(
        _results(configs, fixer, jobs, apps, debug, given_content or {}), start=1
    ):
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
            run.fix_counts[path] = applied
        run.files += 1
        run.paths.append(path)
        if result.facts is not None:
            project.add(result.facts)
        if result.suppressions is not None:
            suppressions[path] = result.suppressions
        found.extend(result.diagnostics)
        if result.text is not None:
            run.sources[path] = result.text
            if result.fixed is not None or path in given_content_paths:
                # Not what the disk holds (yet): the AL rules read this text.
                project.linted[path] = result.text
    found.extend(project_findings(project, first_config))
    run.unreadable = once_per_path([*run.unreadable, *apps.unreadable])
    run.diagnostics = finish(found, suppressions, lambda p: configs.get(p) or config_for(p))
    return run


def once_per_path(unreadable: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    """Each path's first reason only: the run meets an unreadable file of the app when it
    walks the folder, again when it reads the app's other files for the cross-file rules,
    and again when it reads the suite XMLs; it is one problem, said and counted once."""
    seen: set[str] = set()
    out: list[tuple[str, str]] = []
    for path, reason in unreadable:
        key = os.path.normcase(os.path.abspath(path))
        if key not in seen:
            seen.add(key)
            out.append((path, reason))
    return out


def _results(
    configs: dict[str, LintConfig],
    fixer: Fixer | None,
    jobs: int | None,
    apps: Apps,
    debug: bool,
    given: dict[str, bytes],
) -> Iterator[FileResult]:
    """Results in discovery order, from worker processes when that pays off."""
    workers = effective_jobs(jobs, len(configs))
    if workers <= 1:
        for path, config in configs.items():
            yield _guarded(path, config, fixer, apps, debug, given.get(path))
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    work = [(path, config, fixer, debug, given.get(path)) for path, config in configs.items()]
    context = multiprocessing.get_context("fork" if workers_fork() else None)
    with ProcessPoolExecutor(
        max_workers=workers,
        mp_context=context,
        initializer=_start_worker,
        initargs=(apps.limits or Limits(),),
    ) as pool:
        yield from pool.map(_lint_file_job, work, chunksize=max(1, len(work) // (workers * 8)))


def workers_fork() -> bool:
    """Whether worker processes are forked: on Linux, where fork starts them in
    milliseconds with the modules loaded. macOS has fork too, but its system libraries
    may crash in a forked child (Python starts them fresh there, as on Windows)."""
    return sys.platform.startswith("linux")


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
    if config is None or isinstance(config, LintConfig):
        fixed = config if config is not None else LintConfig()
        return lambda _path: fixed
    return config

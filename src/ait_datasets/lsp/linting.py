"""The one place the language server lints: a buffer's text in, the CLI's findings out.

Every call goes through :func:`lint_document_text`, which is the library's one entry
point (:func:`ait_datasets.lint.lint_text`) with the session's memory of the app's
other files: the editor shows exactly what ``datasets lint`` prints once the buffer is
saved, cross-file rules included.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from ait_datasets.dataset.app import app_root
from ait_datasets.dataset.paths import display_path
from ait_datasets.diagnostics import Diagnostic
from ait_datasets.lint.config import LintConfig
from ait_datasets.lint.discover import is_xml
from ait_datasets.source.neighbours import Limits

if TYPE_CHECKING:
    from ait_datasets.lint.app_facts import AppFacts
    from ait_datasets.lint.buffers import EditedBuffers

# A finding's message names another file of the app (cross-file rules do).
_NAMES_FILE = re.compile(r"\.(?:ya?ml|jsonl?|xml)\b")


def lint_document_text(
    text: str,
    path: str,
    config: LintConfig,
    app: AppFacts | None = None,
    buffers: EditedBuffers | None = None,
) -> list[Diagnostic]:
    """Every finding ``datasets lint path`` would report if the file held ``text``.

    ``path`` is absolute; findings are about it only (cross-file findings that land on
    other files of the app are for those files' own runs). ``app`` keeps what was read of
    the app's other files between calls (read from disk when absent); ``buffers`` keeps
    the last lint's document, so that after an edit of one test only that test is read
    again (the findings are ``lint_text``'s all the same).
    """
    from ait_datasets.lint import lint_text

    # Read under the configuration's limits, as `datasets lint` reads the app's files.
    limits = Limits(config.max_file_size, config.max_line_length)
    apps = app.fresh(path, limits) if app is not None else None
    if buffers is not None:
        found = buffers.lint(text, path, config, apps=apps)
    else:
        found = lint_text(text, path, config, apps=apps)
    wanted = os.path.abspath(path)
    return [d for d in found if os.path.abspath(d.path) == wanted]


def lint_in_session(generation: int, text: str, path: str, config: LintConfig) -> list[Diagnostic]:
    """:func:`lint_document_text` with this process's memory of the session
    (:func:`ait_datasets.lint.session.process_session`), whose memory of the apps' files
    is forgotten when ``generation`` changes (a watched file or the configuration changed).

    What the server asks its lint child (:mod:`ait_datasets.lint.child`) for: the child
    keeps the memory between the runs of the documents it lints.
    """
    from ait_datasets.lint.session import process_session

    session = process_session()
    with session.lock:
        session.follow(generation)
        return lint_document_text(text, path, config, session.app, session.buffers)


def lint_files(
    paths: Iterable[str],
    config_for: Callable[[str], LintConfig],
    unreadable: list[tuple[str, str]] | None = None,
) -> dict[str, list[Diagnostic]]:
    """The findings of files on disk (for ``workspace/diagnostic``), keyed by path.

    ``config_for`` is a ``path -> LintConfig`` function such as ``ConfigResolver.for_file``.
    Files without findings map to an empty list, so a client can clear old ones. The
    files that could not be read (these or the app's others, as ``datasets lint`` says
    them: path, reason) are added to ``unreadable``.
    """
    from ait_datasets.lint import lint_paths

    given = list(paths)
    run = lint_paths(given, config_for, jobs=1)
    if unreadable is not None:
        unreadable.extend(run.unreadable)
    out: dict[str, list[Diagnostic]] = {os.path.abspath(p): [] for p in run.paths}
    for diag in run.diagnostics:
        out.setdefault(os.path.abspath(diag.path), []).append(diag)
    return out


def app_files_named(message: str, path: str, others: list[str] | None = None) -> list[str]:
    """Other files of ``path``'s app that a cross-file finding's message names.

    The cross-file rules name the file a finding clashes with (`like datasets/A.yaml`);
    the editor links to it as related information. ``others`` is
    :func:`other_app_files` of ``path`` when the caller has it already (one listing for
    all the findings of a lint, not one per finding).
    """
    root = app_root(path)
    if root is None:
        return []
    out = []
    for full in other_app_files(path) if others is None else others:
        if display_path(full) in message or os.path.relpath(full, root) in message:
            out.append(full)
    return out


def related_files(diagnostics: list[Diagnostic], path: str) -> list[list[str] | None]:
    """For each finding, the app's other files its message names (None: it names none)."""
    # The app's files, listed once for all the findings that name one.
    others: list[str] | None = None
    out: list[list[str] | None] = []
    for diag in diagnostics:
        related = None
        if _NAMES_FILE.search(diag.message) is not None:
            others = other_app_files(path) if others is None else others
            related = app_files_named(diag.message, path, others)
        out.append(related)
    return out


def other_app_files(path: str) -> list[str]:
    """Every other file of ``path``'s app that ``datasets lint`` reads (absolute paths)."""
    from ait_datasets.lint.discover import discover

    root = app_root(path)
    if root is None:
        return []
    here = os.path.abspath(path)
    return [full for full in map(os.path.abspath, discover([root])) if full != here]


def fix_document_text(text: str, path: str, config: LintConfig) -> str:
    """The buffer with every safe fix applied, as ``datasets lint --fix`` would write it."""
    from ait_datasets.lint.engine import load_for_lint
    from ait_datasets.lint.fixing import Fixer

    doc, _applied = Fixer(unsafe=False)(load_for_lint(path, text, config), config)
    return doc.text


def migrated_text(text: str, path: str) -> str | None:
    """The buffer as ``datasets migrate`` would write it, or None when nothing changes
    (up to date, not an agent dataset, or not safely migratable)."""
    from ait_datasets.migrate import MIGRATED, MigrationOptions, migrate_bytes

    result = migrate_bytes(path, text.encode("utf-8"), MigrationOptions())
    return result.after if result.outcome == MIGRATED else None


def format_of_path(path: str) -> str:
    """``yaml``, ``json``, ``jsonl`` or ``xml``, as the loader reads the file."""
    from ait_datasets.source.load import format_of

    return "xml" if is_xml(path) else (format_of(path) or "yaml")

"""Knowledge across the files of a lint run, for the cross-file rules.

The engine adds the facts of every linted file; rule families that define
``check_project(project, config)`` run once at the end over all of them.

Which files form an app is the dataset layer's answer (:mod:`ait_datasets.dataset.app`).
When only some files of an app are linted (a pre-commit hook passes the changed files),
the app's other dataset and suite files are read once, for their facts only and under the
same limits as linted files, so references into them still resolve.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Hashable, Sequence
from functools import partial
from typing import TypeVar

from ait_datasets.dataset import app, shape
from ait_datasets.dataset.paths import display_path
from ait_datasets.dataset.suites import Apps
from ait_datasets.lint.discover import discover
from ait_datasets.lint.facts import (
    SETUP_PLACEHOLDERS,
    TESTS_WITHOUT_PREFIX,
    FileFacts,
    extract_facts,
)
from ait_datasets.records import Record, field
from ait_datasets.source.document import Document
from ait_datasets.source.header import without_tests
from ait_datasets.source.load import format_of, load_bytes
from ait_datasets.source.neighbours import Limits, read_neighbour

__all__ = ["Project", "later_duplicates", "read_facts"]

T = TypeVar("T")

# Only a YAML file's top-level `suite_setup:`/`language:` make its facts worth a parse.
# Compiled (and cached by `re`) on first use: only a run over an app's files needs it.
_METADATA = rb"^(?:suite_setup|language)[ \t]*:"


class Project(Record):
    """The facts of every linted file, and of the other files of their apps.

    ``apps`` is the run's memory of what was read from disk (suite XMLs, the app's
    other files), so that linting many files, or one file many times (the fixer's
    passes, an editor), reads each neighbour once.
    """

    apps_read: Apps = field(default_factory=Apps)
    files: dict[str, FileFacts] = field(default_factory=dict)
    # app key -> every file of the app (linted and not), filled on first use.
    _apps: dict[str, list[FileFacts]] = field(default_factory=dict)
    # What was linted of a file, when the rules that read whole files (the AL rules)
    # must see that and not the disk: an editor's buffer, a file as the fixer changed it.
    # The document itself, or its text.
    linted: dict[str, Document | str] = field(default_factory=dict)

    def add(self, facts: FileFacts) -> None:
        self.files[facts.path] = facts
        self._apps.clear()

    def apps(self) -> dict[str, list[FileFacts]]:
        """Every app with linted files, and all of its files (sorted by path)."""
        if not self._apps:
            linted: dict[str, list[FileFacts]] = {}
            for facts in self.files.values():
                linted.setdefault(app.app_key(facts.path), []).append(facts)
            for key, members in linted.items():
                known = {os.path.abspath(f.path) for f in members}
                # The other files' tests matter only to a suite-setup file being linted
                # that holds placeholders (PH011 asks which test of a dataset naming it
                # has none); otherwise their top level is all the rules read.
                per_test = any(f.extra.get(SETUP_PLACEHOLDERS) for f in members)
                # Only a `.resources` folder is imported as a whole: an AL app's other
                # files, or the other files of the command line, are not its resources.
                others = self._neighbours(key, known, per_test) if is_resources(key) else []
                self._apps[key] = sorted(members + others, key=_sort_key)
        return self._apps

    def _neighbours(self, root: str, known: set[str], per_test: bool) -> list[FileFacts]:
        """The facts of the app's files under ``root`` that were not linted (with what
        their tests say when ``per_test``).

        Each is read once per run, however many times the project is asked.
        """
        read = self.apps_read
        paths = read.remember(("app-files", root), lambda: list(discover([root], read.unreadable)))
        out = []
        for path in paths:
            full = os.path.abspath(path)
            if full in known:
                continue
            facts = read.remember(
                ("facts", full, per_test), partial(read_facts, path, read.limits, per_test)
            )
            if facts is not None:
                out.append(facts)
        return out


def suite_setup_names(files: Sequence[FileFacts]) -> set[str]:
    """The Group Names a ``suite_setup:`` among ``files`` may name: those of the
    suite-setup files (what REF001 checks against)."""
    return {app.group_name(f.path, f.format, f.name) for f in files if f.kind == shape.SUITE_SETUP}


def app_suite_setup_names(path: str) -> list[str]:
    """The sorted suite-setup names of ``path``'s app, read from disk under the
    neighbour-file limits (editor and language-server completion). Outside a
    ``.resources`` folder the app is only the files linted together: nothing to offer."""
    project = Project()
    project.add(FileFacts(path, shape.DATASET, "yaml"))
    return sorted(suite_setup_names(project.apps().get(app.app_key(path), [])))


def is_resources(key: str) -> bool:
    return os.path.basename(key) == app.RESOURCES


def _sort_key(facts: FileFacts) -> str:
    return os.path.abspath(facts.path)


def read_facts(path: str, limits: Limits | None = None, per_test: bool = False) -> FileFacts | None:
    """What another file of the app tells the rules, reading no more than needed: a
    dataset's tests only ``per_test`` (what a suite-setup file's placeholders need)."""
    path = display_path(path)
    facts = _facts_of(path, limits, per_test)
    if facts is not None:
        facts.linted = False
    return facts


def _facts_of(path: str, limits: Limits | None, per_test: bool) -> FileFacts | None:
    fmt = format_of(path) or "xml"
    if fmt in ("json", "jsonl"):
        # The importer reads no metadata from JSON: the file name is all that matters.
        return FileFacts(path, shape.JSONL if fmt == "jsonl" else shape.DATASET, fmt)
    try:
        raw = read_neighbour(path, limits)
    except OSError:
        # Linted on its own, the file reports why it cannot be read; as a neighbour it
        # tells the others nothing.
        return None
    if fmt == "xml":
        from ait_datasets.source.xml_loader import load_xml_bytes

        return extract_facts(load_xml_bytes(path, raw), shape.FileKind.UNKNOWN)
    if not re.search(_METADATA, raw, re.MULTILINE):
        return FileFacts(path, shape.DATASET, fmt)
    top_level = None if per_test else without_tests(raw)
    doc = load_bytes(path, raw if top_level is None else top_level)
    facts = extract_facts(doc, shape.file_kind(doc))
    if top_level is not None:
        # Its tests were not read: nothing may be concluded about them.
        facts.extra.pop(TESTS_WITHOUT_PREFIX, None)
    return facts


def later_duplicates(
    items: Sequence[T], key: Callable[[T], Hashable | None], linted: Callable[[T], bool]
) -> list[tuple[T, T]]:
    """(item to report, the first item it clashes with) for ``items`` that share a key.

    ``items`` are in file order. Every duplicate after the first is reported; findings go
    only to linted files, so when the only linted item of a group is its first, that one
    is reported instead (the clash is still news to whoever changed it).
    """
    groups: dict[Hashable, list[T]] = {}
    for item in items:
        k = key(item)
        if k is not None:
            groups.setdefault(k, []).append(item)
    out: list[tuple[T, T]] = []
    for group in groups.values():
        if len(group) < 2:
            continue
        first, rest = group[0], group[1:]
        reported = [item for item in rest if linted(item)]
        out.extend((item, first) for item in reported)
        if not reported and linted(first):
            out.append((first, rest[0]))
    return out

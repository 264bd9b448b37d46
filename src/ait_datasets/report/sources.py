"""Cases back at their source: (dataset group code, test code) -> dataset file and line.

The ONE adapter between the report and the dataset layer: every domain fact it needs
(which files are datasets, the tests of a file and their turns, the importer's group
code of a file name) comes from the dataset layer (``dataset.shape``, ``dataset.app``
and ``lint.discover``; when the ``dataset`` layer lands, only this module is re-pointed.

The importer's naming (see the project's contract notes): a dataset file's ``Test Input
Group`` code is its file name, ``.json``/``.jsonl`` dropped, upper-cased; a test's ``Test
Input`` code is its ``name``, upper-cased and cut to 100 characters, or
``INPUT-000001``, ``INPUT-000002``, ... in file order when it has no name. The log
entry carries both (``dataset``, ``datasetLineNumber``).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass

from ait_datasets.report.model import CaseKey

CODE_LENGTH = 100  # Code[100] of "Test Input Group Code" and "Test Input Code"


@dataclass(frozen=True, slots=True)
class TestSource:
    """Where a case's test is written, and what its text declares."""

    path: str
    line: int
    language: str = ""
    # A turn (or the test) expects an ``intervention_request``: a hand-over case.
    handover: bool = False
    turns: int = 0

    @property
    def location(self) -> str:
        return f"{self.path}:{self.line}"


@dataclass(frozen=True, slots=True)
class SourceIndex:
    """Every test found, by (group code, test code); ``ambiguous`` codes are in several
    files (the first is used)."""

    tests: dict[tuple[str, str], TestSource]
    files: int
    ambiguous: frozenset[tuple[str, str]] = frozenset()

    def find(self, key: CaseKey) -> TestSource | None:
        return self.tests.get((key.dataset.upper(), key.test.upper()))


def index_sources(paths: list[str]) -> SourceIndex:
    """Read the dataset files under ``paths`` (files or folders) once, for their tests."""
    from ait_datasets.dataset import shape as kinds
    from ait_datasets.dataset.app import group_code
    from ait_datasets.dataset.paths import display_path
    from ait_datasets.lint.discover import discover
    from ait_datasets.source.load import load

    tests: dict[tuple[str, str], TestSource] = {}
    ambiguous: set[tuple[str, str]] = set()
    files = 0
    for path in discover(paths):
        if path.lower().endswith(".xml"):
            continue
        try:
            doc = load(path)
        except OSError:
            continue
        if doc.root is None or kinds.file_kind(doc) not in (kinds.DATASET, kinds.JSONL):
            continue
        files += 1
        group = group_code(os.path.basename(path)).upper()[:CODE_LENGTH]
        file_language = _language(doc.root)
        unnamed = 0
        shown = display_path(path)
        for test in kinds.tests_of(doc):
            node = test.node
            name = kinds.scalar_text(node.get("name"))
            if name is None:
                unnamed += 1
                code = f"INPUT-{unnamed:06d}"
                line = node.span.line
            else:
                code = name.upper()[:CODE_LENGTH]
                key_node = node.key_node("name")
                line = (key_node or node).span.line
            turns = kinds.turns_of(node)
            source = TestSource(
                shown,
                line,
                _language(node) or file_language,
                _hands_over(node, turns),
                len(turns),
            )
            if (group, code) in tests:
                ambiguous.add((group, code))
            else:
                tests[(group, code)] = source
    return SourceIndex(tests, files, frozenset(ambiguous))


def _language(node: object) -> str:
    from ait_datasets.dataset import shape as kinds
    from ait_datasets.source.tree import Mapping

    if not isinstance(node, Mapping):
        return ""
    return kinds.scalar_text(node.get("language")) or ""


def _hands_over(test: object, turns: Sequence[object]) -> bool:
    """Whether the test or one of its turns expects an ``intervention_request``."""
    from ait_datasets.source.tree import Mapping

    for obj in (test, *turns):
        if isinstance(obj, Mapping):
            expected = obj.get("expected_data")
            if isinstance(expected, Mapping) and expected.get("intervention_request") is not None:
                return True
    return False

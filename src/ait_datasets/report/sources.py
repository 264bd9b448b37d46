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
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ait_datasets.report.model import CaseKey

if TYPE_CHECKING:
    from ait_datasets.dataset.shape import TestRef
    from ait_datasets.source.document import Document
    from ait_datasets.source.tree import Node
    from ait_datasets.source.xml_loader import XmlElement


@dataclass(frozen=True, slots=True)
class TestSource:
    """Where a case's test is written, and what its text declares."""

    path: str
    line: int
    language: str = ""
    # The file itself (the display ``path`` may be relative): where the rerun plan copies
    # the test from.
    file: str = ""
    # A turn (or the test) expects an ``intervention_request``: a hand-over case.
    handover: bool = False
    turns: int = 0

    @property
    def location(self) -> str:
        return f"{self.path}:{self.line}"


@dataclass(frozen=True, slots=True)
class SourceIndex:
    """Every test found, by (group code, test code); for a code in several files, the
    first one's test."""

    tests: dict[tuple[str, str], TestSource]
    files: int

    def find(self, key: CaseKey) -> TestSource | None:
        return self.tests.get((key.dataset.upper(), key.test.upper()))


def index_sources(paths: list[str]) -> SourceIndex:
    """Read the dataset files under ``paths`` (files or folders) once, for their tests."""
    from ait_datasets.dataset import shape as kinds
    from ait_datasets.dataset.app import dataset_code
    from ait_datasets.dataset.paths import display_path
    from ait_datasets.lint.discover import discover

    tests: dict[tuple[str, str], TestSource] = {}
    files = 0
    for path in discover(paths):
        doc = dataset_document(path)
        if doc is None:
            continue
        files += 1
        group = dataset_code(path)
        file_language = _language(doc.root)
        shown = display_path(path)
        real = os.path.realpath(path)
        for code, test, _ in coded_tests(doc):
            node = test.node
            key_node = node.key_node("name")
            line = (key_node or node).span.line
            turns = kinds.turns_of(node)
            source = TestSource(
                shown,
                line,
                _language(node) or file_language,
                real,
                _hands_over(node, turns),
                len(turns),
            )
            tests.setdefault((group, code), source)
    return SourceIndex(tests, files)


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


def dataset_document(path: str) -> Document | None:
    """The dataset (or JSONL) file at ``path``, loaded; None for anything else."""
    from ait_datasets.dataset import shape as kinds
    from ait_datasets.source.load import load

    if path.lower().endswith(".xml"):
        return None
    try:
        doc = load(path)
    except OSError:
        return None
    if kinds.file_kind(doc) not in (kinds.DATASET, kinds.JSONL):
        return None
    if doc.root is None and not doc.rows:
        return None
    return doc


def coded_tests(doc: Document) -> Iterator[tuple[str, TestRef, Node]]:
    """Each test of ``doc`` with its ``Test Input`` code and its own node as written
    (the item of the test list, before any ``testInput:`` wrapper is unwrapped)."""
    from ait_datasets.dataset import shape as kinds
    from ait_datasets.dataset.app import code_field

    unnamed = 0
    for test in kinds.tests_of(doc):
        name = kinds.scalar_text(test.node.get("name"))
        if name is None:
            unnamed += 1
            code = f"INPUT-{unnamed:06d}"
        else:
            code = code_field(name)
        yield code, test, _written_node(doc, test)


def _written_node(doc: Document, test: TestRef) -> Node:
    from ait_datasets.source.tree import Mapping, Sequence

    if test.row is not None:
        return doc.rows[test.row]
    node: Node | None = doc.root
    for part in test.path:
        if isinstance(part, int) and isinstance(node, Sequence):
            node = node.items[part]
        elif isinstance(part, str) and isinstance(node, Mapping):
            node = node.get(part)
    return node if node is not None else test.node


@dataclass(frozen=True, slots=True)
class SuiteLine:
    """A suite XML's ``AITSuite`` that runs a dataset, as written (XmlPort 149031)."""

    path: str
    # The ``AITSuite`` element's attributes and its ``Language``/``Evaluator`` children.
    suite: dict[str, str]
    languages: tuple[dict[str, str], ...]
    evaluators: tuple[dict[str, str], ...]
    # The ``Line`` elements that run the dataset: (attributes, their evaluators).
    lines: tuple[tuple[dict[str, str], tuple[dict[str, str], ...]], ...]


def suites_running(dataset_path: str, suite_code: str) -> list[SuiteLine]:
    """The ``AITSuite`` elements with Code ``suite_code`` (case-insensitive, a Code field)
    of the dataset's app that run it: a ``Line`` whose ``Dataset`` is its group code, or
    without a ``Dataset`` in a suite whose ``Dataset`` is (the line inherits it)."""
    from ait_datasets.dataset.app import dataset_code
    from ait_datasets.dataset.suites import SuiteIndex, suite_folder
    from ait_datasets.source.neighbours import read_neighbour
    from ait_datasets.source.xml_loader import load_xml_bytes

    group = dataset_code(dataset_path)
    wanted = suite_code.strip().upper()
    found: list[SuiteLine] = []
    index = SuiteIndex(*suite_folder(dataset_path))
    for ref in index.suites_running(dataset_path):
        if ref.code.strip().upper() != wanted:
            continue
        try:
            root = load_xml_bytes(ref.path, read_neighbour(ref.path)).xml
        except OSError:
            continue
        for suite in [] if root is None else root.children:
            if suite.name != "AITSuite" or _value(suite, "Code").upper() != wanted:
                continue
            inherited = _value(suite, "Dataset").upper() == group
            lines = tuple(
                (_attributes(line), _children(line, "Evaluator"))
                for line in suite.children
                if line.name == "Line"
                and (
                    _value(line, "Dataset").upper() == group
                    or (inherited and not _value(line, "Dataset"))
                )
            )
            if lines:
                found.append(
                    SuiteLine(
                        ref.path,
                        _attributes(suite),
                        _children(suite, "Language"),
                        _children(suite, "Evaluator"),
                        lines,
                    )
                )
    return found


def _value(element: XmlElement, name: str) -> str:
    attribute = element.get(name)
    return "" if attribute is None else attribute.value.strip()


def _attributes(element: XmlElement) -> dict[str, str]:
    return {name: a.value for name, a in element.attributes.items()}


def _children(element: XmlElement, name: str) -> tuple[dict[str, str], ...]:
    return tuple(_attributes(c) for c in element.children if c.name == name)

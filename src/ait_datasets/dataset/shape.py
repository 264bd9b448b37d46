"""What a document is, and where its tests and turns are.

The framework decides by shape, not by file name: a YAML file whose ``suite_setup`` is an
object is a suite-setup file; otherwise ``tests`` (a list, or one object) holds the tests,
and without ``tests`` the whole root is one test. A ``.json`` file is an array of tests or
one test; a ``.jsonl`` file has one test per line.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator

from ait_datasets.records import Record
from ait_datasets.source.document import Document
from ait_datasets.source.tree import Mapping, Node, Path, Scalar, Sequence


class FileKind(str, enum.Enum):
    """What a file is to the framework (its value is the word rules and facts use)."""

    # Tests (YAML or JSON): `tests`, or one test at the root.
    DATASET = "dataset"
    # Setup data under `suite_setup`, referenced by the datasets of the same suite.
    SUITE_SETUP = "suite-setup"
    # One test per line.
    JSONL = "jsonl"
    # A suite definition for XmlPort 149031 (root element `Root`).
    SUITE_XML = "suite-xml"
    # Any other XML in the resources (test data, not a suite).
    OTHER_XML = "xml"
    # None of these (a scalar root, a list in YAML, a file that could not be parsed).
    UNKNOWN = "unknown"


# The kinds under their short names.
DATASET = FileKind.DATASET
SUITE_SETUP = FileKind.SUITE_SETUP
JSONL = FileKind.JSONL
UNKNOWN = FileKind.UNKNOWN


def file_kind(doc: Document) -> FileKind:
    """The kind of a data file (the XML kinds are told apart by their facts)."""
    if doc.format == "jsonl":
        return JSONL
    root = doc.root
    if isinstance(root, Mapping):
        setup = root.get("suite_setup")
        if isinstance(setup, (Mapping, Sequence)):
            return SUITE_SETUP
        return DATASET
    if isinstance(root, Sequence) and doc.format == "json":
        return DATASET
    return UNKNOWN


class TestRef(Record):
    """A test object and where it is."""

    path: Path
    node: Mapping
    # The test's own tree, for JSONL rows (each row is its own root).
    row: int | None = None


def tests_of(doc: Document) -> Iterator[TestRef]:
    """Every test object of a dataset document, as the importer would find them.

    Items that are not mappings are skipped here (the structure rules report them).
    """
    cached = doc.cache.get("tests")
    if cached is None:
        cached = doc.cache["tests"] = list(_find_tests(doc))
    assert isinstance(cached, list)
    return iter(cached)


def agent_tests(doc: Document, run_by_agent_suite: bool = False) -> list[TestRef]:
    """The agent tests of ``doc`` (see :func:`is_agent_test`), computed once per document.

    ``run_by_agent_suite``: an agent suite XML of the app runs this dataset (see
    :meth:`ait_datasets.dataset.app.App.agent_suite_for`), so every test is an agent test.
    """
    key = "agent_tests_by_suite" if run_by_agent_suite else "agent_tests"
    cached = doc.cache.get(key)
    if cached is None:
        cached = doc.cache[key] = [
            t for t in tests_of(doc) if run_by_agent_suite or is_agent_test(t.node)
        ]
    assert isinstance(cached, list)
    return cached


def has_agent_markers(doc: Document) -> bool:
    """``turns``, ``query`` or ``intervention_request`` anywhere a test or turn has them.

    Only agent datasets are migrated: in a Copilot AI-test dataset ``question`` is the
    right key, so a file without these markers is an agent dataset only when an agent
    suite runs it (:meth:`ait_datasets.dataset.suites.Apps.agent_suite_for`).
    """
    return any("turns" in ref.node.children or is_agent_test(ref.node) for ref in tests_of(doc))


def has_tests_without_agent_markers(doc: Document) -> bool:
    """Whether some test of ``doc`` is not an agent test by its own keys.

    Such a test is still an agent test when an agent suite runs the file (then every test
    is): a legacy `question:` test, or one whose `query` is misspelt. Only then is it worth
    reading the app's suite XMLs.
    """
    return len(agent_tests(doc)) < len(list(tests_of(doc)))


# Keys only a test has. A root mapping without ``tests`` is read as one test by the
# framework; one with none of these (a name and a description, say) is a dataset whose
# tests are still to be written, and the editor offers it as that.
TEST_KEYS = ("turns", "query", "question", "expected_data", "testInput")


def holds_test_keys(node: Mapping) -> bool:
    """Whether ``node`` has a key only a test has (see ``TEST_KEYS``)."""
    return any(key in node.children for key in TEST_KEYS)


def test_items(doc: Document) -> list[Node]:
    """Every node where the importer looks for a test, in file order: the items of the
    ``tests`` list, the elements of a JSON array, the rows of a JSONL file, or the root.

    Items that are not mappings are included (:func:`tests_of` skips them); the legacy
    ``testInput:`` wrapper is not unwrapped.
    """
    return [node for _path, node, _row in _slots(doc)]


def _slots(doc: Document) -> Iterator[tuple[Path, Node, int | None]]:
    if doc.format == "jsonl":
        for i, row in enumerate(doc.rows):
            yield (), row, i
        return
    root = doc.root
    if isinstance(root, Sequence):
        for i, item in enumerate(root.items):
            yield (i,), item, None
        return
    if not isinstance(root, Mapping):
        return
    tests = root.get("tests")
    if tests is None:
        yield (), root, None
    elif isinstance(tests, Sequence):
        for i, item in enumerate(tests.items):
            yield ("tests", i), item, None
    elif isinstance(tests, Mapping):
        yield ("tests",), tests, None


def _find_tests(doc: Document) -> Iterator[TestRef]:
    for path, node, row in _slots(doc):
        if isinstance(node, Mapping):
            yield TestRef(path, unwrapped(node), row=row)


def unwrapped(test: Mapping) -> Mapping:
    """The legacy ``testInput:`` wrapper: only its value is stored as the test."""
    inner = test.children.get("testInput")
    return inner if isinstance(inner, Mapping) else test


def turns_of(test: Mapping) -> list[Node]:
    turns = test.children.get("turns")
    return turns.items if isinstance(turns, Sequence) else []


def is_agent_test(test: Mapping) -> bool:
    """A test written for Library - Agent: a ``query`` mapping or an ``intervention_request``.

    Copilot AI tests keep ``question``/``context``/``ground_truth``, and some use a text
    ``query`` that only their own test code reads; they are not agent tests, and
    ``question:`` is the right key for them.
    """
    if _is_agent_turn(test):
        return True
    # A loop, not any() over a generator: this runs for every test of every file.
    for turn in turns_of(test):  # noqa: SIM110
        if isinstance(turn, Mapping) and _is_agent_turn(turn):
            return True
    return False


def _is_agent_turn(obj: Mapping) -> bool:
    children = obj.children
    if isinstance(children.get("query"), Mapping):
        return True
    expected = children.get("expected_data")
    return isinstance(expected, Mapping) and "intervention_request" in expected.children


def scalar_text(node: Node | None) -> str | None:
    """The text of a scalar as the framework would read it (numbers as written), or None."""
    if not isinstance(node, Scalar) or node.data is None:
        return None
    value = node.data
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


class TurnRef(Record):
    """A turn (a mapping) of a test, and its place in the test's turns."""

    test: TestRef
    index: int  # 0-based; messages say "turn {index + 1}"
    node: Mapping


def agent_turns(doc: Document, run_by_agent_suite: bool = False) -> Iterator[TurnRef]:
    """Every turn (a mapping) of every agent test, in file order.

    A test without ``turns`` is its own single turn: the framework's getters then read the
    test object (AIT Test Context Impl. codeunit 149043, ``GetTestInput``, lines 467-475).
    """
    key = "agent_turns_by_suite" if run_by_agent_suite else "agent_turns"
    cached = doc.cache.get(key)
    if cached is None:
        cached = doc.cache[key] = [
            TurnRef(test, i, turn)
            for test in agent_tests(doc, run_by_agent_suite)
            for i, turn in enumerate(
                turns_of(test.node) if "turns" in test.node.children else (test.node,)
            )
            if isinstance(turn, Mapping)
        ]
    assert isinstance(cached, list)
    return iter(cached)

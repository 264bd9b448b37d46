"""Where the tests are (``shape.test_items``): the one answer lint and the editor share."""

from __future__ import annotations

import pytest

from ait_datasets.dataset import shape
from ait_datasets.source.load import load_text
from ait_datasets.source.tree import Mapping, Scalar
from ait_datasets.tui.layout import split_layout


def _lines(path: str, text: str) -> list[int]:
    return [node.span.line for node in shape.test_items(load_text(path, text))]


@pytest.mark.parametrize(
    ("path", "text", "lines"),
    [
        # Every item of the list, one that is not a mapping too.
        ("a.yaml", "name: X\ntests:\n  - name: A\n  - just text\n  - name: C\n", [3, 4, 5]),
        ("a.yaml", "tests:\n  name: A\n  query: {}\n", [2]),  # one test, not a list
        ("a.yaml", "name: T\nquery:\n  title: t\n", [1]),  # the file is one test
        ("a.yaml", "tests: []\n", []),
        ("a.json", '[\n  {"name": "A"},\n  3\n]\n', [2, 3]),
        ("a.jsonl", '{"name": "A"}\n{"name": "B"}\n', [1, 2]),
    ],
)
def test_the_items_are_where_the_importer_looks_for_tests(
    path: str, text: str, lines: list[int]
) -> None:
    assert _lines(path, text) == lines


def test_tests_of_are_the_mapping_items_unwrapped() -> None:
    doc = load_text("a.yaml", "tests:\n  - testInput:\n      name: A\n  - 3\n")
    found = list(shape.tests_of(doc))
    assert [ref.path for ref in found] == [("tests", 0)]
    name = found[0].node.get("name")
    assert isinstance(name, Scalar) and name.data == "A"


def test_a_root_with_a_key_only_a_test_has_is_one_test() -> None:
    with_turns = load_text("a.yaml", "name: T\nturns: []\n").root
    header_only = load_text("a.yaml", "name: X\ndescription: d\n").root
    assert isinstance(with_turns, Mapping) and isinstance(header_only, Mapping)
    assert shape.holds_test_keys(with_turns) and not shape.holds_test_keys(header_only)


def test_the_editor_cuts_its_chunks_at_the_tests_lint_finds() -> None:
    text = "name: X\ntests:\n  # first\n  - name: A\n    query: {}\n\n  - name: B\nlanguage: da\n"
    lay = split_layout(text)
    assert lay.dash_lines(lay.chunks) == _lines("a.yaml", text) == [4, 7]
    assert lay.names == ["A", "B"]
    assert lay.suffix == "language: da\n"

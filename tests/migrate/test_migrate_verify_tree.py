"""The migrated text is compared with the intended data on its tree, as on plain data."""

from __future__ import annotations

import pytest

from ait_datasets.migrate.verify import first_difference, first_difference_in_tree
from ait_datasets.source.load import load_text

TEXT = "tests:\n  - name: A\n    turns:\n      - query: {from: J, title: T}\n        n: 1\n"
DATA = {"tests": [{"name": "A", "turns": [{"query": {"from": "J", "title": "T"}, "n": 1}]}]}


@pytest.mark.parametrize(
    "expected",
    [
        DATA,
        {"tests": [{"name": "B", "turns": [{"query": {"from": "J", "title": "T"}, "n": 1}]}]},
        {"tests": [{"turns": [], "name": "A"}]},
        {"tests": [{"name": "A", "turns": [{"query": {"from": "J"}, "n": 1}]}]},
        {"tests": [{"name": "A", "turns": [{"query": {"from": "J", "title": "T"}, "n": "1"}]}]},
        {"tests": [{"name": "A", "turns": [{"query": "text", "n": 1}]}]},
        {"tests": []},
        {"tests": {"name": "A"}},
        [],
    ],
)
def test_the_tree_comparison_says_what_the_data_comparison_says(expected: object) -> None:
    root = load_text("t.yaml", TEXT).root
    assert root is not None
    assert first_difference_in_tree(expected, root) == first_difference(expected, root.data)


def test_equal_data_has_no_difference_and_a_change_is_named_by_path() -> None:
    root = load_text("t.yaml", TEXT).root
    assert root is not None
    assert first_difference_in_tree(DATA, root) is None
    changed = {"tests": [{"name": "A", "turns": [{"query": {"from": "J", "title": "X"}, "n": 1}]}]}
    assert first_difference_in_tree(changed, root) == (
        "tests[0].turns[0].query.title ('X' expected, 'T' found)"
    )

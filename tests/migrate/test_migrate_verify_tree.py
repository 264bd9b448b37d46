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


# -- long lists are compared a run at a time (marshal's bytes first) ------------------

LONG = [{"name": f"T{i}", "turns": [{"query": {"title": "t", "n": i}}]} for i in range(3000)]


def _changed(at: int, value: object) -> list[object]:
    other = [dict(test) for test in LONG]
    other[at] = value
    return list(other)


@pytest.mark.parametrize(
    ("found", "where"),
    [  # each in a run of its own, and one on a run's first item
        (
            _changed(2500, {"name": "T2500", "turns": [{"query": {"title": "t", "n": 2500.0}}]}),
            "[2500].turns[0].query.n (2500 expected, 2500.0 found)",
        ),
        (
            _changed(1024, {"name": "T1024", "turns": [{"query": {"title": "t", "n": True}}]}),
            "[1024].turns[0].query.n (1024 expected, True found)",
        ),
        (
            _changed(7, {"turns": [{"query": {"title": "t", "n": 7}}], "name": "T7"}),
            "[7] (keys ['name', 'turns'] expected, ['turns', 'name'] found)",
        ),
        (
            _changed(2999, {"name": "T2999", "turns": [{"query": {"title": "u", "n": 2999}}]}),
            "[2999].turns[0].query.title ('t' expected, 'u' found)",
        ),
    ],
)
def test_a_long_list_is_compared_exactly(found: list[object], where: str) -> None:
    assert first_difference(LONG, found) == where
    assert first_difference(LONG, [dict(test) for test in LONG]) is None


def test_equal_numbers_written_differently_are_equal_in_a_long_list() -> None:
    assert first_difference([0.0] * 2000, [-0.0] * 2000) is None
    assert first_difference([float("nan")] * 2000, [float("nan")] * 2000) is None
    assert first_difference([1] * 2000, [True] * 2000) == "[0] (1 expected, True found)"

"""The migrated text is compared with the intended data on its tree, as on plain data."""

from __future__ import annotations

import pytest

from ait_datasets.migrate import verify
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


# -- long lists (a JSONL file's rows, a list of tests) are compared exactly ----------

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


# -- a difference in one of many repeated tests is refused where the load finds it -----


def _flat(count: int) -> str:
    return "tests:\n" + "".join(
        f"  - name: T{i:07d}\n    question: Process order {i}\n" for i in range(count)
    )


def _migrated(count: int) -> str:
    return "tests:\n" + "".join(
        f"  - name: T{i:07d}\n    turns:\n      - query:\n          title: Process order {i}\n"
        f"          message: Process order {i}\n"
        for i in range(count)
    )


def test_the_migrated_text_of_repeated_tests_checks_out() -> None:
    expected = verify.intended(load_text("t.yaml", _flat(50)), None)
    assert verify.check_data("t.yaml", "yaml", _migrated(50), expected) is None


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("title: Process order 40\n", "title: Process order 4O\n"),  # another text
        ("title: Process order 40\n", "title: 40\n"),  # a number
        ("title: Process order 40\n", 'title: "Process order 40 "\n'),  # a space more
        ("title: Process order 40\n", "titles: Process order 40\n"),  # another key
        ("name: T0000040\n", "name: true\n"),  # a boolean
        ("      - query:\n          title: Process order 40\n", "      - query:\n"),  # less
    ],
)
def test_a_difference_in_one_repeated_test_is_refused_where_the_load_finds_it(
    old: str, new: str
) -> None:
    expected = verify.intended(load_text("t.yaml", _flat(50)), None)
    text = _migrated(50)
    assert text.count(old) == 1
    changed = text.replace(old, new)
    why = verify.check_data("t.yaml", "yaml", changed, expected)
    root = load_text("t.yaml", changed).root
    assert root is not None
    found = first_difference(expected, root.data)
    assert found is not None and found.startswith("tests[40]")
    assert why == f"the migrated data would differ from the intended result at {found}"

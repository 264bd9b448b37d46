"""The check of a migrated text refuses a difference in any one of many repeated tests,
where the read back takes them from a template (``source/item_templates.py``): the
same refusal, at the same path, as the full load of the text gives."""

from __future__ import annotations

import pytest

from ait_datasets.migrate import verify
from ait_datasets.migrate.verify import first_difference
from ait_datasets.source.load import load_text


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

"""The model's parts on their own: the undo history's merging, and where comments go
when tests are inserted, deleted and moved among the chunks."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from ait_datasets.tui import list_edits
from ait_datasets.tui.history import History
from ait_datasets.tui.layout import split_layout
from ait_datasets.tui.model import DatasetModel

FILE = """\
tests:
  # introduces A
  - name: A
  # introduces B
  - name: B
  # introduces C
  - name: C
  # closes the list
"""


def _chunks() -> list[str]:
    return list(split_layout(FILE, "\n", "yaml").chunks)


def _layouts() -> tuple[object, object]:
    return split_layout(FILE, "\n", "yaml"), split_layout("tests: []\n", "\n", "yaml")


def test_typing_into_one_field_is_one_step_until_sealed() -> None:
    history = History()
    history.record("edit", ["a"], ["ab"], (0, None), "0:name")
    history.record("edit", ["ab"], ["abc"], (0, None), "0:name")
    step = history.undo()
    assert step is not None and (step.before, step.after) == (["a"], ["abc"])
    assert not history.can_undo and history.can_redo


def test_a_sealed_run_of_typing_starts_a_new_step() -> None:
    history = History()
    history.record("edit", ["a"], ["ab"], (0, None), "0:name")
    history.seal()
    history.record("edit", ["ab"], ["abc"], (0, None), "0:name")
    step = history.undo()
    assert step is not None and (step.before, step.after) == (["ab"], ["abc"])
    assert history.can_undo


def test_a_layout_change_merges_only_into_a_step_that_changed_the_layout() -> None:
    first, second = _layouts()
    history = History()
    history.record("raw", ["a"], ["ab"], (0, None), "raw")
    history.record("raw", ["ab"], ["abc"], (0, None), "raw", (first, second))  # type: ignore[arg-type]
    step = history.undo()
    assert step is not None and step.layouts == (first, second) and step.before == ["ab"]
    # A chunk-only change with the same key joins the layout step it follows.
    history = History()
    history.record("raw", ["a"], ["ab"], (0, None), "raw", (first, second))  # type: ignore[arg-type]
    history.record("raw", ["ab"], ["abc"], (0, None), "raw")
    step = history.undo()
    assert step is not None and step.layouts == (first, second) and step.after == ["abc"]


def test_a_new_change_forgets_what_could_be_redone() -> None:
    history = History()
    history.record("edit", ["a"], ["b"], (0, None), None)
    history.undo()
    history.record("edit", ["a"], ["c"], (0, None), None)
    assert not history.can_redo and history.redo() is None


def test_a_deleted_test_takes_the_comments_before_it_and_leaves_the_closing_ones() -> None:
    chunks = _chunks()
    out = list_edits.deleted(chunks, 2, rows=False, newline="\n")
    text = "".join(out)
    assert "name: C" not in text and "introduces C" not in text
    assert text.endswith("  # closes the list\n")
    assert chunks == _chunks()  # the list given is not changed


def test_a_moved_test_moves_with_the_comment_before_it() -> None:
    down = "".join(list_edits.moved(_chunks(), 1, 2, rows=False, newline="\n"))
    up = "".join(list_edits.moved(_chunks(), 2, 1, rows=False, newline="\n"))
    assert (
        down
        == up
        == (
            "  - name: A\n  # introduces C\n  - name: C\n"
            "  # introduces B\n  - name: B\n  # closes the list\n"
        )
    )


def test_the_lead_in_of_the_first_test_is_split_off_the_text_before_the_tests() -> None:
    assert list_edits.lead_in("name: X\ntests:\n\n  # introduces A\n") == (
        "name: X\ntests:\n",
        "\n  # introduces A\n",
    )
    assert list_edits.lead_in("tests:  # the list\n") == ("tests:  # the list\n", "")
    # Only comments: nothing says they are the first test's.
    assert list_edits.lead_in("# header\n") == ("# header\n", "")


@pytest.mark.parametrize(
    ("edit", "expected"),
    [
        (
            lambda m: m.move_test(0, 1),
            "tests:\n  # introduces B\n  - name: B\n  # introduces A\n  - name: A\n"
            "  # introduces C\n  - name: C\n  # closes the list\n",
        ),
        (
            lambda m: m.move_test(1, -1),
            "tests:\n  # introduces B\n  - name: B\n  # introduces A\n  - name: A\n"
            "  # introduces C\n  - name: C\n  # closes the list\n",
        ),
        (
            lambda m: m.delete_test(0),
            "tests:\n  # introduces B\n  - name: B\n  # introduces C\n  - name: C\n"
            "  # closes the list\n",
        ),
    ],
    ids=["move-first-down", "move-second-up", "delete-first"],
)
def test_the_first_test_takes_the_comment_above_it_along(
    edit: Callable[[DatasetModel], object], expected: str
) -> None:
    model = DatasetModel("x.yaml", FILE)
    edit(model)
    assert model.text() == expected
    model.undo()
    assert model.text() == FILE and not model.dirty
    model.redo()
    assert model.text() == expected


def test_an_inserted_test_goes_before_the_comment_of_the_next() -> None:
    out, index = list_edits.inserted(_chunks(), 0, "  - name: NEW\n", rows=False, newline="\n")
    assert index == 1
    text = "".join(out)
    assert text.index("name: NEW") < text.index("# introduces B") < text.index("name: B")


def test_deleting_the_only_test_leaves_the_empty_list() -> None:
    text = (
        "name: X\ntests:  # the list\n  # introduces A\n  - name: A\n  # closes it\nlanguage: en\n"
    )
    model = DatasetModel("x.yaml", text)
    assert model.delete_test(0) is None
    # `tests:` alone would be null (STR002); the comment closing the list stays.
    assert model.text() == "name: X\ntests: []  # the list\n  # closes it\nlanguage: en\n"
    model.undo()
    assert model.text() == text and not model.dirty
    model.redo()
    model.add_test(name="B")
    # A new test is indented as the list was.
    assert "\n  - name: B\n" in model.text() and model.text().endswith(
        "  # closes it\nlanguage: en\n"
    )


def test_the_empty_list_keeps_the_keys_comment_and_line_break() -> None:
    assert list_edits.emptied("'tests':\r\n") == "'tests': []\r\n"
    assert list_edits.emptied("tests:  # a: b\n\n  # A\n") == "tests: []  # a: b\n\n  # A\n"
    # Anything else on the key's line (a tag): left as it was.
    assert list_edits.emptied("tests: !!seq\n") is None

"""Structural edits touch only the lines they change, even in irregularly indented tests."""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from ait_datasets.tui.layout import UnsupportedLayout
from ait_datasets.tui.model import DatasetModel
from ait_datasets.tui.patch import minimal_patch

# Three-space blocks under two-space keys, as in Microsoft's Sales Validation datasets.
IRREGULAR = """\
tests:
- name: RELEASE
  turns:
    - turn_setup:
        setup_actions:
         - action_type: create_sales_order
           action_data:
           - "Sell-to Customer No.": C1
      query:
         from: Jane Doe
         title: "Release the orders"
      expected_data:
         agent_released_orders: 1
"""


def removed_lines(before: str, after: str) -> list[str]:
    return [
        line
        for line in difflib.ndiff(before.splitlines(), after.splitlines())
        if line.startswith("- ")
    ]


def test_a_key_added_to_an_irregular_block_lines_up_with_its_siblings() -> None:
    m = DatasetModel.from_text("d.yaml", IRREGULAR)
    m.update(0, lambda t: t["turns"][0]["expected_data"].__setitem__("agent_sent_emails", 0))
    assert m.text() == IRREGULAR + "         agent_sent_emails: 0\n"


def test_a_new_turn_leaves_the_irregular_turn_untouched() -> None:
    m = DatasetModel.from_text("d.yaml", IRREGULAR)
    m.add_turn(0)
    assert m.text() == IRREGULAR + (
        "    - query:\n        intervention:\n          instruction: ''\n      expected_data: {}\n"
    )


def test_a_changed_value_in_an_irregular_block_changes_one_line() -> None:
    m = DatasetModel.from_text("d.yaml", IRREGULAR)
    m.update(0, lambda t: t["turns"][0]["query"].pop("from"))
    assert m.text() == IRREGULAR.replace("         from: Jane Doe\n", "")


def test_a_wrapped_plain_scalar_is_kept_when_the_change_is_elsewhere() -> None:
    original = "- a: one\n    two\n  b: 1\n"
    before = "- a: one two\n  b: 1\n"
    assert minimal_patch(original, before, "- a: one two\n  b: 2\n") == (
        "- a: one\n    two\n  b: 2\n"
    )
    # A change to the wrapped value itself cannot be applied line by line.
    assert minimal_patch(original, before, "- a: three\n  b: 1\n") is None


def test_no_patch_when_the_patched_text_would_mean_something_else() -> None:
    # With no sibling to copy, the new key would follow the last line's shift (-1) to
    # column 1, which no longer parses as the same data: the caller re-dumps instead.
    original = "- a:\n   b: 1\n"
    before = "- a:\n    b: 1\n"
    assert minimal_patch(original, before, "- a:\n    b: 1\n  c: 2\n") is None


def test_a_file_without_a_final_newline_keeps_its_block_scalar_style() -> None:
    text = "tests:\n- name: A\n  turns:\n  - query:\n      message: |\n        Hi"
    m = DatasetModel.from_text("d.yaml", text)
    m.add_turn(0)
    assert m.text().startswith(text + "\n  - query:\n")


@pytest.mark.corpus
def test_adding_a_turn_to_any_corpus_test_with_turns_only_inserts_lines(corpus: Path) -> None:
    checked = 0
    for path in sorted(corpus.rglob("*.yaml")):
        text = path.read_text(encoding="utf-8-sig")
        try:
            model = DatasetModel.from_text(str(path), text)
        except UnsupportedLayout:
            continue
        for index in range(len(model)):
            if model.summary(index).flat or not model.summary(index).is_test:
                continue
            fresh = DatasetModel.from_text(str(path), text)
            fresh.add_turn(index)
            assert removed_lines(text, fresh.text()) == [], (path.name, index)
            checked += 1
    assert checked >= 80

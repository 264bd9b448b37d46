"""The runs of a move are what each entry's own extent makes them.

A flat test's moved entries move in runs: an entry joins the run before it when only
blank lines lie between the two. ``moves._runs`` works out an entry's end only where it
matters (no ``#`` between two moved keys means no comment between them); here every
entry's start and end are worked out one by one, on generated tests with comments at
every depth, blank lines and nested values, and the runs must be the same.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ait_datasets.migrate.blocks import entry_end, leading_comment_start
from ait_datasets.migrate.moves import _runs
from ait_datasets.migrate.text import line_start
from ait_datasets.source.load import load_text
from ait_datasets.source.tree import Mapping, Sequence

MOVED = ["test_setup", "question", "expected_data"]
KEYS = ["name", "description", *MOVED, "extra"]


def _entry_by_entry(text: str, test: Mapping, moved: list[str]) -> list[tuple[int, int, int]]:
    """(first key's offset, start, end) of each run, every entry's extent worked out."""
    items = test.entries.items()
    runs: list[tuple[int, int, int]] = []
    lower = 0
    previous_moved = False
    for i, (name, (key, value)) in enumerate(items):
        upper = len(text)
        if i + 1 < len(items):
            upper = line_start(text, items[i + 1][1][0].start_offset)
        start = leading_comment_start(text, key, lower)
        end = entry_end(text, key, value, upper)
        if name in moved:
            if previous_moved and not text[lower:start].strip():
                runs[-1] = (runs[-1][0], runs[-1][1], end)
            else:
                runs.append((key.start_offset, start, end))
        previous_moved = name in moved
        lower = end
    return runs


def _comment(draw: st.DrawFn, column: int) -> str:
    depth = draw(st.sampled_from([-2, 0, 2, 4]))
    return " " * max(0, column + depth) + draw(st.sampled_from(["# note", "#", "# a # b"]))


def _value(draw: st.DrawFn, key: str, column: int) -> list[str]:
    pad = " " * column
    shape = draw(st.sampled_from(["scalar", "mapping", "list", "quoted", "flow"]))
    if shape == "scalar":
        return [f"{pad}{key}: Process order 1" + draw(st.sampled_from(["", "  # trailing"]))]
    if shape == "quoted":
        return [f'{pad}{key}: "a # b"']
    if shape == "flow":
        return [f"{pad}{key}: {{message: hi}}"]
    if shape == "mapping":
        lines = [f"{pad}{key}:", f"{pad}  message: hi", f"{pad}  from: J"]
    else:
        lines = [f"{pad}{key}:", f"{pad}  - action_type: x", f"{pad}    action_data: 1"]
    if draw(st.booleans()):
        lines.insert(draw(st.integers(1, len(lines))), _comment(draw, column + 2))
    return lines


@st.composite
def flat_tests(draw: st.DrawFn) -> str:
    column = draw(st.sampled_from([2, 4]))
    keys = draw(st.permutations(KEYS))[: draw(st.integers(2, len(KEYS)))]
    lines = ["tests:"]
    for n, key in enumerate(keys):
        if n:
            for _ in range(draw(st.integers(0, 2))):
                lines.append(draw(st.sampled_from(["", "  ", _comment(draw, column)])))
        value = _value(draw, key, column)
        if n == 0:
            value[0] = " " * (column - 2) + "- " + value[0][column:]
        lines += value
        if draw(st.integers(0, 4)) == 0:
            lines.append(_comment(draw, column + draw(st.sampled_from([0, 2]))))
    lines += ["  - name: next", "    question: q"] if column == 4 else ["- name: next"]
    return "\n".join(lines) + "\n"


@settings(max_examples=400, deadline=None)
@given(flat_tests())
def test_the_runs_are_what_each_entrys_extent_makes_them(text: str) -> None:
    doc = load_text("t.yaml", text)
    if doc.root is None or not isinstance(doc.root, Mapping):
        return  # a generated text YAML reads otherwise (a comment that ends the list)
    tests = doc.root.children.get("tests")
    assert isinstance(tests, Sequence)
    test = tests.items[0]
    assert isinstance(test, Mapping)
    moved = [key for key in test.children if key in MOVED]
    if not moved or test.flow:
        return
    found = [(run.key.start_offset, run.start, run.end) for run in _runs(text, test, moved)]
    assert found == _entry_by_entry(text, test, moved)

"""Over every corpus test: add, edit and delete a turn, and the diff touches only the lines
of that turn (untouched lines byte for byte, the file's own quoting kept)."""

from __future__ import annotations

from difflib import SequenceMatcher
from pathlib import Path

import pytest

from ait_datasets.dataset.shape import turns_of
from ait_datasets.source.load import load_text
from ait_datasets.source.tree import Mapping, Node, Scalar, walk
from ait_datasets.source.tree import Sequence as SeqNode
from ait_datasets.tui.layout import UnsupportedLayout
from ait_datasets.tui.model import DatasetModel

Opcode = tuple[str, int, int, int, int]


def _changes(old: str, new: str) -> list[Opcode]:
    matcher = SequenceMatcher(
        None, old.splitlines(keepends=True), new.splitlines(keepends=True), autojunk=False
    )
    return [op for op in matcher.get_opcodes() if op[0] != "equal"]


def _turn_lines(text: str, test: int) -> list[tuple[int, int]]:
    """0-based [first, last] original line range of each turn of test ``test`` (a turn's
    range runs to the line before the next turn, or to the test's last value)."""
    root = load_text("t.yaml", text).root
    assert isinstance(root, Mapping)
    tests = root.get("tests")
    if tests is None:
        node: Node = root  # a file that is one test (the editor edits it too)
        assert test == 0
    else:
        assert isinstance(tests, SeqNode)
        node = tests.items[test]
    inner = node.get("testInput") if isinstance(node, Mapping) else None
    node = inner if isinstance(inner, Mapping) else node
    assert isinstance(node, Mapping)
    turns = turns_of(node)
    lines = text.splitlines()
    out = []
    for i, turn in enumerate(turns):
        first = turn.span.line - 1
        # Full-line comments right above a turn's dash introduce it: they are its lines.
        while first > 0 and lines[first - 1].strip().startswith("#"):
            first -= 1
        # The 0-based line of the turn's last value's last character (a block's own end
        # may reach past the blank lines that follow it).
        last_char = max(n.end_offset for _, n in walk(turn) if _is_leaf(n)) - 1
        end = text.count("\n", 0, max(last_char, 0))
        last = turns[i + 1].span.line - 2 if i + 1 < len(turns) else end
        out.append((first, max(last, end)))
    return out


def _is_leaf(node: Node) -> bool:
    if isinstance(node, Scalar):
        return True
    if isinstance(node, Mapping):
        return node.flow or not node.entries
    assert isinstance(node, SeqNode)
    return node.flow or not node.items


def _corpus_models(corpus: Path) -> list[tuple[Path, str]]:
    out = []
    for path in sorted(corpus.rglob("*.yaml")):
        text = path.read_text(encoding="utf-8-sig")
        try:
            DatasetModel.from_text(str(path), text)
        except UnsupportedLayout:
            continue
        out.append((path, text))
    return out


def _within(ops: list[Opcode], first: int, last: int) -> bool:
    return all(first <= i1 and i2 - 1 <= last for _, i1, i2, _, _ in ops if i2 > i1)


@pytest.mark.corpus
def test_adding_editing_and_deleting_a_turn_touch_only_that_turn(corpus: Path) -> None:
    checked = {"add": 0, "edit": 0, "delete": 0}
    failures: list[str] = []
    for path, text in _corpus_models(corpus):
        model = DatasetModel.from_text(str(path), text)
        for index in range(len(model)):
            summary = model.summary(index)
            if not summary.is_test or summary.flat or not summary.turns:
                continue
            where = f"{path.name} test {index + 1}"
            ranges = _turn_lines(text, index)
            last_first, last_last = ranges[-1]

            # Add a turn at the end: lines are only inserted, right after the last turn
            # (a file without a final newline gets one before the new lines).
            added = DatasetModel.from_text(str(path), text)
            added.add_turn(index)
            ops = _changes(text if text.endswith("\n") else text + "\n", added.text())
            if not (len(ops) == 1 and ops[0][0] == "insert" and ops[0][1] == last_last + 1):
                failures.append(f"{where}: add {ops}")
            checked["add"] += 1

            # Edit the last turn's title (a task input): only lines of that turn change.
            turn_data = added.test(index)["turns"][-2]
            query = turn_data.get("query") if isinstance(turn_data, dict) else None
            if isinstance(query, dict) and "title" in query and "\n" not in str(query["title"]):
                edited = DatasetModel.from_text(str(path), text)
                edited.set_value(
                    index, ("turns", len(ranges) - 1, "query", "title"), "Changed title"
                )
                ops = _changes(text, edited.text())
                if not ops or not _within(ops, last_first, last_last):
                    failures.append(f"{where}: edit {ops} not in {ranges[-1]}")
                checked["edit"] += 1

            # Delete the last turn (of two or more): only its own lines go.
            if len(ranges) >= 2:
                deleted = DatasetModel.from_text(str(path), text)
                deleted.delete_turn(index, len(ranges) - 1)
                ops = _changes(text, deleted.text())
                if not (len(ops) == 1 and ops[0][0] == "delete" and _within(ops, *ranges[-1])):
                    failures.append(f"{where}: delete {ops} not in {ranges[-1]}")
                checked["delete"] += 1
    assert failures == [], "\n".join(failures)
    assert checked["add"] >= 80 and checked["edit"] >= 20 and checked["delete"] >= 10


# A look-alike of the corpus's hard cases: a wrapped plain scalar, odd indentation, single
# quotes, and a comment introducing the second turn.
IRREGULAR = """\
tests:
- name: WRAPPED
  description: A customer asks for a quote and then
    replies to turn it into an order.
  turns:
     - query:
          from: 'joanna@example.com'
          title: Quote please
       expected_data:
          quote_sent: true
     # The reply.
     - query:
          intervention:
             instruction: 'Go ahead, and convert it
               into an order.'
       expected_data:
          order_created: true
"""


def test_deleting_a_turn_cuts_only_its_lines() -> None:
    model = DatasetModel.from_text("d.yaml", IRREGULAR)
    model.delete_turn(0, 1)
    assert model.text() == IRREGULAR[: IRREGULAR.index("     # The reply.")]


def test_adding_a_turn_inserts_only_new_lines_after_the_last_turn() -> None:
    model = DatasetModel.from_text("d.yaml", IRREGULAR)
    model.add_turn(0)
    text = model.text()
    assert text.startswith(IRREGULAR)
    # The new lines follow the file's own indentation, like the turns beside them.
    assert text[len(IRREGULAR) :] == (
        "     - query:\n"
        "          intervention:\n"
        "             instruction: ''\n"
        "       expected_data: {}\n"
    )

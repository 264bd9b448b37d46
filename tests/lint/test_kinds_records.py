"""Where tests and turns are (TestRef, TurnRef) behave as the slotted dataclasses they were."""

from __future__ import annotations

from ait_datasets.dataset import shape
from ait_datasets.source import load_text
from ait_datasets.source.tree import Mapping


def a_mapping() -> Mapping:
    root = load_text("t.yaml", "a: 1\n").root
    assert isinstance(root, Mapping)
    return root


def test_test_ref_fields_defaults_equality_and_repr() -> None:
    node = a_mapping()
    ref = shape.TestRef(("tests", 0), node)
    assert (ref.path, ref.node, ref.row) == (("tests", 0), node, None)
    assert ref == shape.TestRef(path=("tests", 0), node=node, row=None)
    assert ref != shape.TestRef(("tests", 0), node, row=3)
    assert repr(ref) == f"TestRef(path=('tests', 0), node={node!r}, row=None)"
    ref.row = 2  # mutable, as the dataclass was
    assert ref.row == 2
    assert shape.TestRef.__hash__ is None


def test_turn_ref_fields_equality_and_repr() -> None:
    node = a_mapping()
    test = shape.TestRef((), node)
    turn = shape.TurnRef(test, 1, node)
    assert (turn.test, turn.index, turn.node) == (test, 1, node)
    assert turn == shape.TurnRef(test=test, index=1, node=node)
    assert turn != shape.TurnRef(test, 0, node)
    assert repr(turn) == f"TurnRef(test={test!r}, index=1, node={node!r})"
    assert shape.TurnRef.__match_args__ == ("test", "index", "node")

"""The record base: fields declared once give __slots__, __init__, repr, ==, hash, pickle."""

from __future__ import annotations

import copy
import pickle
from dataclasses import FrozenInstanceError

import pytest

from ait_datasets.diagnostics import Diagnostic, Edit, Fix, Severity
from ait_datasets.records import FrozenRecord, Record, field, replace
from ait_datasets.source.tree import Span


class Point(FrozenRecord):
    x: int
    y: int = 0


class Bag(Record):
    name: str
    items: list[str] = field(default_factory=list)
    size: int = 1


class Tagged(Point):
    tag: str = ""


class Named(FrozenRecord, kw_only=True):
    code: str
    note: str = ""
    level: int


class Quiet(FrozenRecord):
    _uncompared = ("note",)
    value: int
    note: str = ""


def test_init_takes_positional_and_keyword_arguments_with_defaults() -> None:
    assert Point(1) == Point(1, 0) == Point(x=1, y=0)
    assert Bag("a").items == [] and Bag("a", ["x"], 3).size == 3
    with pytest.raises(TypeError):
        Point()  # type: ignore[call-arg]


def test_a_keyword_only_record_takes_keywords_in_any_order() -> None:
    assert Named(level=2, code="A") == Named(code="A", note="", level=2)
    assert Named.__match_args__ == ("code", "note", "level")
    with pytest.raises(TypeError):
        Named("A", "", 2)  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(Named(code="A", level=1))) == Named(code="A", level=1)


def test_a_default_factory_makes_a_new_value_each_time() -> None:
    a, b = Bag("a"), Bag("b")
    a.items.append("x")
    assert b.items == []


def test_slots_are_built_from_the_declarations() -> None:
    assert Point.__slots__ == ("x", "y")
    assert Tagged._fields == ("x", "y", "tag")
    with pytest.raises(AttributeError):
        Bag("a").other = 1  # type: ignore[attr-defined]


def test_repr_equality_and_match_args() -> None:
    assert repr(Point(1, 2)) == "Point(x=1, y=2)"
    assert Point(1, 2) != Tagged(1, 2)
    match Point(3, 4):
        case Point(x, y):
            assert (x, y) == (3, 4)


def test_frozen_records_are_immutable_hashable_and_picklable() -> None:
    p = Point(1, 2)
    with pytest.raises(FrozenInstanceError):
        p.x = 3  # type: ignore[misc]
    assert hash(p) == hash(Point(1, 2))
    assert pickle.loads(pickle.dumps(p)) == p and copy.deepcopy(p) == p


def test_mutable_records_are_unhashable() -> None:
    with pytest.raises(TypeError):
        hash(Bag("a"))


def test_uncompared_fields_stay_out_of_equality_and_hash() -> None:
    assert Quiet(1, "a") == Quiet(1, "b") and hash(Quiet(1, "a")) == hash(Quiet(1, "b"))


def test_project_records_keep_their_shape() -> None:
    span = Span(1, 2, 1, 5)
    assert (span.start_offset, span.end_offset) == (0, 0)
    diag = Diagnostic("a.yaml", 1, 1, 1, 2, "QRY001", Severity.ERROR, "m")
    assert diag.fix is None
    fixed = Diagnostic("a.yaml", 1, 1, 1, 2, "QRY001", Severity.ERROR, "m", Fix("f"))
    assert diag == fixed  # findings are equal whatever their fixes
    assert Fix("f").edits == () and Fix("f").safe
    assert Edit(1, 2, "x") == Edit(start=1, end=2, replacement="x")


def test_replace_gives_a_new_record_with_the_changed_fields_only() -> None:
    point = Tagged(1, 2, tag="a")
    moved = replace(point, y=5)
    assert (moved, point) == (Tagged(1, 5, tag="a"), Tagged(1, 2, tag="a"))
    assert type(moved) is Tagged
    named = replace(Named(code="X", level=1), level=3)
    assert (named.code, named.note, named.level) == ("X", "", 3)
    with pytest.raises(TypeError):
        replace(point, z=1)

"""Record classes behave exactly as the slotted dataclasses they replace.

Each class is checked against a dataclass built here from the declaration it used to have
(field names and order, defaults, factories, ``compare=False``, frozen or not).
"""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
from typing import Any

import pytest

from ait_datasets.diagnostics import Diagnostic, Edit, Fix, Severity
from ait_datasets.lint.config import LintConfig
from ait_datasets.lint.config_files import ConfigFile, Override
from ait_datasets.lint.context import LintContext
from ait_datasets.lint.engine import FileResult, LintRun
from ait_datasets.lint.facts import FileFacts, Ref
from ait_datasets.lint.project import Project
from ait_datasets.lint.reporters import Report
from ait_datasets.lint.rule import Example, Rule
from ait_datasets.lint.rules.suite_xml import _Attr
from ait_datasets.lint.suppressions import Directive, Suppressions
from ait_datasets.records import Record
from ait_datasets.schema.vocabulary import INTERVENTION_TYPES
from ait_datasets.source.document import Document
from ait_datasets.source.tree import Span
from ait_datasets.source.xml_loader import XmlAttribute, XmlDocument, XmlElement

REQUIRED = dataclasses.MISSING


class Factory:
    def __init__(self, make: Any) -> None:
        self.make = make


EDIT = Edit(3, 5, "x")
SPAN = Span(1, 2, 1, 6, 1, 5)
FIX = Fix("Replace it", (EDIT,), safe=False)

# class, frozen, [(field, default | REQUIRED | Factory(...), compared)], sample values
SPECS: list[tuple[type[Record], bool, list[tuple[str, Any, bool]], list[Any]]] = [
    (
        Edit,
        True,
        [("start", REQUIRED, True), ("end", REQUIRED, True), ("replacement", REQUIRED, True)],
        [1, 2, "a"],
    ),
    (
        Fix,
        True,
        [("description", REQUIRED, True), ("edits", (), True), ("safe", True, True)],
        ["d", (EDIT,), False],
    ),
    (
        Diagnostic,
        True,
        [
            ("path", REQUIRED, True),
            ("line", REQUIRED, True),
            ("column", REQUIRED, True),
            ("end_line", REQUIRED, True),
            ("end_column", REQUIRED, True),
            ("code", REQUIRED, True),
            ("severity", REQUIRED, True),
            ("message", REQUIRED, True),
            ("fix", None, False),
        ],
        ["a.yaml", 4, 17, 4, 20, "QRY003", Severity.ERROR, "no from", FIX],
    ),
    (
        Rule,
        True,
        [
            *((name, REQUIRED, True) for name in ("code", "name", "family", "severity")),
            # `example` became the failing example `bad` and the passing one `good` (issue 14
            # point 4); `good` defaults to no example, which the example test rejects.
            *((name, REQUIRED, True) for name in ("summary", "what", "why", "bad", "fix")),
            ("fixable", None, True),
            ("good", None, True),
        ],
        [
            *("X001", "n", "f", Severity.INFO, "s", "w", "y"),
            *(Example("a: 1\n", line=1), "x", "safe", Example("b: 1\n")),
        ],
    ),
    (
        LintConfig,
        False,
        [
            ("select", (), True),
            ("ignore", (), True),
            ("severity", Factory(dict), True),
            ("work_date", None, True),
            ("intervention_types", INTERVENTION_TYPES, True),
            ("fail_level", Severity.ERROR, True),
            ("include", (), True),
            ("exclude", (), True),
            ("root", "", True),
            ("max_file_size", 100 * 1024 * 1024, True),
            ("max_line_length", 1_000_000, True),
            ("source", "", True),
        ],
        [
            *(("Q",), ("T",), {"Q": Severity.INFO}, None, ("A",), Severity.INFO),
            *(("*.yaml",), ("x/**",), "/r", 10, 20, "/r/p.toml"),
        ],
    ),
    (
        LintContext,
        False,
        [("config", Factory(LintConfig), True), ("kind", "dataset", True)],
        [LintConfig(select=("Q",)), "jsonl"],
    ),
    (
        Override,
        False,
        [("files", REQUIRED, True), ("settings", REQUIRED, True)],
        [("*.yaml",), {"select": ["Q"]}],
    ),
    (
        ConfigFile,
        False,
        [("path", REQUIRED, True), ("base", REQUIRED, True), ("overrides", Factory(list), True)],
        ["p.toml", LintConfig(), [Override(("a",), {})]],
    ),
    (
        LintRun,
        False,
        [
            ("diagnostics", Factory(list), True),
            ("files", 0, True),
            ("paths", Factory(list), True),
            ("unreadable", Factory(list), True),
            ("sources", Factory(dict), True),
            ("fixed", Factory(dict), True),
            ("fixes_applied", 0, True),
        ],
        [[], 3, ["a"], [("b", "gone")], {"a": "t"}, {"a": ("o", "n")}, 2],
    ),
    (
        FileResult,
        False,
        [
            ("path", REQUIRED, True),
            ("diagnostics", REQUIRED, True),
            *((name, None, True) for name in ("facts", "text", "suppressions", "fixed")),
            ("unreadable", None, True),
        ],
        ["a", [], None, "t", Suppressions(), ("o", "n", 1), None],
    ),
    (
        Ref,
        False,
        [("value", REQUIRED, True), ("span", REQUIRED, True)],
        ["SETUP", (1, 2)],
    ),
    (
        FileFacts,
        False,
        [
            ("path", REQUIRED, True),
            ("kind", REQUIRED, True),
            ("format", REQUIRED, True),
            *((name, None, True) for name in ("name", "language", "name_span")),
            ("suite_setup_ref", None, True),
            ("dataset_refs", Factory(list), True),
            ("suite_codes", Factory(list), True),
            ("linted", True, True),
            ("extra", Factory(dict), True),
        ],
        ["a", "dataset", "yaml", "N", "en", None, Ref("S", None), [], [], False, {"k": 1}],  # type: ignore[arg-type]
    ),
    (
        Directive,
        False,
        [
            *((name, REQUIRED, True) for name in ("line", "column", "end_column", "codes")),
            ("whole_file", REQUIRED, True),
            ("lines", (), True),
            ("used", Factory(set), True),
        ],
        [1, 2, 9, ("Q",), False, (1, 2), {"Q"}],
    ),
    (
        Suppressions,
        False,
        [("directives", Factory(list), True), ("malformed", Factory(list), True)],
        [[Directive(1, 1, 2, (), True)], []],
    ),
    (
        Report,
        False,
        [
            ("diagnostics", REQUIRED, True),
            ("files", REQUIRED, True),
            ("sources", Factory(dict), True),
            ("color", False, True),
            ("statistics", False, True),
            ("paths", Factory(list), True),
        ],
        [[], 1, {}, True, True, ["a"]],
    ),
    (
        Project,
        False,
        [("files", Factory(dict), True), ("_apps", Factory(dict), True)],
        [{}, {"": []}],
    ),
    (
        Span,
        True,
        [
            *((name, REQUIRED, True) for name in ("line", "column", "end_line", "end_column")),
            ("start_offset", 0, True),
            ("end_offset", 0, True),
        ],
        [2, 3, 2, 9, 14, 20],
    ),
    (
        Document,
        False,
        [
            ("path", REQUIRED, True),
            ("text", REQUIRED, True),
            ("format", REQUIRED, True),
            ("root", None, True),
            ("rows", Factory(list), True),
            ("diagnostics", Factory(list), True),
            ("bom", False, True),
            ("newline", "\n", True),
            ("cache", Factory(dict), False),
        ],
        ["a.yaml", "a: 1\n", "yaml", None, [], [], True, "\r\n", {"k": 1}],
    ),
    (
        XmlAttribute,
        False,
        [(name, REQUIRED, True) for name in ("name", "value", "name_span", "value_span")],
        ["Code", "S1", SPAN, SPAN],
    ),
    (
        XmlElement,
        False,
        [
            ("name", REQUIRED, True),
            ("span", REQUIRED, True),
            ("name_span", REQUIRED, True),
            ("attributes", Factory(dict), True),
            ("children", Factory(list), True),
        ],
        ["AITSuite", SPAN, SPAN, {}, []],
    ),
    (
        _Attr,
        True,
        [
            ("required", False, True),
            ("max_length", None, True),
            ("kind", "text", True),
            ("choices", (), True),
        ],
        [True, 10, "enum", ("a", "b")],
    ),
]


def reference(cls: type, frozen: bool, fields: list[tuple[str, Any, bool]]) -> type:
    """The dataclass ``cls`` used to be."""
    specs = []
    for name, default, compared in fields:
        if isinstance(default, Factory):
            spec = dataclasses.field(default_factory=default.make, compare=compared)
        elif default is REQUIRED:
            spec = dataclasses.field(compare=compared)
        else:
            spec = dataclasses.field(default=default, compare=compared)
        specs.append((name, Any, spec))
    made: type = dataclasses.make_dataclass(cls.__name__, specs, frozen=frozen, slots=True)
    return made


IDS = [spec[0].__name__ for spec in SPECS]


@pytest.mark.parametrize(("cls", "frozen", "fields", "sample"), SPECS, ids=IDS)
def test_same_fields_signature_and_repr(
    cls: type[Record], frozen: bool, fields: list[tuple[str, Any, bool]], sample: list[Any]
) -> None:
    ref = reference(cls, frozen, fields)
    names = tuple(name for name, _, _ in fields)
    assert cls.__slots__ == names
    assert cls.__match_args__ == ref.__match_args__ == names  # type: ignore[attr-defined]
    params = list(inspect.signature(cls).parameters.values())
    ref_params = list(inspect.signature(ref).parameters.values())
    assert [(p.name, p.kind) for p in params] == [(p.name, p.kind) for p in ref_params]
    ours, theirs = cls(*sample), ref(*sample)
    assert repr(ours) == repr(theirs)
    assert not hasattr(ours, "__dict__")
    # Keywords work too, in any order.
    assert repr(cls(**dict(reversed(list(zip(names, sample, strict=True)))))) == repr(theirs)


@pytest.mark.parametrize(("cls", "frozen", "fields", "sample"), SPECS, ids=IDS)
def test_same_defaults(
    cls: type[Record], frozen: bool, fields: list[tuple[str, Any, bool]], sample: list[Any]
) -> None:
    ref = reference(cls, frozen, fields)
    required = [value for (_, default, _), value in zip(fields, sample, strict=True)]
    required = required[: sum(1 for _, default, _ in fields if default is REQUIRED)]
    ours, theirs = cls(*required), ref(*required)
    assert repr(ours) == repr(theirs)
    for name, default, _ in fields:
        if isinstance(default, Factory):
            # A fresh object for each instance, never a shared one.
            assert getattr(ours, name) is not getattr(cls(*required), name)


@pytest.mark.parametrize(("cls", "frozen", "fields", "sample"), SPECS, ids=IDS)
def test_same_equality_and_hash(
    cls: type[Record], frozen: bool, fields: list[tuple[str, Any, bool]], sample: list[Any]
) -> None:
    ref = reference(cls, frozen, fields)
    assert cls(*sample) == cls(*sample)
    assert cls(*sample) != ref(*sample)  # another class, even with the same fields
    assert cls(*sample).__eq__(object()) is NotImplemented
    for i, (_, _, compared) in enumerate(fields):
        changed = list(sample)
        changed[i] = "changed"
        assert (cls(*changed) == cls(*sample)) is not compared
        assert (ref(*changed) == ref(*sample)) is not compared
    if frozen:
        assert hash(cls(*sample)) == hash(ref(*sample))
    else:
        assert cls.__hash__ is None
        with pytest.raises(TypeError, match="unhashable"):
            hash(cls(*sample))


@pytest.mark.parametrize(("cls", "frozen", "fields", "sample"), SPECS, ids=IDS)
def test_same_mutability(
    cls: type[Record], frozen: bool, fields: list[tuple[str, Any, bool]], sample: list[Any]
) -> None:
    ref = reference(cls, frozen, fields)
    first = fields[0][0]
    for make in (cls, ref):
        obj = make(*sample)
        if frozen:
            with pytest.raises(dataclasses.FrozenInstanceError, match=f"assign to field '{first}'"):
                setattr(obj, first, 1)
            with pytest.raises(dataclasses.FrozenInstanceError, match=f"delete field '{first}'"):
                delattr(obj, first)
        else:
            setattr(obj, first, "new")
            assert getattr(obj, first) == "new"
    # Not a field: refused (a slotted frozen dataclass raised TypeError here, by a bug).
    with pytest.raises(AttributeError):
        cls(*sample).not_a_field = 1  # type: ignore[attr-defined]


@pytest.mark.parametrize(("cls", "frozen", "fields", "sample"), SPECS, ids=IDS)
def test_pickle_and_copy_round_trip(
    cls: type[Record], frozen: bool, fields: list[tuple[str, Any, bool]], sample: list[Any]
) -> None:
    obj = cls(*sample)
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(obj, protocol))
        assert repr(back) == repr(obj) and back == obj
    assert repr(copy.copy(obj)) == repr(obj)
    deep = copy.deepcopy(obj)
    assert repr(deep) == repr(obj) and deep == obj


def test_diagnostics_equal_whatever_their_fixes_in_a_set() -> None:
    a = Diagnostic("a", 1, 1, 1, 2, "Q", Severity.ERROR, "m")
    b = Diagnostic("a", 1, 1, 1, 2, "Q", Severity.ERROR, "m", FIX)
    assert a == b and len({a, b}) == 1


def test_config_copy_has_its_own_severity_table() -> None:
    config = LintConfig(select=("Q",), severity={"Q": Severity.INFO}, root="/r")
    copied = config.copy()
    assert copied == config and copied is not config
    copied.severity["T"] = Severity.ERROR
    assert "T" not in config.severity


def test_an_xml_document_is_a_document_with_its_own_fields_after() -> None:
    doc = XmlDocument("s.xml", "<root/>", "xml")
    assert isinstance(doc, Document)
    assert XmlDocument.__match_args__[:9] == Document._fields  # type: ignore[attr-defined]
    assert repr(doc).endswith(
        "encoding='utf-8', declared_encoding=None, declared_span=None)"
    ) and repr(doc).startswith("XmlDocument(path='s.xml', text='<root/>', format='xml'")
    other = XmlDocument("s.xml", "<root/>", "xml")
    assert doc == other
    other.encoding = "utf-16le"
    assert doc != other
    assert not hasattr(doc, "__dict__")

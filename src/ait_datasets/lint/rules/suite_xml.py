"""Suite XML: what XmlPort 149031 "AIT Test Suite Import/Export" accepts (``XML``).

Shape (contract §4)::

    <Root>
      <AITSuite Code= Description= Tag= Dataset= Capability= Frequency= TestRunnerId=
                TestType= Validation=>
        <Language Tag= Frequency= Validation= />
        <Evaluator Evaluator= Type= />
        <Line CodeunitID= Description= Dataset=>
          <Evaluator Evaluator= Type= />
        </Line>
      </AITSuite>
    </Root>

Per-file checks run in ``check``; whether every ``Dataset=`` names a dataset of the app,
and whether suite codes are unique in the app, run in ``check_project`` over file facts.
An XML file whose root element is not ``Root`` (nor a misspelling of it, nor holding
``AITSuite`` elements) is other XML in the resources, such as test data, and is left alone.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ait_datasets.dataset.app import code_field, dataset_code
from ait_datasets.dataset.paths import display_path
from ait_datasets.diagnostics import Diagnostic, Edit, Fix, Severity
from ait_datasets.lint.config import LintConfig
from ait_datasets.lint.context import LintContext
from ait_datasets.lint.facts import FileFacts, Ref, is_suite_root
from ait_datasets.lint.family import XML_FORMATS, Family
from ait_datasets.lint.project import Project, later_duplicates
from ait_datasets.lint.rules import language_tags
from ait_datasets.lint.rules.common import merge_by_hand, with_severity, word_fix
from ait_datasets.lint.rules.suite_xml_rules import (
    AGENT_RUNNER,
    BAD_BOOLEAN,
    BAD_ENUM,
    BAD_INTEGER,
    DUPLICATE_CODE,
    ENCODING,
    MISSING_ATTRIBUTE,
    PADDED_NUMBER,
    STRUCTURE,
    SYNTAX,
    TOO_LONG,
    UNKNOWN_DATASET,
    UNKNOWN_LANGUAGE_TAG,
    UNKNOWN_NAME,
)
from ait_datasets.lint.suggest import did_you_mean, hint, only_reading
from ait_datasets.records import FrozenRecord
from ait_datasets.source.document import Document
from ait_datasets.source.tree import Span

if TYPE_CHECKING:
    from ait_datasets.source.xml_loader import XmlDocument, XmlElement


RULES = (
    SYNTAX,
    ENCODING,
    STRUCTURE,
    UNKNOWN_NAME,
    MISSING_ATTRIBUTE,
    TOO_LONG,
    BAD_ENUM,
    BAD_BOOLEAN,
    BAD_INTEGER,
    PADDED_NUMBER,
    AGENT_RUNNER,
    UNKNOWN_DATASET,
    DUPLICATE_CODE,
    UNKNOWN_LANGUAGE_TAG,
)

AGENT_TEST_RUNNER = "130451"
TEST_TYPES = ("Copilot", "Agent", "MCP")
FREQUENCIES = ("Manual", "Daily", "Weekly")


class _Attr(FrozenRecord):
    """What the XmlPort does with one attribute."""

    required: bool = False
    max_length: int | None = None
    kind: str = "text"  # text | integer | boolean | enum | language
    choices: tuple[str, ...] = ()


# element name -> attribute name -> spec, and the children each element may have.
_ATTRIBUTES: dict[str, dict[str, _Attr]] = {
    "AITSuite": {
        "Code": _Attr(required=True, max_length=10),
        "Description": _Attr(max_length=250),
        "Tag": _Attr(max_length=20),
        "Dataset": _Attr(required=True, max_length=100),
        "Capability": _Attr(),
        "Frequency": _Attr(kind="enum", choices=FREQUENCIES),
        "TestRunnerId": _Attr(kind="integer"),
        "TestType": _Attr(kind="enum", choices=TEST_TYPES),
        "Validation": _Attr(kind="boolean"),
    },
    "Language": {
        "Tag": _Attr(required=True, kind="language"),
        "Frequency": _Attr(kind="enum", choices=FREQUENCIES),
        "Validation": _Attr(kind="boolean"),
    },
    "Evaluator": {"Evaluator": _Attr(required=True), "Type": _Attr(required=True)},
    "Line": {
        "CodeunitID": _Attr(required=True, kind="integer"),
        "Description": _Attr(max_length=250),
        "Dataset": _Attr(max_length=100),
    },
}
_CHILDREN: dict[str, tuple[str, ...]] = {
    "Root": ("AITSuite",),
    "AITSuite": ("Language", "Evaluator", "Line"),
    "Line": ("Evaluator",),
    "Language": (),
    "Evaluator": (),
}


# --- per file -------------------------------------------------------------------------


def check(doc: Document, ctx: LintContext) -> Iterator[Diagnostic]:
    # Only the XML reader makes "xml" documents; its module (and expat) is imported only
    # when such a file is linted.
    if doc.format != "xml":
        return
    from ait_datasets.source.xml_loader import XmlDocument

    if not isinstance(doc, XmlDocument) or doc.xml is None:
        return
    root = doc.xml
    if not _is_meant_as_suite(root):
        return  # another resource (a Data Exchange Definition, test data): not ours
    if not is_suite_root(root):
        yield STRUCTURE.at(
            doc,
            root.name_span,
            f"The root element is <{root.name}>; XmlPort 149031 reads <Root> (names are "
            "case-sensitive), so the import fails. Rename it to <Root>.",
            _renamed(root, "Root", ("Root",)),
        )
        return
    suites = [c for c in root.children if c.name == "AITSuite"]
    if not suites:
        yield STRUCTURE.at(
            doc,
            root.name_span,
            "<Root> has no <AITSuite> element: the file defines no suite. Add "
            '<AITSuite Code="..." Dataset="...">.',
        )
    yield from _element(doc, root)


def _is_meant_as_suite(root: XmlElement) -> bool:
    """A suite XML, or a misspelt one: `AITSuite` children under any root, or the root
    `Root` (or a close misspelling) with children that are close misspellings of
    `AITSuite`; an empty `<Root/>` too.

    The app's install code imports every XML resource as a suite, but `.resources` also
    holds other XML (Data Exchange Definitions with a `<root>` of `<DataExchDef>`s, test
    data): those are left alone, whatever their root is called.
    """
    names = {child.name for child in root.children}
    if "AITSuite" in names:
        return True  # whatever the root is called, these are suites
    exact = root.name == "Root"
    if exact and not names:
        return True
    if not exact and did_you_mean(root.name, ("Root",)) is None:
        return False
    return any(did_you_mean(name, ("AITSuite",)) is not None for name in names)


def _element(doc: XmlDocument, element: XmlElement) -> Iterator[Diagnostic]:
    allowed = _CHILDREN.get(element.name, ())
    for child in element.children:
        if child.name not in allowed:
            best = did_you_mean(child.name, allowed) if allowed else None
            yield UNKNOWN_NAME.at(
                doc,
                child.name_span,
                f"XmlPort 149031 has no <{child.name}> inside <{element.name}>; the import "
                f"rejects or ignores it.{_hint(child.name, allowed)}",
                _renamed(child, best, allowed) if best is not None else None,
            )
            continue
        yield from _attributes(doc, child)
        if child.name == "AITSuite":
            yield from _suite(doc, child)
        yield from _element(doc, child)


def _hint(word: str, choices: tuple[str, ...]) -> str:
    return hint(word, choices) if choices else ""


def _renamed(element: XmlElement, best: str, choices: tuple[str, ...]) -> Fix:
    """Rename ``element`` to ``best`` (the name its finding names), in its start and end tag."""
    spans = [element.name_span]
    if element.end_name_span is not None:
        spans.append(element.end_name_span)
    return Fix(
        f"Rename <{element.name}> to <{best}>",
        tuple(Edit(s.start_offset, s.end_offset, best) for s in spans),
        safe=only_reading(element.name, best, choices),
    )


def _attribute_renamed(element: XmlElement, name: str, span: Span) -> Fix | None:
    """Rename the attribute ``name`` to the known one its finding names, if any."""
    choices = tuple(_ATTRIBUTES[element.name])
    best = did_you_mean(name, choices)
    if best is None:
        return None
    if best in element.attributes:
        return merge_by_hand(name, best)
    return word_fix(span.start_offset, span.end_offset, name, best, choices)


def _value_fix(span: Span, value: str, best: str, safe: bool) -> Fix:
    """Write ``best`` as the whole attribute value at ``span`` (between its quotes)."""
    return Fix(
        f"Replace '{value}' with '{best}'",
        (Edit(span.start_offset, span.end_offset, xml_escaped(best)),),
        safe=safe,
    )


def xml_escaped(text: str) -> str:
    """``text`` as an attribute value between either kind of quotes."""
    from xml.sax.saxutils import escape

    return escape(text, {'"': "&quot;", "'": "&apos;"})


def _attributes(doc: XmlDocument, element: XmlElement) -> Iterator[Diagnostic]:
    specs = _ATTRIBUTES[element.name]
    for name, required in specs.items():
        if required.required and element.get(name) is None:
            yield MISSING_ATTRIBUTE.at(
                doc,
                element.name_span,
                f'<{element.name}> has no {name}="..."; the XmlPort requires it, so the '
                "import fails.",
            )
    for attr in element.attributes.values():
        spec = specs.get(attr.name)
        if spec is None:
            yield UNKNOWN_NAME.at(
                doc,
                attr.name_span,
                f"<{element.name}> has no attribute '{attr.name}' in XmlPort 149031; the "
                f"import rejects or ignores it.{_hint(attr.name, tuple(specs))}",
                _attribute_renamed(element, attr.name, attr.name_span),
            )
            continue
        yield from _value(doc, element.name, attr.name, attr.value, attr.value_span, spec)


def _value(
    doc: XmlDocument, element: str, name: str, value: str, span: Span, spec: _Attr
) -> Iterator[Diagnostic]:
    where = f"{element}/@{name}"
    if spec.required and not value.strip():
        yield MISSING_ATTRIBUTE.at(doc, span, f"{where} is empty; the suite needs a value.")
        return
    if spec.max_length is not None and len(value) > spec.max_length:
        yield TOO_LONG.at(
            doc,
            span,
            f"{where} has {len(value)} characters; the field holds {spec.max_length}, so "
            "the import fails. Shorten it.",
        )
    if spec.kind == "integer" and value:
        stripped = value.strip()
        if not stripped.lstrip("+-").isdigit() or not stripped.isascii():
            yield BAD_INTEGER.at(
                doc, span, f"{where} must be a whole number, not '{value}'; the import fails."
            )
        elif stripped != value:
            # The XmlPort reads the padded text as this very number: writing the digits
            # alone changes nothing the import reads, so the fix is safe.
            yield PADDED_NUMBER.at(
                doc,
                span,
                f"{where} '{value}' has spaces around the number; the import accepts it, but "
                f"write '{stripped}'.",
                Fix(f"Write '{stripped}'", (Edit(span.start_offset, span.end_offset, stripped),)),
            )
    elif spec.kind == "boolean" and value.strip().lower() not in ("true", "false"):
        yield BAD_BOOLEAN.at(
            doc,
            span,
            f"{where} is '{value}'; the import reads only 'true' (any case) as true, so this "
            "means false. Write true or false.",
        )
    elif spec.kind == "language":
        yield from _language_tag(doc, value, span)
    elif spec.kind == "enum" and value.lower() not in {c.lower() for c in spec.choices}:
        best = did_you_mean(value, spec.choices)
        tip = f" Did you mean '{best}'?" if best else ""
        yield BAD_ENUM.at(
            doc,
            span,
            f"{where} '{value}' is not one of {', '.join(spec.choices)}; the import fails.{tip}",
            None
            if best is None
            else _value_fix(span, value, best, only_reading(value, best, spec.choices)),
        )


def _language_tag(doc: XmlDocument, value: str, span: Span) -> Iterator[Diagnostic]:
    """A `<Language Tag=...>` that `GetLanguageIDByTag` does not find: the import fails."""
    problem = language_tags.tag_problem(value)
    if problem is None:
        return
    failure = f"the suite import fails with 'Language with tag {value} not found.'"
    if problem.case_only:
        yield with_severity(
            UNKNOWN_LANGUAGE_TAG.at(
                doc,
                span,
                f"'{value}' is not spelled as Windows spells the tag, '{problem.meant}': the "
                "XmlPort filters `Windows Language` on this exact text, and whether the "
                "platform matches another letter case is not in the framework's code; if "
                f'it does not, {failure} Write Tag="{problem.meant}".',
                _tag_fix(span, problem),
            ),
            Severity.WARNING,
        )
        return
    yield UNKNOWN_LANGUAGE_TAG.at(
        doc,
        span,
        f"'{value}' is not a Windows language tag: {failure}" + problem.suggestion(),
        _tag_fix(span, problem),
    )


def _tag_fix(span: Span, problem: language_tags.TagProblem) -> Fix | None:
    if problem.meant is None:
        return None
    return _value_fix(span, problem.text, problem.meant, problem.only_reading)


def _suite(doc: XmlDocument, suite: XmlElement) -> Iterator[Diagnostic]:
    test_type = suite.get("TestType")
    if test_type is None or test_type.value.lower() != "agent":
        return
    runner = suite.get("TestRunnerId")
    if runner is None:
        yield AGENT_RUNNER.at(
            doc,
            test_type.value_span,
            f'An Agent suite without TestRunnerId: add TestRunnerId="{AGENT_TEST_RUNNER}" '
            "(Test Runner - Isol. Disabled), so the agent's work is committed and visible to "
            "the agent's session.",
        )
    elif runner.value.strip() != AGENT_TEST_RUNNER:
        yield AGENT_RUNNER.at(
            doc,
            runner.value_span,
            f'Agent suites should run with TestRunnerId="{AGENT_TEST_RUNNER}" (Test Runner '
            f"- Isol. Disabled), not '{runner.value}': with test isolation the data the test "
            "creates is rolled back and the agent's session never sees it.",
        )


# --- across files ---------------------------------------------------------------------


def check_project(project: Project, config: LintConfig) -> Iterator[Diagnostic]:
    for files in project.apps().values():
        suites = [f for f in files if f.dataset_refs or f.suite_codes]
        if not any(f.linted for f in suites):
            continue
        datasets = [f for f in files if f.format != "xml"]
        index = _DatasetIndex(datasets)
        for facts in suites:
            if facts.linted:
                for ref in facts.dataset_refs:
                    yield from index.check(facts.path, ref)
        yield from _duplicate_codes(suites)


class _DatasetIndex:
    """The group codes a `Dataset=` can name in one app, and how each file is spelt."""

    def __init__(self, datasets: list[FileFacts]) -> None:
        self.codes: set[str] = set()
        # How to write each dataset in `Dataset=` (YAML with extension, JSON(L) without).
        self.spellings: dict[str, str] = {}
        for facts in datasets:
            name = os.path.basename(facts.path)
            code = dataset_code(name)
            self.codes.add(code)
            self.spellings[code] = name if code == name.upper() else os.path.splitext(name)[0]
            if facts.format == "yaml" and facts.language and facts.name:
                # A language variant: the line may name its parent group (= `name:`).
                parent = code_field(facts.name)
                self.codes.add(parent)
                self.spellings.setdefault(parent, facts.name)

    def check(self, path: str, ref: Ref) -> Iterator[Diagnostic]:
        # Code fields are upper-cased and trimmed, so neither case nor spaces matter.
        wanted = ref.value.strip().upper()
        if wanted in self.codes:
            return
        message = f"Dataset '{ref.value}' is not a dataset of this app"
        fix = None
        if wanted + ".YAML" in self.codes:
            better = self.spellings[wanted + ".YAML"]
            message += f": YAML datasets are named with their extension, write '{better}'."
            fix = _value_fix(ref.span, ref.value, better, True)
        elif wanted.endswith((".JSONL", ".JSON")) and wanted.rsplit(".", 1)[0] in self.codes:
            better = self.spellings[wanted.rsplit(".", 1)[0]]
            message += f": JSONL/JSON datasets are named without extension, write '{better}'."
            fix = _value_fix(ref.span, ref.value, better, True)
        else:
            names = self.spellings.values()
            message += f"; the suite fails at run time (no input lines).{hint(ref.value, names)}"
            best = did_you_mean(ref.value, names)
            if best is not None:
                fix = _value_fix(ref.span, ref.value, best, only_reading(ref.value, best, names))
        yield UNKNOWN_DATASET.at_path(path, ref.span, message, fix)


def _duplicate_codes(suites: list[FileFacts]) -> Iterator[Diagnostic]:
    items = [(facts, ref) for facts in suites for ref in facts.suite_codes]

    def key(item: tuple[FileFacts, Ref]) -> str | None:
        code = item[1].value.strip().upper()
        return code or None

    for (facts, ref), (other, _) in later_duplicates(items, key, lambda i: i[0].linted):
        same = other.path == facts.path
        where = "earlier in this file" if same else f"in {display_path(other.path)}"
        yield DUPLICATE_CODE.at_path(
            facts.path,
            ref.span,
            f"Suite code '{ref.value}' is also used {where}; the import replaces one suite "
            "with the other. Give each suite its own code.",
        )


FAMILY = Family(
    prefix="XML",
    rules=RULES,
    check=check,
    check_project=check_project,
    formats=XML_FORMATS,
    unparsed=True,
)

"""What one file tells the others: the facts cross-file rules need, as plain data.

Facts are extracted right after a file is linted, so no file is parsed twice, and they
are plain picklable values, so files can be linted in worker processes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ait_datasets.dataset import shape
from ait_datasets.placeholders.tokens import PREFIXES, whole_token
from ait_datasets.records import Record, field
from ait_datasets.source.document import Document
from ait_datasets.source.tree import Mapping, Node, Scalar, Sequence, Span

if TYPE_CHECKING:
    from ait_datasets.source.xml_loader import XmlDocument, XmlElement


class Ref(Record):
    """A value in a file that names something elsewhere, and where it is."""

    value: str
    span: Span


class FileFacts(Record):
    """What the cross-file rules need to know of one file."""

    path: str
    kind: shape.FileKind
    format: str  # yaml | json | jsonl | xml
    # Top-level `name:` and `language:` (scalars only, as the importer reads them).
    name: str | None = None
    language: str | None = None
    # Where `name:`'s value is (findings about a file's name point there).
    name_span: Span | None = None
    # `suite_setup: NAME` in a dataset (a reference to a suite-setup file's name).
    suite_setup_ref: Ref | None = None
    # Suite XML: every `Dataset=` (suite and line level) and every suite `Code=`.
    dataset_refs: list[Ref] = field(default_factory=list)
    suite_codes: list[Ref] = field(default_factory=list)
    # False for files of the app that were not linted in this run (read only for their
    # facts, so a pre-commit hook that lints one file still sees the whole app).
    linted: bool = True
    # Anything else a rule family wants to carry across files (plain data only).
    extra: dict[str, object] = field(default_factory=dict)


def extract_facts(doc: Document, kind: shape.FileKind) -> FileFacts:
    """The facts of one loaded file (``kind`` as detected by the engine)."""
    if doc.format == "xml":
        # Imported here: a run over YAML files only needs no XML parser.
        from ait_datasets.source.xml_loader import XmlDocument

        if isinstance(doc, XmlDocument):
            return _xml_facts(doc)
    facts = FileFacts(doc.path, kind, doc.format)
    root = doc.root
    if isinstance(root, Mapping):
        name = root.get("name")
        if isinstance(name, Scalar):
            facts.name = shape.scalar_text(name)
            facts.name_span = name.span
        language = root.get("language")
        if isinstance(language, Scalar):
            facts.language = shape.scalar_text(language)
        setup = root.get("suite_setup")
        # Only YAML files have metadata (Test Inputs Management lines 222-223; STR006).
        if kind == shape.DATASET and doc.format == "yaml" and isinstance(setup, Scalar):
            text = shape.scalar_text(setup)
            if text is not None:
                facts.suite_setup_ref = Ref(text, setup.span)
                facts.extra[TESTS_WITHOUT_PREFIX] = _tests_without_prefix(doc)
        test_setup = root.get("test_setup")
        if kind == shape.DATASET and "tests" in root.children and isinstance(test_setup, Scalar):
            # A top-level `test_setup: NAME` beside `tests` (never read; STR001 says what
            # it may have meant, across files).
            text = shape.scalar_text(test_setup)
            key = root.key_node("test_setup")
            if text is not None and key is not None:
                facts.extra[TOP_LEVEL_TEST_SETUP] = Ref(text, key.span)
                if "suite_setup" not in root.children:  # a rename would not repeat a key
                    facts.extra[TOP_LEVEL_TEST_SETUP_VALUE] = Ref(text, test_setup.span)
        if kind == shape.SUITE_SETUP and setup is not None:
            spots = _placeholder_texts(setup)
            if spots:
                facts.extra[SETUP_PLACEHOLDERS] = spots
    return facts


# FileFacts.extra key of a suite-setup file: [(prefix, span, whole)] of each text value of
# its `suite_setup` holding a placeholder prefix (`$DateFormula-`, `$DateTimeFormula-`);
# ``whole``: the value is that one token (what `ValueAsDate`/`ValueAsDateTime` resolve).
SETUP_PLACEHOLDERS = "setup_placeholders"
# FileFacts.extra key of a dataset with `tests` and a top-level `test_setup: TEXT`: a Ref
# to the text, placed at the key (where STR001 reports it).
TOP_LEVEL_TEST_SETUP = "top_level_test_setup"
# ... and a Ref to the same text placed at the value, when the file has no `suite_setup`
# (the fixes that rename the key, and correct the value, edit there).
TOP_LEVEL_TEST_SETUP_VALUE = "top_level_test_setup_value"
# FileFacts.extra key of a dataset naming a suite setup: {prefix: the first test whose
# stored data does not hold it} (the Test Input Data Tools gate, see PH011).
TESTS_WITHOUT_PREFIX = "tests_without_prefix"


def _placeholder_texts(node: Node) -> list[tuple[str, Span, bool]]:
    """(prefix, span, whole) of each text scalar under ``node`` holding a placeholder."""
    out: list[tuple[str, Span, bool]] = []
    stack = [node]
    while stack:
        here = stack.pop()
        if isinstance(here, Mapping):
            stack.extend(reversed(list(here.children.values())))
        elif isinstance(here, Sequence):
            stack.extend(reversed(here.items))
        elif isinstance(here, Scalar) and isinstance(here.data, str):
            whole = whole_token(here.data)
            for prefix in PREFIXES:
                if prefix in here.data:
                    out.append((prefix, here.span, whole is not None and whole.prefix == prefix))
    return out


def _holds(node: Node, prefix: str) -> bool:
    """Whether the JSON the importer stores for ``node`` contains ``prefix`` (keys too)."""
    stack = [node]
    while stack:
        here = stack.pop()
        if isinstance(here, Mapping):
            if any(prefix in key for key in here.children):
                return True
            stack.extend(here.children.values())
        elif isinstance(here, Sequence):
            stack.extend(here.items)
        elif isinstance(here, Scalar) and isinstance(here.data, str) and prefix in here.data:
            return True
    return False


def _tests_without_prefix(doc: Document) -> dict[str, str]:
    missing: dict[str, str] = {}
    for number, test in enumerate(shape.tests_of(doc), 1):
        # A `testInput` wrapper: only its value is stored (Test Inputs Management).
        wrapped = test.node.get("testInput")
        stored = wrapped if isinstance(wrapped, Mapping) else test.node
        for prefix in PREFIXES:
            if prefix not in missing and not _holds(stored, prefix):
                name = shape.scalar_text(stored.get("name"))
                missing[prefix] = name if name is not None else f"test {number}"
        if len(missing) == len(PREFIXES):
            break
    return missing


def is_suite_root(root: XmlElement | None) -> bool:
    """A suite definition: the XmlPort's root element is `Root` (exactly)."""
    return root is not None and root.name == "Root"


def _xml_facts(doc: XmlDocument) -> FileFacts:
    root = doc.xml
    if not is_suite_root(root):
        return FileFacts(doc.path, shape.FileKind.OTHER_XML, "xml")
    assert root is not None
    facts = FileFacts(doc.path, shape.FileKind.SUITE_XML, "xml")
    for suite in root.children:
        if suite.name != "AITSuite":
            continue
        code = suite.get("Code")
        if code is not None:
            facts.suite_codes.append(Ref(code.value, code.value_span))
        elements = [suite, *(line for line in suite.children if line.name == "Line")]
        # Each line's effective dataset, in order (the suite's when the line names none).
        lines: list[Ref] = []
        suite_ref: Ref | None = None
        for element in elements:
            dataset = element.get("Dataset")
            # An empty line-level Dataset inherits the suite's (the XmlPort's OnInsert); an
            # empty suite-level one is a per-file finding.
            if dataset is not None and dataset.value.strip():
                ref = Ref(dataset.value, dataset.value_span)
                facts.dataset_refs.append(ref)
                if element is suite:
                    suite_ref = ref
                else:
                    lines.append(ref)
            elif element is not suite and suite_ref is not None:
                lines.append(suite_ref)
        suite_lines = facts.extra.setdefault(SUITE_LINES, [])
        assert isinstance(suite_lines, list)
        suite_lines.append((code.value if code is not None else "", lines))
    return facts


# FileFacts.extra key of a suite XML: [(suite code, [each line's effective Dataset])].
SUITE_LINES = "suite_lines"

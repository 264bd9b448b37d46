"""Tests: names and descriptions as the importer stores them (``TST``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, TypeGuard

from ait_datasets.dataset import shape
from ait_datasets.diagnostics import Diagnostic, Severity
from ait_datasets.lint.context import LintContext
from ait_datasets.lint.family import TEST_KINDS, Family
from ait_datasets.lint.rule import Rule
from ait_datasets.lint.rules.common import head_span
from ait_datasets.schema.vocabulary import MAX_TEST_DESCRIPTION, MAX_TEST_NAME
from ait_datasets.source.document import Document
from ait_datasets.source.tree import Mapping, Node, Scalar, type_name

if TYPE_CHECKING:

    class _TextScalar(Scalar):
        """A scalar whose value is text (for the type checker only)."""

        data: str


NAME_MISSING = Rule(
    "TST001",
    "test-name-missing",
    "tests",
    Severity.WARNING,
    "A test has no `name`.",
    "Reports agent tests without a `name` key (Copilot datasets are often unnamed).",
    "The importer then numbers the test `INPUT-000000001`, `INPUT-000000002`, ...: results "
    "and logs cannot be traced back to a scenario, and the codes change when tests move.",
    "tests:\n  - description: Orders are released\n    turns: []",
    "Give every test a short, unique `name`.",
)
NAME_TYPE = Rule(
    "TST002",
    "test-name-type",
    "tests",
    Severity.ERROR,
    "A test's `name` is a list or mapping.",
    "Reports a `name` (or `description`) that is not a scalar.",
    "The importer reads it with `AsValue()`, which fails at import time.",
    "tests:\n  - name: [T1]",
    "Write the name as plain text.",
)
NAME_LENGTH = Rule(
    "TST003",
    "test-name-length",
    "tests",
    Severity.ERROR,
    f"A test name is longer than {MAX_TEST_NAME} characters.",
    f"Reports names over {MAX_TEST_NAME} characters.",
    f"The name becomes `Test Input.Code`, a Code[{MAX_TEST_NAME}] field: it is upper-cased "
    "and silently truncated, which can make two tests collide.",
    "tests:\n  - name: A-VERY-LONG-NAME-...  # 101 characters",
    f"Shorten the name to at most {MAX_TEST_NAME} characters; put detail in `description`.",
)
NAME_DUPLICATE = Rule(
    "TST004",
    "test-name-duplicate",
    "tests",
    Severity.ERROR,
    "Two tests in one file have the same name (ignoring case).",
    "Reports the second test whose name equals an earlier one case-insensitively.",
    "The importer upper-cases names into `Test Input.Code`; a duplicate fails the whole "
    "import with the platform's 'record already exists' error.",
    "tests:\n  - name: release-order\n  - name: RELEASE-ORDER",
    "Rename one of the tests.",
)
DESCRIPTION_LENGTH = Rule(
    "TST005",
    "test-description-length",
    "tests",
    Severity.WARNING,
    f"A test description is longer than {MAX_TEST_DESCRIPTION} characters.",
    f"Reports descriptions over {MAX_TEST_DESCRIPTION} characters.",
    f"`Test Input.Description` is Text[{MAX_TEST_DESCRIPTION}]: the rest is silently cut.",
    "tests:\n  - name: T1\n    description: ...  # 3000 characters",
    "Shorten the description.",
)

RULES = (NAME_MISSING, NAME_TYPE, NAME_LENGTH, NAME_DUPLICATE, DESCRIPTION_LENGTH)


def check(doc: Document, ctx: LintContext) -> Iterator[Diagnostic]:
    # Upper-cased code -> the name node that first used it. Its line is worked out only
    # for a duplicate: a position costs a search, and large files have many names.
    seen: dict[str, Scalar] = {}
    for test in shape.tests_of(doc):
        children = test.node.children
        name = children.get("name")
        if name is None:
            yield from _no_name(doc, test.node)
        elif _is_short_text(name, MAX_TEST_NAME) and name.data.upper() not in seen:
            # The common case, without a generator: a new name of a valid length.
            if name.data:
                seen[name.data.upper()] = name
        else:
            yield from _name(doc, name, seen)
        description = children.get("description")
        if description is not None and not _is_short_text(description, MAX_TEST_DESCRIPTION):
            yield from _description(doc, description)


def _is_short_text(node: Node, limit: int) -> TypeGuard[_TextScalar]:
    """Whether ``node`` is a text scalar of at most ``limit`` characters."""
    return isinstance(node, Scalar) and isinstance(node.data, str) and len(node.data) <= limit


def _no_name(doc: Document, node: Mapping) -> Iterator[Diagnostic]:
    # Copilot datasets (JSONL especially) are routinely unnamed; agent scenarios are the
    # ones people trace through logs turn by turn.
    if node.children and shape.is_agent_test(node):
        yield NAME_MISSING.at(
            doc,
            head_span(node),
            "This test has no `name`; the importer will call it INPUT-0000000NN. Add "
            "a unique name.",
        )


def _name(doc: Document, name: Node, seen: dict[str, Scalar]) -> Iterator[Diagnostic]:
    if not isinstance(name, Scalar):
        yield NAME_TYPE.at(doc, name.span, f"A test's `name` must be text, not {type_name(name)}.")
        return
    text = _text(name)
    if len(text) > MAX_TEST_NAME:
        yield NAME_LENGTH.at(
            doc,
            name.span,
            f"The test name is {len(text)} characters; the framework keeps only the "
            f"first {MAX_TEST_NAME} (upper-cased).",
        )
    code = text[:MAX_TEST_NAME].upper()
    first = seen.get(code)
    if first is not None:
        yield NAME_DUPLICATE.at(
            doc,
            name.span,
            f"Test name '{text}' repeats the test at line {first.span.line} (names are "
            "compared upper-cased); the import fails with 'record already exists'.",
        )
    elif code:
        seen[code] = name


def _description(doc: Document, description: Node) -> Iterator[Diagnostic]:
    if not isinstance(description, Scalar):
        yield NAME_TYPE.at(
            doc,
            description.span,
            f"A test's `description` must be text, not {type_name(description)}.",
        )
        return
    text = _text(description)
    if len(text) > MAX_TEST_DESCRIPTION:
        yield DESCRIPTION_LENGTH.at(
            doc,
            description.span,
            f"The description is {len(text)} characters; the framework keeps the "
            f"first {MAX_TEST_DESCRIPTION}.",
        )


def _text(node: Scalar) -> str:
    """The scalar's text as the importer reads it ("" for null)."""
    data = node.data
    if isinstance(data, str):  # nearly always: skip the general conversion
        return data
    return shape.scalar_text(node) or ""


FAMILY = Family("TST", RULES, check, None, kinds=TEST_KINDS)

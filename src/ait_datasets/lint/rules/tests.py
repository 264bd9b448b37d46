"""Tests: names and descriptions as the importer stores them (``TST``)."""

from __future__ import annotations

from collections.abc import Generator, Iterator
from typing import TYPE_CHECKING, TypeGuard

from ait_datasets.dataset import shape
from ait_datasets.diagnostics import Diagnostic, Severity
from ait_datasets.lint.context import LintContext
from ait_datasets.lint.family import TEST_KINDS, Family
from ait_datasets.lint.rule import Example, Rule
from ait_datasets.lint.rules.common import head_span
from ait_datasets.lint.rules.example_datasets import ORDERS_YAML
from ait_datasets.schema.vocabulary import MAX_TEST_DESCRIPTION, MAX_TEST_NAME
from ait_datasets.source.document import Document
from ait_datasets.source.tree import Mapping, Node, Scalar, type_name

if TYPE_CHECKING:

    class _TextScalar(Scalar):
        """A scalar whose value is text (for the type checker only)."""

        data: str


NAME_MISSING = Rule(
    code="TST001",
    name="test-name-missing",
    family="tests",
    severity=Severity.WARNING,
    summary="A test has no `name`.",
    what="Reports agent tests without a `name` key (Copilot datasets are often unnamed).",
    why="The importer then names the test after the group's last `INPUT-` code, incremented: "
    "`INPUT-000001`, `INPUT-000002`, ... (`PadStr('INPUT-', 12, '0')` then `IncStr`, Test "
    "Inputs Management codeunit 130458 lines 425-436): results and logs cannot be traced "
    "back to a scenario, and the codes change when tests move.",
    bad=Example(
        """
        tests:
          - description: Jane asks the agent to release sales order 101
            turns:
              - query:
                  from: Jane Doe
                  title: Release order 101
                  message: Please release sales order 101.
                expected_data: {}
        """,
        line=2,
    ),
    fix="Give every test a short, unique `name`.",
    good=Example(ORDERS_YAML),
)
NAME_TYPE = Rule(
    code="TST002",
    name="test-name-type",
    family="tests",
    severity=Severity.ERROR,
    summary="A test's `name` is a list or mapping.",
    what="Reports a `name` (or `description`) that is not a scalar.",
    why="The importer reads it with `AsValue()`, which fails at import time."
    " (Test Inputs Management codeunit 130458 (`TestInputsManagement.Codeunit.al`) "
    "`AssignTestInputCode` line 385.)",
    bad=Example(
        """
        tests:
          - name: [RELEASE-ORDER]
            description: Jane asks the agent to release sales order 101
            turns:
              - query:
                  from: Jane Doe
                  title: Release order 101
                  message: Please release sales order 101.
                expected_data: {}
        """,
        line=2,
    ),
    fix="Write the name as plain text.",
    good=Example(ORDERS_YAML),
)
NAME_LENGTH = Rule(
    code="TST003",
    name="test-name-length",
    family="tests",
    severity=Severity.WARNING,
    summary=f"A test name is longer than {MAX_TEST_NAME} characters.",
    what=f"Reports names over {MAX_TEST_NAME} characters.",
    why=f"The name becomes `Test Input.Code`, a Code[{MAX_TEST_NAME}] field: it is upper-cased "
    "and silently truncated (a warning: the test still imports and runs under the cut "
    "name; two names that collide once cut are TST004, an error)."
    " (Test Inputs Management codeunit 130458 (`TestInputsManagement.Codeunit.al`) "
    "line 385; Test Input table 130452, `TestInput.Table.al` line 24.)",
    bad=Example(
        """
        tests:
          - name: RELEASE-ORDER-FOR-A-CUSTOMER-WHOSE-CREDIT-LIMIT-IS-EXCEEDED-AFTER-
              THE-ORDER-WAS-SHIPPED-PARTIALLY-AND-INVOICED
            description: Jane asks the agent to release sales order 101
            turns:
              - query:
                  from: Jane Doe
                  title: Release order 101
                  message: Please release sales order 101.
                expected_data: {}
        """,
        line=2,
    ),
    fix=f"Shorten the name to at most {MAX_TEST_NAME} characters; put detail in `description`.",
    good=Example(ORDERS_YAML),
)
NAME_DUPLICATE = Rule(
    code="TST004",
    name="test-name-duplicate",
    family="tests",
    severity=Severity.ERROR,
    summary="Two tests in one file have the same name (ignoring case).",
    what="Reports the second test whose name equals an earlier one case-insensitively.",
    why="The importer upper-cases names into `Test Input.Code`; a duplicate fails the whole "
    "import with the platform's 'record already exists' error."
    " (Test Inputs Management codeunit 130458 (`TestInputsManagement.Codeunit.al`) "
    "`InsertDataInputLine` line 373.)",
    bad=Example(
        """
        tests:
          - name: RELEASE-ORDER
            description: Jane asks the agent to release sales order 101
            turns:
              - query:
                  from: Jane Doe
                  title: Release order 101
                  message: Please release sales order 101.
                expected_data: {}
          - name: release-order
            description: Jane asks the agent to release sales order 102
            turns:
              - query:
                  from: Jane Doe
                  title: Release order 102
                  message: Please release sales order 102.
                expected_data: {}
        """,
        line=10,
    ),
    fix="Rename one of the tests.",
    good=Example(
        """
        tests:
          - name: RELEASE-ORDER
            description: Jane asks the agent to release sales order 101
            turns:
              - query:
                  from: Jane Doe
                  title: Release order 101
                  message: Please release sales order 101.
                expected_data: {}
          - name: RELEASE-ORDER-2
            description: Jane asks the agent to release sales order 102
            turns:
              - query:
                  from: Jane Doe
                  title: Release order 102
                  message: Please release sales order 102.
                expected_data: {}
        """,
    ),
)
DESCRIPTION_LENGTH = Rule(
    code="TST005",
    name="test-description-length",
    family="tests",
    severity=Severity.WARNING,
    summary=f"A test description is longer than {MAX_TEST_DESCRIPTION} characters.",
    what=f"Reports descriptions over {MAX_TEST_DESCRIPTION} characters.",
    why=f"`Test Input.Description` is Text[{MAX_TEST_DESCRIPTION}]: the rest is silently cut."
    " (Test Inputs Management codeunit 130458 (`TestInputsManagement.Codeunit.al`) "
    "line 390; `TestInput.Table.al` line 37.)",
    bad=Example(
        "tests:\n  - name: RELEASE-ORDER\n    description: "
        + "Jane asks the agent to release sales order 101. " * 50
        + "\n    turns:\n      - query: {from: Jane Doe, title: Release order 101}\n"
        + "        expected_data: {}\n",
        line=3,
    ),
    fix="Shorten the description.",
    good=Example(ORDERS_YAML),
)

NAME_COLLIDES = Rule(
    code="TST006",
    name="test-name-collides-with-generated",
    family="tests",
    severity=Severity.ERROR,
    summary="An explicit test name equals the code the importer gives an earlier unnamed test.",
    what="Works out the codes of the file's unnamed tests as the importer does (the last "
    "`INPUT-` code of the group so far, incremented) and reports an explicit `name` that "
    "equals one of them (ignoring case).",
    why="The importer inserts each test in file order (Test Inputs Management codeunit 130458 "
    "lines 425-436 name the unnamed ones): an explicit `INPUT-000001` after the first "
    "unnamed test is the same `Test Input.Code`, and the import fails with the platform's "
    "'record already exists' error.",
    bad=Example(
        """
        tests:
          - question: Which sales orders are open?
          - name: INPUT-000001
            question: Which sales orders are released?
        """,
        line=3,
    ),
    fix="Name every test, or give the explicit one a name outside the `INPUT-nnnnnn` pattern.",
    good=Example(
        """
        tests:
          - name: OPEN-ORDERS
            question: Which sales orders are open?
          - name: RELEASED-ORDERS
            question: Which sales orders are released?
        """,
    ),
)

RULES = (
    NAME_MISSING,
    NAME_TYPE,
    NAME_LENGTH,
    NAME_DUPLICATE,
    DESCRIPTION_LENGTH,
    NAME_COLLIDES,
)

_AUTO_PREFIX = "INPUT-"


def check(doc: Document, ctx: LintContext) -> Iterator[Diagnostic]:
    # Upper-cased code -> the name node that first used it. Its line is worked out only
    # for a duplicate: a position costs a search, and large files have many names.
    seen: dict[str, Scalar] = {}
    # The codes the importer generates for unnamed tests, and the highest `INPUT-` code
    # of the group so far (the next unnamed test gets it incremented).
    generated: set[str] = set()
    last_input = ""
    for test in shape.tests_of(doc):
        children = test.node.children
        name = children.get("name")
        code: str | None = None
        if name is None:
            last_input = _next_input_code(last_input)
            generated.add(last_input)
            yield from _no_name(doc, test.node, last_input)
        elif _is_short_text(name, MAX_TEST_NAME) and name.data.upper() not in seen:
            # The common case, without a generator: a new name of a valid length.
            if name.data:
                code = name.data.upper()
                seen[code] = name
        else:
            code = yield from _name(doc, name, seen)
        if code is not None and code.startswith(_AUTO_PREFIX):
            if code in generated:
                assert isinstance(name, Scalar)
                yield NAME_COLLIDES.at(
                    doc,
                    name.span,
                    f"'{code}' is the code the importer gives an earlier unnamed test of this "
                    "file: the import fails with 'record already exists'. Rename this test or "
                    "name the unnamed ones.",
                )
            last_input = max(last_input, code)
        description = children.get("description")
        if description is not None and not _is_short_text(description, MAX_TEST_DESCRIPTION):
            yield from _description(doc, description)


def _next_input_code(last: str) -> str:
    """`IncStr` of the group's last `INPUT-` code, or of `INPUT-000000` for the first."""
    code = last or _AUTO_PREFIX.ljust(12, "0")
    end = len(code)
    while end and not code[end - 1].isdigit():
        end -= 1
    start = end
    while start and code[start - 1].isdigit():
        start -= 1
    if start == end:  # no number to increment (an explicit `INPUT-X`): start over
        return _AUTO_PREFIX + "000001"
    digits = code[start:end]
    return code[:start] + str(int(digits) + 1).zfill(len(digits)) + code[end:]


def _is_short_text(node: Node, limit: int) -> TypeGuard[_TextScalar]:
    """Whether ``node`` is a text scalar of at most ``limit`` characters."""
    return isinstance(node, Scalar) and isinstance(node.data, str) and len(node.data) <= limit


def _no_name(doc: Document, node: Mapping, code: str) -> Iterator[Diagnostic]:
    # Copilot datasets (JSONL especially) are routinely unnamed; agent scenarios are the
    # ones people trace through logs turn by turn.
    if node.children and shape.is_agent_test(node):
        yield NAME_MISSING.at(
            doc,
            head_span(node),
            f"This test has no `name`; the importer will call it {code}. Add a unique name.",
        )


def _name(
    doc: Document, name: Node, seen: dict[str, Scalar]
) -> Generator[Diagnostic, None, str | None]:
    """The findings on one name; returns its code when it is new (else None)."""
    if not isinstance(name, Scalar):
        yield NAME_TYPE.at(doc, name.span, f"A test's `name` must be text, not {type_name(name)}.")
        return None
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
        return None
    if not code:
        return None
    seen[code] = name
    return code


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


FAMILY = Family(prefix="TST", rules=RULES, check=check, kinds=TEST_KINDS)

"""The diagnostics panel's data: lint the editor's text, map each finding to its node."""

from __future__ import annotations

import bisect
from dataclasses import dataclass

from ait_datasets.dataset.shape import (
    SUITE_SETUP,
    file_kind,
    holds_test_keys,
    test_items,
    turns_of,
    unwrapped,
)
from ait_datasets.diagnostics import Diagnostic
from ait_datasets.lint.config import LintConfig
from ait_datasets.lint.session import LintSession
from ait_datasets.source.document import Document
from ait_datasets.source.tree import Mapping, Node


@dataclass(frozen=True, slots=True)
class Finding:
    """A diagnostic and the tree node it belongs to (test/turn index, None for the file)."""

    diagnostic: Diagnostic
    test: int | None
    turn: int | None


def _locate(items: list[Node], line: int) -> int | None:
    """Index of the item whose lines contain ``line`` (items are in file order)."""
    index = bisect.bisect_right(items, line, key=lambda item: item.span.line) - 1
    if index < 0:
        return None
    return index if line <= items[index].span.end_line else None


@dataclass(frozen=True, slots=True)
class LintResult:
    """Findings, plus the line of every test's dash as the full parse sees them."""

    findings: list[Finding]
    dash_lines: list[int]


def dash_lines_of(doc: Document) -> list[int]:
    """The line of each test's dash, as the full parse sees the tests list.

    Lines are counted from the previous test's dash onwards, so the whole walk reads the
    text once (counting from the start for every test was quadratic: a minute on 10,000
    tests).
    """
    root = doc.root
    items = test_items(doc) if isinstance(root, Mapping) and "tests" in root.children else []
    text = doc.text
    out = []
    line, counted = 1, 0
    for item in items:
        pos = item.start_offset - 1
        while pos >= 0 and text[pos] in " \t\r\n":
            pos -= 1
        if pos >= 0 and text[pos] == "-" and pos >= counted:
            line += text.count("\n", counted, pos)
            counted = pos
            out.append(line)
        else:
            out.append(item.span.line)
    return out


def lint_text(
    path: str, text: str, config: LintConfig | None = None, session: LintSession | None = None
) -> LintResult:
    """Lint ``text`` as the file at ``path`` (through the editor's one lint adapter, so
    the findings are the command line's); map findings to nodes; locate the tests."""
    from ait_datasets.tui.lint_adapter import lint_buffer

    found, doc = lint_buffer(text, path, config, session)
    return LintResult(_map(found, editor_tests(doc)), dash_lines_of(doc))


def lint_in_session(path: str, text: str, config: LintConfig) -> LintResult:
    """:func:`lint_text` through this process's lint session, the language server's: after
    an edit of one test only that test is read again, and the app's other files are read
    once while they do not change. What the editor's lint child (and, for a small text, its
    thread) runs."""
    from ait_datasets.lint.session import process_session

    session = process_session()
    with session.lock:
        # The document is placed in the tree before the next lint may take its nodes over.
        return lint_text(path, text, config, session)


def editor_tests(doc: Document) -> list[Node]:
    """The nodes the editor shows as tests, in file order (see :func:`.layout.split_layout`):
    where the importer finds them, but a root without ``tests`` that has no key only a
    test has is a dataset with no tests yet, and a suite-setup file has none."""
    root = doc.root
    if file_kind(doc) == SUITE_SETUP:
        return []
    if isinstance(root, Mapping) and "tests" not in root.children and not holds_test_keys(root):
        return []
    return test_items(doc)


def _map(diagnostics: list[Diagnostic], items: list[Node]) -> list[Finding]:
    out = []
    for diag in diagnostics:
        test = _locate(items, diag.line) if items else None
        turn = None
        if test is not None:
            node = items[test]
            if isinstance(node, Mapping):
                turns = turns_of(unwrapped(node))
                turn = _locate(turns, diag.line) if turns else None
        out.append(Finding(diag, test, turn))
    return out

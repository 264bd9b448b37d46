"""Inline suppressions in comments.

``# datasets: disable=CODE[,CODE]`` silences those codes (or prefixes) on its own line;
written on a line by itself it silences the next line. ``# datasets:
disable-file=CODE[,CODE]`` anywhere silences them in the whole file. In XML the same text
goes in a comment (``<!-- datasets: disable=XML003 -->``). A suppression that silences
nothing is reported (SUP001), so stale ones do not pile up.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ait_datasets.diagnostics import Diagnostic, Severity
from ait_datasets.lint.rule import Example, Rule
from ait_datasets.records import Record

UNUSED = Rule(
    "SUP001",
    "unused-suppression",
    "suppressions",
    Severity.WARNING,
    "A `# datasets: disable=...` comment silences nothing.",
    "Reports suppression comments (or codes in them) that match no finding.",
    "Stale suppressions hide future problems and mislead readers.",
    Example(
        """
        tests:
          - name: RELEASE-ORDER  # datasets: disable=TST003
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
    "Remove the comment, or the code that no longer applies.",
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
        """,
    ),
)
MALFORMED = Rule(
    "SUP002",
    "malformed-suppression",
    "suppressions",
    Severity.WARNING,
    "A `# datasets:` comment that is not a valid suppression.",
    "Reports `datasets:` comments without `disable=` / `disable-file=` or without codes.",
    "A suppression with a typo silently suppresses nothing.",
    Example(
        """
        # datasets: disabel=TST001
        tests:
          - name: RELEASE-ORDER
            description: Jane asks the agent to release sales order 101
            turns:
              - query:
                  from: Jane Doe
                  title: Release order 101
                  message: Please release sales order 101.
                expected_data: {}
        """,
        line=1,
    ),
    "Write `# datasets: disable=CODE` or `# datasets: disable-file=CODE`.",
    good=Example(
        """
        # datasets: disable-file=TST001
        tests:
          - description: Jane asks the agent to release sales order 101
            turns:
              - query:
                  from: Jane Doe
                  title: Release order 101
                  message: Please release sales order 101.
                expected_data: {}
        """,
    ),
)
RULES = (UNUSED, MALFORMED)

# Patterns, compiled (and cached by `re`) on first use: most files have no suppression.
_MARK = r"(?:#|<!--)\s*datasets:\s*(?P<body>[^\n>]*)"
_DIRECTIVE = r"(?P<kind>disable-file|disable)\s*=\s*(?P<codes>[A-Za-z0-9_,\s]+)"


class Directive(Record):
    """One ``disable=`` / ``disable-file=`` comment, and which of its codes were used."""

    _fields = ("line", "column", "end_column", "codes", "whole_file", "lines", "used")
    __slots__ = _fields
    line: int  # 1-based line of the comment
    column: int
    end_column: int
    codes: tuple[str, ...]
    whole_file: bool
    # The lines it applies to (its own, and the next one when it stands alone).
    lines: tuple[int, ...]
    used: set[str]

    def __init__(
        self,
        line: int,
        column: int,
        end_column: int,
        codes: tuple[str, ...],
        whole_file: bool,
        lines: tuple[int, ...] = (),
        used: set[str] | None = None,
    ) -> None:
        self.line = line
        self.column = column
        self.end_column = end_column
        self.codes = codes
        self.whole_file = whole_file
        self.lines = lines
        self.used = set() if used is None else used


class Suppressions(Record):
    """The suppression comments of one file, and the malformed ones (SUP002)."""

    _fields = ("directives", "malformed")
    __slots__ = _fields
    directives: list[Directive]
    malformed: list[Diagnostic]

    def __init__(
        self, directives: list[Directive] | None = None, malformed: list[Diagnostic] | None = None
    ) -> None:
        self.directives = [] if directives is None else directives
        self.malformed = [] if malformed is None else malformed


def parse_suppressions(path: str, text: str) -> Suppressions:
    found = Suppressions()
    if "datasets:" not in text:
        return found
    for line_no, line in enumerate(text.splitlines(), start=1):
        if "datasets:" not in line:
            continue
        for mark in re.finditer(_MARK, line):
            body = mark.group("body")
            directive = re.match(_DIRECTIVE, body.strip())
            col = mark.start() + 1
            end = mark.end() + 1
            codes = tuple(
                c.strip().upper()
                for c in (directive.group("codes") if directive else "").split(",")
                if c.strip()
            )
            if directive is None or not codes:
                found.malformed.append(MALFORMED.diagnostic_at(path, line_no, col, end))
                continue
            whole = directive.group("kind") == "disable-file"
            alone = line[: mark.start()].strip() == ""
            lines = (line_no, line_no + 1) if alone else (line_no,)
            found.directives.append(Directive(line_no, col, end, codes, whole, lines))
    return found


def apply_suppressions(
    diagnostics: Iterable[Diagnostic], suppressions: dict[str, Suppressions]
) -> list[Diagnostic]:
    """Drop silenced diagnostics; add findings for unused and malformed suppressions."""
    kept: list[Diagnostic] = []
    for diag in diagnostics:
        sup = suppressions.get(diag.path)
        if sup is None or not _silenced(diag, sup):
            kept.append(diag)
    for path, sup in suppressions.items():
        kept.extend(sup.malformed)
        for directive in sup.directives:
            unused = [c for c in directive.codes if c not in directive.used]
            if unused:
                kept.append(
                    UNUSED.diagnostic_at(
                        path,
                        directive.line,
                        directive.column,
                        directive.end_column,
                        f"Unused suppression of {', '.join(unused)}: nothing "
                        f"{'in this file' if directive.whole_file else 'here'} is reported "
                        "with that code. Remove it.",
                    )
                )
    return kept


def _silenced(diag: Diagnostic, sup: Suppressions) -> bool:
    silenced = False
    for directive in sup.directives:
        if not directive.whole_file and diag.line not in directive.lines:
            continue
        for code in directive.codes:
            if diag.code.startswith(code):
                directive.used.add(code)
                silenced = True
    return silenced

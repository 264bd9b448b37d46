"""Small helpers shared by the rule families."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from ait_datasets.diagnostics import Diagnostic, Edit, Fix, Severity
from ait_datasets.lint.rule import Example, FixAvailability, Rule
from ait_datasets.lint.rules.example_datasets import ORDERS_YAML
from ait_datasets.lint.suggest import did_you_mean, hint, only_reading
from ait_datasets.source.tree import Mapping, Node, Scalar, Span, type_name

if TYPE_CHECKING:
    from ait_datasets.source.document import Document

UNKNOWN_KEY = Rule(
    code="STR001",
    name="unknown-key",
    family="structure",
    severity=Severity.WARNING,
    summary="A key the framework does not read, where it reads a fixed set of keys.",
    what="Reports unknown keys at the top level of a dataset with `tests:`, in agent turns (which "
    "may hold every key a turn-aware getter reads: `query`, `expected_data`, `turn_setup`, "
    "`context`, `ground_truth`, `continue_on_failure`, and the legacy `question`/`test_setup`), in "
    "`query`, `query.intervention`, `query.attachments[]` and "
    "`expected_data.intervention_request`, with the closest known key. "
    "`intervention_request.intent` is named for what it is: an upstream proposal (BCApps "
    "pull request #8375) not merged, which main ignores.",
    why="The framework never reads such a key: its data is silently dropped, and the tests "
    "still import and run, hence a warning. At the top level of a file with `tests:` the "
    "importer stores only each test (Test Inputs Management codeunit 130458 "
    "(`TestInputsManagement.Codeunit.al`) `ParseDataInputsYaml` lines 314-325), so a key "
    "there (Shopify's `test_setup:`) is dead data. When the key was meant as one the "
    "framework needs, that key's own rule reports the failure as an error: "
    "`expected_date:` leaves the turn without `expected_data` (TRN003), a misspelt "
    "`title` leaves the query without one (QRY002). The key sets are those the code "
    "reads: the turn getters of AIT Test Context "
    "Impl. (codeunit 149043 lines 84-166), `CreateTaskFromQueryAndWait` and "
    "`ProcessInterventionAndWait` for `query` (Library - Agent Impl. codeunit 130561 lines "
    "477-578), `ValidateInterventionDetails` for `intervention_request` (lines 626-656).",
    bad=Example(
        """
        tests:
          - name: RELEASE-ORDER
            description: Jane asks the agent to release sales order 101
            turns:
              - query:
                  from: Jane Doe
                  title: Release order 101
                  mesage: Please release sales order 101.
                expected_data: {}
        """,
        line=8,
    ),
    fix="Fix the spelling (the message names the closest key) or remove the key. The fix "
    "renames the key to the one the message names: safe when that key is the only one a "
    "letter's case or one edit away, unsafe when it is a guess among readings; none when "
    "the mapping already has that key.",
    fixable=FixAvailability.SAFE,
    good=Example(ORDERS_YAML),
)
WRONG_TYPE = Rule(
    code="STR002",
    name="wrong-type",
    family="structure",
    severity=Severity.ERROR,
    summary="A value has the wrong type for what the framework does with it.",
    what="Reports `tests` or `turns` that are not lists, tests and turns that are not mappings, "
    "text fields (`name`, `title`, `from`, `message`, ...) given a list or mapping, and "
    "similar shape errors.",
    why="The framework calls `AsObject()`/`AsValue()`/`AsArray()` on these values; the wrong type "
    "is a run-time error in the middle of a suite (or is silently ignored, which is worse)."
    " (`AsObject()` on each test, Test Inputs Management codeunit 130458 "
    "(`TestInputsManagement.Codeunit.al`) lines 325 and 355; `GetElementCount()` on "
    "`turns`, AIT Test Context Impl. codeunit 149043 "
    "(`AITTestContextImpl.Codeunit.al`) line 405, which raises the not-an-array "
    "error, `TestInputJson.Codeunit.al` lines 69-70.)",
    bad=Example(
        """
        tests:
          - name: RELEASE-ORDER
            description: Jane asks the agent to release sales order 101
            turns:
              - query:
                  from: Jane Doe
                  title: [Release, order 101]
                  message: Please release sales order 101.
                expected_data: {}
        """,
        line=7,
    ),
    fix="Give the value the type the message names.",
    good=Example(ORDERS_YAML),
)


def head_span(node: Node) -> Span:
    """Where to point for a finding about a whole mapping: its first key, else itself."""
    if isinstance(node, Mapping) and node.children:
        return node.key_node_at(0, next(iter(node.children))).span
    return node.span


def unknown_keys(
    doc: Document,
    mapping: Mapping,
    known: frozenset[str],
    where: str,
    notes: dict[str, str] | None = None,
) -> list[Diagnostic]:
    """A finding for each key of ``mapping`` not in ``known`` (a list: usually empty).

    ``notes`` gives the whole message for a key that is known to be unread for a reason
    worth saying (an upstream proposal not on main), instead of "did you mean".
    """
    if known.issuperset(mapping.children):  # one check in C for the common case
        return []
    return [
        UNKNOWN_KEY.at(
            doc,
            key_node.span,
            notes[key],
        )
        if notes and key in notes
        else UNKNOWN_KEY.at(
            doc,
            key_node.span,
            f"Unknown key '{key}' in {where}; the framework does not read it, so its "
            f"value is dropped.{hint(key, known)}",
            misspelt_key_fix(mapping, key_node, key, known),
        )
        for key, (key_node, _) in mapping.entries.items()
        if key not in known
    ]


def misspelt_key_fix(
    mapping: Mapping, key_node: Scalar, key: str, known: Iterable[str]
) -> Fix | None:
    """Rename ``key`` to the known key its finding names ("Did you mean"), if any."""
    choices = tuple(known)
    best = did_you_mean(key, choices)
    if best is None:
        return None
    if best in mapping.children:
        return merge_by_hand(key, best)
    return Fix(
        f"Rename '{key}' to '{best}'",
        (replace_scalar(key_node, best),),
        safe=only_reading(key, best, choices),
    )


def merge_by_hand(name: str, best: str) -> Fix:
    """The "fix" of a misspelt key or attribute whose right name ``best`` is already there:
    renaming would give it twice (which value is meant is a choice; in XML, not XML)."""
    return Fix(f"'{best}' is already there: merge '{name}' into it by hand", (), safe=False)


def spelling_fix(node: Scalar, word: str, best: str, choices: Iterable[str]) -> Fix:
    """Replace the value ``word`` by ``best`` (the choice its finding names)."""
    return Fix(
        f"Replace '{word}' with '{best}'",
        (replace_scalar(node, best),),
        safe=only_reading(word, best, choices),
    )


def word_fix(start: int, end: int, word: str, best: str, choices: Iterable[str]) -> Fix:
    """Replace ``word``, the text at ``start:end``, by ``best`` (the choice its finding
    names): for text that is not a YAML scalar (XML names)."""
    return Fix(
        f"Replace '{word}' with '{best}'",
        (Edit(start, end, best),),
        safe=only_reading(word, best, choices),
    )


# Plain YAML text that stays the same string unquoted (names, codes, keys, tags).
_PLAIN = re.compile(r"[A-Za-z0-9_$][A-Za-z0-9_ .\-/$<>+]*")

# Plain text YAML reads as something else than a string: quoted when written.
_NOT_TEXT = re.compile(r"(?i)[-+.0-9][0-9_.e+-]*|true|false|yes|no|on|off|null|~|\.nan|\.inf")


def replace_scalar(node: Scalar, text: str) -> Edit:
    """An edit writing ``text`` as the content of ``node`` (a key or a value), in its quoting."""
    start, end = node.start_offset, node.end_offset
    if node.style == '"':
        return Edit(start + 1, end - 1, json.dumps(text, ensure_ascii=False)[1:-1])
    if node.style == "'":
        return Edit(start + 1, end - 1, text.replace("'", "''"))
    if _PLAIN.fullmatch(text) is None or text != text.strip() or _NOT_TEXT.fullmatch(text):
        return Edit(start, end, json.dumps(text, ensure_ascii=False))
    return Edit(start, end, text)


def replace_span(span: Span, value: str, text: str) -> Edit:
    """An edit writing ``text`` over a value read as ``value`` at ``span``, when only the
    span is known (cross-file facts): a value written plain covers exactly its text;
    any other (quoted) is rewritten double-quoted, which YAML and JSON read alike."""
    start, end = span.start_offset, span.end_offset
    plain = end - start == len(value)
    if not plain or _PLAIN.fullmatch(text) is None or _NOT_TEXT.fullmatch(text):
        return Edit(start, end, json.dumps(text, ensure_ascii=False))
    return Edit(start, end, text)


# Why a key beside `tests:` is lost (STR001 at the top level).
TOP_LEVEL_DROPPED = (
    "the importer stores only each test of `tests:`, so this key is dropped (the tests still "
    "import and run)."
)


def top_level_unknown_key(
    doc: Document, root: Mapping, key_node: Scalar, key: str, known: frozenset[str]
) -> Diagnostic:
    """STR001 for a top-level key of a file with `tests:` that the importer drops."""
    return UNKNOWN_KEY.at(
        doc,
        key_node.span,
        f"Unknown key '{key}' at the top level of a dataset; {TOP_LEVEL_DROPPED}{hint(key, known)}",
        misspelt_key_fix(root, key_node, key, known),
    )


def expect_text(doc: Document, mapping: Mapping, key: str, where: str) -> list[Diagnostic]:
    """``key`` (if present) must be a scalar: the framework reads it with ``ValueAsText``."""
    node = mapping.children.get(key)
    if node is None or isinstance(node, Scalar):
        return []
    return [
        WRONG_TYPE.at(doc, node.span, f"'{key}' in {where} must be text, not {type_name(node)}.")
    ]


def is_whole_number(value: object) -> bool:
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, float) and value.is_integer())


def with_severity(diag: Diagnostic, severity: Severity) -> Diagnostic:
    return Diagnostic(
        diag.path,
        diag.line,
        diag.column,
        diag.end_line,
        diag.end_column,
        diag.code,
        severity,
        diag.message,
        diag.fix,
    )

"""Re-reading only the edited test must give exactly the tree, and the findings, of
reading the whole new text.

The property tests make datasets of a few tests (comments between them, text blocks,
flow lists, quoted keys, placeholders, findings, LF or CRLF), apply random edits (inside
one test, across two, outside ``tests:``, ones that break the YAML or make a new test),
and compare: the document :func:`reparse_after_edit` builds with the one
:func:`load_bytes` reads from the new text, node by node; and the findings of
:class:`EditedBuffers` (which reuses the tree when it can) with those of
:func:`lint_text`, over chains of edits of the same buffer.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from test_block_yaml import difference

from ait_datasets.lint.buffers import EditedBuffers
from ait_datasets.lint.config import LintConfig
from ait_datasets.lint.engine import apps_for, lint_text
from ait_datasets.source.document import Document
from ait_datasets.source.load import MAX_FILE_BYTES, MAX_LINE_LENGTH, load_bytes
from ait_datasets.source.reparse import changed_range, reparse_after_edit
from ait_datasets.source.tree import Mapping, Sequence

LIMITS = {"max_bytes": MAX_FILE_BYTES, "max_line_length": MAX_LINE_LENGTH}
# A dataset inside an app's .resources folder (which holds nothing else): the
# cross-file rules run on it as in an editor.
# (Removed when the test process exits.)
_APP = tempfile.TemporaryDirectory(prefix="reparse-app-")
os.makedirs(os.path.join(_APP.name, ".resources", "datasets"))
PATH = os.path.join(_APP.name, ".resources", "datasets", "ORDERS.yaml")


def _test(i: int, variant: int, indent: int) -> str:
    pad = " " * indent
    body = [
        f"- name: T{i % 3 if variant % 5 == 4 else i}",  # duplicate names now and then
        "  description: |" if variant % 3 == 0 else f"  description: Test {i}",
    ]
    if variant % 3 == 0:
        body += ["    first line", "", "    second: line"]
    body += [
        "  turns:",
        "    # the customer asks",
        "    - query:",
        f'        title: "Due $DateFormula-<CW+{i}D>$"',
        "        from: Jane" if variant % 2 else "        message: no sender",
        "      expected_data:",
        "        intervention_request:",
        f"          type: {'assistance' if variant % 4 == 1 else 'Assistance'}",
        "          suggestions: [PROVIDE_DATE, 'CANCEL']",
        '        "Shipment Date": 2026-01-0' + str(i % 9 + 1),
    ]
    if variant % 4 == 2:
        body += ["    - query:", "        intervention:", "          instruction: go on"]
    return "".join(f"{pad}{line}\n" if line else "\n" for line in body)


@st.composite
def datasets(draw: st.DrawFn) -> str:
    count = draw(st.integers(1, 5))
    indent = draw(st.sampled_from([0, 2, 4]))
    head = draw(st.sampled_from(["", "# orders\n", "suite_setup: ORDERS-SETUP\n"]))
    parts = [head, "tests:\n"]
    for i in range(count):
        parts.append(_test(i, draw(st.integers(0, 59)), indent))
        if draw(st.booleans()):
            parts.append(
                draw(st.sampled_from(["\n", "  # next\n", "# datasets: disable=TST001\n"]))
            )
    parts.append(draw(st.sampled_from(["", "description: after the tests\n", "# end\n"])))
    text = "".join(parts)
    return text.replace("\n", "\r\n") if draw(st.booleans()) else text


PIECES = st.sampled_from(
    [
        "x",
        "R",
        " ",
        "  ",
        "\n",
        "-",
        "- ",
        ":",
        ": ",
        "#",
        "'",
        '"',
        "[",
        "]",
        "|",
        "\t",
        "\r\n",
        "\r",
        "é",
        "😀",
        "\x00",
        "$DateFormula-<CW+1D>$",
        "$DateFormula-<oops>$",
        "  - name: NEW\n",
        "\n    description: more",
        "\n  - name: SPLIT",
        "tests:",
        "# datasets: disable=PH001",
    ]
)


@st.composite
def edits(draw: st.DrawFn, text: str) -> str:
    """``text`` with one random change: characters removed and others put in their place."""
    where = draw(st.integers(0, len(text)))
    removed = draw(st.one_of(st.integers(0, 2), st.integers(0, 40)))
    inserted = "".join(draw(st.lists(PIECES, max_size=4)))
    return text[:where] + inserted + text[where + removed :]


@st.composite
def edited(draw: st.DrawFn) -> tuple[str, list[str]]:
    text = draw(datasets())
    versions = []
    current = text
    for _ in range(draw(st.integers(1, 4))):
        current = draw(edits(current))
        versions.append(current)
    return text, versions


def _loaded(text: str) -> Document:
    return load_bytes(PATH, text.encode("utf-8", "surrogatepass"), **LIMITS)


def _same_document(got: Document, want: Document) -> None:
    assert want.root is not None and got.root is not None
    assert difference(got.root, want.root) is None, difference(got.root, want.root)
    assert list(got.root.lines.starts) == list(want.root.lines.starts)
    assert got.root.lines.text == want.root.lines.text
    assert (got.text, got.format, got.bom, got.newline, got.diagnostics) == (
        want.text,
        want.format,
        want.bom,
        want.newline,
        want.diagnostics,
    )
    assert got.root.data == want.root.data


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edited())
def test_a_reread_document_is_the_document_read_from_the_new_text(
    case: tuple[str, list[str]],
) -> None:
    text, versions = case
    previous = _loaded(text)
    for version in versions:
        if previous.root is None:
            break
        got = reparse_after_edit(previous, version, **LIMITS)
        want = _loaded(version)
        event("re-read one test" if got is not None else "read the whole text")
        if got is not None:
            _same_document(got, want)
            previous = got
        else:
            previous = want


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edited())
def test_findings_after_edits_are_the_findings_of_linting_the_whole_text(
    case: tuple[str, list[str]],
) -> None:
    text, versions = case
    config = LintConfig()
    buffers = EditedBuffers()
    for version in [text, *versions]:
        apps = apps_for(config)
        assert buffers.lint(version, PATH, config, apps=apps) == lint_text(
            version, PATH, config, apps=apps_for(config)
        )


# -- the cases the property tests rely on, one by one ---------------------------------

ONE = _test(0, 1, 2) + _test(1, 2, 2) + _test(2, 3, 2)
TEXT = "suite_setup: ORDERS-SETUP\ntests:\n" + ONE + "description: after\n"


def _edit(text: str, old: str, new: str, count: int = 1) -> str:
    assert text.count(old) >= count
    return text.replace(old, new, count)


def test_an_edit_inside_one_test_reuses_the_tree() -> None:
    previous = _loaded(TEXT)
    old_root = previous.root
    version = _edit(TEXT, "description: Test 1", "description: Test one, edited")
    got = reparse_after_edit(previous, version, **LIMITS)
    assert got is not None and got.root is old_root
    _same_document(got, _loaded(version))


def test_an_edit_in_the_last_test_before_a_key_after_the_list_reuses_the_tree() -> None:
    previous = _loaded(TEXT)
    version = _edit(TEXT, "instruction: go on", "instruction: go on and on")
    got = reparse_after_edit(previous, version, **LIMITS)
    assert got is not None
    _same_document(got, _loaded(version))


def test_an_edit_across_two_tests_reads_the_whole_text() -> None:
    previous = _loaded(TEXT)
    at = TEXT.index("  - name: T1")
    version = TEXT[: at - 5] + TEXT[at + 5 :]
    assert reparse_after_edit(previous, version, **LIMITS) is None


def test_an_edit_outside_the_tests_reads_the_whole_text() -> None:
    previous = _loaded(TEXT)
    version = _edit(TEXT, "ORDERS-SETUP", "OTHER-SETUP")
    assert reparse_after_edit(previous, version, **LIMITS) is None
    version = _edit(TEXT, "description: after", "description: later")
    assert reparse_after_edit(_loaded(TEXT), version, **LIMITS) is None


def test_an_edit_that_makes_a_second_test_reads_the_whole_text() -> None:
    previous = _loaded(TEXT)
    version = _edit(TEXT, "    description: Test 1\n", "  - name: NEW\n    description: Test 1\n")
    assert reparse_after_edit(previous, version, **LIMITS) is None


def test_an_edit_that_breaks_the_yaml_reads_the_whole_text_and_reports_it() -> None:
    config = LintConfig()
    buffers = EditedBuffers()
    buffers.lint(TEXT, PATH, config, apps=apps_for(config))
    version = _edit(TEXT, "description: Test 1", 'description: "Test 1')
    assert reparse_after_edit(_loaded(TEXT), version, **LIMITS) is None
    found = buffers.lint(version, PATH, config, apps=apps_for(config))
    assert found == lint_text(version, PATH, config, apps=apps_for(config))
    # libyaml finds the unclosed quote where the next key of the test cannot be read.
    first = version[: version.index('"Test 1')].count("\n") + 1
    last = version[: version.index("- name: T2")].count("\n")
    assert [d for d in found if d.code == "SYN001" and first <= d.line <= last]


def test_a_chain_of_edits_is_reread_each_time_and_agrees_with_a_full_lint() -> None:
    config = LintConfig()
    buffers = EditedBuffers()
    text = TEXT
    buffers.lint(text, PATH, config, apps=apps_for(config))
    for typed in "abc":  # typing, in the middle of a test, then at the end of the file
        text = _edit(text, "instruction: go on", f"instruction: go on{typed}")
        assert buffers.lint(text, PATH, config, apps=apps_for(config)) == lint_text(
            text, PATH, config, apps=apps_for(config)
        )
    text = _edit(text, "type: assistance", "type: Assistance")
    assert buffers.lint(text, PATH, config, apps=apps_for(config)) == lint_text(
        text, PATH, config, apps=apps_for(config)
    )
    assert buffers.reused == 4


def test_the_changed_range_is_the_smallest_one() -> None:
    assert changed_range("abcdef", "abXYef") == (2, 4, 4)
    assert changed_range("aaaa", "aaaaa") == (4, 4, 5)
    assert changed_range("aaaaa", "aaaa") == (4, 5, 4)
    long = "x" * 10_000
    assert changed_range(long + "a" + long, long + "bb" + long) == (10_000, 10_001, 10_002)


def test_edits_in_each_test_of_the_corpus_are_reread_like_the_whole_text(corpus: Path) -> None:
    # Microsoft's datasets: a letter typed in the middle of each test (of the first 20
    # per file), at a place that moves with the file, and, once per file, a line removed.
    checked = 0
    for path in sorted(corpus.rglob("*.y*ml")):
        raw = path.read_bytes()
        doc = load_bytes(str(path), raw, **LIMITS)
        tests = doc.root.children.get("tests") if isinstance(doc.root, Mapping) else None
        if not isinstance(tests, Sequence) or doc.root is None:
            continue
        for n, item in enumerate(tests.items[:20]):
            at = item.start_offset + (n * 7919) % max(1, item.end_offset - item.start_offset)
            for version in (
                doc.text[:at] + "x" + doc.text[at:],
                doc.text[: doc.text.rfind("\n", 0, at) + 1]
                + doc.text[doc.text.find("\n", at) + 1 :],
            ):
                previous = load_bytes(str(path), raw, **LIMITS)
                got = reparse_after_edit(previous, version, **LIMITS)
                if got is not None:
                    _same_document(got, _loaded(version))
                    checked += 1
    assert checked > 100  # most real datasets are read by the line reader, edits too

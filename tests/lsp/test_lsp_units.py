"""The server's pure parts: positions, the files it handles, settings, suppressions,
related files, and completion from the app's AL labels."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from lsp_support import ORDERS, SETUP, make_app

from ait_datasets.diagnostics import apply_edits
from ait_datasets.lint.app_facts import AppFacts
from ait_datasets.lint.config import LintConfig
from ait_datasets.lint.config_files import ConfigResolver
from ait_datasets.lsp.completion import items_at
from ait_datasets.lsp.documents import changed
from ait_datasets.lsp.linting import app_files_named, lint_document_text
from ait_datasets.lsp.positions import (
    UTF8,
    UTF16,
    UTF32,
    Lines,
    from_client_column,
    to_client_column,
)
from ait_datasets.lsp.scope import is_handled
from ait_datasets.lsp.settings import Settings, settings_from
from ait_datasets.lsp.suppress import suppression_edit


@pytest.mark.parametrize(
    ("encoding", "expected"),
    [(UTF16, [0, 1, 3, 4, 5]), (UTF8, [0, 1, 5, 8, 9]), (UTF32, [0, 1, 2, 3, 4])],
)
def test_columns_in_each_encoding_round_trip(encoding: str, expected: list[int]) -> None:
    line = "a😀注x"  # the emoji is 2 UTF-16 units / 4 bytes, the CJK character 1 / 3
    assert [to_client_column(line, c, encoding) for c in range(5)] == expected
    assert [from_client_column(line, u, encoding) for u in expected] == list(range(5))


def test_a_position_inside_a_surrogate_pair_moves_to_the_characters_start() -> None:
    assert from_client_column("a😀b", 2, UTF16) == 1
    assert from_client_column("a😀b", 99, UTF16) == 3


def test_lines_break_at_lf_crlf_and_cr_only() -> None:
    lines = Lines("a\r\nb\rc\nd\x0ce")
    assert [lines.line(i) for i in range(len(lines))] == ["a", "b", "c", "d\x0ce"]
    assert lines.position(lines.offset(2, 1)) == (2, 1)


def test_only_files_the_linter_would_lint_are_handled(tmp_path: Path) -> None:
    resources = make_app(tmp_path)
    config = LintConfig()
    assert is_handled(str(resources / "datasets" / "ORDERS.yaml"), config)
    assert is_handled(str(resources / "suites" / "SHOP.xml"), config)
    assert not is_handled(str(tmp_path / "app" / "docker-compose.yaml"), config)
    assert not is_handled(str(tmp_path / "app" / ".github" / "workflows" / "ci.yaml"), config)
    assert not is_handled(str(resources / "datasets" / "notes.txt"), config)
    (tmp_path / ".ait-datasets.toml").write_text('exclude = ["app/.resources/suites/**"]\n')
    excluded = ConfigResolver().for_file(str(resources / "suites" / "SHOP.xml"))
    assert not is_handled(str(resources / "suites" / "SHOP.xml"), excluded)


def test_settings_keep_initialization_options_for_keys_the_client_does_not_send() -> None:
    base = settings_from({"workDate": "2026-03-17", "configFile": "/x.toml"})
    assert (base.work_date, base.config_file) == (dt.date(2026, 3, 17), "/x.toml")
    merged = settings_from({"datasets": {"configFile": ""}}, base)
    assert (merged.work_date, merged.config_file) == (dt.date(2026, 3, 17), None)
    bad = settings_from({"workDate": "17/03/2026"}, Settings())
    assert bad.work_date is None and "not a date" in bad.problems[0]


def test_no_suppression_is_offered_where_a_comment_would_change_a_block_scalar() -> None:
    text = "tests:\n  - name: T\n    question: |\n      See $DateFormula-<CX>$ here\n"
    path = "/app/.resources/datasets/S.yaml"
    found = [d for d in lint_document_text(text, path, LintConfig()) if d.code == "PH001"]
    assert found
    # At the end of the line the comment would be text of the block scalar; on a line of
    # its own above, it would end the block early: neither keeps the data, so none.
    assert suppression_edit(text, path, found[0], "yaml") is None


def test_suppression_joins_an_existing_comment() -> None:
    text = ORDERS.replace("type: reviewrecord", "type: reviewrecord  # datasets: disable=PH007")
    path = "/app/.resources/datasets/S.yaml"
    exp001 = next(d for d in lint_document_text(text, path, LintConfig()) if d.code == "EXP001")
    edit = suppression_edit(text, path, exp001, "yaml")
    assert edit is not None
    new = apply_edits(text, [edit])
    assert "# datasets: disable=PH007,EXP001" in new
    assert "EXP001" not in [d.code for d in lint_document_text(new, path, LintConfig())]


def test_xml_suppression_is_an_xml_comment(tmp_path: Path) -> None:
    resources = make_app(tmp_path)
    path = str(resources / "suites" / "SHOP.xml")
    text = (resources / "suites" / "SHOP.xml").read_text()
    found = lint_document_text(text, path, LintConfig())
    unknown = next(d for d in found if "MISSING.yaml" in d.message)
    edit = suppression_edit(text, path, unknown, "xml")
    assert edit is not None and f"<!-- datasets: disable={unknown.code} -->" in edit.replacement
    after = lint_document_text(apply_edits(text, [edit]), path, LintConfig())
    assert not [d for d in after if "MISSING.yaml" in d.message]


def test_cross_file_findings_name_the_other_file_as_related(tmp_path: Path) -> None:
    resources = make_app(tmp_path)
    other = resources / "datasets" / "setup" / "ORDERS.yaml"
    other.write_text("tests:\n  - name: X\n    question: hi\n")
    path = str(resources / "datasets" / "ORDERS.yaml")
    dup = next(d for d in lint_document_text(ORDERS, path, LintConfig()) if d.code == "REF002")
    assert app_files_named(dup.message, path) == [str(other)]


def test_suggestion_codes_complete_from_the_apps_al_labels(tmp_path: Path) -> None:
    resources = make_app(tmp_path)
    (tmp_path / "app" / "src").mkdir()
    (tmp_path / "app" / "src" / "Agent.Codeunit.al").write_text(
        "codeunit 50100 Agent\n{\n    var\n"
        "        ShipSuggestionCodeLbl: Label 'SHIP_NOW', Locked = true;\n"
        "        GreetingLbl: Label 'Hello';\n}\n"
    )
    text = ORDERS.replace("            suggestion: APPROVE", "            suggestion: ")
    line = text.splitlines().index("            suggestion: ")
    path = str(resources / "datasets" / "ORDERS.yaml")
    labels = [item.label for item in items_at(text, path, line, 24, LintConfig())]
    assert labels == ["APPROVE", "SHIP_NOW"]


def test_the_sessions_memory_of_the_app_follows_neighbours_changed_on_disk(
    tmp_path: Path,
) -> None:
    # One AppFacts for the session, as the server keeps it: what a neighbour says, and
    # whether it exists, is seen by the next lint after each change on disk.
    resources = make_app(tmp_path)
    path = str(resources / "datasets" / "ORDERS.yaml")
    setup = resources / "datasets" / "setup" / "SETUP.yaml"
    other = resources / "datasets" / "setup" / "ORDERS.yaml"
    app = AppFacts()

    def codes() -> list[str]:
        found = lint_document_text(ORDERS, path, LintConfig(), app)
        return sorted(d.code for d in found if d.code in ("REF001", "REF002"))

    assert codes() == []
    setup.write_text(SETUP.replace("SHOP-SETUP", "SHOP-SETUP-2"), encoding="utf-8")
    assert codes() == ["REF001"]
    setup.write_text(SETUP, encoding="utf-8")
    other.write_text("tests:\n  - name: X\n    question: hi\n")
    assert codes() == ["REF002"]
    other.unlink()
    assert codes() == []


@pytest.mark.parametrize(
    "text",
    ["", "a\nb\n", "line one\n  two 😀\nthree", "\n\n\n", "crlf\r\nand cr\ronly\r\n"],
)
def test_an_edited_line_table_is_the_table_of_the_edited_text(text: str) -> None:
    # Every splice of every position, with texts bringing no, one and two line breaks.
    for new in ("", "x", "\n", "a\nb\n", "\r\n"):
        for start in range(len(text) + 1):
            for end in range(start, len(text) + 1):
                edited = Lines(text).edited(start, end, new)
                expected = text[:start] + new + text[end:]
                fresh = Lines(expected)
                assert edited.text == expected
                assert [edited.line(i) for i in range(len(edited))] == [
                    fresh.line(i) for i in range(len(fresh))
                ], (start, end, new)
                assert edited.position(len(expected)) == fresh.position(len(expected))


def test_a_change_in_utf16_units_lands_after_the_emoji() -> None:
    from lsprotocol import types as lsp

    text = "a: 😀x\nb: 2\n"
    # "x" is at code point 4 of line 0, but UTF-16 column 5 (the emoji is two units).
    change = lsp.TextDocumentContentChangePartial(
        range=lsp.Range(lsp.Position(0, 5), lsp.Position(0, 6)), text="yz"
    )
    assert changed(Lines(text), change, UTF16).text == "a: 😀yz\nb: 2\n"
    whole = lsp.TextDocumentContentChangeWholeDocument(text="c: 3\n")
    assert changed(Lines(text), whole, UTF16).text == "c: 3\n"
    past_the_end = lsp.TextDocumentContentChangePartial(
        range=lsp.Range(lsp.Position(2, 0), lsp.Position(2, 0)), text="c: 3\n"
    )
    assert changed(Lines(text), past_the_end, UTF16).text == text + "c: 3\n"

"""The placeholder rule family (PH…): failing and passing examples at exact line:col."""

from __future__ import annotations

import datetime as dt

import pytest

from ait_datasets.diagnostics import Diagnostic, apply_edits
from ait_datasets.lint.config import LintConfig
from ait_datasets.lint.context import LintContext
from ait_datasets.lint.rules import placeholders
from ait_datasets.source import load_text

WORK_DATE = dt.date(2026, 2, 10)


def lint(text: str, path: str = "t.yaml", kind: str = "dataset") -> list[Diagnostic]:
    doc = load_text(path, text)
    assert doc.root is not None or doc.rows, doc.diagnostics
    ctx = LintContext(config=LintConfig(work_date=WORK_DATE), kind=kind)
    return list(placeholders.check(doc, ctx))


def spans(found: list[Diagnostic]) -> list[tuple[int, int, int, int, str]]:
    return [(d.line, d.column, d.end_line, d.end_column, d.code) for d in found]


def fixed(text: str, diag: Diagnostic) -> str:
    assert diag.fix is not None
    return apply_edits(text, diag.fix.edits)


def setup(value: str) -> str:
    """A dataset whose one turn_setup value is ``value`` (written as is), on line 5."""
    return (
        "name: T\n"
        "tests:\n"
        "  - name: one\n"
        "    turns:\n"
        f"      - turn_setup: {{due: {value}}}\n"
        "        query: {from: Jane, title: Go}\n"
        "        expected_data: {}\n"
    )


# Column of the value in setup(): "      - turn_setup: {due: " is 26 characters.
COL = 27


def test_every_rule_is_documented() -> None:
    codes = [r.code for r in placeholders.RULES]
    assert codes == [f"PH{i:03d}" for i in range(1, 11)]  # PH010 added by issue 15
    for rule in placeholders.RULES:
        assert rule.family == "placeholders"
        assert all((rule.summary, rule.what, rule.why, rule.example, rule.fix))


def test_valid_placeholders_pass() -> None:
    text = setup('"$DateFormula-<CW+1M+1D>$"').replace(
        "title: Go", 'title: "At $DateTimeFormula-<CD>-13:30:00$ or $DateFormula-<-45D>$"'
    )
    assert lint(text) == []


def test_ph001_invalid_formula_points_at_token() -> None:
    found = lint(setup('"$DateFormula-<CD+1X>$"'))
    assert spans(found) == [(5, COL + 1, 5, COL + 22, "PH001")]
    assert "'<CD+1X>'" in found[0].message
    assert "at position 6 of the formula: expected a unit" in found[0].message


def test_ph001_in_embedded_token_and_datetime_hint() -> None:
    found = lint(setup('"Ship $DateTimeFormula-CD-13:00:00$ now"'))
    assert spans(found) == [(5, COL + 6, 5, COL + 35, "PH001")]
    assert "A time part needs the formula in < >" in found[0].message


def test_ph002_unterminated() -> None:
    found = lint(setup('"Ship on $DateFormula-<CD+1D>"'))
    assert spans(found) == [(5, COL + 9, 5, COL + 29, "PH002")]
    assert lint(setup('"Ship on $DateFormula-<CD+1D>$"')) == []


@pytest.mark.parametrize(
    ("written", "intended", "safe"),
    [
        ("$dateformula-", "$DateFormula-", True),  # letter case only
        ("$DATETIMEFORMULA-", "$DateTimeFormula-", True),
        ("$DateFormular-", "$DateFormula-", True),  # one edit from one prefix only
        ("$DateTimeFormla-", "$DateTimeFormula-", True),
        ("$Date-Formula-", "$DateFormula-", True),  # a dash between its words
        ("$Date_Time_Formula-", "$DateTimeFormula-", True),
        ("$DateFormula", "$DateFormula-", True),  # the dash missing
        ("$DatFormla-", "$DateFormula-", False),  # two edits: a guess
        ("$datetimeformla-", "$DateTimeFormula-", True),  # case and one edit
        ("$DatTimeFormla-", "$DateTimeFormula-", False),
    ],
)
def test_ph003_misspelt_prefix_with_fix(written: str, intended: str, safe: bool) -> None:
    text = setup(f'"{written}<CD>$"')
    found = lint(text)
    assert spans(found) == [(5, COL + 1, 5, COL + 1 + len(written), "PH003")]
    assert f"Did you mean `{intended}`?" in found[0].message
    assert found[0].fix is not None and found[0].fix.safe is safe
    assert fixed(text, found[0]) == setup(f'"{intended}<CD>$"')


def test_ph003_without_a_closing_dollar_is_an_unsafe_fix() -> None:
    """Without its `$` the text may be prose about placeholders: writing the prefix would
    make an unterminated placeholder of it."""
    text = setup('"the $dateformula- prefix"')
    found = [d for d in lint(text) if d.code == "PH003"]
    assert spans(found) == [(5, COL + 5, 5, COL + 18, "PH003")]
    assert found[0].fix is not None and not found[0].fix.safe
    assert fixed(text, found[0]) == setup('"the $DateFormula- prefix"')


def test_ph003_two_misspellings_in_one_value_are_both_safe() -> None:
    text = setup('"$dateformula-<CD>$ to $dateformula-<CD+1D>$"')
    found = [d for d in lint(text) if d.code == "PH003"]
    assert [d.column for d in found] == [COL + 1, COL + 23]
    assert all(d.fix is not None and d.fix.safe for d in found)
    both = apply_edits(text, [e for d in found if d.fix for e in d.fix.edits])
    assert both == setup('"$DateFormula-<CD>$ to $DateFormula-<CD+1D>$"')


def test_ph003_ignores_prose_near_misses() -> None:
    assert lint(setup('"use $DateFormat and $5"')) == []


def test_ph004_time_on_date_token_with_fix() -> None:
    text = setup('"$DateFormula-<CD>-13:30:00$"')
    found = lint(text)
    assert spans(found) == [(5, COL + 1, 5, COL + 28, "PH004")]
    assert fixed(text, found[0]) == setup('"$DateTimeFormula-<CD>-13:30:00$"')
    assert lint(fixed(text, found[0])) == []


def test_ph005_invalid_time_points_at_time() -> None:
    found = lint(setup('"$DateTimeFormula-<CD>-25:61:00$"'))
    assert spans(found) == [(5, COL + 23, 5, COL + 31, "PH005")]
    assert "hour 25 is out of range 0..23" in found[0].message
    assert lint(setup('"$DateTimeFormula-<CD>-23:59:59$"')) == []


def test_ph010_time_without_dash_after_the_formula() -> None:
    # The framework skips the character after '>' blindly: 14:45:00 would become 4:45:00.
    found = lint(setup('"$DateTimeFormula-<CD>14:45:00$"'))
    assert spans(found) == [(5, COL + 22, 5, COL + 30, "PH010")]
    assert "'4:45:00'" in found[0].message
    assert lint(setup('"$DateTimeFormula-<CD>-14:45:00$"')) == []


@pytest.mark.parametrize(
    ("written", "meant", "safe"),
    [
        # A skipped digit is part of the time: the dash goes before it (read 14:45:00, not
        # 4:45:00 as today), which changes the time read.
        ('"$DateTimeFormula-<CD>14:45:00$"', '"$DateTimeFormula-<CD>-14:45:00$"', False),
        # Any other character becomes the dash: the time read stays the same.
        ('"$DateTimeFormula-<CD> 14:45$"', '"$DateTimeFormula-<CD>-14:45$"', True),
        ('"$DateTimeFormula-<CD>T14:45:00$"', '"$DateTimeFormula-<CD>-14:45:00$"', True),
        ("'at $DateTimeFormula-<CD+1D>T09:00$'", "'at $DateTimeFormula-<CD+1D>-09:00$'", True),
    ],
)
def test_ph010_fix_writes_the_dash(written: str, meant: str, safe: bool) -> None:
    text = setup(written)
    found = [d for d in lint(text) if d.code == "PH010"]
    assert len(found) == 1 and found[0].fix is not None
    assert found[0].fix.safe is safe
    assert fixed(text, found[0]) == setup(meant)
    assert [d for d in lint(setup(meant)) if d.code == "PH010"] == []


def test_ph010_no_fix_where_the_character_is_written_as_an_escape() -> None:
    """`\\t` in a double-quoted scalar is one character of the value: the edit would have to
    replace two of the file, which the fix does not guess."""
    found = [d for d in lint(setup('"$DateTimeFormula-<CD>\\t14:45$"')) if d.code == "PH010"]
    assert len(found) == 1 and found[0].fix is None


def test_ph006_dollar_inside_formula() -> None:
    found = lint(setup('"$DateFormula-<CD+$1D>$"'))
    assert spans(found) == [(5, COL + 18, 5, COL + 19, "PH006")]
    assert "evaluates `<CD+`" in found[0].message


def test_ph007_unquoted_placeholder_safe_fix() -> None:
    text = setup("$DateFormula-<CD+1D>$")
    found = lint(text)
    assert spans(found) == [(5, COL, 5, COL + 21, "PH007")]
    assert found[0].fix is not None and found[0].fix.safe
    after = fixed(text, found[0])
    assert after == setup('"$DateFormula-<CD+1D>$"')
    assert load_text("t.yaml", after).data == load_text("t.yaml", text).data
    assert lint(after) == []


def test_ph007_not_for_json() -> None:
    assert lint('{"due": "$DateFormula-<CD>$"}', path="t.json") == []


def test_ph008_hard_coded_dates_with_relative_fix() -> None:
    text = setup('"2026-02-15"')
    found = lint(text)
    assert spans(found) == [(5, COL + 1, 5, COL + 11, "PH008")]
    assert "`$DateFormula-<CD+5D>$`" in found[0].message
    assert found[0].fix is not None and not found[0].fix.safe
    assert fixed(text, found[0]) == setup('"$DateFormula-<CD+5D>$"')


def test_ph008_plain_scalar_fix_quotes_the_value() -> None:
    text = setup("due 02/05/2026 ok")
    found = lint(text)
    assert spans(found) == [(5, COL + 4, 5, COL + 14, "PH008")]
    assert fixed(text, found[0]) == setup('"due $DateFormula-<CD-5D>$ ok"')


def test_ph008_datetime_literal_and_query_and_expected_data() -> None:
    text = (
        setup('"x"')
        .replace("title: Go", 'title: "By 2026-02-10T09:30"')
        .replace("expected_data: {}", "expected_data: {when: 10.02.2026}")
    )
    found = lint(text)
    assert spans(found) == [(6, 40, 6, 56, "PH008"), (7, 31, 7, 41, "PH008")]
    assert "`$DateTimeFormula-<CD>-09:30:00$`" in found[0].message


def test_ph008_only_where_dates_drift() -> None:
    text = "name: T\ndescription: Written on 2026-02-15\ntests:\n  - name: a\n    question: q\n"
    assert lint(text) == []


def test_ph009_unbracketed_formula() -> None:
    text = setup('"$DateFormula-CM+1D$"')
    found = lint(text)
    assert spans(found) == [(5, COL + 1, 5, COL + 20, "PH009")]
    assert fixed(text, found[0]) == setup('"$DateFormula-<CM+1D>$"')


def test_jsonl_positions() -> None:
    text = '{"name": "a"}\n{"name": "b", "turn_setup": {"d": "$DateFormula-<1X>$"}}\n'
    found = lint(text, path="t.jsonl", kind="jsonl")
    assert spans(found) == [(2, 36, 2, 54, "PH001")]


def test_repeated_tokens_each_at_their_own_place() -> None:
    found = lint(setup('"$DateFormula-<1X>$ and $DateFormula-<1X>$"'))
    assert spans(found) == [(5, COL + 1, 5, COL + 19, "PH001"), (5, COL + 24, 5, COL + 42, "PH001")]


def test_token_after_an_escape_is_still_located() -> None:
    found = lint(setup('"\\x41 $DateFormula-<1X>$"'))
    assert spans(found) == [(5, COL + 6, 5, COL + 24, "PH001")]


def test_escaped_token_falls_back_to_scalar_span() -> None:
    found = lint(setup('"$DateFormula-<1\\x58>$"'))
    assert spans(found) == [(5, COL, 5, COL + 23, "PH001")]


def test_corpus_has_no_placeholder_errors() -> None:
    from pathlib import Path

    from ait_datasets.source import load

    corpus = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus"
    if not corpus.is_dir():
        pytest.skip("../shared/corpus is not available")
    checked = 0
    for path in sorted(corpus.rglob("*.yaml")):
        doc = load(path)
        if doc.root is None or "$Date" not in doc.text:
            continue
        ctx = LintContext(config=LintConfig(work_date=WORK_DATE))
        codes = {d.code for d in placeholders.check(doc, ctx)}
        assert codes <= {"PH008"}, (path, codes)
        checked += 1
    assert checked > 0


def test_ph008_not_in_copilot_tests() -> None:
    text = "name: T\nturns:\n  - body: by 2025-01-01\n    expected_data: {due: 2025-01-01}\n"
    assert lint(text) == []


def test_family_runs_in_the_lint_engine() -> None:
    from ait_datasets.lint.engine import lint_document

    doc = load_text("t.yaml", setup("$DateFormula-<1X>$"))
    found = lint_document(doc, LintConfig(work_date=WORK_DATE, select=("PH",)))
    assert spans(found) == [(5, COL, 5, COL + 18, "PH001"), (5, COL, 5, COL + 18, "PH007")]


def test_ph001_formula_leaving_the_calendar_at_the_work_date() -> None:
    found = lint(setup('"$DateFormula-<9999Y>$"'))
    assert spans(found) == [(5, COL + 1, 5, COL + 22, "PH001")]
    assert "fails for the work date 2026-02-10" in found[0].message
    assert "leaves the calendar at '9999Y'" in found[0].message

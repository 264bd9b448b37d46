"""Issue 34 for the other findings that name what was meant: a dataset's language tag
(STR007), a suppression's directive or code (SUP002), an attachment path (REF004), and
the AL cross-checks (AL005, AL008). Each offers the named text as its fix, safe where it
is the only reading; `lint --fix` then leaves none of them behind."""

from __future__ import annotations

from pathlib import Path

import pytest

from ait_datasets.cli import main
from ait_datasets.diagnostics import Diagnostic, Fix, apply_edits
from ait_datasets.lint.engine import lint_paths, lint_text
from ait_datasets.lint.rules.al_examples import APP_JSON, CODEUNIT, SUGGESTIONS

TURN = (
    "tests:\n"
    "  - name: RELEASE-ORDER\n"
    "    turns:\n"
    "      - query:\n"
    "          from: Jane Doe\n"
    "          title: Release order 101\n"
    "{rest}"
)
EMPTY = TURN.format(rest="        expected_data: {}\n")


def _fix(diags: list[Diagnostic], code: str, line: int) -> Fix:
    found = [d for d in diags if d.code == code and d.line == line]
    assert len(found) == 1, [(d.code, d.line, d.message) for d in diags]
    fix = found[0].fix
    assert fix is not None
    return fix


def _lint(tmp_path: Path, text: str) -> list[Diagnostic]:
    return lint_text(text, str(tmp_path / "app" / ".resources" / "orders.yaml"))


# -- STR007 ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("written", "tag", "safe"),
    [("ENU", "en-US", True), ("'en_us'", "'en-US'", True), ("en-us", "en-US", True),
     ("fr-FX", "fr-FR", True), ("es-EZ", "es-VE", False)],
)  # fmt: skip
def test_a_language_is_replaced_by_the_tag_it_means(
    tmp_path: Path, written: str, tag: str, safe: bool
) -> None:
    text = f"name: ORDERS\nlanguage: {written}\n" + EMPTY
    fix = _fix(_lint(tmp_path, text), "STR007", 2)
    assert fix.safe is safe
    assert apply_edits(text, list(fix.edits)) == f"name: ORDERS\nlanguage: {tag}\n" + EMPTY


def test_a_language_close_to_no_tag_has_no_fix(tmp_path: Path) -> None:
    found = [
        d
        for d in _lint(tmp_path, "name: ORDERS\nlanguage: klingon\n" + EMPTY)
        if d.code == "STR007"
    ]
    assert len(found) == 1 and found[0].fix is None


# -- SUP002 ----------------------------------------------------------------------------


def test_a_misspelt_code_in_a_suppression_is_replaced(tmp_path: Path) -> None:
    text = "# datasets: disable-file=QRY003, tst01\n" + EMPTY
    fix = _fix(_lint(tmp_path, text), "SUP002", 1)
    assert fix.safe
    assert apply_edits(text, list(fix.edits)) == (
        "# datasets: disable-file=QRY003, TST001\n" + EMPTY
    )


def test_a_misspelt_family_in_a_suppression_is_replaced(tmp_path: Path) -> None:
    text = "# datasets: disable-file=QRYY\n" + EMPTY
    fix = _fix(_lint(tmp_path, text), "SUP002", 1)
    assert fix.safe
    assert apply_edits(text, list(fix.edits)) == "# datasets: disable-file=QRY\n" + EMPTY


def test_a_misspelt_directive_is_replaced(tmp_path: Path) -> None:
    text = "# datasets: disabel=TST001\n" + EMPTY
    diags = [d for d in _lint(tmp_path, text) if d.code == "SUP002"]
    assert len(diags) == 1 and "Did you mean `disable=`?" in diags[0].message
    fix = _fix(diags, "SUP002", 1)
    assert fix.safe
    assert apply_edits(text, list(fix.edits)) == "# datasets: disable=TST001\n" + EMPTY


def test_a_misspelt_directive_in_xml_is_replaced(tmp_path: Path) -> None:
    text = (
        '<?xml version="1.0" encoding="UTF-8"?>\n<Root>\n'
        "  <!-- datasets: disable-fle=XML008 -->\n</Root>\n"
    )
    path = tmp_path / "app" / ".resources" / "suite.xml"
    fix = _fix(lint_text(text, str(path)), "SUP002", 3)
    assert apply_edits(text, list(fix.edits)) == text.replace("disable-fle", "disable-file")


def test_a_comment_that_is_no_directive_has_no_fix(tmp_path: Path) -> None:
    text = "# datasets: please ignore this file\n" + EMPTY
    found = [d for d in _lint(tmp_path, text) if d.code == "SUP002"]
    assert len(found) == 1 and found[0].fix is None


# -- REF004 ----------------------------------------------------------------------------


def _attachment_app(tmp_path: Path, written: str) -> tuple[Path, str]:
    resources = tmp_path / "app" / ".resources"
    (resources / "attachments").mkdir(parents=True)
    (resources / "attachments" / "scan.png").write_bytes(b"png")
    (resources / "attachments" / "scan.jpg").write_bytes(b"jpg")
    text = TURN.format(
        rest=f"          attachments:\n            - file: {written}\n        expected_data: {{}}\n"
    )
    path = resources / "orders.yaml"
    path.write_text(text, encoding="utf-8")
    return path, text


@pytest.mark.parametrize(
    ("written", "meant", "safe"),
    [("attachment/scan.png", "attachments/scan.png", True),
     ("attachments/scan.pgn", "attachments/scan.png", True),
     ("atachmnts/scan.png", "attachments/scan.png", False),
     ("Attachments/scan.PNG", "attachments/scan.png", True),
     ('"attachments\\\\scan.png"', '"attachments/scan.png"', True)],
)  # fmt: skip
def test_an_attachment_path_is_replaced_by_the_path_on_disk(
    tmp_path: Path, written: str, meant: str, safe: bool
) -> None:
    path, text = _attachment_app(tmp_path, written)
    fix = _fix(lint_text(text, str(path)), "REF004", 8)
    assert fix.safe is safe
    assert apply_edits(text, list(fix.edits)) == text.replace(written, meant)


def test_a_path_close_to_two_files_is_an_unsafe_fix(tmp_path: Path) -> None:
    path, text = _attachment_app(tmp_path, "attachments/scan.pjg")
    fix = _fix(lint_text(text, str(path)), "REF004", 8)
    assert not fix.safe  # scan.png and scan.jpg are both one edit away


# -- AL005, AL008 ----------------------------------------------------------------------

SUITE = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<Root>\n'
    '  <AITSuite Code="ORDERS" Dataset="orders.yaml" TestType="Agent" TestRunnerId="130451">\n'
    '    <Line CodeunitID="50140" />\n'
    "  </AITSuite>\n</Root>\n"
)


def _al_app(tmp_path: Path, dataset: str, extra_al: dict[str, str] | None = None) -> Path:
    app = tmp_path / "app"
    (app / ".resources").mkdir(parents=True)
    (app / "src").mkdir()
    (app / "app.json").write_text(APP_JSON, encoding="utf-8")
    (app / "src" / "Accuracy.Codeunit.al").write_text(CODEUNIT, encoding="utf-8")
    (app / "src" / "Setup.Codeunit.al").write_text(SUGGESTIONS, encoding="utf-8")
    for name, text in (extra_al or {}).items():
        (app / "src" / name).write_text(text, encoding="utf-8")
    (app / ".resources" / "suite.xml").write_text(SUITE, encoding="utf-8")
    path = app / ".resources" / "orders.yaml"
    path.write_text(dataset, encoding="utf-8")
    return path


def _turn(expected: str) -> str:
    return (
        "      - query:\n"
        "          from: Jane Doe\n"
        "          title: Release order 101\n"
        f"        expected_data:\n{expected}"
    )


TWO_TURNS = (
    "tests:\n  - name: RELEASE-ORDER\n    turns:\n"
    + _turn("          released_orders: 1\n")
    + _turn("          released_ordres: 1\n")
    + _turn("          released_ordres: 2\n")
)


def test_an_unread_key_is_renamed_wherever_the_dataset_has_it(tmp_path: Path) -> None:
    path = _al_app(tmp_path, TWO_TURNS)
    diags = [d for d in lint_text(TWO_TURNS, str(path)) if d.code == "AL005"]
    fix = _fix(diags, "AL005", 13)  # reported once, at its first use
    assert fix.safe
    assert apply_edits(TWO_TURNS, list(fix.edits)) == TWO_TURNS.replace(
        "released_ordres", "released_orders"
    )


def test_an_unread_key_is_not_renamed_onto_a_key_that_is_there(tmp_path: Path) -> None:
    text = "tests:\n  - name: RELEASE-ORDER\n    turns:\n" + _turn(
        "          released_orders: 1\n          released_order: 1\n"
    )
    path = _al_app(tmp_path, text)
    assert _fix(lint_text(text, str(path)), "AL005", 9).edits == ()


def _two_lines(path: Path, second: str) -> None:
    """The suite runs the dataset with codeunit 50140 and ``second``."""
    (path.parent / "suite.xml").write_text(
        SUITE.replace(
            '    <Line CodeunitID="50140" />\n',
            f'    <Line CodeunitID="50140" />\n    <Line CodeunitID="{second}" />\n',
        ),
        encoding="utf-8",
    )


def _other(reads: str) -> str:
    """Codeunit 50143, a second test codeunit that reads ``reads`` instead."""
    return (
        CODEUNIT.replace("50140", "50143")
        .replace("ORD Agent Accuracy", "ORD Agent Other")
        .replace("'released_orders'", f"'{reads}'")
    )


def test_a_key_another_codeunit_running_the_dataset_reads_is_not_reported(
    tmp_path: Path,
) -> None:
    """Both lines run every input of orders.yaml: 50140 reads released_orders (line 9),
    50143 released_ordres (lines 13, 17); neither key is dead."""
    path = _al_app(tmp_path, TWO_TURNS, {"Other.Codeunit.al": _other("released_ordres")})
    _two_lines(path, "50143")
    assert [d for d in lint_text(TWO_TURNS, str(path)) if d.code == "AL005"] == []


def test_an_unread_key_is_reported_once_when_two_codeunits_run_the_dataset(
    tmp_path: Path,
) -> None:
    path = _al_app(tmp_path, TWO_TURNS, {"Other.Codeunit.al": _other("released_orders")})
    _two_lines(path, "50143")
    found = [d for d in lint_text(TWO_TURNS, str(path)) if d.code == "AL005"]
    assert [(d.line, d.column) for d in found] == [(13, 11)]
    fix = found[0].fix
    assert fix is not None and fix.safe
    assert apply_edits(TWO_TURNS, list(fix.edits)) == TWO_TURNS.replace(
        "released_ordres", "released_orders"
    )


def test_a_dataset_also_run_by_a_codeunit_of_another_app_is_not_judged(
    tmp_path: Path,
) -> None:
    """Codeunit 50199 is not in the app's AL: what it reads cannot be told."""
    path = _al_app(tmp_path, TWO_TURNS)
    _two_lines(path, "50199")
    # With 50140 alone, released_ordres is reported (the tests above).
    assert [d for d in lint_text(TWO_TURNS, str(path)) if d.code == "AL005"] == []


def test_an_unread_key_is_renamed_where_the_edited_text_has_it(tmp_path: Path) -> None:
    """The AL rules read the text being linted (an editor's buffer), not the disk: the
    edit lands on the key in the buffer, wherever the disk has it."""
    path = _al_app(tmp_path, TWO_TURNS)
    buffer = "# a comment the disk does not have\n" + TWO_TURNS
    fix = _fix(lint_text(buffer, str(path)), "AL005", 14)
    assert apply_edits(buffer, list(fix.edits)) == buffer.replace(
        "released_ordres", "released_orders"
    )


def test_a_suggestion_the_agent_does_not_offer_is_replaced(tmp_path: Path) -> None:
    text = "tests:\n  - name: RELEASE-ORDER\n    turns:\n" + _turn(
        "          released_orders: 1\n"
        "          intervention_request:\n"
        "            type: Assistance\n"
        "            suggestions: [ord-shp]\n"
    )
    path = _al_app(tmp_path, text)
    fix = _fix(lint_text(text, str(path)), "AL008", 11)
    assert fix.safe
    assert apply_edits(text, list(fix.edits)) == text.replace("ord-shp", "ORD-SHIP")


# -- lint --fix leaves none behind -----------------------------------------------------

FIXED_CODES = {"STR007", "SUP002", "REF004", "AL005", "AL008", "XML004", "XML007", "XML012"}


def test_lint_fix_leaves_no_did_you_mean_finding_and_is_idempotent(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    dataset = (
        "# datasets: disabel=TST001\n"
        "name: ORDERS\nlanguage: ENU\n"
        "tests:\n  - name: RELEASE-ORDER\n    turns:\n"
        + _turn("          released_orders: 1\n")
        + "      - query:\n"
        "          from: Jane Doe\n"
        "          title: Release order 102\n"
        "          attachments:\n"
        "            - file: attachment/scan.png\n"
        "        expected_data:\n"
        "          released_ordres: 1\n"
        "          intervention_request:\n"
        "            type: Assistance\n"
        "            suggestions: [ORD-SHP]\n"
    )
    path = _al_app(tmp_path, dataset)
    (path.parent / "attachments").mkdir()
    (path.parent / "attachments" / "scan.png").write_bytes(b"png")
    suite = path.parent / "suite.xml"
    # A second suite (no lines: the AL rules still see the first one run the dataset).
    suite.write_text(
        SUITE.replace(
            "</Root>",
            '  <AITSuite Code="OTHER" Dataset="order.yaml" Frequncy="Daily" TestType="Agnet" />\n'
            "</Root>",
        ),
        encoding="utf-8",
    )
    app = str(tmp_path / "app")
    before = {d.code for d in lint_paths([app]).diagnostics}
    assert before >= FIXED_CODES, before
    main(["lint", "--fix", app])
    out = capsys.readouterr().out
    assert not any(code in out for code in FIXED_CODES), out  # the run's own report
    assert not FIXED_CODES & {d.code for d in lint_paths([app]).diagnostics}
    fixed = (path.read_bytes(), suite.read_bytes())
    main(["lint", "--fix", app])
    assert (path.read_bytes(), suite.read_bytes()) == fixed
    capsys.readouterr()

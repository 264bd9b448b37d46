"""Issue 34 for suite XML: each finding that names the element, attribute, value, dataset,
language tag or codeunit meant offers it as a fix (safe where it is the only reading), and
`lint --fix` writes it in the file's own encoding."""

from __future__ import annotations

from pathlib import Path

import pytest

from ait_datasets.cli import main
from ait_datasets.diagnostics import Diagnostic, Fix, apply_edits
from ait_datasets.lint.engine import lint_text
from ait_datasets.lint.rules.al_examples import APP_JSON, CODEUNIT, DATASET

ORDERS = (
    "tests:\n"
    "  - name: RELEASE-ORDER\n"
    "    turns:\n"
    "      - query:\n"
    "          from: Jane Doe\n"
    "          title: Release order 101\n"
    "        expected_data: {}\n"
)


def _suite(suite: str = "", line: str = "", root: str = "Root") -> str:
    """A suite XML; ``suite`` is added to <AITSuite>'s attributes, ``line`` after it."""
    line = line or '<Line CodeunitID="50140" />'
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f"<{root}>\n"
        f'  <AITSuite Code="ORDERS" Dataset="orders.yaml"{suite}>\n'
        f"    {line}\n"
        "  </AITSuite>\n"
        f"</{root}>\n"
    )


def _app(tmp_path: Path, suite: str) -> Path:
    resources = tmp_path / "app" / ".resources"
    resources.mkdir(parents=True)
    (resources / "orders.yaml").write_text(ORDERS, encoding="utf-8")
    path = resources / "suite.xml"
    path.write_text(suite, encoding="utf-8")
    return path


def _lint(tmp_path: Path, suite: str) -> list[Diagnostic]:
    return lint_text(suite, str(_app(tmp_path, suite)))


def _fix(diags: list[Diagnostic], code: str, line: int) -> Fix:
    found = [d for d in diags if d.code == code and d.line == line]
    assert len(found) == 1, [(d.code, d.line, d.message) for d in diags]
    fix = found[0].fix
    assert fix is not None
    return fix


def test_a_misnamed_root_is_renamed_in_both_tags(tmp_path: Path) -> None:
    text = _suite(root="root")
    fix = _fix(_lint(tmp_path, text), "XML003", 2)
    assert fix.safe
    assert apply_edits(text, list(fix.edits)) == _suite()


def test_a_root_far_from_root_is_an_unsafe_rename(tmp_path: Path) -> None:
    text = _suite(root="Suites")
    fix = _fix(_lint(tmp_path, text), "XML003", 2)
    assert not fix.safe
    assert apply_edits(text, list(fix.edits)) == _suite()


def test_a_misspelt_element_is_renamed_in_its_start_and_end_tag(tmp_path: Path) -> None:
    text = _suite(line='<Lines CodeunitID="50140">\n    </Lines>')
    fix = _fix(_lint(tmp_path, text), "XML004", 4)
    assert fix.safe
    assert apply_edits(text, list(fix.edits)) == _suite(
        line='<Line CodeunitID="50140">\n    </Line>'
    )


def test_a_misspelt_empty_element_is_renamed(tmp_path: Path) -> None:
    text = _suite(line='<Lnie CodeunitID="50140" />')
    fix = _fix(_lint(tmp_path, text), "XML004", 4)
    assert fix.safe
    assert apply_edits(text, list(fix.edits)) == _suite()


def test_a_misspelt_attribute_is_renamed(tmp_path: Path) -> None:
    text = _suite(' Frequncy="Daily"')
    fix = _fix(_lint(tmp_path, text), "XML004", 3)
    assert fix.safe
    assert apply_edits(text, list(fix.edits)) == _suite(' Frequency="Daily"')


def test_an_attribute_two_edits_away_is_an_unsafe_rename(tmp_path: Path) -> None:
    text = _suite(' Frequncey="Daily"')
    fix = _fix(_lint(tmp_path, text), "XML004", 3)
    assert not fix.safe
    assert apply_edits(text, list(fix.edits)) == _suite(' Frequency="Daily"')


def test_no_rename_onto_an_attribute_that_is_there(tmp_path: Path) -> None:
    text = _suite(' Frequncy="Daily" Frequency="Weekly"')
    fix = _fix(_lint(tmp_path, text), "XML004", 3)
    assert fix.edits == ()


def test_a_misspelt_test_type_is_replaced(tmp_path: Path) -> None:
    text = _suite(' TestType="Agnet" TestRunnerId="130451"')
    fix = _fix(_lint(tmp_path, text), "XML007", 3)
    assert fix.safe
    assert apply_edits(text, list(fix.edits)) == _suite(' TestType="Agent" TestRunnerId="130451"')


def test_a_frequency_two_edits_away_is_an_unsafe_fix(tmp_path: Path) -> None:
    text = _suite(' Frequency="Mannuel"')
    fix = _fix(_lint(tmp_path, text), "XML007", 3)
    assert not fix.safe
    assert apply_edits(text, list(fix.edits)) == _suite(' Frequency="Manual"')


def test_a_test_type_close_to_none_has_no_fix(tmp_path: Path) -> None:
    found = [
        d
        for d in _lint(tmp_path, _suite(' TestType="AITest"'))
        if d.code == "XML007" and d.line == 3
    ]
    assert len(found) == 1 and found[0].fix is None


def test_a_yaml_dataset_without_its_extension_gets_it(tmp_path: Path) -> None:
    text = _suite().replace('Dataset="orders.yaml"', 'Dataset="orders"')
    fix = _fix(_lint(tmp_path, text), "XML012", 3)
    assert fix.safe
    assert apply_edits(text, list(fix.edits)) == _suite()


@pytest.mark.parametrize(("written", "safe"), [("order.yaml", True), ("ordes.yml", False)])
def test_a_misspelt_dataset_is_replaced(tmp_path: Path, written: str, safe: bool) -> None:
    text = _suite().replace('Dataset="orders.yaml"', f'Dataset="{written}"')
    fix = _fix(_lint(tmp_path, text), "XML012", 3)
    assert fix.safe is safe
    assert apply_edits(text, list(fix.edits)) == _suite()


@pytest.mark.parametrize(
    ("written", "tag", "safe"),
    [("ENU", "en-US", True), ("en_us", "en-US", True), ("1033", "en-US", True),
     ("en-UK", "en-GB", True), ("de-DX", "de-DE", True), ("es-EZ", "es-VE", False)],
)  # fmt: skip
def test_a_language_tag_is_replaced_by_the_tag_it_means(
    tmp_path: Path, written: str, tag: str, safe: bool
) -> None:
    text = _suite(line=f'<Language Tag="{written}" />\n    <Line CodeunitID="50140" />')
    fix = _fix(_lint(tmp_path, text), "XML014", 4)
    assert fix.safe is safe
    assert apply_edits(text, list(fix.edits)) == text.replace(f'"{written}"', f'"{tag}"')


def test_a_tag_in_another_letter_case_is_fixed_safely(tmp_path: Path) -> None:
    text = _suite(line='<Language Tag="EN-us" />\n    <Line CodeunitID="50140" />')
    fix = _fix(_lint(tmp_path, text), "XML014", 4)
    assert fix.safe
    assert apply_edits(text, list(fix.edits)) == text.replace("EN-us", "en-US")


def test_a_value_is_written_escaped_between_its_quotes(tmp_path: Path) -> None:
    text = _suite(" TestType='Agnet'")
    fix = _fix(_lint(tmp_path, text), "XML007", 3)
    assert apply_edits(text, list(fix.edits)) == _suite(" TestType='Agent'")


def test_lint_fix_keeps_a_utf16_suite_utf16(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = _suite(' Frequncy="Daily"').replace("UTF-8", "UTF-16")
    path = _app(tmp_path, "")
    path.write_bytes(b"\xff\xfe" + text.encode("utf-16-le"))
    assert main(["lint", "--fix", str(tmp_path / "app")]) == 0
    assert path.read_bytes() == b"\xff\xfe" + text.replace("Frequncy", "Frequency").encode(
        "utf-16-le"
    )
    capsys.readouterr()


def _al_app(tmp_path: Path, codeunit_id: str) -> Path:
    resources = tmp_path / "app" / ".resources"
    resources.mkdir(parents=True)
    (tmp_path / "app" / "app.json").write_text(APP_JSON, encoding="utf-8")
    (tmp_path / "app" / "src").mkdir()
    (tmp_path / "app" / "src" / "Accuracy.Codeunit.al").write_text(CODEUNIT, encoding="utf-8")
    (resources / "orders.yaml").write_text(DATASET.lstrip("\n"), encoding="utf-8")
    path = resources / "suite.xml"
    path.write_text(_suite(line=f'<Line CodeunitID="{codeunit_id}" />'), encoding="utf-8")
    return path


def test_a_codeunit_id_close_to_a_test_codeunit_is_an_unsafe_fix(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _al_app(tmp_path, "50104")
    text = path.read_text(encoding="utf-8")
    fix = _fix(lint_text(text, str(path)), "AL001", 4)
    assert not fix.safe  # the ID may be a codeunit of another app
    assert apply_edits(text, list(fix.edits)) == _suite()
    assert main(["lint", "--fix", str(tmp_path / "app")]) == 0  # a warning
    assert path.read_text(encoding="utf-8") == text  # unsafe: not applied
    assert main(["lint", "--fix", "--unsafe-fixes", str(tmp_path / "app")]) == 0
    assert path.read_text(encoding="utf-8") == _suite()
    capsys.readouterr()


def test_a_value_written_with_an_entity_is_fixed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`&` starts an XML entity, not a YAML anchor: the fix is applied."""
    path = _app(tmp_path, _suite().replace('Dataset="orders.yaml"', 'Dataset="&#111;rder.yaml"'))
    assert main(["lint", "--fix", str(tmp_path / "app")]) == 0
    assert path.read_text(encoding="utf-8") == _suite()
    capsys.readouterr()

"""REF rules: suite_setup names, file names, group codes and attachments across an app."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from ait_datasets.diagnostics import Diagnostic, Severity
from ait_datasets.lint import project as project_module
from ait_datasets.lint.engine import lint_paths

SETUP = "name: ORDERS-SETUP\nsuite_setup:\n  setup_actions: []\n"
USES_SETUP = "suite_setup: {name}\ntests:\n  - name: T1\n    question: hi\n"


def make_app(tmp_path: Path, files: dict[str, str]) -> Path:
    """An app's resources folder with ``files`` (relative path -> text)."""
    root = tmp_path / "app" / "test" / ".resources"
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def lint(*paths: Path, code: str) -> list[Diagnostic]:
    return [d for d in lint_paths([str(p) for p in paths]).diagnostics if d.code == code]


def where(found: list[Diagnostic]) -> list[tuple[str, int, int]]:
    return [(os.path.basename(d.path), d.line, d.column) for d in found]


# --- REF001 unknown-suite-setup ---------------------------------------------------------


def test_ref001_unknown_name_with_did_you_mean(tmp_path: Path) -> None:
    root = make_app(
        tmp_path,
        {
            "datasets/orders.yaml": USES_SETUP.format(name="ORDER-SETUP"),
            "datasets/suite_setup/setup.yaml": SETUP,
        },
    )
    found = lint(root, code="REF001")
    assert where(found) == [("orders.yaml", 1, 14)]
    assert (found[0].end_line, found[0].end_column) == (1, 25)
    assert "Did you mean 'ORDERS-SETUP'?" in found[0].message
    assert found[0].severity is Severity.ERROR


def test_ref001_passes_for_the_exact_name(tmp_path: Path) -> None:
    root = make_app(
        tmp_path,
        {
            "datasets/orders.yaml": USES_SETUP.format(name="ORDERS-SETUP"),
            "datasets/suite_setup/setup.yaml": SETUP,
        },
    )
    assert lint(root, code="REF001") == []


def test_ref001_match_is_exact_not_case_insensitive(tmp_path: Path) -> None:
    root = make_app(
        tmp_path,
        {
            "datasets/orders.yaml": USES_SETUP.format(name="orders-setup"),
            "datasets/setup.yaml": SETUP,
        },
    )
    found = lint(root, code="REF001")
    assert where(found) == [("orders.yaml", 1, 14)]
    assert "Did you mean 'ORDERS-SETUP'?" in found[0].message


def test_ref001_setup_without_name_is_found_by_file_name(tmp_path: Path) -> None:
    root = make_app(
        tmp_path,
        {
            "datasets/orders.yaml": USES_SETUP.format(name="setup.yaml"),
            "datasets/setup.yaml": "suite_setup:\n  setup_actions: []\n",
        },
    )
    assert lint(root, code="REF001") == []


def test_ref001_name_of_an_ordinary_dataset(tmp_path: Path) -> None:
    root = make_app(
        tmp_path,
        {
            "datasets/orders.yaml": USES_SETUP.format(name="OTHER"),
            "datasets/other.yaml": "name: OTHER\ntests:\n  - name: X\n",
        },
    )
    found = lint(root, code="REF001")
    assert where(found) == [("orders.yaml", 1, 14)]
    assert "ordinary dataset" in found[0].message


def test_ref001_linting_one_file_still_sees_the_apps_setup(tmp_path: Path) -> None:
    # A pre-commit hook passes only the changed file.
    root = make_app(
        tmp_path,
        {
            "datasets/orders.yaml": USES_SETUP.format(name="ORDERS-SETUP"),
            "datasets/bad.yaml": USES_SETUP.format(name="MISSING"),
            "datasets/suite_setup/setup.yaml": SETUP,
        },
    )
    assert lint(root / "datasets/orders.yaml", code="REF001") == []
    # Only linted files get findings: bad.yaml was not linted.
    assert where(lint(root / "datasets/bad.yaml", code="REF001")) == [("bad.yaml", 1, 14)]


def test_ref001_scans_other_files_once_and_parses_only_what_matters(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = make_app(
        tmp_path,
        {
            "datasets/orders.yaml": USES_SETUP.format(name="ORDERS-SETUP"),
            "datasets/plain.yaml": "tests:\n  - name: T1\n",
            "datasets/rows.jsonl": '{"name": "T1"}\n',
            "datasets/suite_setup/setup.yaml": SETUP,
            "suites/suite.xml": '<Root><AITSuite Code="S" Dataset="orders.yaml"/></Root>',
        },
    )
    parsed: list[str] = []
    real = project_module.load_bytes

    def counting(path: str, raw: bytes, **kw: object) -> object:
        parsed.append(os.path.basename(path))
        return real(path, raw)

    monkeypatch.setattr(project_module, "load_bytes", counting)
    assert lint(root / "datasets/orders.yaml", code="REF001") == []
    # Both cross-file families use the app; the setup is parsed once, the others not at all.
    assert parsed == ["setup.yaml"]


def test_ref001_without_resources_the_app_is_the_paths_given(tmp_path: Path) -> None:
    (tmp_path / "orders.yaml").write_text(USES_SETUP.format(name="ORDERS-SETUP"))
    (tmp_path / "setup.yaml").write_text(SETUP)
    assert lint(tmp_path / "orders.yaml", tmp_path / "setup.yaml", code="REF001") == []
    found = lint(tmp_path / "orders.yaml", code="REF001")
    assert where(found) == [("orders.yaml", 1, 14)]
    assert "no suite-setup file" in found[0].message


# --- REF002 duplicate-dataset-file-name --------------------------------------------------


def test_ref002_same_name_in_two_folders(tmp_path: Path) -> None:
    root = make_app(
        tmp_path,
        {"datasets/orders.yaml": "tests: []\n", "datasets/variations/orders.yaml": "tests: []\n"},
    )
    found = lint(root, code="REF002")
    assert [(d.path, d.line, d.column) for d in found] == [
        (str(root / "datasets/variations/orders.yaml"), 1, 1)
    ]
    assert "datasets/orders.yaml" in found[0].message
    assert "'ORDERS.YAML'" in found[0].message


def test_ref002_names_differing_in_case_and_json_vs_jsonl(tmp_path: Path) -> None:
    root = make_app(
        tmp_path,
        {
            "a/Orders.yaml": "tests: []\n",
            "b/orders.yaml": "tests: []\n",
            "a/rows.json": "[]\n",
            "b/rows.jsonl": '{"name": "T"}\n',
        },
    )
    assert where(lint(root, code="REF002")) == [("orders.yaml", 1, 1), ("rows.jsonl", 1, 1)]


def test_ref002_yaml_and_jsonl_of_the_same_stem_do_not_clash(tmp_path: Path) -> None:
    root = make_app(tmp_path, {"orders.yaml": "tests: []\n", "orders.jsonl": '{"name": "T"}\n'})
    assert lint(root, code="REF002") == []


def test_ref002_reports_the_linted_file_when_the_later_one_is_not_linted(tmp_path: Path) -> None:
    root = make_app(tmp_path, {"a/orders.yaml": "tests: []\n", "b/orders.yaml": "tests: []\n"})
    assert [(d.path, d.line) for d in lint(root / "a/orders.yaml", code="REF002")] == [
        (str(root / "a/orders.yaml"), 1)
    ]
    assert where(lint(root / "b/orders.yaml", code="REF002")) == [("orders.yaml", 1, 1)]


def test_ref002_different_apps_do_not_clash(tmp_path: Path) -> None:
    one = make_app(tmp_path / "one", {"orders.yaml": "tests: []\n"})
    two = make_app(tmp_path / "two", {"orders.yaml": "tests: []\n"})
    assert lint(one, two, code="REF002") == []


# --- REF003 group-code-too-long ---------------------------------------------------------


def test_ref003_group_code_over_100_characters(tmp_path: Path) -> None:
    root = make_app(tmp_path, {"d/" + "A" * 96 + ".yaml": "tests: []\n"})  # 101 with .YAML
    found = lint(root, code="REF003")
    assert [(d.line, d.column) for d in found] == [(1, 1)]
    assert "101 characters" in found[0].message


def test_ref003_100_characters_pass_and_jsonl_drops_the_extension(tmp_path: Path) -> None:
    root = make_app(
        tmp_path,
        {"d/" + "A" * 95 + ".yaml": "tests: []\n", "d/" + "B" * 100 + ".jsonl": '{"a": 1}\n'},
    )
    assert lint(root, code="REF003") == []


# --- REF004 / REF005 attachments --------------------------------------------------------

AGENT = """tests:
  - name: T1
    turns:
      - query:
          from: Jane
          title: Return
          attachments:
            - file: {file}
        expected_data: {{}}
"""


def attachment_app(tmp_path: Path, file: str) -> Path:
    root = make_app(tmp_path, {"datasets/returns.yaml": AGENT.format(file=file)})
    (root / "datasets/attachments").mkdir()
    (root / "datasets/attachments/scan.png").write_bytes(b"\x89PNG")
    return root


def test_ref004_passes_for_a_file_in_the_resources(tmp_path: Path) -> None:
    root = attachment_app(tmp_path, "datasets/attachments/scan.png")
    assert lint(root, code="REF004") == lint(root, code="REF005") == []


def test_ref004_missing_file_with_did_you_mean(tmp_path: Path) -> None:
    root = attachment_app(tmp_path, "datasets/attachments/scna.png")
    found = lint(root, code="REF004")
    assert where(found) == [("returns.yaml", 8, 21)]
    assert "no 'scna.png' in datasets/attachments" in found[0].message
    assert "Did you mean 'scan.png'?" in found[0].message


def test_ref004_path_relative_to_the_dataset_folder_is_not_found(tmp_path: Path) -> None:
    # Paths are relative to `.resources` (NavApp.GetResource), not to the YAML file.
    root = attachment_app(tmp_path, "attachments/scan.png")
    assert where(lint(root, code="REF004")) == [("returns.yaml", 8, 21)]


def test_ref004_other_case_is_a_warning(tmp_path: Path) -> None:
    root = attachment_app(tmp_path, "datasets/Attachments/scan.png")
    found = lint(root, code="REF004")
    assert where(found) == [("returns.yaml", 8, 21)]
    assert found[0].severity is Severity.WARNING
    assert "'datasets/attachments/scan.png'" in found[0].message


def test_ref004_folder_backslashes_and_dot_segments(tmp_path: Path) -> None:
    for i, (file, words) in enumerate(
        (
            ("datasets/attachments", "is a folder"),
            ("'datasets\\attachments\\scan.png'", "backslashes"),
            ("./datasets/attachments/scan.png", "not a resource name"),
        )
    ):
        root = attachment_app(tmp_path / str(i), file)
        found = lint(root, code="REF004")
        assert where(found) == [("returns.yaml", 8, 21)], file
        assert words in found[0].message


def test_ref004_generated_attachments_are_not_files(tmp_path: Path) -> None:
    root = attachment_app(tmp_path, "{action_type: sales-invoice, action_data: {}}")
    assert lint(root, code="REF004") == []


def test_ref004_without_resources_existence_is_not_checked(tmp_path: Path) -> None:
    (tmp_path / "returns.yaml").write_text(AGENT.format(file="missing.png"))
    assert lint(tmp_path / "returns.yaml", code="REF004") == []


def test_ref005_parent_and_absolute_paths(tmp_path: Path) -> None:
    for i, file in enumerate(("../outside.png", "/etc/passwd", "'C:\\scan.png'")):
        root = attachment_app(tmp_path / str(i), file)
        found = lint(root, code="REF005")
        assert where(found) == [("returns.yaml", 8, 21)], file
        assert lint(root, code="REF004") == []


@pytest.mark.skipif(
    sys.platform == "win32",
    reason="creating symbolic links on Windows needs administrator rights or Developer Mode",
)
def test_ref005_symlink_out_of_the_resources(tmp_path: Path) -> None:
    root = attachment_app(tmp_path, "datasets/attachments/linked.png")
    outside = tmp_path / "outside.png"
    outside.write_bytes(b"x")
    (root / "datasets/attachments/linked.png").symlink_to(outside)
    found = lint(root, code="REF005")
    assert where(found) == [("returns.yaml", 8, 21)]
    assert "outside" in found[0].message
    # A link that stays inside the resources is fine.
    ok = attachment_app(tmp_path / "ok", "datasets/attachments/inside.png")
    (ok / "datasets/attachments/inside.png").symlink_to(ok / "datasets/attachments/scan.png")
    assert lint(ok, code="REF005") == []


# --- REF006 duplicate-suite-setup -------------------------------------------------------


def test_ref006_same_name_and_language(tmp_path: Path) -> None:
    root = make_app(
        tmp_path,
        {
            "setup/a.yaml": "name: S\nlanguage: en-US\nsuite_setup: {a: 1}\n",
            "setup/b.yaml": "name: S\nlanguage: EN-us\nsuite_setup: {a: 2}\n",
        },
    )
    found = lint(root, code="REF006")
    assert where(found) == [("b.yaml", 1, 7)]
    assert "setup/a.yaml" in found[0].message


def test_ref006_same_name_without_language(tmp_path: Path) -> None:
    root = make_app(
        tmp_path,
        {"a.yaml": "name: S\nsuite_setup: {a: 1}\n", "b.yaml": "name: S\nsuite_setup: {a: 2}\n"},
    )
    assert where(lint(root, code="REF006")) == [("b.yaml", 1, 7)]


def test_ref006_language_variants_pass(tmp_path: Path) -> None:
    root = make_app(
        tmp_path,
        {
            "a.yaml": "name: S\nlanguage: en-US\nsuite_setup: {a: 1}\n",
            "b.yaml": "name: S\nlanguage: da-DK\nsuite_setup: {a: 2}\n",
            "c.yaml": "name: T\nlanguage: da-DK\nsuite_setup: {a: 2}\n",
        },
    )
    assert lint(root, code="REF006") == []


def test_ref004_single_turn_agent_test(tmp_path: Path) -> None:
    text = (
        "name: T1\nquery:\n  from: Jane\n  title: Return\n  attachments:\n"
        "    - file: datasets/nope.png\nexpected_data: {}\n"
    )
    root = make_app(tmp_path, {"datasets/one.yaml": text})
    assert where(lint(root, code="REF004")) == [("one.yaml", 6, 13)]


# --- REF007 suite-lines-with-different-setups ---------------------------------------------


def _suite(*lines: str) -> str:
    body = "".join(f"    {line}\n" for line in lines)
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<Root>\n'
        '  <AITSuite Code="S1" Dataset="a.yaml">\n' + body + "  </AITSuite>\n</Root>\n"
    )


def test_ref007_a_line_whose_dataset_names_another_setup(tmp_path: Path) -> None:
    root = make_app(
        tmp_path,
        {
            "setup.yaml": SETUP,
            "other-setup.yaml": SETUP.replace("ORDERS-SETUP", "OTHER-SETUP"),
            "a.yaml": USES_SETUP.format(name="ORDERS-SETUP"),
            "b.yaml": USES_SETUP.format(name="OTHER-SETUP"),
            "c.yaml": "tests:\n  - name: T1\n    question: hi\n",
            "d.yaml": USES_SETUP.format(name="ORDERS-SETUP"),
            "suite.xml": _suite(
                '<Line CodeunitID="1" />',
                '<Line CodeunitID="2" Dataset="b.yaml" />',
                '<Line CodeunitID="3" Dataset="c.yaml" />',
                '<Line CodeunitID="4" Dataset="d.yaml" />',
            ),
        },
    )
    found = lint(root, code="REF007")
    # Line 1 inherits a.yaml (ORDERS-SETUP); b.yaml names another setup, c.yaml none.
    assert where(found) == [("suite.xml", 5, 35), ("suite.xml", 6, 35)]
    assert "'OTHER-SETUP'" in found[0].message and "'ORDERS-SETUP'" in found[0].message
    assert "whose suite setup is none" in found[1].message
    assert {d.severity for d in found} == {Severity.WARNING}


def test_ref007_lines_sharing_one_setup_pass(tmp_path: Path) -> None:
    root = make_app(
        tmp_path,
        {
            "setup.yaml": SETUP,
            "a.yaml": USES_SETUP.format(name="ORDERS-SETUP"),
            "b.yaml": USES_SETUP.format(name="ORDERS-SETUP"),
            "suite.xml": _suite(
                '<Line CodeunitID="1" />', '<Line CodeunitID="2" Dataset="b.yaml" />'
            ),
        },
    )
    assert lint(root, code="REF007") == []


def test_ref001_quotes_the_framework_label() -> None:
    from ait_datasets.lint.rules.references import UNKNOWN_SUITE_SETUP

    assert "'Per-suite setup data has not been loaded.'" in UNKNOWN_SUITE_SETUP.why
    assert "Suite setup data is not loaded" not in UNKNOWN_SUITE_SETUP.why

"""PH011: placeholders in a suite setup resolve only through the running test's own data."""

from __future__ import annotations

import os
from pathlib import Path

from ait_datasets.diagnostics import Diagnostic
from ait_datasets.lint.engine import lint_paths

SETUP = (
    "name: ORDERS-SETUP\n"
    "suite_setup:\n"
    "  setup_actions:\n"
    "    - action_type: create_sales_order\n"
    "      action_data:\n"
    '        Order Date: "$DateFormula-<CD-1D>$"\n'
    '        Posted At: "$DateTimeFormula-<CD>-08:00:00$"\n'
    "        Note: Plain text\n"
    '        External Document No.: "PO-$DateFormula-<CD>$"\n'
)


def _dataset(*questions: str) -> str:
    tests = "".join(f"  - name: T{i}\n    question: {q!r}\n" for i, q in enumerate(questions, 1))
    return "suite_setup: ORDERS-SETUP\ntests:\n" + tests


def _app(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "app" / ".resources"
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def _ph011(*paths: Path) -> list[Diagnostic]:
    return [d for d in lint_paths([str(p) for p in paths]).diagnostics if d.code == "PH011"]


def _where(found: list[Diagnostic]) -> list[tuple[str, int, int]]:
    return [(os.path.basename(d.path), d.line, d.column) for d in found]


def test_ph011_a_test_without_the_kind_leaves_the_setup_text_as_written(tmp_path: Path) -> None:
    root = _app(
        tmp_path,
        {
            "datasets/setup/orders-setup.yaml": SETUP,
            # T1 holds a date placeholder but no date-time one; T2 holds neither.
            "datasets/orders.yaml": _dataset("Open since $DateFormula-<CD>$?", "Open orders?"),
        },
    )
    found = _ph011(root)
    assert _where(found) == [
        ("orders-setup.yaml", 6, 21),
        ("orders-setup.yaml", 7, 20),
        ("orders-setup.yaml", 9, 32),
    ]
    date, datetime, embedded = found
    # A value that is the placeholder alone is resolved by ValueAsDate() but not by
    # ValueAsText(); which one the setup code uses is not followed, so it is the rule's
    # own severity, as `datasets rules` lists it (issue 30: it was reported as info).
    assert (date.severity.value, datetime.severity.value) == ("warning", "warning")
    assert "read with `ValueAsDate()`" in date.message
    assert "`$DateFormula-` placeholder" in date.message
    assert "test T2 of" in date.message and "orders.yaml" in date.message
    assert "test T1 of" in datetime.message
    # Inside a longer text only the running test's data can make it resolve: a warning.
    assert embedded.severity.value == "warning"
    assert "inside a suite-setup text" in embedded.message
    assert "test T2 of" in embedded.message


def test_ph011_passes_when_every_test_holds_each_kind(tmp_path: Path) -> None:
    question = "Open between $DateFormula-<CD>$ and $DateTimeFormula-<CD>-09:00:00$?"
    root = _app(
        tmp_path,
        {
            "datasets/setup/orders-setup.yaml": SETUP,
            "datasets/orders.yaml": _dataset(question, question),
        },
    )
    assert _ph011(root) == []


def test_ph011_a_placeholder_in_a_key_of_the_test_counts(tmp_path: Path) -> None:
    # The gate is a text search over the test's whole stored JSON, keys included.
    dataset = (
        "suite_setup: ORDERS-SETUP\ntests:\n  - name: T1\n    question: hi\n"
        "    expected_data:\n      '$DateFormula-<CD>$ $DateTimeFormula-<CD>$': 1\n"
    )
    root = _app(
        tmp_path, {"datasets/setup/orders-setup.yaml": SETUP, "datasets/orders.yaml": dataset}
    )
    assert _ph011(root) == []


def test_ph011_a_setup_nobody_names_cannot_be_sure(tmp_path: Path) -> None:
    root = _app(tmp_path, {"datasets/setup/orders-setup.yaml": SETUP})
    found = _ph011(root)
    assert _where(found) == [
        ("orders-setup.yaml", 6, 21),
        ("orders-setup.yaml", 7, 20),
        ("orders-setup.yaml", 9, 32),
    ]
    assert "no dataset of the app names 'ORDERS-SETUP'" in found[2].message


def test_ph011_linting_only_the_setup_file_reads_the_apps_datasets(tmp_path: Path) -> None:
    root = _app(
        tmp_path,
        {
            "datasets/setup/orders-setup.yaml": SETUP,
            "datasets/orders.yaml": _dataset("Open orders?"),
        },
    )
    found = _ph011(root / "datasets" / "setup" / "orders-setup.yaml")
    assert _where(found) == [
        ("orders-setup.yaml", 6, 21),
        ("orders-setup.yaml", 7, 20),
        ("orders-setup.yaml", 9, 32),
    ]
    assert "test T1 of" in found[2].message


def test_ph011_only_setup_files_and_only_their_placeholders(tmp_path: Path) -> None:
    # A dataset's own placeholders are resolved through its own data: no PH011.
    root = _app(
        tmp_path,
        {
            "datasets/setup/orders-setup.yaml": (
                "name: ORDERS-SETUP\nsuite_setup:\n  setup_actions: []\n"
            ),
            "datasets/orders.yaml": _dataset("Open since $DateFormula-<CD>$?", "Open orders?"),
        },
    )
    assert _ph011(root) == []

"""`plan_migration` is pure and reusable: edits on the original text plus a report."""

from __future__ import annotations

from ait_datasets.diagnostics import apply_edits
from ait_datasets.migrate import MigrationOptions, plan_migration
from ait_datasets.source import load_text

LEGACY = "tests:\n  - name: T\n    question: Go\n    expected_data: {}\n"


def test_plan_for_an_agent_dataset() -> None:
    doc = load_text("t.yaml", LEGACY)
    plan = plan_migration(doc, MigrationOptions(sender="Jane"), agent=True)
    assert plan.needed and plan.skipped is None and not plan.problems
    assert [(c.migration, c.line, c.test, c.turn) for c in plan.changes] == [
        ("question-text-to-query", 3, "T", 1),
        ("flat-to-turns", 3, "T", None),
    ]
    assert apply_edits(doc.text, plan.edits) == (
        "tests:\n  - name: T\n    turns:\n      - query:\n          from: Jane\n"
        "          title: Go\n          message: Go\n        expected_data: {}\n"
    )


def test_plan_skips_copilot_datasets_and_suite_setup_files() -> None:
    plan = plan_migration(load_text("t.yaml", LEGACY), MigrationOptions())
    assert plan.skipped is not None and not plan.edits
    setup = load_text("s.yaml", "suite_setup:\n  question: x\n")
    assert plan_migration(setup, MigrationOptions(kind="agent")).skipped == (
        "a suite-setup file: it holds no tests"
    )


def test_plan_reports_problems_for_layouts_it_will_not_rewrite() -> None:
    text = "tests:\n  - name: T\n    question: # why\n      Go\n    expected_data: {}\n"
    plan = plan_migration(load_text("t.yaml", text), MigrationOptions(kind="agent"))
    assert not plan.edits
    assert plan.problems == [
        "line 3: a comment or line break sits between `question:` and its text; put the "
        "text on the `question:` line and run again"
    ]


def test_followups_for_keys_the_framework_ignores_in_turns_tests() -> None:
    text = "tests:\n  - name: T\n    test_setup: {a: 1}\n    turns:\n      - query: {title: x}\n"
    plan = plan_migration(load_text("t.yaml", text), MigrationOptions(kind="agent"))
    assert not plan.edits
    assert [(f.migration, f.line, f.turn) for f in plan.followups] == [
        ("flat-to-turns", 3, None),
        ("add-from", 5, 1),
    ]

"""The AL cross-checks (``AL``) over look-alike test apps, through `lint_paths`."""

from __future__ import annotations

from pathlib import Path

import pytest
from al_samples import AGENT_LIBRARY, AGENT_SUGGESTIONS, AGENT_TEST, COPILOT_TEST, write_app

from ait_datasets.diagnostics import Diagnostic
from ait_datasets.lint.engine import lint_paths

DATASET = """\
tests:
  - name: RELEASE
    turns:
      - query: {from: Jane, title: Release orders}
        turn_setup:
          create_sales_order:
            - {Sell-to Customer No.: C1}
        expected_data: {released_orders: 1}
  - name: ASK
    turns:
      - query: {from: Jane, title: Release orders}
        expected_data:
          released_orders: 0
          intervention_request: {type: Assistance, suggestions: [ORD-SHIP]}
      - query: {intervention: {suggestion: ORD-CUSTOMER-ADDED}}
        expected_data: {released_orders: 1}
"""


def suite(codeunit: str, test_type: str = "Agent", dataset: str = "ORD-ACC.yaml") -> str:
    runner = ' TestRunnerId="130451"' if test_type == "Agent" else ""
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<Root>\n'
        f'  <AITSuite Code="ORD" Dataset="{dataset}" TestType="{test_type}"{runner}>\n'
        f'    <Line CodeunitID="{codeunit}" Dataset="{dataset}" />\n'
        "  </AITSuite>\n</Root>\n"
    )


def agent_app(tmp_path: Path, **overrides: str) -> Path:
    files = {
        "src/Test.Codeunit.al": AGENT_TEST,
        "src/Library.Codeunit.al": AGENT_LIBRARY,
        ".resources/datasets/ORD-ACC.yaml": DATASET,
        ".resources/suites/ORD.xml": suite("50140"),
    }
    files.update({k.replace("__", "/"): v for k, v in overrides.items()})
    return write_app(tmp_path / "app", files)


def al_findings(root: Path, code: str | None = None) -> list[Diagnostic]:
    run = lint_paths([str(root / ".resources")])
    return [
        d for d in run.diagnostics if d.code.startswith("AL") and (code is None or d.code == code)
    ]


def at(diags: list[Diagnostic]) -> list[tuple[str, int, int, str]]:
    return [(Path(d.path).name, d.line, d.column, d.code) for d in diags]


def test_a_consistent_agent_app_is_clean(tmp_path: Path) -> None:
    assert al_findings(agent_app(tmp_path)) == []


def test_without_al_sources_the_rules_stay_silent(tmp_path: Path) -> None:
    root = write_app(
        tmp_path / "app",
        {".resources/datasets/ORD-ACC.yaml": DATASET, ".resources/suites/ORD.xml": suite("1")},
    )
    assert al_findings(root) == []


def test_al001_codeunit_not_in_the_app(tmp_path: Path) -> None:
    root = agent_app(tmp_path, **{".resources__suites__ORD.xml": suite("50104")})
    (found,) = al_findings(root, "AL001")
    assert (Path(found.path).name, found.line) == ("ORD.xml", 4)
    assert "50140" in found.message  # the closest test codeunit


def test_al002_codeunit_is_not_a_test(tmp_path: Path) -> None:
    root = agent_app(tmp_path, **{".resources__suites__ORD.xml": suite("50141")})
    assert at(al_findings(root, "AL002")) == [("ORD.xml", 4, 23, "AL002")]


def test_al003_agent_codeunit_without_isolation_disabled(tmp_path: Path) -> None:
    text = AGENT_TEST.replace("    RequiredTestIsolation = Disabled;\n", "")
    root = agent_app(tmp_path, **{"src__Test.Codeunit.al": text})
    found = al_findings(root, "AL003")
    assert at(found) == [("Test.Codeunit.al", 5, 16, "AL003")]
    assert "RequiredTestIsolation = Disabled" in found[0].message


def test_al003_other_value_is_reported_at_the_property(tmp_path: Path) -> None:
    text = AGENT_TEST.replace("TestType = AITest;", "TestType = UnitTest;")
    root = agent_app(tmp_path, **{"src__Test.Codeunit.al": text})
    assert at(al_findings(root, "AL003")) == [("Test.Codeunit.al", 8, 5, "AL003")]


def test_al003_not_for_copilot_suites(tmp_path: Path) -> None:
    text = AGENT_TEST.replace("    RequiredTestIsolation = Disabled;\n", "")
    root = agent_app(
        tmp_path,
        **{"src__Test.Codeunit.al": text, ".resources__suites__ORD.xml": suite("50140", "Copilot")},
    )
    assert al_findings(root, "AL003") == []


def test_al004_required_key_no_turn_defines(tmp_path: Path) -> None:
    data = DATASET.replace("released_orders: 1}", "released_order: 1}").replace(
        "released_orders: 0", "released_order: 0"
    )
    root = agent_app(tmp_path, **{".resources__datasets__ORD-ACC.yaml": data})
    found = al_findings(root, "AL004")
    assert at(found) == [("Library.Codeunit.al", 30, 27, "AL004")]
    assert "ORD-ACC.yaml" in found[0].message and "released_order'" in found[0].message


def test_al004_nested_key_below_a_list(tmp_path: Path) -> None:
    data = DATASET.replace("Sell-to Customer No.: C1", "Customer: C1")
    root = agent_app(tmp_path, **{".resources__datasets__ORD-ACC.yaml": data})
    found = al_findings(root, "AL004")
    assert at(found) == [("Library.Codeunit.al", 21, 23, "AL004")]
    assert "turn_setup.create_sales_order[].Sell-to Customer No." in found[0].message


def test_al005_a_key_nobody_reads_is_info_with_did_you_mean(tmp_path: Path) -> None:
    data = DATASET.replace(
        "expected_data: {released_orders: 1}\n  - name: ASK",
        "expected_data: {released_orders: 1, released_ordes: 1}\n  - name: ASK",
    )
    root = agent_app(tmp_path, **{".resources__datasets__ORD-ACC.yaml": data})
    (found,) = al_findings(root, "AL005")
    assert (Path(found.path).name, found.line, found.severity.value) == ("ORD-ACC.yaml", 8, "info")
    assert "Did you mean 'released_orders'?" in found.message


def test_al005_silent_when_the_value_is_handed_to_unknown_code(tmp_path: Path) -> None:
    library = AGENT_LIBRARY.replace(
        "        Reason := 'It''s wrong';",
        "        Agent.ValidateInterventionRequest(Task, Expected);",
    ).replace(
        "    var\n        AITTestContext",
        '    var\n        Agent: Codeunit "Library - Agent";\n        Task: Record "Agent Task";\n'
        "        AITTestContext",
    )
    data = DATASET.replace(
        "{released_orders: 1}\n  - name", "{released_orders: 1, other: 2}\n  - name"
    )
    root = agent_app(
        tmp_path,
        **{"src__Library.Codeunit.al": library, ".resources__datasets__ORD-ACC.yaml": data},
    )
    assert al_findings(root, "AL005") == []


def test_al006_run_turn_without_finalize(tmp_path: Path) -> None:
    text = AGENT_TEST.replace(
        "Continue := LibraryAgent.FinalizeTurn(AgentTask, Passed, Reason);", "Continue := false;"
    )
    root = agent_app(tmp_path, **{"src__Test.Codeunit.al": text})
    assert at(al_findings(root, "AL006")) == [("Test.Codeunit.al", 22, 36, "AL006")]


def test_al007_get_question_in_an_agent_codeunit(tmp_path: Path) -> None:
    text = AGENT_TEST.replace(
        "    local procedure Initialize()\n    begin\n",
        "    local procedure Initialize()\n    begin\n        AITTestContext.GetQuestion();\n",
    )
    root = agent_app(tmp_path, **{"src__Test.Codeunit.al": text})
    assert at(al_findings(root, "AL007")) == [("Test.Codeunit.al", 31, 24, "AL007")]


def test_al007_not_for_copilot_suites(tmp_path: Path) -> None:
    root = write_app(
        tmp_path / "app",
        {
            "src/Copilot.Codeunit.al": COPILOT_TEST,
            ".resources/datasets/SUM.jsonl": '{"question": "Summarise", "expected_data": {}}\n',
            ".resources/suites/SUM.xml": suite("50150", "Copilot", "SUM"),
        },
    )
    assert al_findings(root) == []


def test_al008_suggestion_the_agent_never_offers(tmp_path: Path) -> None:
    data = DATASET.replace("suggestion: ORD-CUSTOMER-ADDED", "suggestion: ORD-CUSTOMER-ADD")
    root = agent_app(
        tmp_path,
        **{"src__Setup.Codeunit.al": AGENT_SUGGESTIONS, ".resources__datasets__ORD-ACC.yaml": data},
    )
    found = al_findings(root, "AL008")
    assert at(found) == [("ORD-ACC.yaml", 15, 44, "AL008")]
    assert "Did you mean 'ORD-CUSTOMER-ADDED'?" in found[0].message


def test_al008_offered_codes_match_patterns_and_case(tmp_path: Path) -> None:
    data = DATASET.replace("suggestion: ORD-CUSTOMER-ADDED", "suggestion: ord-update-order")
    root = agent_app(
        tmp_path,
        **{"src__Setup.Codeunit.al": AGENT_SUGGESTIONS, ".resources__datasets__ORD-ACC.yaml": data},
    )
    assert al_findings(root, "AL008") == []


@pytest.mark.parametrize("fmt", ["text", "sarif", "github"])
def test_findings_in_al_files_go_through_the_reporters(tmp_path: Path, fmt: str) -> None:
    from ait_datasets.lint.reporters import Report, renderer

    text = AGENT_TEST.replace("    RequiredTestIsolation = Disabled;\n", "")
    root = agent_app(tmp_path, **{"src__Test.Codeunit.al": text})
    run = lint_paths([str(root / ".resources")])
    out = renderer(fmt)(Report(run.diagnostics, run.files, run.sources))
    assert "Test.Codeunit.al" in out and "AL003" in out


COPY = """\
codeunit 50140 "ORD Agent Accuracy Copy"
{
    Subtype = Test;
}
"""


def test_two_codeunits_of_one_id_are_an_error_at_both(tmp_path: Path) -> None:
    # The copy declares the test codeunit's ID: the compiler rejects the app (AL0264), and
    # which of the two the suite line runs cannot be told, so no key is checked against
    # either (before, the first by path won and its reads were held against the data).
    root = agent_app(tmp_path, **{"src/A.Codeunit.al": COPY})
    found = al_findings(root)
    assert at(found) == [("A.Codeunit.al", 1, 10, "AL009"), ("Test.Codeunit.al", 5, 10, "AL009")]
    copy, test = found
    assert copy.severity.value == "error" and copy.end_column == 15
    assert "Codeunit 50140 is declared again" in copy.message
    assert "Test.Codeunit.al:5" in copy.message and "A.Codeunit.al:1" in test.message


def test_objects_of_other_types_may_share_an_id(tmp_path: Path) -> None:
    table = 'table 50140 "ORD Order Log"\n{\n    fields { field(1; "No."; Integer) { } }\n}\n'
    root = agent_app(tmp_path, **{"src/Log.Table.al": table})
    assert al_findings(root, "AL009") == []


def test_a_suite_codeunit_id_of_5000_digits_is_no_id(tmp_path: Path) -> None:
    root = agent_app(tmp_path, **{".resources/suites/ORD.xml": suite("9" * 5000)})
    assert al_findings(root) == []

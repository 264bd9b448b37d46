"""Build -> canonical YAML -> load gives back the same objects; the output lints clean."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from dsl_samples import order_dataset, order_setup
from hypothesis import given, settings
from hypothesis import strategies as st

from ait_datasets import dsl
from ait_datasets.cli import main
from ait_datasets.schema import models

GOLDEN = Path(__file__).resolve().parent / "golden" / "ORDERS.yaml"


def test_agent_dataset_round_trips_through_yaml() -> None:
    built = order_dataset()
    assert dsl.from_yaml(dsl.to_yaml(built)) == built


def test_suite_setup_round_trips_through_yaml() -> None:
    built = order_setup()
    back = dsl.from_yaml(dsl.to_yaml(built))
    assert isinstance(back, models.SuiteSetupFile)
    assert back == built


def test_copilot_dataset_round_trips_through_yaml_and_jsonl(tmp_path: Path) -> None:
    tests = [
        dsl.copilot_test("Q1", question="Create No. Series for Sales.", expected_data=[{"n": 22}]),
        dsl.copilot_test("Q2", question="yes", context={"x": None}, ground_truth="0o17"),
    ]
    built = dsl.dataset(*tests)
    assert dsl.from_yaml(dsl.to_yaml(built)) == built
    path = dsl.write_jsonl(tests, tmp_path / "copilot.jsonl")
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert [models.CopilotTest.model_validate(r) for r in rows] == tests


def test_written_files_read_back_equal_and_lint_clean(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data_path = dsl.write(order_dataset(), tmp_path / "ORDERS.yaml")
    setup_path = dsl.write(order_setup(), tmp_path / "ORDERS-SETUP.yaml")
    assert dsl.read(data_path) == order_dataset()
    assert dsl.read(setup_path) == order_setup()
    assert main(["lint", str(tmp_path), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out) == []


def test_canonical_output_matches_the_golden_file() -> None:
    # After a deliberate format change: python tests/dsl/dsl_samples.py
    assert dsl.to_yaml(order_dataset()) == GOLDEN.read_text(encoding="utf-8")


def test_placeholders_are_double_quoted_and_turns_always_written() -> None:
    text = dsl.to_yaml(order_dataset())
    assert '"$DateFormula-<CW+1M+1D>$"' in text
    assert 'instruction: "Use shipment date $DateFormula-<CW+1M+1D>$"' in text
    assert 'Posted At: "$DateTimeFormula-<CD>-13:30:00$"' in text
    single = dsl.dataset(dsl.agent_test("ONE", dsl.turn(dsl.task("Go", from_="Jane"))))
    assert dsl.to_yaml(single).splitlines()[2:5] == [
        "    turns:",
        "      - query:",
        "          from: Jane",
    ]


def test_task_query_keys_follow_the_documented_order() -> None:
    query = dsl.task("T", from_="F", message="M", attachments=["a.txt"], timeout=5)
    assert list(dsl.to_data(query)) == ["from", "title", "message", "attachments", "timeout"]


# Text that YAML readers like to turn into something else.
_TRICKY = st.one_of(
    st.sampled_from(
        [
            "yes",
            "No",
            "on",
            "null",
            "~",
            "1e3",
            "0o17",
            "0x1F",
            ".inf",
            "12:30",
            "2025-01-01",
            "- x",
            "a: b",
            "#c",
            "'q'",
            '"d"',
            "",
            " lead",
            "trail ",
            "multi\nline",
            "tab\there",
            "€ ünï",
            "@at",
            "%pc",
            "!bang",
            "*star",
            "nel\x85next",
            "line\u2028sep",
            "bell\x07",
            "\ufeffbom",
            "multi\nline\n",
        ]
    ),
    st.text(st.characters(blacklist_categories=("Cs",)), max_size=12),
)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(title=_TRICKY, value=_TRICKY, key=_TRICKY.filter(bool), number=st.integers())
def test_any_text_round_trips(title: str, value: str, key: str, number: int) -> None:
    if not title:
        title = "t"
    test = dsl.agent_test(
        "T1",
        dsl.turn(
            dsl.task(title, from_=value or "x", message=value),
            dsl.expect(**{key: value, "n": number}),
        ),
    )
    built = dsl.dataset(test, name=value or None)
    assert dsl.from_yaml(dsl.to_yaml(built)) == built

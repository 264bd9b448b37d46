"""Variants of a test: one copy per change, each uniquely named."""

from __future__ import annotations

import re

import pytest

from ait_datasets import dsl
from ait_datasets.dsl import DatasetBuildError, rephrase, substitute, variants
from ait_datasets.schema import models


def _base() -> models.AgentTest:
    return dsl.agent_test(
        "RELEASE",
        dsl.turn(
            dsl.task("Process open orders", from_="Jane", message="Ship by next month"),
            dsl.expect(released=1),
            setup={"Shipment Date": dsl.date_formula("<CW+1M>")},
        ),
        description="Release an order",
    )


def test_rephrasings_get_numbered_names_and_new_titles() -> None:
    base = _base()
    out = variants(base, [rephrase(title="Release the orders"), rephrase(message="Go ahead")])
    assert [t.name for t in out] == ["RELEASE-1", "RELEASE-2"]
    assert [dsl.to_data(t)["turns"][0]["query"]["title"] for t in out] == [
        "Release the orders",
        "Process open orders",
    ]
    assert dsl.to_data(out[1])["turns"][0]["query"]["message"] == "Go ahead"
    # The original is untouched.
    assert dsl.to_data(base)["turns"][0]["query"]["title"] == "Process open orders"


def test_substitute_changes_dates_everywhere_and_descriptions_are_formatted() -> None:
    out = variants(
        _base(),
        [substitute(dsl.date_formula("<CW+1M>"), dsl.date_formula(f"<CW+{n}M>")) for n in (2, 3)],
        name="{name}-DATE-{n}",
        description="{description} (variant {n})",
    )
    assert [t.name for t in out] == ["RELEASE-DATE-1", "RELEASE-DATE-2"]
    assert [t.description for t in out] == [
        "Release an order (variant 1)",
        "Release an order (variant 2)",
    ]
    assert [dsl.to_data(t)["turns"][0]["turn_setup"]["Shipment Date"] for t in out] == [
        "$DateFormula-<CW+2M>$",
        "$DateFormula-<CW+3M>$",
    ]
    # Variants go into one dataset without name clashes.
    assert len(dsl.dataset(_base(), *out).tests) == 3  # type: ignore[arg-type]


def test_a_name_pattern_without_a_number_is_refused() -> None:
    with pytest.raises(DatasetBuildError, match=re.escape("variant name 'SAME' is not unique")):
        variants(_base(), [rephrase(title="a"), rephrase(title="b")], name="SAME")


def test_rephrasing_an_intervention_turn_is_refused() -> None:
    test = dsl.agent_test("T", dsl.turn(dsl.task("a", from_="b")), dsl.turn(dsl.instruction("go")))
    with pytest.raises(DatasetBuildError, match="turn 2 of test 'T' is an intervention reply"):
        variants(test, [rephrase(title="x", turn=1)])

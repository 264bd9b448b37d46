"""Datasets built with the DSL, shared by the DSL tests (not a test module)."""

from __future__ import annotations

from ait_datasets import dsl
from ait_datasets.schema import models


def order_dataset() -> models.DatasetFile:
    """A two-test agent dataset using every builder: the canonical-output golden file."""
    order = dsl.action(
        "create_sales_order",
        {
            "Sell-to Customer No.": "CUST01",
            "Shipment Date": dsl.date_formula("<CW+1M+1D>"),
            "lines": [{"Quantity": 10, "Location Code": "MAIN"}],
        },
    )
    asks = dsl.agent_test(
        "ASKS-FOR-DATE",
        dsl.turn(
            dsl.task(
                "Process open sales orders",
                from_="Jane Doe",
                message="Process all open sales orders.\nShip complete.",
                attachments=["attachments/order.pdf"],
                timeout=600000,
            ),
            dsl.expect("Assistance", released_orders=0),
            setup=dsl.setup(order),
        ),
        dsl.turn(
            dsl.instruction("Use shipment date $DateFormula-<CW+1M+1D>$"),
            dsl.expect(released_orders=1),
        ),
        description="The agent asks for a shipment date and releases the order once given.",
    )
    review = dsl.agent_test(
        "REVIEW-SUGGESTION",
        dsl.turn(
            dsl.task("Review the return", from_="Jane Doe"),
            dsl.expect("ReviewRecord", suggestions=["APPROVE", "REJECT"]),
            continue_on_failure=True,
        ),
        dsl.turn(
            dsl.suggestion("APPROVE"),
            dsl.expect(**{"Posted At": dsl.datetime_formula("<CD>", "13:30:00")}),
        ),
    )
    return dsl.dataset(asks, review, name="ORDERS", suite_setup="ORDERS-SETUP")


def order_setup() -> models.SuiteSetupFile:
    return dsl.suite_setup(
        "ORDERS-SETUP",
        dsl.action("create_location", {"Code": "MAIN", "Name": "Main warehouse"}),
        dsl.action("create_customers", {"No.": "CUST01", "Name": "Contoso"}),
    )


if __name__ == "__main__":  # regenerate the golden file after a deliberate format change
    from pathlib import Path

    golden = Path(__file__).resolve().parent / "golden" / "ORDERS.yaml"
    golden.write_text(dsl.to_yaml(order_dataset()), encoding="utf-8", newline="\n")

"""Build an agent dataset and its suite setup with the DSL; writes them to the current folder.

python examples/dsl/agent_dataset.py && datasets lint .
"""

from __future__ import annotations

from ait_datasets import dsl


def main() -> None:
    setup = dsl.suite_setup(
        "SHIPPING-SETUP",
        dsl.action("create_location", {"Code": "MAIN", "Name": "Main warehouse"}),
        dsl.action("create_customers", {"No.": "CUST01", "Name": "Adatum Corporation"}),
    )
    order_without_date = dsl.setup(
        dsl.action("create_sales_order", {"Sell-to Customer No.": "CUST01"})
    )
    ask_for_date = dsl.agent_test(
        "ASK-FOR-DATE",
        dsl.turn(
            dsl.task(
                "Process open sales orders",
                from_="Jane Doe",
                message="Please release all open sales orders.",
            ),
            dsl.expect("Assistance", released_orders=0),
            setup=order_without_date,
        ),
        dsl.turn(
            dsl.instruction(f"Ship it on {dsl.date_formula('<CW+1M+1D>')}"),
            dsl.expect(released_orders=1),
        ),
        description="The agent asks for a missing shipment date; the user gives one.",
    )
    review = dsl.agent_test(
        "REVIEW-RELEASE",
        dsl.turn(
            dsl.task("Release order for Adatum", from_="Jane Doe", message="Release it."),
            dsl.expect("ReviewRecord", suggestions=["APPROVE", "REJECT"]),
            setup=order_without_date,
        ),
        dsl.turn(dsl.suggestion("APPROVE"), dsl.expect(released_orders=1)),
        description="The agent asks for a review and offers two choices; the user approves.",
    )
    dataset = dsl.dataset(ask_for_date, review, suite_setup="SHIPPING-SETUP")
    for path in (
        dsl.write(setup, "SHIPPING-SETUP.yaml"),
        dsl.write(dataset, "SHIPPING-ACC.yaml"),
    ):
        print(path)


if __name__ == "__main__":
    main()

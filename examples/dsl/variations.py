"""Many small variations of one scenario, each with its own name; writes SHIPPING-VAR.yaml.

The framework's guidance is to test a scenario with many small variations: other
phrasings, other dates. Each variant is a copy of the base test with one change.

    python examples/dsl/variations.py && datasets lint .
"""

from __future__ import annotations

from ait_datasets import dsl


def main() -> None:
    base = dsl.agent_test(
        "RELEASE",
        dsl.turn(
            dsl.task("Process open sales orders", from_="Jane Doe", message="Release them."),
            dsl.expect(released_orders=1),
            setup=dsl.setup(
                dsl.action(
                    "create_sales_order",
                    {
                        "Sell-to Customer No.": "CUST01",
                        "Shipment Date": dsl.date_formula("<CW+1M>"),
                    },
                )
            ),
        ),
        description="Release an order that has a shipment date",
    )
    phrasings = dsl.variants(
        base,
        [
            dsl.rephrase(title="Release the open orders"),
            dsl.rephrase(title="Please process every open sales order"),
            dsl.rephrase(message="Ship whatever is ready."),
        ],
        name="{name}-PHRASE-{n}",
    )
    dates = dsl.variants(
        base,
        [
            dsl.substitute(dsl.date_formula("<CW+1M>"), dsl.date_formula(formula))
            for formula in ("<CD+1D>", "<CM+1D>", "<CW+2W>")
        ],
        name="{name}-DATE-{n}",
        description="{description} ({n})",
    )
    print(dsl.write(dsl.dataset(base, *phrasings, *dates), "SHIPPING-VAR.yaml"))


if __name__ == "__main__":
    main()

"""Synthetic datasets for benchmarks, shaped like the tests of the framework's docs.

    python bench/generate.py --tests 10000 --shape agent --out bench/out/agent-10000.yaml

Shapes: ``agent`` (multi-turn with interventions and placeholders), ``copilot``
(question/expected_data), ``jsonl`` (Copilot rows), ``legacy`` (flat `question:` agent
tests, for `datasets migrate`). The output is deterministic for a given size and shape.
"""

from __future__ import annotations

import argparse
import json
import os


def agent_test(i: int) -> str:
    return f"""  - name: ORDER-RELEASE-{i:05d}
    description: Scenario {i} - the agent releases orders and asks for a missing date.
    turns:
      # Turn 1: a customer order without a shipment date.
      - turn_setup:
          setup_actions:
            - action_type: create_sales_order
              action_data:
                - "Sell-to Customer No.": "CUST{i % 50:02d}"
                  "Shipping Advice": Complete
                  "Shipment Date": "$DateFormula-<CW+{i % 4 + 1}M+1D>$"
                  lines:
                    - Quantity: {i % 9 + 1}
                      "Location Code": MAIN
                      quantity_in_inventory: 10
                      reserve: true
        query:
          from: Jane Doe
          title: "Run and process all open sales orders ({i})"
          message: "Please run and process all open sales orders for customer CUST{i % 50:02d}."
        expected_data:
          intervention_request:
            type: Assistance
            suggestions: [PROVIDE_DATE, CANCEL]
          agent_released_orders: 0
      - query:
          intervention:
            instruction: "Use shipment date $DateFormula-<CW+1M+{i % 5}D>$"
        expected_data:
          agent_released_orders: 1
"""


def copilot_test(i: int) -> str:
    return f"""  - name: ACCURACY_{i:05d}
    description: Test the accuracy of No. Series creation, case {i}.
    question: Create No. Series for purchase orders in department {i % 30}.
    expected_data:
      - expected_number: {i % 7 + 1}
"""


def legacy_test(i: int) -> str:
    return f"""  - name: LEGACY-{i:05d}
    description: A flat legacy agent test {i}.
    test_setup:
      setup_actions:
        - action_type: create_sales_order
          action_data:
            - "Sell-to Customer No.": "CUST{i % 50:02d}"
    question:
      from: Jane Doe
      message: "Process order {i}"
    expected_data:
      intervention_request:
        type: Assistance
"""


def jsonl_row(i: int) -> str:
    row = {
        "name": f"ROW{i:05d}",
        "question": f"Find the item for request {i}",
        "expected_data": {"item_no": f"I{i % 1000:04d}", "quantity": i % 9 + 1},
    }
    return json.dumps(row) + "\n"


_TESTS = {
    "agent": agent_test,
    "copilot": copilot_test,
    "legacy": legacy_test,
}


def generate(tests: int, shape: str) -> str:
    if shape == "jsonl":
        return "".join(jsonl_row(i) for i in range(tests))
    head = "suite_setup: ORDERS-SETUP\n" if shape == "agent" else ""
    return head + "tests:\n" + "".join(map(_TESTS[shape], range(tests)))


def write_generated(path: str, tests: int, shape: str) -> None:
    """``generate(tests, shape)`` written to ``path`` a thousand tests at a time.

    The bench never holds a large text itself: a child's peak memory (``ru_maxrss``) can
    count pages of the parent it was forked from.
    """
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        if shape != "jsonl":
            fh.write("suite_setup: ORDERS-SETUP\ntests:\n" if shape == "agent" else "tests:\n")
        make = jsonl_row if shape == "jsonl" else _TESTS[shape]
        for start in range(0, tests, 1000):
            fh.write("".join(map(make, range(start, min(start + 1000, tests)))))


def tests_for_bytes(size: int, shape: str) -> int:
    """About how many tests of ``shape`` make a file of ``size`` bytes (a bit under)."""
    make = jsonl_row if shape == "jsonl" else _TESTS[shape]
    return int(size * 0.995) // len(make(50_000).encode("utf-8"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tests", type=int, default=10_000)
    parser.add_argument("--shape", choices=("jsonl", *_TESTS), default="agent")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    write_generated(args.out, args.tests, args.shape)


if __name__ == "__main__":
    main()

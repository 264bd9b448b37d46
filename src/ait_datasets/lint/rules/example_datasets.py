"""Neighbour files that many rule examples share, written once.

A suite-XML or cross-file rule's example is a whole app: the file the rule reports and
the dataset its suite runs. That dataset is the same ordinary one in most of them, so it
lives here; the rule pages still print it in full (paths relative to `.resources`).
"""

from __future__ import annotations

# The one-test agent dataset a suite's `Dataset="orders.yaml"` names.
ORDERS_DATASET = {
    "datasets/orders.yaml": """
        tests:
          - name: RELEASE-ORDER
            description: Jane asks the agent to release sales order 101
            turns:
              - query:
                  from: Jane Doe
                  title: Release order 101
                  message: Please release sales order 101.
                expected_data: {}
        """,
}

"""Example files that many rules' examples share, written once.

A rule's example is a whole app: the file the rule reports and the files it needs beside
it. Most passing examples are the same ordinary dataset, and most suite-XML and
cross-file examples run it from the same suite, so those texts live here; the rule pages
still print every file in full (paths relative to `.resources`).
"""

from __future__ import annotations

# The ordinary one-test agent dataset: the passing example of most dataset rules, and the
# dataset a suite's `Dataset="orders.yaml"` names.
ORDERS_YAML = """
tests:
  - name: RELEASE-ORDER
    description: Jane asks the agent to release sales order 101
    turns:
      - query:
          from: Jane Doe
          title: Release order 101
          message: Please release sales order 101.
        expected_data: {}
"""
ORDERS_DATASET = {"datasets/orders.yaml": ORDERS_YAML}
# The same with its group's `name:` (ORDERS_YAML starts with a newline).
NAMED_ORDERS_YAML = "name: ORDERS" + ORDERS_YAML

# The agent suite that runs it.
ORDERS_SUITE = """
<?xml version="1.0" encoding="UTF-8"?>
<Root>
  <AITSuite Code="ORDERS" Description="Release sales orders" Dataset="orders.yaml"
            TestType="Agent" TestRunnerId="130451">
    <Line CodeunitID="50100" Description="Release orders" />
  </AITSuite>
</Root>
"""

# A suite-setup file with nothing to set up.
ORDERS_SETUP_YAML = """
name: ORDERS-SETUP
suite_setup:
  setup_actions: []
"""

# A test whose first turn expects the agent to ask for assistance, answered by the next.
ASSISTANCE_YAML = """
tests:
  - name: RELEASE-ORDER
    turns:
      - query:
          from: Jane Doe
          title: Release order 101
          message: Please release sales order 101.
        expected_data:
          intervention_request:
            type: Assistance
            suggestions: [RELEASE, CANCEL]
      - query:
          intervention: {suggestion: RELEASE}
        expected_data: {}
"""


def with_turn_setup(entry: str) -> str:
    """The ordinary dataset whose turn also has a `turn_setup:` of one ``entry`` line.

    The placeholder rules' examples differ only in that line (line 10 of the file).
    """
    return ORDERS_YAML.replace(
        "        expected_data: {}\n",
        f"        turn_setup:\n          {entry}\n        expected_data: {{}}\n",
    )

"""Print the JSON Schema (draft 2020-12) of a dataset file kind.

The schema is generated from the document model and shipped with the package, so editors
and other validators (for example check-jsonschema, or the YAML language server's
`# yaml-language-server: $schema=...` comment) check files the same way `datasets lint`
checks their structure. `datasets lint` reports more: rules a JSON Schema cannot express
(names unique case-insensitively, placeholders, references between files) and exact
line:col positions.

Kinds:
  dataset      a YAML dataset: `tests:` (or a root that is one test); agent and Copilot tests
  suite-setup  a YAML file whose `suite_setup:` is an object
  jsonl-row    one line of a .jsonl dataset (one test)
"""

from __future__ import annotations

import argparse

HELP = "print the JSON Schema of a dataset file kind"

KINDS = ("dataset", "suite-setup", "jsonl-row")


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--kind",
        choices=KINDS,
        default="dataset",
        help="which file kind (default: dataset)",
    )


def run(args: argparse.Namespace) -> int:
    from ait_datasets.console import write_data
    from ait_datasets.schema import shipped_schema_text

    write_data(shipped_schema_text(args.kind))
    return 0

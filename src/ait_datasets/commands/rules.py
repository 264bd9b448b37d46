"""List every lint rule, or print one rule's documentation (what, why, example, fix)."""

from __future__ import annotations

import argparse
import sys

HELP = "list the lint rules, or explain one (datasets rules CODE)"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("code", nargs="?", help="a rule code (e.g. QRY003) or name")
    parser.add_argument(
        "--format",
        choices=("text", "markdown", "json"),
        default="text",
        help="output format of the list (default: text)",
    )


def run(args: argparse.Namespace) -> int:
    from ait_datasets.lint.rule import render_doc
    from ait_datasets.lint.rules import all_rules
    from ait_datasets.lint.rules_table import rules_json, rules_markdown, rules_text

    if args.code:
        wanted = args.code.strip()
        for rule in all_rules():
            if wanted.upper() == rule.code or wanted == rule.name:
                sys.stdout.write(render_doc(rule))
                return 0
        print(
            f"datasets rules: no rule '{wanted}' (run `datasets rules` for the list)",
            file=sys.stderr,
        )
        return 2
    render = {"text": rules_text, "markdown": rules_markdown, "json": rules_json}[args.format]
    sys.stdout.write(render(all_rules()))
    return 0

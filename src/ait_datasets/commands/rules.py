"""List the lint rules, or print rules' documentation (what, why, example, fix).

``datasets rules`` lists every rule with its severity and fix (safe, unsafe or none).
Arguments are codes, names or prefixes (``datasets rules QRY EXP001``): an exact code or
name prints the rule's page, a prefix lists the rules it matches. ``--format markdown``
prints the pages in Markdown for publishing (the table without arguments), ``--format
json`` the matching rules as objects.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ait_datasets.lint.rule import Rule

HELP = "list the lint rules, or explain some (datasets rules CODE|PREFIX ...)"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "code",
        nargs="*",
        metavar="CODE",
        help="rule codes (QRY003), names (task-input-without-from) or prefixes (QRY)",
    )
    parser.add_argument(
        "--format",
        choices=("text", "markdown", "json"),
        default="text",
        help="text (default), markdown (the pages, or the table without CODE) or json",
    )


def run(args: argparse.Namespace) -> int:
    from ait_datasets.console import write_data
    from ait_datasets.lint.rule import render_doc
    from ait_datasets.lint.rules import all_rules
    from ait_datasets.lint.rules_table import rule_markdown, rules_json, rules_markdown, rules_text

    if not args.code:
        render = {"text": rules_text, "markdown": rules_markdown, "json": rules_json}[args.format]
        (sys.stdout.write if args.format == "text" else write_data)(render(all_rules()))
        return 0
    pages: list[Rule] = []  # exact codes and names
    listed: list[Rule] = []  # matched by a prefix
    for wanted in args.code:
        found = _match(wanted.strip())
        if found is None:
            return _unknown(wanted.strip())
        exact, rules = found
        for rule in rules:
            target = pages if exact else listed
            if rule not in pages and rule not in listed:
                target.append(rule)
    chosen = sorted([*pages, *listed], key=lambda r: r.code)
    if args.format == "json":
        write_data(rules_json(chosen))
    elif args.format == "markdown":
        write_data("\n".join(rule_markdown(rule) for rule in chosen))
    else:
        parts = [render_doc(rule) for rule in pages]
        if listed:
            parts.append(rules_text(listed))
        sys.stdout.write("\n".join(parts))
    return 0


def _match(wanted: str) -> tuple[bool, list[Rule]] | None:
    """(exact?, the rules) for a code, a name or a prefix; None when nothing matches."""
    from ait_datasets.lint.rules import all_rules

    upper = wanted.upper()
    for rule in all_rules():
        if upper == rule.code or wanted == rule.name:
            return True, [rule]
    prefixed = [rule for rule in all_rules() if upper and rule.code.startswith(upper)]
    return (False, prefixed) if prefixed else None


def _unknown(wanted: str) -> int:
    from ait_datasets.lint.known_codes import unknown_code
    from ait_datasets.lint.rules import all_rules
    from ait_datasets.lint.suggest import hint

    names = [rule.name for rule in all_rules()]
    detail = unknown_code(wanted.upper()) or ""
    extra = "" if "Did you mean" in detail else hint(wanted, names)
    print(
        f"datasets rules: no rule '{wanted}' (run `datasets rules` for the list)."
        f"{detail.partition('.')[2] if detail else ''}{extra}",
        file=sys.stderr,
    )
    return 2

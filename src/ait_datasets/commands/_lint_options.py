"""The options of `datasets lint` (argument definitions only: cheap to import)."""

from __future__ import annotations

import argparse

from ait_datasets.commands._lint_outputs import format_spec

STDIN = "-"
# The name standard input is linted under without --stdin-filename.
STDIN_DEFAULT_NAME = "stdin.yaml"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "paths",
        nargs="*",
        metavar="PATH",
        help="files or directories (default: the current directory); - reads standard input",
    )
    out = parser.add_argument_group("output")
    out.add_argument(
        "--format",
        type=format_spec,
        action="append",
        metavar="FORMAT[:FILE]",
        help="text, concise, json, sarif, github, azure, gitlab or junit; repeat with :FILE "
        "for several reports in one run (default: text; github under GitHub Actions, "
        "azure under Azure Pipelines)",
    )
    out.add_argument(
        "-o",
        "--output-file",
        metavar="FILE",
        help="write the report to FILE instead of standard output",
    )
    out.add_argument(
        "--statistics",
        action="store_true",
        help="also print how often each code was found, with its rule name and fix",
    )
    out.add_argument(
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        help="colour the text output (default: auto, on a terminal)",
    )
    sel = parser.add_argument_group("rules")
    sel.add_argument(
        "--select",
        default="",
        metavar="CODES",
        help="only these codes or prefixes, comma-separated (e.g. QRY,EXP001; ALL: every rule)",
    )
    sel.add_argument(
        "--extend-select",
        default="",
        metavar="CODES",
        help="add these codes or prefixes to the configuration's select",
    )
    sel.add_argument(
        "--ignore",
        default="",
        metavar="CODES",
        help="skip these codes or prefixes, comma-separated (ALL: every rule)",
    )
    sel.add_argument(
        "--work-date",
        metavar="YYYY-MM-DD",
        help="the work date placeholders are resolved against (default: today)",
    )
    sel.add_argument(
        "--config",
        metavar="PATH",
        help="use this configuration file instead of searching for "
        ".ait-datasets.toml / pyproject.toml upward from each file",
    )
    code = parser.add_argument_group("exit code")
    code.add_argument(
        "--fail-level",
        choices=("error", "warning", "info"),
        help="the lowest severity that makes the exit code 1 (default: error)",
    )
    code.add_argument(
        "--exit-zero", action="store_true", help="exit 0 even when there are findings"
    )
    code.add_argument(
        "--allow-empty",
        action="store_true",
        help="a run that finds no dataset file is not an error (for hooks that may pass none)",
    )
    files = parser.add_argument_group("files")
    files.add_argument(
        "--stdin-filename",
        metavar="PATH",
        help="with -, the path standard input stands for: it decides the file kind, the "
        f"app and the configuration (default: {STDIN_DEFAULT_NAME})",
    )
    files.add_argument(
        "--jobs",
        type=_jobs,
        default=None,
        metavar="N",
        help="worker processes for many files (default: auto, one per core; "
        "never more than the CPU count)",
    )
    fix = parser.add_argument_group("fixes")
    fix.add_argument(
        "--fix", action="store_true", help="apply safe fixes to the files, then report the rest"
    )
    fix.add_argument(
        "--unsafe-fixes",
        action="store_true",
        help="with --fix or --diff, also apply fixes that may change what a test does",
    )
    fix.add_argument(
        "--diff",
        action="store_true",
        help="print the fixes as a unified diff instead of writing them (exit 1 if any)",
    )
    adopt = parser.add_argument_group("adoption")
    adopt.add_argument(
        "--add-suppressions",
        action="store_true",
        help="add a `# datasets: disable=CODE` comment for every current finding in YAML "
        "and XML files, changing nothing else",
    )
    adopt.add_argument(
        "--write-baseline",
        metavar="FILE",
        help="record every current finding in FILE (then use --baseline FILE)",
    )
    adopt.add_argument(
        "--baseline",
        metavar="FILE",
        help="report only the findings that FILE does not record",
    )
    adopt.add_argument(
        "--prune-baseline",
        action="store_true",
        help="with --baseline, remove the entries that are fixed from FILE",
    )


def _jobs(text: str) -> int | None:
    if text == "auto":
        return None
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number of jobs") from None
    if value < 1:
        raise argparse.ArgumentTypeError("--jobs must be at least 1")
    return value

"""Check datasets, suite-setup files and suites the way the framework reads them.

Exit codes: 0 no errors (warnings allowed), 1 at least one error, 2 a usage error or a
file that could not be read.
"""

from __future__ import annotations

import argparse
import os
import sys

HELP = "check datasets for errors the framework would hit at run time"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "paths",
        nargs="*",
        default=["."],
        metavar="PATH",
        help="files or directories (default: the current directory)",
    )
    parser.add_argument(
        "--format",
        choices=("text", "json", "sarif", "github", "junit"),
        default=None,
        help="output format (default: text; github when run by GitHub Actions)",
    )
    parser.add_argument(
        "--statistics", action="store_true", help="also print how often each code was found"
    )
    parser.add_argument(
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        help="colour the text output (default: auto, on a terminal)",
    )
    parser.add_argument(
        "--select",
        default="",
        metavar="CODES",
        help="only these codes or prefixes, comma-separated (e.g. QRY,EXP001)",
    )
    parser.add_argument(
        "--ignore",
        default="",
        metavar="CODES",
        help="skip these codes or prefixes, comma-separated",
    )
    parser.add_argument(
        "--work-date",
        metavar="YYYY-MM-DD",
        help="the work date placeholders are resolved against (default: today)",
    )


def _codes(text: str) -> tuple[str, ...]:
    return tuple(c.strip().upper() for c in text.split(",") if c.strip())


def output_format(requested: str | None) -> str:
    """The format asked for, else ``github`` under GitHub Actions (annotations), else text."""
    if requested is not None:
        return requested
    return "github" if os.environ.get("GITHUB_ACTIONS") == "true" else "text"


def run(args: argparse.Namespace) -> int:
    import datetime as dt

    from ait_datasets.lint.config import LintConfig
    from ait_datasets.lint.engine import lint_paths
    from ait_datasets.lint.reporters import Report, renderer

    config = LintConfig(select=_codes(args.select), ignore=_codes(args.ignore))
    if args.work_date:
        try:
            config.work_date = dt.date.fromisoformat(args.work_date)
        except ValueError:
            print(
                f"datasets lint: --work-date: '{args.work_date}' is not a date (YYYY-MM-DD)",
                file=sys.stderr,
            )
            return 2
    missing = [p for p in args.paths if not os.path.exists(p) and not os.path.islink(p)]
    for path in missing:
        print(f"datasets lint: {path}: no such file or directory", file=sys.stderr)
    run_ = lint_paths([p for p in args.paths if p not in missing], config)
    for path, reason in run_.unreadable:
        print(f"{path}: cannot read: {reason}", file=sys.stderr)
    color = args.color == "always" or (
        args.color == "auto" and sys.stdout.isatty() and "NO_COLOR" not in os.environ
    )
    report = Report(
        run_.diagnostics,
        run_.files,
        run_.sources,
        color=color,
        statistics=args.statistics,
        paths=run_.paths,
    )
    sys.stdout.write(renderer(output_format(args.format))(report))
    if missing or run_.unreadable:
        return 2
    fail = config.fail_level.rank
    return 1 if any(d.severity.rank >= fail for d in run_.diagnostics) else 0

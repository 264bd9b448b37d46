"""Check datasets, suite-setup files and suites the way the framework reads them.

Exit codes: 0 no errors (warnings allowed), 1 at least one error, 2 a usage error or a
file that could not be read.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ait_datasets.diagnostics import Diagnostic
    from ait_datasets.lint.config import LintConfig

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
    parser.add_argument(
        "--fail-level",
        choices=("error", "warning", "info"),
        help="the lowest severity that makes the exit code 1 (default: error)",
    )
    parser.add_argument(
        "--config",
        metavar="PATH",
        help="use this configuration file instead of searching for "
        ".ait-datasets.toml / pyproject.toml upward from each file",
    )
    parser.add_argument(
        "--jobs",
        type=_jobs,
        default=None,
        metavar="N",
        help="worker processes for many files (default: auto, one per core; "
        "never more than the CPU count)",
    )
    parser.add_argument(
        "--fix", action="store_true", help="apply safe fixes to the files, then report the rest"
    )
    parser.add_argument(
        "--unsafe-fixes",
        action="store_true",
        help="with --fix or --diff, also apply fixes that may change what a test does",
    )
    parser.add_argument(
        "--diff",
        action="store_true",
        help="print the fixes as a unified diff instead of writing them (exit 1 if any)",
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


def _codes(text: str) -> tuple[str, ...]:
    return tuple(c.strip().upper() for c in text.split(",") if c.strip())


def output_format(requested: str | None) -> str:
    """The format asked for, else ``github`` under GitHub Actions (annotations), else text."""
    if requested is not None:
        return requested
    return "github" if os.environ.get("GITHUB_ACTIONS") == "true" else "text"


def _cli_overrides(args: argparse.Namespace) -> dict[str, object] | str:
    """Settings given on the command line, or an error message."""
    import datetime as dt

    from ait_datasets.diagnostics import Severity

    cli: dict[str, object] = {}
    if args.select:
        cli["select"] = _codes(args.select)
    if args.ignore:
        cli["ignore"] = _codes(args.ignore)
    if args.fail_level:
        cli["fail_level"] = Severity(args.fail_level)
    if args.work_date:
        try:
            cli["work_date"] = dt.date.fromisoformat(args.work_date)
        except ValueError:
            return f"--work-date: '{args.work_date}' is not a date (YYYY-MM-DD)"
    return cli


def run(args: argparse.Namespace) -> int:
    from ait_datasets.lint.config_files import ConfigError, ConfigResolver
    from ait_datasets.lint.engine import lint_paths
    from ait_datasets.lint.progress import ProgressBar
    from ait_datasets.lint.reporters import Report, renderer

    cli = _cli_overrides(args)
    if isinstance(cli, str):
        print(f"datasets lint: {cli}", file=sys.stderr)
        return 2
    try:
        resolver = ConfigResolver(args.config, cli)
    except ConfigError as exc:
        print(f"datasets lint: invalid configuration: {exc}", file=sys.stderr)
        return 2
    missing = [p for p in args.paths if not os.path.exists(p) and not os.path.islink(p)]
    for path in missing:
        print(f"datasets lint: {path}: no such file or directory", file=sys.stderr)
    cores = os.cpu_count() or 1
    if args.jobs is not None and args.jobs > cores:
        print(
            f"datasets lint: --jobs {args.jobs} is more than the {cores} CPUs; using {cores}",
            file=sys.stderr,
        )
    fixer = None
    if args.fix or args.diff:
        from ait_datasets.lint.fixing import Fixer

        fixer = Fixer(unsafe=args.unsafe_fixes)
    progress = ProgressBar()
    try:
        run_ = lint_paths(
            [p for p in args.paths if p not in missing],
            resolver.for_file,
            fixer=fixer,
            jobs=args.jobs,
            progress=progress,
        )
    except ConfigError as exc:
        print(f"datasets lint: invalid configuration: {exc}", file=sys.stderr)
        return 2
    finally:
        progress.close()
    for path, reason in run_.unreadable:
        print(f"{path}: cannot read: {reason}", file=sys.stderr)
    if args.diff:
        from ait_datasets.lint.fixing import unified_diff

        for path, (old, new) in run_.fixed.items():
            sys.stdout.write(unified_diff(path, old, new))
        n = run_.fixes_applied
        print(
            f"Would fix {n} finding{'s' if n != 1 else ''} in {len(run_.fixed)} file(s).",
            file=sys.stderr,
        )
        return 2 if (missing or run_.unreadable) else (1 if run_.fixed else 0)
    if args.fix:
        from ait_datasets.atomic import write_text_atomically

        for path, (_old, new) in list(run_.fixed.items()):
            try:
                write_text_atomically(path, new, bom=_has_bom(path))
            except OSError as exc:
                # The file is left as it was (the write is atomic); say so and move on.
                print(f"{path}: cannot write the fixes: {exc.strerror or exc}", file=sys.stderr)
                run_.unreadable.append((path, "not fixed"))
                del run_.fixed[path]
        if run_.fixes_applied:
            n = run_.fixes_applied
            print(
                f"Fixed {n} finding{'s' if n != 1 else ''} in {len(run_.fixed)} file(s).",
                file=sys.stderr,
            )
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
    failing = {d.path for d in run_.diagnostics if _fails(d, resolver.for_file(d.path))}
    return 1 if failing else 0


def _fails(diag: Diagnostic, config: LintConfig) -> bool:
    return diag.severity.rank >= config.fail_level.rank


def _has_bom(path: str) -> bool:
    with open(path, "rb") as fh:
        return fh.read(3) == b"\xef\xbb\xbf"

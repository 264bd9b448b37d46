"""Rewrite legacy agent datasets to the current format, keeping everything else.

Legacy agent datasets use `question:` (text, or an object with `from`/`message`), flat
single-turn tests and `test_setup`. This command rewrites them in place: a flat test
becomes a one-turn `turns:` list, `question` becomes `query` (with a `title` taken from
the message's first line), `test_setup` in a turn becomes `turn_setup`, and in `.al`
files passed explicitly, `.GetQuestion()` calls on `AIT Test Context` variables become
`.GetQuery()` (calls on other receivers are listed as follow-ups).

Only agent datasets are changed: a file with `turns`, `query` or `intervention_request`,
or one that a suite XML in the same app references with TestType="Agent" (or any file,
with --kind agent). Copilot AI-test datasets, where `question` is the right key, are
skipped byte for byte. Comments, quoting, anchors, blank lines, CRLF and a BOM are kept.

Exit codes: 0 every file migrated or needed nothing; 1 with --check or --diff when a file
needs migration; 2 when a file cannot be read, parsed or safely migrated (it is left
untouched). With --diff, standard output is only the diff (what `git apply` reads); the
report goes to standard error.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator

HELP = "rewrite legacy `question:` agent datasets to `query:` + `turns:`"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "paths",
        nargs="+",
        metavar="PATH",
        help="dataset files or folders (searched like `datasets lint` does: .yaml, .yml, "
        ".jsonl, and .json inside .resources); .al files passed by name get "
        "GetQuestion() -> GetQuery() on AIT Test Context variables",
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="write nothing; exit 1 when any file needs migration",
    )
    parser.add_argument(
        "--diff",
        action="store_true",
        help="print only a unified diff on stdout (the report on stderr), write nothing; "
        "exit 1 when a file would change",
    )
    parser.add_argument(
        "--from",
        dest="sender",
        metavar="NAME",
        help="the sender (`from`) for task queries that have none",
    )
    parser.add_argument(
        "--kind",
        choices=("auto", "agent"),
        default="auto",
        help="auto: decide from the file and suite XMLs (default); agent: treat every "
        "file as an agent dataset",
    )


def run(args: argparse.Namespace) -> int:
    from ait_datasets.console import write_data
    from ait_datasets.internal_error import FileInternalError
    from ait_datasets.migrate import FAILED, MIGRATED, MigrationOptions, migrate_file
    from ait_datasets.migrate.report import render_chunks, summary
    from ait_datasets.terminal_text import terminal_text

    options = MigrationOptions(sender=args.sender, kind=args.kind)
    write = not (args.check or args.diff)
    code = 0
    counts: dict[str, int] = {}
    missing: list[str] = []
    for path in _expand(args.paths, missing):
        try:
            result = migrate_file(path, options, write=write)
        except Exception as exc:
            raise FileInternalError(path, exc) from exc
        counts[result.outcome] = counts.get(result.outcome, 0) + 1
        out = sys.stderr if result.outcome == FAILED or args.diff else sys.stdout
        # A status line quotes the file's name and findings: shown safely (a diff is not).
        for chunk in render_chunks(result, dry_run=not write):
            print(terminal_text(chunk), file=out)
        if args.diff and result.outcome == MIGRATED:
            from ait_datasets.lint.reporters.unified_diff import unified_diff

            write_data(unified_diff(result.path, result.before, result.after))
        if result.outcome == FAILED:
            code = 2
        elif result.outcome == MIGRATED and (args.check or args.diff) and code == 0:
            code = 1
    print(summary(counts, dry_run=not write), file=sys.stderr if args.diff else sys.stdout)
    return 2 if missing else code


def _expand(paths: list[str], missing: list[str]) -> Iterator[str]:
    """Files as `datasets lint` finds them (suite XMLs aside); a path that does not exist
    is said, in its turn, and added to ``missing``."""
    from ait_datasets.lint.discover import discover, is_xml

    for path in paths:
        if not os.path.exists(path):
            print(f"{path}: no such file or folder", file=sys.stderr)
            missing.append(path)
            continue
        for found in discover([path]):
            if os.path.isdir(path) and is_xml(found):
                continue
            yield found

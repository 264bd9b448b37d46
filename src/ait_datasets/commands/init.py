"""Create the `.resources/` tree of a new agent test app.

Writes a suite-setup file, a dataset that references it (two tests, one with a
multi-turn user intervention), a suite XML (UTF-16, TestType="Agent",
TestRunnerId="130451") whose lines reference the dataset, and a README on wiring it
into the AL test app. Existing files are never overwritten. The result passes
`datasets lint`.

Example:
  datasets init my-agent-tests --code SALES --codeunit 50100
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

HELP = "create the .resources/ tree of a new agent test app"

EXIT_OK = 0
EXIT_USAGE = 2


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("directory", metavar="DIR", help="folder of the test app (created)")
    parser.add_argument(
        "--code",
        help="suite code and file name prefix, at most 10 characters "
        "(default: from the folder name)",
    )
    parser.add_argument(
        "--codeunit",
        type=int,
        default=50100,
        help="ID of the AL test codeunit the suite runs (default: 50100)",
    )


def run(args: argparse.Namespace) -> int:
    from ait_datasets.commands._new_tree import TreeError, conflicts, create_tree
    from ait_datasets.dsl.scaffold import prefix_for, scaffold

    target = Path(args.directory)
    if target.exists() and not target.is_dir():
        return _fail(f"{target}: exists and is not a folder")
    code = (args.code or prefix_for(target)).upper()
    if not re.fullmatch(r"[A-Z0-9][A-Z0-9-]{0,9}", code):
        return _fail(
            f"--code {code!r}: use 1 to 10 letters, digits or dashes (the suite's Code is Code[10])"
        )
    if args.codeunit <= 0:
        return _fail("--codeunit must be a positive codeunit ID")
    files = scaffold(code, args.codeunit)
    # Anything of the name counts, a dangling symbolic link too (writing would follow it
    # out of the target), and so does a folder that is a link.
    existing = conflicts(target, [str(f.path) for f in files])
    if existing:
        listed = ", ".join(str(p) for p in existing)
        return _fail(f"not overwriting existing files: {listed}")
    try:
        written = create_tree(target, [(str(f.path), f.data) for f in files])
    except TreeError as exc:
        return _fail(str(exc))
    for path in written:
        print(path)
    print(f"Next: read {target / 'README.md'}, then run `datasets lint {target}`.")
    return EXIT_OK


def _fail(message: str) -> int:
    print(f"datasets init: {message}", file=sys.stderr)
    return EXIT_USAGE

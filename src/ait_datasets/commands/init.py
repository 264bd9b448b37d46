"""Create the `.resources/` tree of a new agent test app.

Writes a suite-setup file, a dataset that references it (two tests, one with a
multi-turn user intervention), a suite XML (UTF-16, TestType="Agent",
TestRunnerId="130451") whose line runs the AL test codeunit, that codeunit
(src/<Code>AgentAccuracy.Codeunit.al: the agent test pattern, to fill in), and a README
on wiring it into the AL test app. Existing files are never overwritten. The result
passes `datasets lint`.

The suite code (Code[10]) is --code, else the folder name cut to 10 characters (init
says so when it cuts).

Example:
  datasets init my-agent-tests --code SALES --codeunit-id 50100 --agent-name "Sales Agent"
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
        "--codeunit-id",
        "--codeunit",
        dest="codeunit",
        type=int,
        default=50100,
        metavar="ID",
        help="ID of the AL test codeunit written and run by the suite (default: 50100)",
    )
    parser.add_argument(
        "--agent-name",
        default="My Agent",
        metavar="NAME",
        help="the agent the test codeunit falls back to when the suite names none "
        "(default: My Agent)",
    )


def run(args: argparse.Namespace) -> int:
    from ait_datasets.atomic import TreeError, conflicts, create_tree
    from ait_datasets.dsl.scaffold import prefix_for, prefix_was_cut, scaffold

    target = Path(args.directory)
    if target.exists() and not target.is_dir():
        return _fail(f"{target}: exists and is not a folder")
    code = (args.code or prefix_for(target)).upper()
    if not re.fullmatch(r"[A-Z0-9][A-Z0-9-]{0,9}", code):
        return _fail(
            f"--code {code!r}: use 1 to 10 letters, digits or dashes (the suite's Code is Code[10])"
        )
    if not 0 < args.codeunit <= 2_147_483_647:
        return _fail("--codeunit-id must be a positive codeunit ID")
    if not args.agent_name.strip():
        return _fail("--agent-name must not be empty")
    files = scaffold(code, args.codeunit, args.agent_name.strip())
    # Anything of the name counts, a dangling symbolic link too (writing would follow it
    # out of the target), and so does a folder that is a link.
    existing = conflicts(target, [str(f.path) for f in files])
    if existing:
        listed = ", ".join(str(p) for p in existing)
        return _fail(f"not overwriting existing files: {listed}")
    if args.code is None and prefix_was_cut(target):
        print(
            f"datasets init: the suite code is '{code}', the folder name cut to 10 characters "
            "(the suite's Code is Code[10]); choose another with --code.",
            file=sys.stderr,
        )
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

"""Create the `.resources/` tree of a new agent test app.

Writes a suite-setup file, a dataset that references it (two tests, one with a
multi-turn user intervention), a suite XML (UTF-16, TestType="Agent",
TestRunnerId="130451") whose line runs the AL test codeunit, that codeunit
(src/<Code>AgentAccuracy.Codeunit.al: the agent test pattern, to fill in), and a README
on wiring it into the AL test app. Existing files are never overwritten; an existing
README.md is left as it is and everything else written. The result passes `datasets lint`.

The codeunit ID is --codeunit-id, else the first ID of the app's idRanges (app.json; the
older idRange too; 50100 up without one) that no codeunit of the app's .al files declares.
A --codeunit-id the app already declares is refused: the AL compiler would reject the app
(AL0264) and the suite would run the other codeunit.

The suite code (Code[10]) is --code, else the folder name cut to 10 characters (init
says so when it cuts).

Example:
  datasets init my-agent-tests --code SALES --codeunit-id 50100 --agent-name "Sales Agent"
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path

HELP = "create the .resources/ tree of a new agent test app"


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
        default=None,
        metavar="ID",
        help="ID of the AL test codeunit written and run by the suite (default: the first "
        "free ID of the app's idRanges in app.json, else from 50100)",
    )
    parser.add_argument(
        "--agent-name",
        default="My Agent",
        metavar="NAME",
        help="the agent the test codeunit falls back to when the suite names none "
        "(default: My Agent)",
    )


def run(args: argparse.Namespace) -> int:
    from ait_datasets.al.ids import MAX_ID, free_id, read_app_ids
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
    if args.codeunit is not None and not 0 < args.codeunit <= MAX_ID:
        return _fail("--codeunit-id must be a positive codeunit ID")
    if not args.agent_name.strip():
        return _fail("--agent-name must not be empty")
    app = read_app_ids(target)
    if args.codeunit is None:
        codeunit = free_id(app.ranges, app.codeunits)
        if codeunit is None:
            return _fail(
                f"every ID of the app's idRanges ({app.shown_ranges()}, app.json) is a "
                "codeunit already: give a free one with --codeunit-id"
            )
        if app.ranges or app.codeunits:
            print(f"datasets init: codeunit {codeunit}: {app.why_free()}", file=sys.stderr)
    else:
        codeunit = args.codeunit
        taken = app.codeunits.get(codeunit)
        if taken is not None:
            free = free_id(app.ranges, app.codeunits)
            tip = f" ({free} is free)" if free is not None else ""
            return _fail(
                f"codeunit {codeunit} is already declared in {taken}: choose a free ID or "
                f"leave out --codeunit-id{tip}"
            )
    install = free_id(app.ranges, {**app.codeunits, codeunit: ""}) or codeunit + 1
    files = scaffold(code, codeunit, args.agent_name.strip(), install)
    # An existing README.md is the app's own: left alone, the rest is still written.
    readme = target / "README.md"
    kept_readme = os.path.lexists(readme)
    if kept_readme:
        files = [f for f in files if f.path != Path("README.md")]
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
    if kept_readme:
        print(
            f"{readme}: exists, left as it is (init's notes on wiring the suite into the app "
            f"were not written). Next: run `datasets lint {target}`."
        )
    else:
        print(f"Next: read {readme}, then run `datasets lint {target}`.")
    return 0


def _fail(message: str) -> int:
    print(f"datasets init: {message}", file=sys.stderr)
    return 2  # a usage error, or nothing was written

"""Edit a dataset in a terminal UI: a tree of tests and turns, a form for the selected one,
live diagnostics and a preview of date placeholders.

A file that does not exist (or is empty) opens with a small template and is written only
when you save. Saving (ctrl+s) rewrites only the tests you changed, keeps comments and
layout elsewhere, refuses to write a file that would not parse, and asks before
overwriting a file another program changed meanwhile. Press F1 for the key bindings.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import sys
from typing import TYPE_CHECKING

from ait_datasets.commands._workdate import parse_work_date

if TYPE_CHECKING:
    from ait_datasets.lint.child import LintChild
    from ait_datasets.tui.recovery import Check

HELP = "edit a dataset's tests and turns in a terminal UI"


def _date(text: str) -> dt.date:
    value = parse_work_date(text)
    if value is None:
        raise argparse.ArgumentTypeError("the editor previews placeholders for a real date, not 0D")
    return value


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file",
        metavar="FILE",
        help="the YAML, JSON or JSONL dataset to edit (a missing or empty YAML file opens "
        "with a template, a JSON one with an empty array; it is written on the first save)",
    )
    parser.add_argument(
        "--work-date",
        metavar="YYYY-MM-DD",
        type=_date,
        default=None,
        help="the work date the placeholder preview starts with (default: the configured "
        "work date, else today)",
    )


def run(args: argparse.Namespace) -> int:
    # A large file's first lint takes seconds: its process starts first, before anything
    # heavy is imported here, so that it imports and waits on the other core meanwhile.
    from ait_datasets.lint.child import PROCESS_MIN_CHARS, start_child

    early = start_child() if _large_file(args.file, PROCESS_MIN_CHARS) else None
    try:
        return _edit(args, early)
    finally:
        if early is not None:
            early.stop()  # done with (or never asked): the editor has closed


def _large_file(path: str, min_chars: int) -> bool:
    """Whether the file at ``path`` may hold ``min_chars`` characters or more (its size
    in bytes says so before it is read; False when it cannot be read)."""
    try:
        return os.stat(path).st_size >= min_chars
    except OSError:
        return False


def _edit(args: argparse.Namespace, early: LintChild | None) -> int:
    """Open the dataset; a file that does not parse (or the configuration above it) opens
    in the recovery view first, and the normal view once the author has fixed it."""
    while True:
        outcome = _edit_once(args, early)
        if isinstance(outcome, int):
            return outcome
        early = None  # adopted (and stopped) by the first attempt's runner, or unused


def _edit_once(args: argparse.Namespace, early: LintChild | None) -> int | str:
    """The exit status, or :data:`~ait_datasets.tui.recovery.RELOAD` when the recovery
    view was left asking for the normal view."""
    from ait_datasets.regular_file import regular_file_size
    from ait_datasets.source.load import decode, format_of, load_text
    from ait_datasets.tui.layout import UnsupportedLayout
    from ait_datasets.tui.recovery_checks import config_check, dataset_check
    from ait_datasets.tui.template import template_for

    path: str = args.file
    if format_of(path) not in ("yaml", "json", "jsonl"):
        print(
            f"{path}: only YAML (.yaml), JSON (.json) and JSONL (.jsonl) datasets can be edited",
            file=sys.stderr,
        )
        return 2
    raw: bytes | None = None
    if os.path.lexists(path):
        try:
            # A named pipe called *.yaml would block open() forever: refuse it first.
            regular_file_size(path)
            with open(path, "rb") as fh:
                raw = fh.read()
        except OSError as exc:
            print(f"{path}: cannot read the file: {exc.strerror or exc}", file=sys.stderr)
            return 2
    elif not os.path.isdir(os.path.dirname(os.path.abspath(path))):
        print(f"{path}: cannot create the file: its folder does not exist", file=sys.stderr)
        return 2
    from ait_datasets.tui.model import DatasetModel

    if raw is None or not raw.strip():
        # Nothing to keep: start from the template; nothing is written until a save.
        fmt = format_of(path)
        template = "" if fmt == "jsonl" else "[]\n" if fmt == "json" else template_for(path)
        text, bom, new_file = template, False, True
    else:
        decoded, bom, problem = decode(path, raw)
        if problem is not None or decoded is None:
            if problem is not None:
                print(f"{path}:{problem.line}:{problem.column}: {problem.message}", file=sys.stderr)
            return 1
        text, new_file = decoded, False
    from ait_datasets.lint.config_files import ConfigError, ConfigResolver

    resolver = ConfigResolver()
    try:
        # The same configuration `datasets lint` would use for this file (intervention
        # types, work date, selected rules).
        config = resolver.for_file(path)
    except ConfigError as exc:
        broken = resolver.broken_file_for(path)
        if broken is not None:
            return _recover(broken, config_check(broken), f"datasets edit: {exc}")
        print(f"datasets edit: {exc}", file=sys.stderr)
        return 2
    from ait_datasets.tui.lint_runner import LintRunner

    runner = LintRunner()
    runner.adopt(early)
    if len(text) >= runner.process_min_chars:
        # A large file: its first lint (seconds) runs while the editor is being built.
        runner.prefetch(path, text, config)
    try:
        model = DatasetModel(path, text, bom=bom, disk=raw, new_file=new_file)
    except UnsupportedLayout as exc:
        # Say exactly where a syntax error is, as `datasets lint` would.
        doc = load_text(path, text)
        syntax = [d for d in doc.diagnostics if d.code.startswith("SYN")]
        runner.close()
        if syntax:
            # Not refused: the file opens as text, with its syntax findings, to be fixed.
            first = syntax[0]
            said = (
                f"{first.path}:{first.line}:{first.column}: {first.code} {first.message}\n"
                f"{path}: cannot edit this file: {exc}"
            )
            return _recover(path, dataset_check(path), said)
        print(f"{path}: cannot edit this file: {exc}", file=sys.stderr)
        return 2
    from ait_datasets.tui.app import DatasetEditor

    DatasetEditor(model, config=config, work_date=args.work_date, lint_runner=runner).run()
    return 0


def _recover(path: str, check: Check, problem: str) -> int | str:
    """The recovery view on ``path``; ``problem`` is said on exit when it stays unfixed."""
    from ait_datasets.tui.recovery import RELOAD
    from ait_datasets.tui.recovery_checks import recover

    outcome = recover(path, check)
    if outcome == RELOAD:
        return RELOAD
    if outcome is None and check_file(path, check):
        return 0  # fixed and saved, then quit: nothing is wrong any more
    print(problem, file=sys.stderr)
    return 1


def check_file(path: str, check: Check) -> bool:
    """Whether the file at ``path`` passes ``check`` now (False when it cannot be read)."""
    try:
        with open(path, encoding="utf-8-sig") as fh:
            return not check(fh.read())
    except (OSError, UnicodeDecodeError):
        return False

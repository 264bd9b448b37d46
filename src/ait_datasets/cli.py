"""The `datasets` command.

Subcommands live in ``ait_datasets.commands.<name>``; each module is light at import time
(argument definitions only) and imports its heavy machinery inside ``run``. That keeps
``datasets --help`` and a small ``datasets lint`` fast enough for a pre-commit hook.

A command module provides:

- ``HELP``: one line for ``datasets --help``;
- ``configure(parser)``: adds its arguments;
- ``run(args) -> int``: does the work and returns the exit code.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import sys
from collections.abc import Sequence
from types import ModuleType

from ait_datasets.console import safe_console
from ait_datasets.terminal_text import TerminalStream
from ait_datasets.version import __version__

# Order is the order of `datasets --help`.
COMMANDS: tuple[str, ...] = (
    "lint",
    "rules",
    "schema",
    "date",
    "resolve",
    "migrate",
    "edit",
    "init",
    "report",
    "history",
    "pull",
    "audit",
    "lsp",
)

EXIT_OK = 0
EXIT_USAGE = 2


class _Parser(argparse.ArgumentParser):
    """argparse exits with 2 on usage errors, which is our contract too; keep its text short."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


def _command_module(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"ait_datasets.commands.{name}")
    except ModuleNotFoundError as exc:
        if exc.name == f"ait_datasets.commands.{name}":
            return None
        raise


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command, or with ``only`` the parser of that command alone.

    Building one command's parser instead of all of them (and importing one command
    module instead of all of them) is most of the start-up time of a small ``datasets
    lint``; ``main`` does it whenever the command line names a known command.
    """
    parser = _Parser(
        prog="datasets",
        description=(
            "Lint, migrate, resolve, edit and report on Business Central AI Test Toolkit "
            "datasets (YAML and JSONL)."
        ),
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument("--debug", action="store_true", help="show a traceback for internal errors")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in COMMANDS if only is None else (only,):
        module = _command_module(name)
        if module is None:
            continue
        doc = (module.__doc__ or "").strip()
        sp = sub.add_parser(
            name,
            help=module.HELP,
            description=doc or module.HELP,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        # default=SUPPRESS: without `--debug` here, the top-level `datasets --debug` stands.
        sp.add_argument(
            "--debug", action="store_true", default=argparse.SUPPRESS, help=argparse.SUPPRESS
        )
        module.configure(sp)
        sp.set_defaults(_module=module)
    return parser


def _named_command(argv: Sequence[str]) -> str | None:
    """The command ``argv`` runs, when nothing before it needs the other commands' parsers.

    Only ``--debug`` may precede the command name: anything else (``--help``, ``--version``,
    an abbreviation, a typo) gets the full parser, so its output lists every command.
    """
    for arg in argv:
        if arg == "--debug":
            continue
        return arg if arg in COMMANDS else None
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns (and exits with) the exit code."""
    # A console or pipe in a legacy code page (Windows) escapes what it cannot show.
    with safe_console():
        return _main(argv)


def _main(argv: Sequence[str] | None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(_named_command(args_list))
    args = parser.parse_args(_protect_negative_formulas(args_list))
    module = getattr(args, "_module", None)
    if module is None:
        parser.print_help()
        return EXIT_USAGE
    from ait_datasets.commands._process import collector_for

    stderr = sys.stderr
    if args.command not in _OWN_TERMINAL:
        # Every line on stderr is a message, and messages quote what files hold: no raw
        # control or bidirectional character reaches the terminal through them.
        sys.stderr = TerminalStream(stderr)
    try:
        with collector_for(args.command):
            code = int(module.run(args))
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        code = 130
    except BrokenPipeError:
        code = EXIT_OK
    except Exception as exc:  # the last line of defence: no traceback unless asked
        code = _internal_error(args, exc)
    finally:
        sys.stderr = stderr
    return code


# Commands that drive the terminal themselves (the editor) or speak a protocol.
_OWN_TERMINAL = frozenset({"edit", "lsp"})


def _internal_error(args: argparse.Namespace, exc: Exception) -> int:
    """One line naming the file (when known); the real traceback only with --debug."""
    from ait_datasets.internal_error import FileInternalError

    where = ""
    if isinstance(exc, FileInternalError):
        where = f" while processing {exc.path}"
        if getattr(args, "debug", False):
            raise exc.error
        exc_shown: BaseException = exc.error
    else:
        if getattr(args, "debug", False):
            raise exc
        exc_shown = exc
    print(
        f"datasets {args.command}: internal error{where}: {type(exc_shown).__name__}: "
        f"{exc_shown} (run again with --debug for a traceback, and please report it)",
        file=sys.stderr,
    )
    return EXIT_USAGE


def _protect_negative_formulas(argv: list[str]) -> list[str]:
    """Let `datasets date -CM` work without `--`.

    argparse would read a leading ``-`` as an option. A date formula such as ``-CM`` or
    ``-1W+2D`` is not any of our options, so insert ``--`` before it.
    """
    # Global options such as --debug may come before the command name.
    start = next((i for i, arg in enumerate(argv) if not arg.startswith("-")), None)
    if start is None or argv[start] != "date" or "--" in argv:
        return argv
    out = argv[: start + 1]
    for i, arg in enumerate(argv[start + 1 :], start=start + 1):
        if _looks_like_negative_formula(arg):
            return [*out, "--", *argv[i:]]
        out.append(arg)
    return out


def _looks_like_negative_formula(arg: str) -> bool:
    if len(arg) < 2 or arg[0] != "-" or arg.startswith("--"):
        return False
    body = arg[1:].upper()
    return body[0].isdigit() or body[0] in "CDWMQY<"


def run() -> None:
    """The console script: run the command, then exit with its code.

    The process ends when the command returns, so the collector stays paused to the end
    (:func:`~ait_datasets.commands._process.ends_after_command`), and what the command
    built is frozen out of the collection the interpreter makes as it shuts down: it
    would only walk objects that are about to be freed. In-process callers use
    :func:`main`, which gives the collector back as it found it.
    """
    from ait_datasets.commands._process import ends_after_command

    ends_after_command()
    code = main()
    gc.freeze()
    sys.exit(code)


if __name__ == "__main__":  # pragma: no cover
    run()

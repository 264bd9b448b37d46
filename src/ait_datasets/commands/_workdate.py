"""The work date shared by `datasets date` and `datasets resolve`."""

from __future__ import annotations

import argparse
import datetime as dt

UNDEFINED = "0D"


def parse_work_date(text: str) -> dt.date | None:
    """``YYYY-MM-DD`` -> a date; ``0D`` -> None (AL's undefined date).

    Raises ``argparse.ArgumentTypeError`` so argparse reports it as a usage error.
    """
    if text.strip().upper() == UNDEFINED:
        return None
    try:
        return dt.date.fromisoformat(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"'{text}' is not a date; write the work date as YYYY-MM-DD, e.g. 2026-03-17"
        ) from None


def add_work_date_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--work-date",
        metavar="YYYY-MM-DD",
        type=parse_work_date,
        default=argparse.SUPPRESS,
        help="the WorkDate formulas are calculated from (default: the configured work "
        "date, else today); 0D is the undefined date",
    )


class WorkDateError(Exception):
    """The configuration that should give the work date is invalid."""


def work_date_of(
    args: argparse.Namespace, for_path: str | None = None, *, today_said_by: str | None = None
) -> dt.date | None:
    """``--work-date`` if given, else the work date configured for ``for_path`` (the
    nearest ``.ait-datasets.toml`` / ``pyproject.toml`` upward from it, or from the
    current folder), else today; ``today_said_by`` (a command) says on standard error
    when today is used. Raises :class:`WorkDateError` for a broken config."""
    if hasattr(args, "work_date"):
        value: dt.date | None = args.work_date
        return value
    import os

    from ait_datasets.lint.config_files import ConfigError, ConfigResolver

    path = for_path or os.path.join(os.getcwd(), "datasets")
    try:
        config = ConfigResolver().for_file(path)
    except ConfigError as exc:
        raise WorkDateError(f"invalid configuration: {exc}") from None
    day = config.effective_work_date()
    if config.work_date is None and today_said_by is not None:
        import sys

        print(
            f"datasets {today_said_by}: no work date given: using today, {day.isoformat()}",
            file=sys.stderr,
        )
    return day


def add_language_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--formula-language",
        metavar="LANG",
        default=None,
        help="the session language formulas without < > are read in (en, de, da, sv, es; "
        "default: English letters)",
    )


def check_language(args: argparse.Namespace, command: str) -> bool:
    """False (after printing why) when --formula-language names no known letters."""
    if args.formula_language is None:
        return True
    from ait_datasets.placeholders.languages import language_key

    try:
        language_key(args.formula_language)
    except ValueError as exc:
        import sys

        print(f"datasets {command}: error: --formula-language: {exc}", file=sys.stderr)
        return False
    return True

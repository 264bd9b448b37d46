"""Show a dataset as the test code reads it, every date placeholder resolved.

A value that is one whole token ($DateFormula-<CD+1D>$) becomes a date (a
$DateTimeFormula-…$ token a date and time), as ValueAsDate/ValueAsDateTime return it;
tokens inside longer text are replaced by the date written as text, as ValueAsText does
(ISO 8601 unless --date-format names a regional format such as en-US). Structure and key
order are kept. Formulas are calculated from --work-date (default: the configured work
date, else today).

Exit codes: 0 resolved; 1 some placeholder would fail at run time (reported on stderr
as file:line:col, left as written in the output); 2 the file could not be read or parsed.
"""

from __future__ import annotations

import argparse

from ait_datasets.commands._workdate import add_language_option, add_work_date_option

HELP = "print a dataset with every date placeholder resolved"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="a .yaml, .json or .jsonl dataset")
    add_work_date_option(parser)
    parser.add_argument(
        "--format",
        choices=("yaml", "json"),
        default="yaml",
        help="output format (default: yaml; JSON Lines input gives one JSON line per row)",
    )
    parser.add_argument(
        "--date-format",
        metavar="FORMAT",
        default=None,
        help="how dates inside text are written: iso (default), a language such as en-US, "
        "da-DK, de-DE, or a pattern such as DD.MM.YYYY",
    )
    add_language_option(parser)


def run(args: argparse.Namespace) -> int:
    from ait_datasets.commands._resolving import resolve_file
    from ait_datasets.internal_error import FileInternalError

    try:
        return resolve_file(args)
    except Exception as exc:
        raise FileInternalError(args.file, exc) from exc

"""A history of runs that scales past one export: DuckDB over Parquet files.

    datasets history add STORE EXPORT...      append the exports' log entries
    datasets history STORE [--suite CODE] [--since DATE] [--format text|json|html]

STORE is a folder, or a URL DuckDB reads and writes (s3://, az://, abfss://, gs://), so
a team shares one history. `add` reads each export as `datasets report` does (the same
rules, the same messages) and writes its rows as Parquet partitioned by suite and tag;
an entry the history already holds (the same `id`) is not added again, so adding the
same export twice adds it once. The view shows per release (the Tag; rows without one:
their Version) the cases, pass@1, pass^k with its 95% Wilson interval, the flaky cases,
the Copilot credits per passing run and the cases whose verdict changed since the
release before; the HTML page draws the trend. `datasets report --history STORE --last
N` judges each case over its last N runs. The layout is in docs/history.md.

Needs the history extra: pip install 'ait-datasets[history]'.

Exit codes: 0 done; 2 an export that cannot be read, a store that cannot be read or
written, or DuckDB not installed.
"""

from __future__ import annotations

import argparse
import sys
from datetime import datetime, timezone

HELP = "keep runs in a history (DuckDB over Parquet) and show them per release"

FORMATS = ("text", "json", "html")


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "words",
        nargs="+",
        metavar="STORE | add STORE EXPORT...",
        help="the history to show, or `add` a history and the exports to add to it",
    )
    parser.add_argument("--suite", default="", metavar="CODE", help="only this suite (aitCode)")
    parser.add_argument(
        "--since",
        type=since_date,
        metavar="DATE",
        help="only runs that started at or after DATE (2026-01-31, or a UTC time)",
    )
    parser.add_argument("--format", choices=FORMATS, help="output format (default: text)")
    parser.add_argument("-o", "--output", metavar="FILE", help="write to FILE, not stdout")


def since_date(text: str) -> datetime:
    """A date or an ISO time (UTC unless it says otherwise), as a UTC time."""
    raw = text.strip()
    try:
        moment = datetime.fromisoformat(raw[:-1] + "+00:00" if raw.endswith("Z") else raw)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"'{text}' is not a date such as 2026-01-31 or a time such as 2026-01-31T18:00"
        ) from None
    if moment.tzinfo is not None:
        moment = moment.astimezone(timezone.utc).replace(tzinfo=None)
    return moment


def run(args: argparse.Namespace) -> int:
    from ait_datasets.commands._problems import print_problems
    from ait_datasets.report.history.store import HistoryError
    from ait_datasets.report.input_problems import ReportInputError
    from ait_datasets.report.plain import neutralise

    words: list[str] = args.words
    try:
        if words[0] == "add":
            return _add(args, words[1:])
        if len(words) > 1:
            print(
                "datasets history: give one STORE to show, or `add STORE EXPORT...` "
                "(a store named add: ./add)",
                file=sys.stderr,
            )
            return 2
        return _show(args, words[0])
    except ReportInputError as exc:
        return print_problems(exc)
    except HistoryError as exc:
        print(f"datasets history: {neutralise(str(exc))}", file=sys.stderr)
        return 2


def _add(args: argparse.Namespace, words: list[str]) -> int:
    from ait_datasets.plural import plural
    from ait_datasets.report.history.add import add_exports

    if len(words) < 2:
        print("datasets history add: give the STORE and at least one EXPORT", file=sys.stderr)
        return 2
    if args.suite or args.since or args.format or args.output:
        print(
            "datasets history add: --suite, --since, --format and -o are for showing a history",
            file=sys.stderr,
        )
        return 2
    store, exports = words[0], words[1:]
    for added in add_exports(store, exports):
        already = added.rows - added.added
        kept = f" ({already} already in the history)" if already else ""
        print(f"{added.path}: added {plural(added.added, 'log entry', 'log entries')}{kept}")
    return 0


def _show(args: argparse.Namespace, store: str) -> int:
    from ait_datasets.report.history.releases import read_history
    from ait_datasets.report.history.render import LISTED, render_json, render_text
    from ait_datasets.report.history.render_html import render_html

    fmt = args.format or _format_of(args.output)
    # Text and HTML name the first LISTED flaky and changed cases of a release (and count
    # them all); only JSON lists every one.
    history = read_history(store, args.suite, args.since, None if fmt == "json" else LISTED)
    text = {"text": render_text, "json": render_json, "html": render_html}[fmt](history)
    if args.output:
        from ait_datasets.report.output import write_atomic

        try:
            write_atomic(args.output, text)
        except OSError as exc:
            print(
                f"datasets history: cannot write {args.output}: {exc.strerror or exc}",
                file=sys.stderr,
            )
            return 2
        print(f"wrote {args.output}")
    else:
        sys.stdout.write(text)
    return 0


def _format_of(output: str | None) -> str:
    lower = (output or "").lower()
    if lower.endswith((".html", ".htm")):
        return "html"
    return "json" if lower.endswith(".json") else "text"

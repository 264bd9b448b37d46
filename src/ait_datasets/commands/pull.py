"""Fetch AI Test Toolkit log entries from Business Central into the file `report` reads.

    datasets pull URL -o export.json [--suite CODE] [--tag TAG] [--versions 3..7]

URL is the aitTestLogEntries endpoint of the AI Test Toolkit's API (publisher
microsoft, group aiTestToolkit, v2.0), e.g.
https://api.businesscentral.dynamics.com/v2.0/TENANT/ENV/api/microsoft/aiTestToolkit/v2.0/companies(ID)/aitTestLogEntries

Credentials come from environment variables, never from the command line: a bearer token
in $BC_TOKEN, or a user name and password (basic authentication, e.g. a container) in
$BC_USER and $BC_PASSWORD (other names with --token-env, --user-env, --password-env).

Exit codes: 0 written; 2 bad arguments, refused credentials, a failure that persisted
after the retries, or an output file that cannot be written.
"""

from __future__ import annotations

import argparse
import os
import re
import sys

from ait_datasets.plural import plural

HELP = "fetch aitTestLogEntries from Business Central (OData, every page) for `report`"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("url", metavar="URL", help="the aitTestLogEntries endpoint")
    parser.add_argument("-o", "--output", required=True, metavar="FILE", help="file to write")
    parser.add_argument("--suite", default="", metavar="CODE", help="only this suite (aitCode)")
    parser.add_argument("--tag", default="", help="only runs with this Tag")
    parser.add_argument(
        "--versions",
        type=_versions,
        metavar="A..B",
        help="only these Versions: 5, 3..7, 3.. or ..7",
    )
    parser.add_argument("--filter", default="", metavar="EXPR", help="an extra OData $filter")
    parser.add_argument("--token-env", default="BC_TOKEN", metavar="VAR")
    parser.add_argument("--user-env", default="BC_USER", metavar="VAR")
    parser.add_argument("--password-env", default="BC_PASSWORD", metavar="VAR")
    parser.add_argument("--retries", type=_count, default=5, help="retries per page (default 5)")
    parser.add_argument(
        "--backoff", type=float, default=1.0, metavar="S", help="first retry wait, doubled after"
    )
    parser.add_argument("--timeout", type=float, default=60.0, metavar="S", help="per request")
    parser.add_argument("--max-pages", type=_count, default=10_000, metavar="N")


def _count(text: str) -> int:
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number of at least 0")
    return int(text)


def _versions(text: str) -> tuple[int | None, int | None]:
    match = re.fullmatch(r"\s*(\d*)\s*(\.\.)?\s*(\d*)\s*", text)
    if match is None or not (match.group(1) or match.group(3)):
        raise argparse.ArgumentTypeError(f"'{text}' is not a Version or a range such as 3..7")
    low = int(match.group(1)) if match.group(1) else None
    high = int(match.group(3)) if match.group(3) else None
    if match.group(2) is None:
        high = low
    if low is not None and high is not None and low > high:
        raise argparse.ArgumentTypeError(f"'{text}': the range is empty ({low} > {high})")
    return low, high


def run(args: argparse.Namespace) -> int:
    from ait_datasets.report.output import write_atomic
    from ait_datasets.report.pull import Auth, Limits, PullError, Query, pull

    low, high = args.versions or (None, None)
    query = Query(args.suite, args.tag, low, high, args.filter)
    auth = Auth(
        token=os.environ.get(args.token_env, ""),
        user=os.environ.get(args.user_env, ""),
        password=os.environ.get(args.password_env, ""),
    )
    limits = Limits(args.max_pages, args.retries, max(args.backoff, 0.0), args.timeout)
    try:
        pulled = pull(
            args.url,
            query,
            auth,
            limits,
            progress=lambda text: print(f"datasets pull: {text}", file=sys.stderr),
        )
    except PullError as exc:
        print(f"datasets pull: {exc}", file=sys.stderr)
        return 2
    try:
        write_atomic(args.output, pulled.document())
    except OSError as exc:
        print(f"datasets pull: cannot write {args.output}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    entries = plural(len(pulled.rows), "log entry", "log entries")
    print(f"wrote {args.output}: {entries} from {plural(pulled.pages, 'page')}")
    return 0

"""Fetch AI Test Toolkit log entries from Business Central into the file `report` reads.

    datasets pull URL -o export.json [--suite CODE] [--tag TAG] [--versions 3..7]

URL is the aitTestLogEntries endpoint of the AI Test Toolkit's API (publisher
microsoft, group aiTestToolkit, v2.0), e.g.
https://api.businesscentral.dynamics.com/v2.0/TENANT/ENV/api/microsoft/aiTestToolkit/v2.0/companies(ID)/aitTestLogEntries

Credentials come from environment variables, never from the command line: a bearer token
in $BC_TOKEN, or a user name and password (basic authentication, e.g. a container) in
$BC_USER and $BC_PASSWORD (other names with --token-env, --user-env, --password-env).
They are sent only to the URL's origin (scheme, host and port): a next link or a
redirect to another origin is refused.

--timeout bounds each request's whole time (connecting, headers and body), not each read.

Exit codes: 0 written; 2 bad arguments, no or refused credentials, a failure that
persisted after the retries, or an output file that cannot be written.
"""

from __future__ import annotations

import argparse
import math
import os
import re
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ait_datasets.report.pull import Auth

from ait_datasets.plural import plural

HELP = "fetch aitTestLogEntries from Business Central (OData, every page) for `report`"

MAX_BACKOFF = 60.0  # seconds: the longest wait between retries
MAX_TIMEOUT = 86_400.0  # seconds: a day; a longer wait is a typing mistake
# A message quotes URLs and text that the server chose: it is cut to this length.
MESSAGE_CHARS = 1000


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
        "--backoff",
        type=_seconds(MAX_BACKOFF, zero=True),
        default=1.0,
        metavar="S",
        help="first retry wait, doubled after (up to 60 s)",
    )
    parser.add_argument(
        "--timeout",
        type=_seconds(MAX_TIMEOUT, zero=False),
        default=60.0,
        metavar="S",
        help="the most a request may take, all of it (default 60)",
    )
    parser.add_argument("--max-pages", type=_count, default=10_000, metavar="N")


def _seconds(high: float, *, zero: bool) -> Callable[[str], float]:
    """A number of seconds: finite, up to ``high``, above 0 (or at least 0 with ``zero``)."""
    least = "at least 0" if zero else "more than 0"

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        if not (math.isfinite(value) and (value >= 0 if zero else value > 0) and value <= high):
            raise argparse.ArgumentTypeError(
                f"'{text}' is not a number of seconds {least} and at most {high:g}"
            )
        return value

    return parse


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
    from ait_datasets.report.pull import Limits, PullError, Query, pull
    from ait_datasets.report.pull_body import one_line
    from ait_datasets.report.pull_url import redacted

    low, high = args.versions or (None, None)
    query = Query(args.suite, args.tag, low, high, args.filter)
    auth = _credentials(args)
    if isinstance(auth, str):
        print(f"datasets pull: {auth}", file=sys.stderr)
        return 2
    limits = Limits(args.max_pages, args.retries, args.backoff, args.timeout)
    try:
        pulled = pull(
            args.url,
            query,
            auth,
            limits,
            progress=lambda text: print(f"datasets pull: {text}", file=sys.stderr),
        )
        document = pulled.document()
    except PullError as exc:
        print(f"datasets pull: {one_line(redacted(str(exc)), MESSAGE_CHARS)}", file=sys.stderr)
        return 2
    try:
        write_atomic(args.output, document)
    except OSError as exc:
        print(f"datasets pull: cannot write {args.output}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    entries = plural(len(pulled.rows), "log entry", "log entries")
    print(f"wrote {args.output}: {entries} from {plural(pulled.pages, 'page')}")
    return 0


def _credentials(args: argparse.Namespace) -> Auth | str:
    """The credentials from the environment, or why they cannot be used (nothing has
    been sent yet). An empty variable counts as unset (a CI secret that is missing)."""
    from ait_datasets.report.pull import Auth

    token = os.environ.get(args.token_env, "")
    user = os.environ.get(args.user_env, "")
    password = os.environ.get(args.password_env, "")
    if token:
        return Auth(token=token)
    if user and password:
        return Auth(user=user, password=password)
    if user or password:  # half of a pair: a usage error, not a request that fails
        given, unset = (args.user_env, args.password_env)
        if password:
            given, unset = unset, given
        return f"{given} is set but {unset} is not: set both, or {args.token_env}"
    return f"no credentials: set {args.token_env}, or {args.user_env} and {args.password_env}"

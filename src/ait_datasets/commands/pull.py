"""Fetch AI Test Toolkit log entries from Business Central into the file `report` reads.

    datasets pull URL -o export.json [--suite CODE] [--tag TAG] [--versions 3..7]

URL is the aitTestLogEntries endpoint of the AI Test Toolkit's API (publisher
microsoft, group aiTestToolkit, v2.0), e.g.
https://api.businesscentral.dynamics.com/v2.0/TENANT/ENV/api/microsoft/aiTestToolkit/v2.0/companies(ID)/aitTestLogEntries

Credentials come from environment variables, never from the command line: a bearer token
in $BC_TOKEN, or a user name and password (basic authentication, e.g. a container) in
$BC_USER and $BC_PASSWORD (other names with --token-env, --user-env, --password-env).
Business Central online signs in with Entra ID (the entra extra: pip install
'ait-datasets[entra]'): --auth entra takes a service principal's secret or certificate
from AZURE_TENANT_ID, AZURE_CLIENT_ID and AZURE_CLIENT_SECRET (or
AZURE_CLIENT_CERTIFICATE_PATH), else a managed identity, else the Azure CLI's or VS
Code's sign-in; --auth device-code lets a person sign in on another device. The token
(scope https://api.businesscentral.dynamics.com/.default) is fetched again when it is
near its expiry, and never printed. Credentials are sent only to the URL's origin
(scheme, host and port): a next link or a redirect to another origin is refused.

--store STORE adds the pulled entries to a history (datasets history) in the same step.
--evidence writes FILE.evidence.json beside the export: the tool's version, when and from
where it pulled, the git commit and the SHA-256 of the dataset files under --datasets,
the filter, the environment's installed apps when the credentials can read them, and
each pulled entry's agent task IDs (the traces datasets audit looks for).

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
    from ait_datasets.report.pull import Auth, Limits

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
    parser.add_argument(
        "--auth",
        choices=("env", "entra", "device-code"),
        default="env",
        help="env: $BC_TOKEN or $BC_USER/$BC_PASSWORD (default); entra: Entra ID "
        "(service principal, managed identity, Azure CLI, VS Code); device-code: sign in "
        "on another device",
    )
    parser.add_argument("--tenant", default="", help="with --auth device-code: the tenant")
    parser.add_argument(
        "--client-id", default="", metavar="ID", help="with --auth device-code: the app id"
    )
    parser.add_argument(
        "--store", metavar="STORE", help="also add the entries to this history (datasets history)"
    )
    parser.add_argument(
        "--evidence",
        action="store_true",
        help="write FILE.evidence.json beside the export (dataset hashes, git commit, apps, "
        "agent task IDs)",
    )
    parser.add_argument(
        "--datasets",
        action="append",
        default=[],
        metavar="PATH",
        help="with --evidence: the dataset files or folders to hash (default: .)",
    )
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
    refused = _refused_options(args)
    if refused:
        print(f"datasets pull: {refused}", file=sys.stderr)
        return 2
    auth = _credentials(args) if args.auth == "env" else _entra(args)
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
    if args.evidence:
        failed = _write_evidence(args, auth, limits, pulled.rows)
        if failed:
            return failed
    if args.store:
        return _add_to_history(args.store, args.output)
    return 0


def _refused_options(args: argparse.Namespace) -> str | None:
    """Options that do not go together, or an extra that is missing (before any request)."""
    if (args.tenant or args.client_id) and args.auth != "device-code":
        return "--tenant and --client-id are for --auth device-code"
    if args.datasets and not args.evidence:
        return "--datasets is for --evidence (the dataset files it hashes)"
    missing = [path for path in args.datasets if not os.path.exists(path)]
    if missing:
        return f"--datasets {missing[0]}: no such file or folder"
    if args.store:
        from ait_datasets.report.history.store import HistoryError, duckdb_module

        try:
            duckdb_module()
        except HistoryError as exc:
            return f"--store: {exc}"
    return None


def _entra(args: argparse.Namespace) -> Auth | str:
    """Entra ID credentials (--auth entra / device-code), or why there are none."""
    from ait_datasets.report.pull import Auth
    from ait_datasets.report.pull_auth import EntraToken, TokenError, credential

    try:
        found = credential(args.auth, args.tenant, args.client_id)
    except TokenError as exc:
        return str(exc)
    return Auth(source=EntraToken(found))


def _write_evidence(
    args: argparse.Namespace, auth: Auth, limits: Limits, rows: list[object]
) -> int:
    """FILE.evidence.json beside the export; 0, or 2 when it cannot be written."""
    import json

    from ait_datasets.report.output import write_atomic
    from ait_datasets.report.pull import PullError, Query, pull
    from ait_datasets.report.pull_evidence import (
        evidence_path,
        extensions_url,
        installed_apps,
        manifest,
    )

    apps = None
    url = extensions_url(args.url)
    if url is not None:
        try:
            apps = installed_apps(pull(url, Query(), auth, limits).rows)
        except PullError:
            apps = None  # the credentials cannot read the installed apps: said as null
    data = manifest(
        args.url, args.suite, args.tag, args.versions, args.datasets or ["."], apps, rows
    )
    path = evidence_path(args.output)
    try:
        write_atomic(path, json.dumps(data, ensure_ascii=False, indent=2) + "\n")
    except OSError as exc:
        print(f"datasets pull: cannot write {path}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    print(f"wrote {path}")
    return 0


def _add_to_history(store: str, export: str) -> int:
    from ait_datasets.commands._problems import print_problems
    from ait_datasets.report.history.add import add_exports
    from ait_datasets.report.history.store import HistoryError
    from ait_datasets.report.input_problems import ReportInputError
    from ait_datasets.report.plain import neutralise

    try:
        (added,) = add_exports(store, [export])
    except ReportInputError as exc:
        return print_problems(exc)
    except HistoryError as exc:
        print(f"datasets pull: --store {neutralise(str(exc))}", file=sys.stderr)
        return 2
    entries = plural(added.added, "log entry", "log entries")
    print(f"added {entries} to the history {store} ({added.rows - added.added} already there)")
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

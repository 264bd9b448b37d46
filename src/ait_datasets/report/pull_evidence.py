"""``datasets pull --evidence``: what was pulled, from where, against which datasets.

Beside the export ``X.json`` goes ``X.json.evidence.json`` (the audit reads it)::

    {
      "tool_version": "0.1.0",
      "pulled_at": "2026-01-31T18:00:00Z",
      "url": "https://api.businesscentral.dynamics.com/v2.0/.../aitTestLogEntries",
      "git": {"commit": "<sha>", "dirty": false},
      "datasets": [{"path": "app/.resources/datasets/orders.yaml", "sha256": "<hex>"}],
      "suite": "AGENT-SUITE", "tag": "rc-1", "versions": {"from": 3, "to": 7},
      "apps": [{"name": "Sales Order Agent", "publisher": "Microsoft", "version": "26.0.1.2"}],
      "runs": [{"case": "AGENT-SUITE/ORDERS/T1/RunScenario", "run": 3, "tag": "rc-1",
                "agentTaskIds": ["1042", "1043"]}]
    }

- ``url``: the endpoint without user information or query (the filter is in ``suite``,
  ``tag`` and ``versions``; each empty or null when not filtered on).
- ``git``: the commit of the repository holding the datasets and whether any dataset file
  differs from it (changed or not committed); both null outside a Git repository.
- ``datasets``: every dataset and suite file ``datasets lint`` would find under the
  ``--datasets`` folders (default: the current folder), with the SHA-256 of its bytes
  on disk (with ``dirty`` false, those of the commit), paths relative to the repository
  (else the current folder), with ``/``.
- ``apps``: the environment's installed extensions, from the ``extensions`` entity of
  Business Central's automation API (``api/microsoft/automation/v2.0``) on the same
  origin with the same credentials; null when the URL is not a company's API URL or the
  credentials cannot read it.
- ``runs``: each pulled log entry of a case that names agent tasks (``agentTaskIDs``, the
  comma-separated IDs the API page gives, ``AITLogEntryAPI.Page.al`` line 67): the case
  id as ``datasets report`` prints it, the run (its Version), its Tag and the task IDs.
  That is the trace ``datasets audit`` looks for behind each case's last passing run.
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
from datetime import datetime, timezone

from ait_datasets.report.pull_url import shown
from ait_datasets.version import __version__

_API = re.compile(r"/api/microsoft/aiTestToolkit/v2\.0/(companies\([^)/]*\))/aitTestLogEntries/?$")
_GIT_TIMEOUT = 60  # seconds per git call: a hung git never hangs the pull


def evidence_path(export: str) -> str:
    return export + ".evidence.json"


def extensions_url(endpoint: str) -> str | None:
    """The automation API's ``extensions`` of the company the endpoint reads, or None."""
    base = endpoint.split("?", 1)[0].split("#", 1)[0]
    match = _API.search(base)
    if match is None:
        return None
    return base[: match.start()] + f"/api/microsoft/automation/v2.0/{match.group(1)}/extensions"


def installed_apps(rows: list[object]) -> list[dict[str, str]]:
    """Name, publisher and version of each installed extension the API listed."""
    apps = []
    for row in rows:
        if not isinstance(row, dict) or row.get("isInstalled") is False:
            continue
        parts = [row.get(f"version{part}") for part in ("Major", "Minor", "Build", "Revision")]
        version = ".".join(str(p) for p in parts if isinstance(p, int))
        apps.append(
            {
                "name": str(row.get("displayName") or ""),
                "publisher": str(row.get("publisher") or ""),
                "version": version,
            }
        )
    return sorted(apps, key=lambda app: (app["publisher"], app["name"], app["version"]))


def traced_runs(rows: list[object]) -> list[dict[str, object]]:
    """The ``runs`` of the manifest: the pulled entries of cases that name agent tasks."""
    from ait_datasets.report.rows import LOG_ENTRY, RowError, read_row

    runs: list[dict[str, object]] = []
    for row in rows:
        ids = row.get("agentTaskIDs") if isinstance(row, dict) else None
        if not isinstance(ids, str):
            continue
        tasks = [part.strip() for part in ids.split(",") if part.strip()]
        if not tasks:
            continue
        try:
            read = read_row(row, LOG_ENTRY)
        except RowError:  # the report says what is wrong with it; no trace to keep
            continue
        if type(read) is tuple:  # a run of a case (not a skipped eval or an error around it)
            key, run = read
            runs.append({"case": key.id, "run": run.run, "tag": run.tag, "agentTaskIds": tasks})
    return runs


def manifest(
    endpoint: str,
    suite: str,
    tag: str,
    versions: tuple[int | None, int | None] | None,
    datasets: list[str],
    apps: list[dict[str, str]] | None,
    rows: list[object],
) -> dict[str, object]:
    """The evidence of one pull (see the module docstring)."""
    from ait_datasets.lint.discover import discover

    files = list(discover(datasets))
    root = _git(["rev-parse", "--show-toplevel"], datasets[0] if datasets else ".")
    commit = dirty = None
    if root is not None:
        commit = _git(["rev-parse", "HEAD"], root)
        status = _git(["status", "--porcelain", "--", *map(os.path.abspath, files)], root)
        dirty = None if status is None else bool(status.strip())
    base = root if root is not None else os.getcwd()
    low, high = versions or (None, None)
    return {
        "tool_version": __version__,
        "pulled_at": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "url": shown(endpoint),
        "git": {"commit": commit, "dirty": dirty},
        "datasets": [{"path": _relative(path, base), "sha256": _sha256(path)} for path in files],
        "suite": suite,
        "tag": tag,
        "versions": None if versions is None else {"from": low, "to": high},
        "apps": apps,
        "runs": traced_runs(rows),
    }


def _relative(path: str, base: str) -> str:
    absolute = os.path.realpath(path)
    try:
        relative = os.path.relpath(absolute, os.path.realpath(base))
    except ValueError:  # another drive (Windows)
        relative = absolute
    return relative.replace(os.sep, "/")


def _sha256(path: str) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def _git(arguments: list[str], where: str) -> str | None:
    """git's output (stripped), or None when git is absent or says no."""
    folder = where if os.path.isdir(where) else os.path.dirname(os.path.abspath(where))
    try:
        done = subprocess.run(
            ["git", *arguments],
            cwd=folder,
            capture_output=True,
            text=True,
            timeout=_GIT_TIMEOUT,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip() if done.returncode == 0 else None

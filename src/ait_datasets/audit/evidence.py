"""The evidence manifest ``datasets pull --evidence`` is to write beside an export.

For ``export.json`` it is ``export.evidence.json``::

    {
      "version": 1,
      "commit": "3f77596...",                 # the git commit the runs were made from
      "datasets": {"datasets/ORDERS.yaml": "sha256:..."},   # each dataset file's hash
      "apps": [{"name": "Sales Order Agent", "publisher": "Microsoft",
                "version": "27.0.1.0"}],      # null when the credentials do not allow
      "runs": [{"case": "SUITE/DATASET/TEST/Procedure", "run": 3,
                "agentTaskIds": ["1042"]}]    # the log entry's agentTaskIDs
    }

Versions are recorded when ``commit`` and ``datasets`` are there (``apps`` may be null).
A run has its trace when its entry lists at least one agent task ID. Nothing writes this
file yet; the audit reads it when it is there.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass

MANIFEST_SUFFIX = ".evidence.json"


class ManifestError(Exception):
    """A manifest that is there but cannot be read."""


@dataclass(frozen=True, slots=True)
class Manifest:
    path: str
    versions_recorded: bool
    traces: dict[tuple[str, str], tuple[str, ...]]  # (case id, run label) -> task IDs


def manifest_path(export: str) -> str:
    base, ext = os.path.splitext(export)
    return (base if ext.lower() in (".json", ".jsonl", ".ndjson") else export) + MANIFEST_SUFFIX


def read_manifest(export: str) -> Manifest | None:
    """The manifest beside ``export``; None when there is none."""
    path = manifest_path(export)
    if not os.path.isfile(path):
        return None
    try:
        with open(path, encoding="utf-8-sig") as fh:
            data = json.load(fh)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ManifestError(f"{path}: cannot read the evidence manifest: {exc}") from None
    if not isinstance(data, dict):
        raise ManifestError(f"{path}: the evidence manifest must be a JSON object")
    datasets = data.get("datasets")
    versions = (
        isinstance(data.get("commit"), str)
        and bool(data.get("commit"))
        and (isinstance(datasets, dict) and bool(datasets))
    )
    traces: dict[tuple[str, str], tuple[str, ...]] = {}
    runs = data.get("runs", [])
    if not isinstance(runs, list):
        raise ManifestError(f"{path}: 'runs' must be a list")
    for i, run in enumerate(runs):
        if not isinstance(run, dict) or not isinstance(run.get("case"), str):
            raise ManifestError(f"{path}: runs[{i}] needs a 'case' (text)")
        ids = run.get("agentTaskIds", [])
        if not isinstance(ids, list):
            raise ManifestError(f"{path}: runs[{i}].agentTaskIds must be a list")
        traces[(run["case"], str(run.get("run", "")))] = tuple(str(x) for x in ids if x)
    return Manifest(path, bool(versions), traces)

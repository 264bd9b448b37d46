"""The evidence manifest ``datasets pull --evidence`` writes beside an export.

For ``export.json`` it is ``export.json.evidence.json``
(:mod:`ait_datasets.report.pull_evidence` writes it and documents every key); the audit
reads three of them::

    {
      "git": {"commit": "3f77596...", "dirty": false},   # the datasets' git commit
      "datasets": [{"path": "app/.resources/datasets/orders.yaml", "sha256": "..."}],
      "runs": [{"case": "SUITE/DATASET/TEST/Procedure", "run": 3, "tag": "rc-1",
                "agentTaskIds": ["1042"]}]               # the log entry's agentTaskIDs
    }

Versions are recorded when the commit and the dataset hashes are there (``apps`` may be
null: the credentials could not read the installed extensions). A run has its trace
when its entry lists at least one agent task ID.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass

from ait_datasets.report.pull_evidence import evidence_path


class ManifestError(Exception):
    """A manifest that is there but cannot be read."""


@dataclass(frozen=True, slots=True)
class Manifest:
    path: str
    versions_recorded: bool
    traces: dict[tuple[str, str], tuple[str, ...]]  # (case id, run label) -> task IDs


def read_manifest(export: str) -> Manifest | None:
    """The manifest beside ``export``; None when there is none."""
    path = evidence_path(export)
    if not os.path.isfile(path):
        return None
    try:
        with open(path, encoding="utf-8-sig") as fh:
            data = json.load(fh)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ManifestError(f"{path}: cannot read the evidence manifest: {exc}") from None
    if not isinstance(data, dict):
        raise ManifestError(f"{path}: the evidence manifest must be a JSON object")
    git = data.get("git")
    commit = git.get("commit") if isinstance(git, dict) else None
    datasets = data.get("datasets")
    versions = bool(isinstance(commit, str) and commit and isinstance(datasets, list) and datasets)
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
    return Manifest(path, versions, traces)

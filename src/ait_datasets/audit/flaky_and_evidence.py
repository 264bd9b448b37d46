"""Question 6: flaky cases named, evidence kept (needs ``--results``).

A flaky case nobody owns is noise that hides the next regression; a passing run without
its trace and versions cannot be reproduced. Every flaky case (some of its first k runs
passed, some failed, as ``datasets report`` judges it) must be in the quarantine file
(``[audit] quarantine``) with an owner in its comment (``@name`` or ``owner: name``).
The last passing run of each case must have its trace (agent task IDs) and the versions
(the dataset files' hashes at the run's git commit, the app versions) in the evidence
manifest beside the export (:mod:`ait_datasets.audit.evidence`).
Fail: an unnamed flaky case, or a manifest without traces or versions. Unknown: no
manifest (and nothing failed).
"""

from __future__ import annotations

import re

from ait_datasets.audit.evidence import Manifest, read_manifest
from ait_datasets.audit.model import Answer, Evidence, Status
from ait_datasets.audit.results import Results, case_evidence
from ait_datasets.audit.runs_and_gate import NEEDS
from ait_datasets.audit.suite import AuditedApp
from ait_datasets.plural import plural
from ait_datasets.report import Quarantine

_OWNER = re.compile(r"@[\w.-]+|\bowner\s*[:=]\s*\S+", re.IGNORECASE)


def answer(app: AuditedApp, results: Results | None, quarantine: Quarantine | None) -> Answer:
    if results is None:
        return Answer(
            "flaky-and-evidence",
            "unknown",
            NEEDS,
            {
                "flaky": [],
                "unnamed": [],
                "runs_with_trace": 0,
                "runs": 0,
                "versions_recorded": False,
            },
        )
    report = results.report
    flaky = report.summary.flaky
    unnamed: list[Evidence] = []
    named: list[Evidence] = []
    for outcome in flaky:
        key = outcome.key
        entry = quarantine.entry_for(key) if quarantine is not None else None
        passes = f"{outcome.passes} of {outcome.judged_count} runs passed"
        if entry is None:
            note = f"{key.id}: flaky ({passes}), not in the quarantine list"
            unnamed.append(case_evidence(app, key, note))
        elif not _OWNER.search(entry.comment):
            note = f"{key.id}: flaky, quarantined at line {entry.line} without an owner (@name)"
            unnamed.append(case_evidence(app, key, note))
        else:
            named.append(case_evidence(app, key, f"{key.id}: flaky, quarantined: {entry.comment}"))
    manifests = [m for m in (read_manifest(p) for p in results.paths) if m is not None]
    traced, passing, missing = _traces(report_cases(results), manifests)
    versions = bool(manifests) and all(m.versions_recorded for m in manifests)
    figures: dict[str, object] = {
        "flaky": [o.key.id for o in flaky],
        "unnamed": [e.note.split(":", 1)[0] for e in unnamed],
        "runs_with_trace": traced,
        "runs": passing,
        "versions_recorded": versions,
        "manifests": [m.path for m in manifests],
    }
    parts = [f"{plural(len(flaky), 'flaky case')}, {len(unnamed)} not named with an owner"]
    status: Status
    if unnamed:
        status = "fail"
    elif not manifests:
        status = "unknown"
    elif traced < passing or not versions:
        status = "fail"
    else:
        status = "pass"
    if manifests:
        parts.append(f"{traced} of {plural(passing, 'last passing run')} with a trace")
        parts.append("versions recorded" if versions else "versions not recorded")
    else:
        parts.append("unknown: no evidence manifest (datasets pull --evidence)")
    failing = tuple(unnamed) + tuple(missing if manifests else ())
    return Answer(
        "flaky-and-evidence",
        status,
        "; ".join(parts),
        figures,
        tuple(unnamed) + tuple(named) + tuple(missing),
        failing,
    )


def report_cases(results: Results) -> list[tuple[str, str]]:
    """(case id, run) of each case's last passing run."""
    out = []
    for outcome in results.report.summary.outcomes:
        passing = [run for run in outcome.runs if run.passed]
        if passing:
            out.append((outcome.key.id, str(passing[-1].run)))
    return out


def _traces(
    cases: list[tuple[str, str]], manifests: list[Manifest]
) -> tuple[int, int, list[Evidence]]:
    traced = 0
    missing = []
    for case, run in cases:
        if any(m.traces.get((case, run)) for m in manifests):
            traced += 1
        else:
            missing.append(Evidence("", 0, case, f"{case}: run {run} has no trace"))
    return traced, len(cases), missing

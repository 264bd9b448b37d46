"""GitLab Code Quality: a JSON array of issues for the merge request widget.

Each finding is ``{"description", "check_name", "fingerprint", "severity", "location":
{"path", "lines": {"begin"}}}``. ``location.path`` is relative to the repository root
(``$CI_PROJECT_DIR`` when GitLab sets it, else the working directory). The fingerprint
is the baseline's (code, file, test, node path and offending text: no line number), so
GitLab does not report a finding as fixed and new again when lines above it move; two
identical findings get distinct fingerprints by their order. Severities: error ->
``major``, warning -> ``minor``, info -> ``info``. Text is exact, with what a CI log would
act on escaped (:func:`ait_datasets.log_text.json_for_logs`).
"""

from __future__ import annotations

import hashlib
import json
import os

from ait_datasets.dataset.paths import relative_posix
from ait_datasets.diagnostics import Severity
from ait_datasets.lint.baseline import Fingerprinter
from ait_datasets.lint.reporters import Report
from ait_datasets.log_text import json_for_logs

SEVERITIES = {Severity.ERROR: "major", Severity.WARNING: "minor", Severity.INFO: "info"}


def render(report: Report) -> str:
    root = os.environ.get("CI_PROJECT_DIR") or None
    printer = Fingerprinter(report.sources, root)
    seen: dict[str, int] = {}
    issues = []
    for diag in report.diagnostics:
        fingerprint = printer.fingerprint(diag)
        repeat = seen.get(fingerprint, 0)
        seen[fingerprint] = repeat + 1
        if repeat:
            fingerprint = hashlib.sha256(f"{fingerprint}:{repeat}".encode()).hexdigest()[:20]
        path = relative_posix(diag.path, root) or os.path.abspath(diag.path).replace(os.sep, "/")
        issues.append(
            {
                "description": f"{diag.code} {diag.message}",
                "check_name": diag.code,
                "fingerprint": fingerprint,
                "severity": SEVERITIES[diag.severity],
                "location": {"path": path, "lines": {"begin": diag.line}},
            }
        )
    return json_for_logs(json.dumps(issues, indent=2, ensure_ascii=False)) + "\n"

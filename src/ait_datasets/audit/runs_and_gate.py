"""Question 5: runs and gate (needs ``--results``).

An agent's behaviour varies from run to run: one run per case says little, and a gate on
pass@1 lets a case that fails one run in three through. Figures: runs per case (k, as
``datasets report`` chooses it), the cases with fewer than k runs, and the gate: pass^k
when a bar is configured (the ``[report]`` policy, or ``[audit] fail-under`` for the
``--fail-under`` CI gives) and k >= 2, pass@1 when k = 1, none without a bar.
Pass: k >= 2 and a pass^k gate. Fail: k = 1, or no gate.
"""

from __future__ import annotations

import os

from ait_datasets.audit.model import Answer, Status
from ait_datasets.audit.results import Results, case_evidence
from ait_datasets.audit.suite import AuditedApp
from ait_datasets.lint.config_files import AuditSettings
from ait_datasets.report.policy import find_policy, share

NEEDS = "needs --results (exports of the suite's runs)"


class GateError(Exception):
    """The gate's configuration cannot be read."""


def answer(
    app: AuditedApp, results: Results | None, settings: AuditSettings, folder: str
) -> Answer:
    if results is None:
        return Answer("runs-and-gate", "unknown", NEEDS, {"k": None, "gate": None})
    report = results.report
    k = report.k
    under = [o.key for o in report.summary.short]
    try:
        policy = find_policy(folder, settings.policy)
        bar = share(settings.fail_under, "[audit] fail-under") if settings.fail_under else None
    except Exception as exc:  # PolicyError: a clear line, exit 2 from the command
        raise GateError(str(exc)) from None
    configured = bool(policy.source) or bar is not None
    gate = "none" if not configured else ("pass@1" if k == 1 else "pass^k")
    where = policy.source or (settings.source if bar is not None else "")
    evidence = [case_evidence(app, key, f"{key.id}: fewer than {k} runs") for key in under]
    figures: dict[str, object] = {
        "k": k,
        "cases": report.summary.cases,
        "cases_under_k": [key.id for key in under],
        "gate": gate,
        "gate_source": _relative(where) if where else None,
    }
    status: Status
    if k == 1:
        summary = "1 run per case: one run says nothing about the next (k = 1)"
        status = "fail"
    elif gate == "none":
        summary = f"k = {k}, but no gate: configure a [report] bar or [audit] fail-under"
        status = "fail"
    else:
        summary = f"k = {k}, gate {gate.replace('k', str(k))}"
        status = "pass"
    if under:
        summary += f"; {len(under)} cases under k"
    return Answer("runs-and-gate", status, summary, figures, tuple(evidence))


def _relative(path: str) -> str:
    """``path`` relative to the current folder, or as given on another drive (Windows)."""
    try:
        return os.path.relpath(path)
    except ValueError:
        return path

"""Run results for questions 5 and 6, read with the report's public reader.

Only ``ait_datasets.report``'s top-level entry points are used (``read_results``,
``build_report``, ``read_quarantine``) and the gate of :mod:`ait_datasets.report.policy`,
so the audit counts runs exactly as ``datasets report`` does.
"""

from __future__ import annotations

from dataclasses import dataclass

from ait_datasets.audit.model import Evidence
from ait_datasets.audit.suite import AuditedApp, TestCase
from ait_datasets.dataset.app import code_field
from ait_datasets.report import Report, build_report, read_results
from ait_datasets.report.model import CaseKey


@dataclass(frozen=True, slots=True)
class Results:
    paths: tuple[str, ...]
    report: Report


def load(paths: list[str]) -> Results:
    """Read the exports; raises :class:`ait_datasets.report.ReportInputError`."""
    return Results(tuple(paths), build_report(read_results(paths)))


def test_of(app: AuditedApp, key: CaseKey) -> TestCase | None:
    """The test a case ran: its dataset's group code and its ``Test Input`` code (the
    name, upper-cased and cut to a Code[100], as the importer stores it)."""
    dataset = key.dataset.upper()
    code = key.test.upper()
    for test in app.tests:
        if code_field(test.name) == code and (test.dataset == dataset or not dataset):
            return test
    return None


def case_evidence(app: AuditedApp, key: CaseKey, note: str) -> Evidence:
    """``note`` about a case, at the test it ran (:func:`test_of`) when that is found."""
    test = test_of(app, key)
    return Evidence(test.path if test else "", test.line if test else 0, key.test or key.id, note)

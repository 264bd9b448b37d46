"""A JSON array of diagnostic objects (see ``Diagnostic.to_dict`` for the fields)."""

from __future__ import annotations

import json

from ait_datasets.lint.reporters import Report


def render(report: Report) -> str:
    return (
        json.dumps([d.to_dict() for d in report.diagnostics], indent=2, ensure_ascii=False) + "\n"
    )

"""A JSON array of diagnostic objects (see ``Diagnostic.to_dict`` for the fields).

The text is exact; what a CI log or a terminal would act on is written as a ``\\uXXXX``
escape (:func:`ait_datasets.log_text.json_for_logs`), which reads back the same.
"""

from __future__ import annotations

import json

from ait_datasets.lint.reporters import Report
from ait_datasets.log_text import json_for_logs


def render(report: Report) -> str:
    diagnostics = [d.to_dict() for d in report.diagnostics]
    return json_for_logs(json.dumps(diagnostics, indent=2, ensure_ascii=False)) + "\n"

"""How a command reports run-result files it could not read (shared by report,
history, pull and audit so the lines look the same everywhere)."""

from __future__ import annotations

import sys

from ait_datasets.report.input_problems import ReportInputError
from ait_datasets.report.plain import neutralise


def print_problems(exc: ReportInputError) -> int:
    """Print each problem of ``exc`` on its own stderr line (neutralised: a file's text
    may carry terminal control characters) and return the exit code 2."""
    for problem in exc.problems:
        print(neutralise(str(problem)), file=sys.stderr)
    return 2

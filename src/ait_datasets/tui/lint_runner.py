"""Running lint off the UI thread.

Small files are linted in a thread. Large ones go to a child process: parsing them is
pure Python work that would hold the interpreter lock and freeze typing for seconds.
The child is a plain ``python -m`` subprocess that exchanges pickles over its pipes.
"""

from __future__ import annotations

import pickle
import subprocess
import sys

from ait_datasets.lint.config import LintConfig
from ait_datasets.tui.findings import LintResult, lint_text

# Files at least this long are linted in a separate process.
PROCESS_MIN_CHARS = 256 * 1024


class LintRunner:
    """Lints texts for the editor; call :meth:`run` from a worker thread."""

    def __init__(self, process_min_chars: int = PROCESS_MIN_CHARS) -> None:
        self.process_min_chars = process_min_chars

    def run(self, path: str, text: str, config: LintConfig) -> LintResult:
        if len(text) < self.process_min_chars:
            return lint_text(path, text, config)
        return lint_in_child(path, text, config)


def lint_in_child(path: str, text: str, config: LintConfig) -> LintResult:
    """Lint in a child process (falls back to this process if the child fails)."""
    payload = pickle.dumps((path, text, config))
    try:
        done = subprocess.run(
            [sys.executable, "-m", "ait_datasets.tui.lint_child"],
            input=payload,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            check=True,
        )
        result = pickle.loads(done.stdout)
    except (OSError, subprocess.CalledProcessError, pickle.UnpicklingError, EOFError):
        return lint_text(path, text, config)
    if not isinstance(result, LintResult):
        return lint_text(path, text, config)
    return result

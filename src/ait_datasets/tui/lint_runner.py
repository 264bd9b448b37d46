"""Running lint and the save check off the UI thread.

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
from ait_datasets.tui.save import RefusedToSave, check_parses, write_atomic

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

    def save(self, path: str, text: str, bom: bool, dash_lines: list[int] | None = None) -> None:
        """Check that ``text`` parses (in a child process when large) with its tests where
        ``dash_lines`` says, then write it."""
        if len(text) < self.process_min_chars:
            check_parses(path, text, dash_lines)
        else:
            problem = _ask_child(("check", path, text, dash_lines))
            if problem is _FAILED:
                check_parses(path, text, dash_lines)
            elif problem is not None:
                raise RefusedToSave(str(problem))
        write_atomic(path, text, bom=bom)


_FAILED = object()


def _ask_child(request: tuple[object, ...]) -> object:
    """Send ``request`` to a child process; its answer, or ``_FAILED``."""
    try:
        done = subprocess.run(
            [sys.executable, "-m", "ait_datasets.tui.lint_child"],
            input=pickle.dumps(request),
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            check=True,
        )
        answer: object = pickle.loads(done.stdout)
    except (OSError, subprocess.CalledProcessError, pickle.UnpicklingError, EOFError):
        return _FAILED
    return answer


def lint_in_child(path: str, text: str, config: LintConfig) -> LintResult:
    """Lint in a child process (falls back to this process if the child fails)."""
    result = _ask_child(("lint", path, text, config))
    if not isinstance(result, LintResult):
        return lint_text(path, text, config)
    return result

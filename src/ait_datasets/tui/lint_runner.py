"""Running lint and the save check off the UI thread.

Small files are linted in a thread. Large ones go to a child process: parsing them is
pure Python work that would hold the interpreter lock and freeze typing for seconds.
The child is a plain ``python -m`` subprocess that exchanges pickles over its pipes; a
child still running when the editor closes is stopped, so quitting is immediate.
"""

from __future__ import annotations

import pickle
import subprocess
import threading
from concurrent.futures import Future
from typing import ClassVar

from ait_datasets.diagnostics import Edit
from ait_datasets.lint.config import LintConfig
from ait_datasets.tui.findings import LintResult, lint_text
from ait_datasets.tui.lint_spawn import CHILD, PROCESS_MIN_CHARS
from ait_datasets.tui.save import RefusedToSave, check_parses, write_dataset

__all__ = ["PROCESS_MIN_CHARS", "LintCancelled", "LintRunner", "RunnerClosed"]


class RunnerClosed(Exception):
    """The editor is closing; the work was abandoned."""


class LintCancelled(Exception):
    """A newer lint run replaced this one (the text changed again)."""


class _Failed:
    """The child could not answer (it is then done in this process)."""


_FAILED = _Failed()


class LintRunner:
    """Lints and checks texts for the editor; call its methods from worker threads."""

    # The child process's command line.
    CHILD: ClassVar[tuple[str, ...]] = CHILD

    def __init__(self, process_min_chars: int = PROCESS_MIN_CHARS) -> None:
        self.process_min_chars = process_min_chars
        self._children: set[subprocess.Popen[bytes]] = set()
        self._lint_children: set[subprocess.Popen[bytes]] = set()
        self._lock = threading.Lock()
        self._closed = False
        self._generation = 0
        self._prefetched: tuple[str, str, Future[LintResult]] | None = None
        # A child started before this runner existed (see :meth:`adopt`).
        self._spare: subprocess.Popen[bytes] | None = None

    def adopt(self, child: subprocess.Popen[bytes] | None) -> None:
        """Use ``child`` (started early, see :mod:`.lint_spawn`) for the next lint in a
        child process; it is stopped like any other child when the runner closes."""
        if child is None:
            return
        with self._lock:
            if self._closed:
                child.kill()
                child.wait()
                return
            self._spare = child
            self._children.add(child)

    def prefetch(self, path: str, text: str, config: LintConfig) -> None:
        """Start linting ``text`` now, in the background, while the editor is still being
        built; the first :meth:`run` of the same text takes this run's result."""
        future: Future[LintResult] = Future()
        self._prefetched = (path, text, future)

        def work() -> None:
            try:
                future.set_result(self._run(path, text, config))
            except BaseException as exc:  # handed to whoever waits for the result
                future.set_exception(exc)

        threading.Thread(target=work, name="lint-prefetch", daemon=True).start()

    def run(self, path: str, text: str, config: LintConfig) -> LintResult:
        """Lint ``text`` as ``path``; a newer :meth:`run` cancels this one when it ran in
        a child (the child is killed and :class:`LintCancelled` raised)."""
        early, self._prefetched = self._prefetched, None
        if early is not None and early[0] == path and early[1] == text:
            return early[2].result()
        return self._run(path, text, config)

    def _run(self, path: str, text: str, config: LintConfig) -> LintResult:
        with self._lock:
            self._generation += 1
            generation = self._generation
            stale = list(self._lint_children)
        for child in stale:
            child.kill()
        if len(text) < self.process_min_chars:
            return lint_text(path, text, config)
        result = self._ask(("lint", path, text, config), lint=True)
        if generation != self._generation:
            raise LintCancelled
        return result if isinstance(result, LintResult) else lint_text(path, text, config)

    def save(
        self,
        path: str,
        text: str,
        edits: tuple[str, list[Edit]],
        *,
        bom: bool,
        expected: bytes | None,
        dash_lines: list[int] | None = None,
    ) -> bytes:
        """Check that ``text`` parses (in a child process when large) with its tests where
        ``dash_lines`` says, then write ``edits`` (base text and edits giving ``text``)
        if the file still holds ``expected``; returns the bytes written."""
        if len(text) < self.process_min_chars:
            check_parses(path, text, dash_lines)
        else:
            problem = self._ask(("check", path, text, dash_lines))
            if isinstance(problem, _Failed):
                check_parses(path, text, dash_lines)
            elif problem is not None:
                raise RefusedToSave(str(problem))
        return write_dataset(path, edits[0], edits[1], bom=bom, expected=expected)

    def close(self) -> None:
        """Stop any running child; later requests raise :class:`RunnerClosed`."""
        with self._lock:
            self._closed = True
            children = list(self._children)
            spare, self._spare = self._spare, None
        for child in children:
            child.kill()
        if spare is not None:
            # Never asked anything: nobody else waits for it or holds its pipes.
            spare.wait()
            for pipe in (spare.stdin, spare.stdout):
                if pipe is not None:
                    pipe.close()

    def _ask(self, request: tuple[object, ...], *, lint: bool = False) -> object:
        """Send ``request`` to a child process; its answer, or ``_FAILED``."""
        with self._lock:
            if self._closed:
                raise RunnerClosed
            spare, self._spare = (self._spare, None) if lint else (None, self._spare)
            if spare is not None and spare.poll() is None:
                child = spare
            else:
                if spare is not None:
                    self._children.discard(spare)
                try:
                    child = subprocess.Popen(
                        list(self.CHILD),
                        stdin=subprocess.PIPE,
                        stdout=subprocess.PIPE,
                        stderr=subprocess.DEVNULL,
                    )
                except OSError:
                    return _FAILED
            self._children.add(child)
            if lint:
                self._lint_children.add(child)
        try:
            out = _exchange(child, pickle.dumps(request))
        finally:
            with self._lock:
                self._children.discard(child)
                self._lint_children.discard(child)
        if self._closed:
            raise RunnerClosed
        if child.returncode != 0:
            return _FAILED
        try:
            answer: object = pickle.loads(out)
        except (pickle.UnpicklingError, EOFError):
            return _FAILED
        return answer


def _exchange(child: subprocess.Popen[bytes], request: bytes) -> bytes:
    """Send ``request`` whole, then read the whole answer.

    One blocking write lets the kernel move the text while this thread waits outside the
    interpreter lock. ``communicate()`` would instead loop over 4 KiB writes, each taking
    the lock back from the editor's busy start (seconds for a 4.5 MB file). The child
    reads all of its input before it writes a byte, so the two cannot block each other.
    """
    assert child.stdin is not None and child.stdout is not None
    try:
        with child.stdin:
            child.stdin.write(request)
    except BrokenPipeError:
        pass  # the child died or was stopped: its exit code tells
    with child.stdout:
        out = child.stdout.read()
    child.wait()
    return out

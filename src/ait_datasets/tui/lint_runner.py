"""Running lint and the save check off the UI thread.

Small files are linted in a thread. Large ones go to the lint child process the editor
shares with the language server (:mod:`ait_datasets.lint.child`): parsing them is pure
Python work that would hold the interpreter lock and freeze typing for seconds. Each
child answers one request and is let go; the latest run wins (a newer one stops the
child of a stale one), and a child still running when the editor closes is stopped, so
quitting is immediate.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import ClassVar, TypeVar

from ait_datasets.diagnostics import Edit
from ait_datasets.lint.child import COMMAND, PROCESS_MIN_CHARS, ChildFailed, LintChild, start_child
from ait_datasets.lint.config import LintConfig
from ait_datasets.tui.findings import LintResult, lint_text
from ait_datasets.tui.save import RefusedToSave, check_parses, parse_problem, write_dataset

__all__ = ["PROCESS_MIN_CHARS", "LintCancelled", "LintRunner", "RunnerClosed"]

T = TypeVar("T")


class RunnerClosed(Exception):
    """The editor is closing; the work was abandoned."""


class LintCancelled(Exception):
    """A newer lint run replaced this one (the text changed again)."""


class LintRunner:
    """Lints and checks texts for the editor; call its methods from worker threads."""

    # The child process's command line.
    CHILD: ClassVar[tuple[str, ...]] = COMMAND

    def __init__(self, process_min_chars: int = PROCESS_MIN_CHARS) -> None:
        self.process_min_chars = process_min_chars
        self._children: set[LintChild] = set()
        self._lint_children: set[LintChild] = set()
        self._lock = threading.Lock()
        self._closed = False
        self._generation = 0
        self._prefetched: tuple[str, str, Future[LintResult]] | None = None
        # A child started before this runner existed (see :meth:`adopt`).
        self._spare: LintChild | None = None

    def adopt(self, child: LintChild | None) -> None:
        """Use ``child`` (started early, see ``datasets edit``) for the next lint in a
        child process; it is stopped like any other child when the runner closes."""
        if child is None:
            return
        with self._lock:
            if self._closed:
                child.stop()
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
        try:
            result: LintResult | None = self._ask(lint_text, path, text, config, lint=True)
        except ChildFailed:
            result = None
        if generation != self._generation:
            raise LintCancelled
        return result if result is not None else lint_text(path, text, config)

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
            try:
                problem = self._ask(parse_problem, path, text, dash_lines)
            except ChildFailed:
                problem = parse_problem(path, text, dash_lines)
            if problem is not None:
                raise RefusedToSave(problem)
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

    def _ask(self, call: Callable[..., T], *args: object, lint: bool = False) -> T:
        """``call(*args)`` in a child process, which is let go after its answer; raises
        :class:`ChildFailed` when none could answer (the caller then works here)."""
        with self._lock:
            if self._closed:
                raise RunnerClosed
            spare, self._spare = (self._spare, None) if lint else (None, self._spare)
            if spare is not None and spare.poll() is None:
                child: LintChild | None = spare
            else:
                if spare is not None:
                    self._children.discard(spare)
                child = start_child(self.CHILD)
            if child is None:
                raise ChildFailed("cannot start the lint process")
            self._children.add(child)
            if lint:
                self._lint_children.add(child)
        try:
            answer: T | ChildFailed = child.ask(call, *args)
        except ChildFailed as exc:
            answer = exc
        with self._lock:
            self._children.discard(child)
            self._lint_children.discard(child)
        # One request a child: its input closes, so it exits (it was stopped if the runner
        # closed meanwhile).
        child.close()
        child.wait()
        if self._closed:
            raise RunnerClosed
        if isinstance(answer, ChildFailed):
            raise answer
        return answer

"""Running lint and the save check off the UI thread.

Small files are linted in a thread. Large ones go to the lint child process the editor
shares with the language server (:mod:`ait_datasets.lint.child`): parsing them is pure
Python work that would hold the interpreter lock and freeze typing for seconds.

Both lint as the language server does (:func:`~.findings.lint_in_session`): the process
keeps the buffer's last document and what it read of the app's other files, so the next
edit of one test re-reads that test only. The child that linted the buffer is therefore
kept (the "home" child) and every large run goes to it: a run made stale by the next
keystroke is left to finish, because that child lints the next version fastest, and its
findings are dropped (:class:`LintCancelled`). A run of a small text stops a running
child (its answer would be stale, and a small text needs none). A child still running
when the editor closes is stopped, so quitting is immediate. The save check asks a
child of its own, which is let go after its answer.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import ClassVar, TypeVar

from ait_datasets.diagnostics import Edit
from ait_datasets.lint.child import COMMAND, PROCESS_MIN_CHARS, ChildFailed, LintChild, start_child
from ait_datasets.lint.config import LintConfig
from ait_datasets.tui.findings import LintResult, lint_in_session
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
        # The child that keeps the buffer's last document; ``_home_busy`` while it lints.
        self._home: LintChild | None = None
        self._home_busy = False
        self._home_free = threading.Condition(self._lock)

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
        """Lint ``text`` as ``path``; when a newer :meth:`run` was asked for meanwhile,
        this one raises :class:`LintCancelled` instead (a run in a child is let finish, or
        stopped by a newer run of a small text; one waiting for the child gives up)."""
        early, self._prefetched = self._prefetched, None
        if early is not None and early[0] == path and early[1] == text:
            return early[2].result()
        return self._run(path, text, config)

    def _run(self, path: str, text: str, config: LintConfig) -> LintResult:
        with self._lock:
            self._generation += 1
            generation = self._generation
            # A waiting older run gives up (see _take_home).
            self._home_free.notify_all()
        if len(text) < self.process_min_chars:
            with self._lock:
                stale = list(self._lint_children)
            for child in stale:
                child.kill()
            return lint_in_session(path, text, config)
        try:
            result: LintResult | None = self._lint_in_child(generation, path, text, config)
        except ChildFailed:
            result = None
        if self._closed:
            raise RunnerClosed
        if generation != self._generation:
            raise LintCancelled
        return result if result is not None else lint_in_session(path, text, config)

    def _lint_in_child(
        self, generation: int, path: str, text: str, config: LintConfig
    ) -> LintResult:
        """The run in the home child (started, or the adopted one, when there is none)."""
        child = self._take_home(generation)
        try:
            answer: LintResult = child.ask(lint_in_session, path, text, config)
        finally:
            with self._lock:
                self._lint_children.discard(child)
                self._home_busy = False
                if child.poll() is not None or self._closed:
                    # Stopped (a small run, or the editor closing) or dead: the next run
                    # starts afresh.
                    self._children.discard(child)
                    if self._home is child:
                        self._home = None
                self._home_free.notify_all()
        return answer

    def _take_home(self, generation: int) -> LintChild:
        """The home child, once its current run is over; LintCancelled when a newer run
        was asked for meanwhile, ChildFailed when none can start."""
        with self._lock:
            while True:
                if self._closed:
                    raise RunnerClosed
                if generation != self._generation:
                    raise LintCancelled
                home = self._home
                if home is not None and home.poll() is not None and not self._home_busy:
                    self._children.discard(home)
                    home = self._home = None
                if home is None or not self._home_busy:
                    break
                self._home_free.wait()
            if home is None:
                spare, self._spare = self._spare, None
                if spare is not None and spare.poll() is None:
                    home = spare
                else:
                    if spare is not None:
                        self._children.discard(spare)
                    home = start_child(self.CHILD)
                if home is None:
                    raise ChildFailed("cannot start the lint process")
                self._home = home
                self._children.add(home)
            self._home_busy = True
            self._lint_children.add(home)
            return home

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
        """Stop every child; later requests raise :class:`RunnerClosed`."""
        with self._lock:
            self._closed = True
            children = list(self._children)
            running = set(self._lint_children)
            # Children nobody asks now: no other thread waits for them or holds their pipes.
            idle = [c for c in (self._spare, self._home) if c is not None and c not in running]
            self._spare = self._home = None
            self._home_free.notify_all()
        for child in children:
            child.kill()
        for child in idle:
            child.wait()

    def _ask(self, call: Callable[..., T], *args: object) -> T:
        """``call(*args)`` in a child process of its own, which is let go after its answer;
        raises :class:`ChildFailed` when none could answer (the caller then works here)."""
        with self._lock:
            if self._closed:
                raise RunnerClosed
            child = start_child(self.CHILD)
            if child is None:
                raise ChildFailed("cannot start the lint process")
            self._children.add(child)
        try:
            answer: T | ChildFailed = child.ask(call, *args)
        except ChildFailed as exc:
            answer = exc
        with self._lock:
            self._children.discard(child)
        # One request: its input closes, so it exits (it was stopped if the runner closed
        # meanwhile).
        child.close()
        child.wait()
        if self._closed:
            raise RunnerClosed
        if isinstance(answer, ChildFailed):
            raise answer
        return answer

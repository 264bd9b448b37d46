"""The language server's lint processes: children of :mod:`ait_datasets.lint.child`, the
one lint child the editor shares, kept warm.

In a child process the server's loop stays free (a hover does not wait for the lint of a
2,000-test file), and a run can be stopped by ending its process (:meth:`LintWorkers.cancel`;
a fresh one is started, warm, for the next run). The server stops only the run of a
closed document: a run made stale by the next keystroke is left to finish, because its
child holds the document and lints the next version fastest. The first child is started
before the server imports pygls, so its imports and the first lint's warm-up happen on the
other core while pygls loads.

Each child runs :func:`ait_datasets.lsp.linting.lint_in_session`, the server's one way to
lint, and keeps the session's memory of the app's files and each document it linted last,
so that a document's runs go to the child that has it (the next edit of a 2,000-test file
then re-reads one test instead of 2.35 MB); when no child can run, the server lints in
its own process, the same way.
"""

from __future__ import annotations

import itertools
import threading
from typing import TYPE_CHECKING, ClassVar

from ait_datasets.lint.child import COMMAND, ChildFailed, LintChild, start_child

if TYPE_CHECKING:
    from ait_datasets.diagnostics import Diagnostic
    from ait_datasets.lint.config import LintConfig

# Warm children kept for the next runs (one per document being linted at once is plenty).
_KEEP_IDLE = 2


class Cancelled(Exception):
    """The run was stopped: a newer version of the buffer replaced it."""


class WorkerFailed(Exception):
    """The child could not answer (not started, died, or broke the protocol)."""


class LintWorkers:
    """Child processes that lint for the server; methods may be called from any thread."""

    COMMAND: ClassVar[tuple[str, ...]] = COMMAND

    def __init__(self) -> None:
        self._lock = threading.Lock()
        # Signalled whenever a child becomes free or is stopped.
        self._freed = threading.Condition(self._lock)
        self._idle: list[LintChild] = []
        self._running: dict[object, LintChild] = {}
        self._cancelled: set[int] = set()
        self._closed = False
        # The child that last linted each path: it keeps that document, so its next lint
        # re-reads only the edited test (see lint.buffers); the next run waits for it.
        self._home: dict[str, LintChild] = {}
        # The latest run asked for each token: an older one still waiting gives up.
        self._wanted: dict[object, int] = {}
        self._tickets = itertools.count()
        # Bumped when what was read of the apps' files must be forgotten.
        self.generation = 0

    def start(self) -> None:
        """Start one child now, so it is warm by the first lint."""
        child = self._spawn()
        if child is not None:
            with self._lock:
                self._idle.append(child)

    def forget(self) -> None:
        """Children drop what they read of the apps' files before their next lint."""
        with self._lock:
            self.generation += 1

    def lint(self, token: object, path: str, text: str, config: LintConfig) -> list[Diagnostic]:
        """The findings of ``text`` as ``path`` (see ``lint_document_text``).

        Raises :class:`Cancelled` when :meth:`cancel` stopped the run of ``token`` or a
        newer run of ``token`` was asked for while this one waited for its child, and
        :class:`WorkerFailed` when no child could answer.
        """
        with self._lock:
            ticket = self._wanted[token] = next(self._tickets)
        child = self._take(token, ticket, path)
        with self._lock:
            self._running[token] = child
            self._home[path] = child
            generation = self.generation
        from ait_datasets.lsp.linting import lint_in_session

        failure: ChildFailed | None = None
        try:
            found = child.ask(lint_in_session, generation, text, path, config)
        except ChildFailed as exc:
            failure = exc
        finally:
            with self._lock:
                if self._running.get(token) is child:
                    del self._running[token]
                self._freed.notify_all()
        if failure is None or child.poll() is None:
            # Answered, or the lint raised there: the child serves the next run.
            self._give(child)
        else:
            with self._lock:
                cancelled = child.pid in self._cancelled
                self._cancelled.discard(child.pid)
            if cancelled:
                raise Cancelled from None
        if failure is not None:
            raise WorkerFailed(str(failure))
        return found

    def cancel(self, token: object) -> None:
        """Stop the run of ``token``, if one is under way, and warm up a replacement."""
        with self._lock:
            child = self._running.pop(token, None)
            if child is None:
                return
            self._cancelled.add(child.pid)
        child.kill()
        with self._lock:
            self._freed.notify_all()
            enough = len(self._idle) >= _KEEP_IDLE
        spare = None if enough else self._spawn()
        if spare is not None:
            with self._lock:
                self._idle.append(spare)

    def close(self) -> None:
        """Stop every child (the server is exiting)."""
        with self._lock:
            self._closed = True
            idle, running = list(self._idle), list(self._running.values())
            self._idle.clear()
            self._running.clear()
        for child in running:
            child.kill()  # the thread that asked it stops it
        for child in idle:
            child.stop()

    def _take(self, token: object, ticket: int, path: str) -> LintChild:
        """The child for a run of ``path``: the one that last linted it (waited for while
        it finishes an older run), else any idle one, else a new one."""
        with self._lock:
            while True:
                if self._wanted.get(token) != ticket:
                    raise Cancelled  # a newer run of the same document was asked for
                home = self._home.get(path)
                if home is None or home.poll() is not None or self._closed:
                    self._home.pop(path, None)
                    break
                if home in self._idle:
                    self._idle.remove(home)
                    return home
                # Running (or between its run and the idle list): it comes back, or
                # is stopped and forgotten (_give), or dies (then poll() says so).
                self._freed.wait()
            while self._idle:
                child = self._idle.pop()
                if child.poll() is None:
                    return child
        started = self._spawn()
        if started is None:
            raise WorkerFailed("cannot start the lint process")
        return started

    def _give(self, child: LintChild) -> None:
        with self._lock:
            # Cancelled just as it answered: it is being stopped, so never reused.
            stopped = child.pid in self._cancelled
            self._cancelled.discard(child.pid)
            if not stopped and not self._closed and len(self._idle) < _KEEP_IDLE:
                self._idle.append(child)
                self._freed.notify_all()
                return
            for path in [p for p, home in self._home.items() if home is child]:
                del self._home[path]
            self._freed.notify_all()
        child.stop()

    def _spawn(self) -> LintChild | None:
        with self._lock:
            if self._closed:
                return None
        return start_child(self.COMMAND)

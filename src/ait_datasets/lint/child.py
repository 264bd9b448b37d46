"""The one lint child process the editor and the language server share.

Linting is pure Python: in a thread it holds the interpreter lock, so the editor's typing
and the server's hovers would wait for the lint of a large file, and a run made stale by
the next keystroke could not be stopped. In a child process it runs on the other core and
is stopped by ending the process.

A child is a plain ``python -m ait_datasets.commands._lint_child`` with two pipes (no ``fork``,
no ``select``: it works the same on Windows). It answers requests one after another until
its input closes: a request names a function of ours and its arguments, the answer is
what the function returned. Both travel as length-prefixed pickles, between our own two
processes only. The caller decides the policy: the editor asks a child once and lets it
go (a newer run stops a stale one); the language server keeps children warm and sends
each document's runs to the child that has it.

This module imports nothing of ours, so a surface can start its child first, before
anything heavy is imported, and the child's imports overlap the caller's.
"""

from __future__ import annotations

import contextlib
import pickle
import struct
import subprocess
import sys
from collections.abc import Callable
from typing import IO, Any, TypeVar

T = TypeVar("T")

# The child's command line: its entry is a process's, so it lives with the command line's
# (`commands/_lint_child.py`), which also sets its collector policy.
COMMAND: tuple[str, ...] = (sys.executable, "-m", "ait_datasets.commands._lint_child")

# The editor lints texts at least this long in a child; shorter ones lint in a thread.
PROCESS_MIN_CHARS = 256 * 1024

_SIZE = struct.Struct("<Q")


class ChildFailed(Exception):
    """The child gave no answer: it could not start, died, or broke the protocol (it is
    then stopped), or the function raised in it (it then serves the next request)."""


def send(stream: IO[bytes], value: object) -> None:
    """Write ``value`` in one write: the kernel moves a large text while the caller waits
    outside the interpreter lock (many small writes would each take the lock back)."""
    data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(_SIZE.pack(len(data)) + data)
    stream.flush()


def receive(stream: IO[bytes]) -> Any:
    """The next value on ``stream``; EOFError when the other side is gone."""
    head = stream.read(_SIZE.size)
    if len(head) < _SIZE.size:
        raise EOFError
    size = _SIZE.unpack(head)[0]
    data = stream.read(size)
    if len(data) < size:
        raise EOFError
    return pickle.loads(data)


class LintChild:
    """One child process; :meth:`ask` it from one thread at a time, stop it from any."""

    def __init__(self, process: subprocess.Popen[bytes]) -> None:
        self.process = process

    @property
    def pid(self) -> int:
        return self.process.pid

    def ask(self, call: Callable[..., T], *args: object) -> T:
        """``call(*args)`` in the child (``call`` is a module-level function of ours).

        Raises :class:`ChildFailed` when no answer comes (the process is then stopped) or
        when ``call`` raised in the child.
        """
        stdin, stdout = self.process.stdin, self.process.stdout
        assert stdin is not None and stdout is not None
        try:
            send(stdin, (call, args))
            status, answer = receive(stdout)
        except Exception as exc:  # a broken pipe, the end of its output, or no answer
            self.stop()
            raise ChildFailed(f"the lint process stopped: {exc!r}") from None
        if status != "ok":
            raise ChildFailed(str(answer))
        result: T = answer
        return result

    def poll(self) -> int | None:
        """The exit code, or None while the process runs."""
        return self.process.poll()

    def kill(self) -> None:
        """End the process now, from any thread: a run under way ends with
        :class:`ChildFailed` in the thread that asked."""
        self.process.kill()

    def stop(self) -> None:
        """End the process and release its pipes (from the thread that asks it)."""
        self.process.kill()
        self.wait()

    def close(self) -> None:
        """Let the process end on its own: its input closes, so it exits after any run."""
        # A request it never read fails to flush: it is gone all the same.
        if self.process.stdin is not None:
            with contextlib.suppress(OSError):
                self.process.stdin.close()

    def wait(self) -> int:
        """Wait for the process to end; its exit code."""
        code = self.process.wait()
        for pipe in (self.process.stdin, self.process.stdout):
            # A request it never read fails to flush: it is gone all the same.
            if pipe is not None:
                with contextlib.suppress(OSError):
                    pipe.close()
        return code


def start_child(command: tuple[str, ...] = COMMAND) -> LintChild | None:
    """A child, started now and warming up for its first request; None when none can run."""
    try:
        process = subprocess.Popen(
            list(command),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            # Windows: a server started without a console would flash one up for its child.
            creationflags=getattr(subprocess, "CREATE_NO_WINDOW", 0),
        )
    except OSError:
        return None
    return LintChild(process)

"""The lint child process (see :mod:`ait_datasets.lint.child`).

Requests ``(function, args)`` in, ``("ok", result)`` or ``("error", message)`` out, one
after another, until its input closes. It is a process of its own, so its collector
policy is set here, beside the command line's (:mod:`._process`): long-running, and
paused while each lint builds its trees.
"""

from __future__ import annotations

import sys


def main() -> None:
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    # Only answers go to the parent: anything printed goes to standard error.
    sys.stdout = sys.stderr
    # Imported, and warmed up on a file outside any app, before the first request: the
    # parent starts this process first, so this overlaps its own imports.
    from ait_datasets.commands._process import long_running, paused_gc
    from ait_datasets.lint.child import receive, send
    from ait_datasets.lint.engine import lint_text

    with long_running():
        lint_text("tests: []\n", "/nonexistent-datasets-warm-up/w.yaml")
        while True:
            try:
                call, args = receive(stdin)
            except EOFError:
                return
            try:
                # Like the command line: no cyclic collection while a large tree is built.
                with paused_gc():
                    answer: tuple[str, object] = ("ok", call(*args))
            except Exception as exc:  # a bug: the parent says so and lints in its own process
                answer = ("error", f"internal error: {exc!r}")
            send(stdout, answer)


if __name__ == "__main__":
    main()

"""The language server's lint process (see :mod:`.worker`): requests ``(generation, path,
text, config)`` in, ``("ok", findings)`` or ``("error", message)`` out, until its input
closes. It keeps the session's memory of the apps' files, forgotten when the generation
changes (a watched file or the configuration changed)."""

from __future__ import annotations

import sys


def main() -> None:
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    # Only answers go to the server: anything printed goes to standard error.
    sys.stdout = sys.stderr
    # Imported, and warmed up on a file outside any app, before the first request: the
    # server starts this process first thing, so this overlaps its own imports.
    from ait_datasets.lint.buffers import EditedBuffers
    from ait_datasets.lint.config import LintConfig
    from ait_datasets.lsp.appfacts import AppFacts
    from ait_datasets.lsp.linting import lint_document_text
    from ait_datasets.lsp.worker import receive, send

    lint_document_text("tests: []\n", "/nonexistent-datasets-warm-up/w.yaml", LintConfig())
    app, buffers, generation = AppFacts(), EditedBuffers(), 0
    while True:
        try:
            request = receive(stdin)
        except EOFError:
            return
        wanted, path, text, config = request
        if wanted != generation:
            app.forget()
            generation = wanted
        try:
            answer: tuple[str, object] = (
                "ok",
                lint_document_text(text, path, config, app, buffers),
            )
        except Exception as exc:  # a bug: the server says so and lints in its own process
            answer = ("error", f"internal error: {exc!r}")
        send(stdout, answer)


if __name__ == "__main__":
    main()

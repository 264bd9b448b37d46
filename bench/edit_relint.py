"""The editor's re-lint after an edit against the language server's, on the same file
with the same edits (target: the editor within 1.5x the server).

Run: ``python bench/edit_relint.py [TESTS] [--edits N]``. Generates an agent dataset of
TESTS tests (5,000 by default, bench/generate.py) inside an app's `.resources` folder,
with a 20-test neighbour, and lints it once through each surface's lint path: the
editor's :class:`~ait_datasets.tui.lint_runner.LintRunner` (what its lint worker calls)
and the server's :class:`~ait_datasets.lsp.worker.LintWorkers` (what its debounced
lint calls), each with its own warm lint child. Then, for each edit (a letter typed in
the title of a test, a different test each time), the editor's run and the server's
run of the same text, in turn: the medians of the pairs are compared. "Whole-text lint"
is the editor's lint before this round (every edit read the whole text), in this
process. Timings belong here and in the docs, never in tests.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from generate import generate
from run import compile_bytecode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("tests", nargs="?", type=int, default=5_000)
    parser.add_argument("--edits", type=int, default=9)
    args = parser.parse_args()
    compile_bytecode()
    from ait_datasets.lint.config_files import ConfigResolver
    from ait_datasets.lsp.worker import LintWorkers
    from ait_datasets.tui.findings import lint_text as whole_text_lint
    from ait_datasets.tui.lint_runner import LintRunner

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "app" / ".resources" / "datasets"
        folder.mkdir(parents=True)
        (folder / "OTHER.yaml").write_text(generate(20, "agent"), encoding="utf-8")
        path = folder / "BIG.yaml"
        text = generate(args.tests, "agent")
        path.write_text(text, encoding="utf-8")
        name = str(path)
        config = ConfigResolver().for_file(name)
        print(f"{args.tests} tests, {len(text.encode()) / 1e6:.1f} MB")
        editor, server = LintRunner(process_min_chars=0), LintWorkers()
        server.start()
        try:
            first = editor.run(name, text, config).findings
            server.lint("bench", name, text, config)
            editor_s: list[float] = []
            server_s: list[float] = []
            for n in range(args.edits):
                title = f'orders ({(n * 997) % args.tests})"'
                text = text.replace(title, title[:-1] + 'x"', 1)
                started = time.perf_counter()
                found = editor.run(name, text, config).findings
                editor_s.append(time.perf_counter() - started)
                started = time.perf_counter()
                served = server.lint("bench", name, text, config)
                server_s.append(time.perf_counter() - started)
                assert len(found) == len(served), (len(found), len(served))
            started = time.perf_counter()
            whole = whole_text_lint(name, text, config).findings
            whole_s = time.perf_counter() - started
            assert len(whole) == len(found) and len(first) == len(found)
        finally:
            editor.close()
            server.close()
        ed, sv = statistics.median(editor_s), statistics.median(server_s)
        print(
            f"re-lint after an edit, median of {args.edits} pairs: editor {ed:.3f} s, "
            f"language server {sv:.3f} s ({ed / sv:.2f}x; target <= 1.5x); "
            f"whole-text lint in this process {whole_s:.3f} s"
        )


if __name__ == "__main__":
    main()

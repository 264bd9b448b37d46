"""Run the language server (LSP over stdin/stdout) for editors.

Editors start it themselves: VS Code through the extension in editors/vscode, Neovim and
other LSP clients with the command `datasets lsp`. It reports every finding of `datasets
lint` as you type (with the same configuration files), offers the fixes, "suppress on this
line", fix-all and migrate, and shows what each date placeholder becomes.

Needs the optional `lsp` extra: pip install 'ait-datasets[lsp]'.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys

HELP = "run the language server for editors (LSP over stdio)"
INSTALL = "pip install 'ait-datasets[lsp]'"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--stdio",
        action="store_true",
        help="talk LSP over stdin/stdout (the default and only transport; accepted for "
        "clients that pass it)",
    )


def run(args: argparse.Namespace) -> int:
    missing = [m for m in ("pygls", "lsprotocol") if importlib.util.find_spec(m) is None]
    if missing:
        print(
            f"datasets lsp: the language server needs {' and '.join(missing)}, which are not "
            f"installed; install them with: {INSTALL}",
            file=sys.stderr,
        )
        return 2
    from ait_datasets.lsp.worker import LintWorkers

    # The lint process starts first: it loads the linter on the other core while this
    # process loads pygls and lsprotocol (most of the start-up time).
    workers = LintWorkers()
    workers.start()
    from ait_datasets.lsp.server import serve

    serve(workers)
    return 0

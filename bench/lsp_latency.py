"""Latency of `datasets lsp` as an editor sees it (over stdio, a real client).

    python bench/lsp_latency.py            # 20, 200 and 2,000 tests
    python bench/lsp_latency.py --quick    # fewer repetitions

Measures, on synthetic agent datasets (bench/generate.py) inside a `.resources` folder:

- start to first diagnostics: from spawning `python -m ait_datasets lsp` to the first
  `publishDiagnostics` of a 20-test file (interpreter start, imports, initialize, lint);
- re-lint after an edit: from sending `didChange` to receiving the diagnostics of that
  version, with the debounce set to 0 (the edit is a one-character change of a title);
- hover on a placeholder: one `textDocument/hover` round trip.

Each figure is the median (p50) and 95th percentile (p95) of the repetitions. Timings
belong here and in the README, never in tests.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from lsprotocol import types as lsp
from pygls.lsp.client import LanguageClient
from pygls.uris import from_fs_path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from generate import generate

SERVER = [sys.executable, "-m", "ait_datasets", "lsp"]


class Client(LanguageClient):
    def __init__(self) -> None:
        super().__init__("bench", "1")
        self.published: asyncio.Queue[lsp.PublishDiagnosticsParams] = asyncio.Queue()

        @self.feature(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def _published(params: lsp.PublishDiagnosticsParams) -> None:
            self.published.put_nowait(params)


async def _wait(client: Client, uri: str, version: int) -> None:
    while True:
        params = await asyncio.wait_for(client.published.get(), 60)
        if params.uri == uri and params.version == version:
            return


async def _session(root: Path, debounce_ms: int) -> Client:
    client = Client()
    await client.start_io(*SERVER)
    await client.initialize_async(
        lsp.InitializeParams(
            capabilities=lsp.ClientCapabilities(),
            root_uri=from_fs_path(str(root)),
            initialization_options={"debounceMs": debounce_ms, "workDate": "2026-03-17"},
        )
    )
    client.initialized(lsp.InitializedParams())
    return client


async def _close(client: Client) -> None:
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()


def _pct(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return statistics.median(ordered), p95


async def first_diagnostics(path: Path, runs: int) -> list[float]:
    out = []
    uri = from_fs_path(str(path)) or ""
    for _ in range(runs):
        started = time.perf_counter()
        client = await _session(path.parent, 0)
        client.text_document_did_open(
            lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(uri, "yaml", 1, path.read_text()))
        )
        await _wait(client, uri, 1)
        out.append(time.perf_counter() - started)
        await _close(client)
    return out


async def relint_and_hover(path: Path, edits: int) -> tuple[list[float], list[float]]:
    uri = from_fs_path(str(path)) or ""
    text = path.read_text()
    client = await _session(path.parent, 0)
    client.text_document_did_open(
        lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(uri, "yaml", 1, text))
    )
    await _wait(client, uri, 1)
    lines = text.splitlines()
    title = next(i for i, t in enumerate(lines) if "title:" in t)
    token_line = next(i for i, t in enumerate(lines) if "$DateFormula-" in t)
    relint = []
    for version in range(2, edits + 2):
        change = lsp.TextDocumentContentChangePartial(
            range=lsp.Range(lsp.Position(title, 10), lsp.Position(title, 11)),
            text="x" if version % 2 else " ",
        )
        started = time.perf_counter()
        client.text_document_did_change(
            lsp.DidChangeTextDocumentParams(
                lsp.VersionedTextDocumentIdentifier(version, uri), [change]
            )
        )
        await _wait(client, uri, version)
        relint.append(time.perf_counter() - started)
    hover = []
    character = lines[token_line].index("$DateFormula-") + 3
    for _ in range(edits * 3):
        started = time.perf_counter()
        await client.text_document_hover_async(
            lsp.HoverParams(lsp.TextDocumentIdentifier(uri), lsp.Position(token_line, character))
        )
        hover.append(time.perf_counter() - started)
    await _close(client)
    return relint, hover


def _row(label: str, values: list[float], target: str, cpu: list[float] | None = None) -> str:
    p50, p95 = _pct(values)
    cpu_text = f"{_pct(cpu)[0] * 1000:.1f} ms" if cpu else ""
    return f"| {label} | {p50 * 1000:.1f} ms | {p95 * 1000:.1f} ms | {cpu_text} | {target} |"


def lint_cpu(path: Path, runs: int) -> list[float]:
    """CPU time of the server's lint of the buffer, in this process: what a shared,
    busy host cannot inflate by making the server wait for a core."""
    from ait_datasets.lint.config import LintConfig
    from ait_datasets.lsp.appfacts import AppFacts
    from ait_datasets.lsp.linting import lint_document_text

    text, app, out = path.read_text(), AppFacts(), []
    for _ in range(runs):
        started = time.process_time()
        lint_document_text(text, str(path), LintConfig(), app)
        out.append(time.process_time() - started)
    return out


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    args = parser.parse_args()
    edits = 8 if args.quick else 25
    targets = {20: "<= 10 ms", 200: "<= 60 ms", 2000: "<= 300 ms"}
    rows = [
        "| measurement | p50 | p95 | lint CPU time, p50 | target |",
        "|---|---|---|---|---|",
    ]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "app" / ".resources" / "datasets"
        folder.mkdir(parents=True)
        hovers: list[float] = []
        for tests in (20, 200, 2000):
            path = folder / f"BENCH-{tests}.yaml"
            path.write_text(generate(tests, "agent"), encoding="utf-8")
            relint, hover = await relint_and_hover(path, edits)
            cpu = lint_cpu(path, edits)
            label = f"re-lint after an edit, {tests} tests"
            rows.append(_row(label, relint, targets[tests], cpu))
            if tests == 2000:
                hovers = hover
        rows.append(_row("hover on a placeholder, 2,000-test file", hovers, "<= 5 ms"))
        start = await first_diagnostics(folder / "BENCH-20.yaml", 3 if args.quick else 7)
        rows.append(_row("server start to first diagnostics, 20 tests", start, "<= 1 s"))
    print("\n".join(rows))
    print(f"(load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")


if __name__ == "__main__":
    asyncio.run(main())

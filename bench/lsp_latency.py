"""Latency of `datasets lsp` as an editor sees it (over stdio, a real client).

    python bench/lsp_latency.py            # 20, 200 and 2,000 tests
    python bench/lsp_latency.py --quick    # fewer repetitions
    python bench/lsp_latency.py --start-only   # only the start and its floor

Measures, on synthetic agent datasets (bench/generate.py) inside a `.resources` folder:

- start to first diagnostics: from spawning `python -m ait_datasets lsp` to the first
  `publishDiagnostics` of a 200-test file alone in its app (interpreter start, imports,
  initialize, lint), alternating with its floor: pygls's own minimal server (the
  shape of pygls's examples), which publishes no diagnostics for the opened file as soon
  as it gets it; then the same file in the app of the re-lint rows, whose first lint
  reads the 20- and 2,000-test files too (for the cross-file rules);
- re-lint after an edit: from sending `didChange` to receiving the diagnostics of that
  version, with the debounce set to 0 (the edit is one character of a test's title), on
  files of 20, 200 and 2,000 tests; the 2,000 tests again with a letter typed and deleted
  in turn (each edit moves every line after it); the 2,000 tests with a finding in every test
  (what serialising many diagnostics costs); and 20 tests in an app of 100 other dataset
  files (what checking the app's files for changes costs);
- hover on a placeholder: one `textDocument/hover` round trip, when the server is idle
  and 50 ms after an edit of the 2,000-test file (while that edit's lint runs).

Each figure is the median (p50) and 95th percentile (p95) of the repetitions. The CPU
columns do not grow when a busy host makes the server wait for a core: "server CPU" is
what the server's processes used per edit, or from spawning to the first diagnostics
(Linux: from /proc/PID/task/*/schedstat; its lint process included), "lint alone" what the
lint of the edited buffer takes in this process as the server runs it (re-reading only the
edited test), "whole-text lint" the same lint reading the whole text. Our package's bytecode is
compiled first, as ``pip install`` does (and as bench/run.py does): with
PYTHONDONTWRITEBYTECODE set and an editable install, every start would compile our modules
again (pygls and lsprotocol, installed from wheels, have theirs). Timings belong here and
in the README, never in tests.
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
from run import compile_bytecode

SERVER = [sys.executable, "-m", "ait_datasets", "lsp"]
# pygls's minimal server: what any pygls server pays before its first diagnostics.
FLOOR_SERVER = """
from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer

server = LanguageServer("floor", "1")


@server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls, params):
    document = params.text_document
    ls.text_document_publish_diagnostics(
        lsp.PublishDiagnosticsParams(document.uri, [], document.version)
    )


server.start_io()
"""
FLOOR = [sys.executable, "-c", FLOOR_SERVER]


class Client(LanguageClient):
    def __init__(self) -> None:
        super().__init__("bench", "1")
        self.published: asyncio.Queue[lsp.PublishDiagnosticsParams] = asyncio.Queue()

        @self.feature(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def _published(params: lsp.PublishDiagnosticsParams) -> None:
            self.published.put_nowait(params)

        @self.feature(lsp.WINDOW_LOG_MESSAGE)
        def _logged(params: lsp.LogMessageParams) -> None:
            pass  # the server's notes (settings applied): not measured


async def _wait(client: Client, uri: str, version: int) -> None:
    while True:
        params = await asyncio.wait_for(client.published.get(), 60)
        if params.uri == uri and params.version == version:
            return


async def _session(root: Path, debounce_ms: int, command: list[str] = SERVER) -> Client:
    client = Client()
    await client.start_io(*command)
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


def cpu_seconds(pid: int) -> float:
    """CPU time used so far by every thread of ``pid`` and of its child processes (Linux;
    0 elsewhere): nanoseconds on a CPU, from each task's schedstat."""
    total = 0
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return 0.0
    children: list[int] = []
    for task in tasks:
        try:
            with open(f"/proc/{pid}/task/{task}/schedstat") as fh:
                total += int(fh.read().split()[0])
            with open(f"/proc/{pid}/task/{task}/children") as fh:
                children.extend(int(c) for c in fh.read().split())
        except (OSError, ValueError, IndexError):
            continue
    return total / 1e9 + sum(cpu_seconds(child) for child in children)


def server_pid(client: Client) -> int:
    return client._server.pid if client._server is not None else 0


async def _start(path: Path, command: list[str]) -> tuple[float, float]:
    """From spawning ``command`` to the first diagnostics of ``path``: the wall time, and
    the CPU time its processes used until then."""
    uri = from_fs_path(str(path)) or ""
    text = path.read_text()
    started = time.perf_counter()
    client = await _session(path.parent, 0, command)
    client.text_document_did_open(
        lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(uri, "yaml", 1, text))
    )
    await _wait(client, uri, 1)
    wall = time.perf_counter() - started
    cpu = cpu_seconds(server_pid(client))
    await _close(client)
    return wall, cpu


async def first_diagnostics(
    path: Path, runs: int
) -> tuple[list[float], list[float], list[float], list[float]]:
    """Start to first diagnostics, alternating with the floor (pygls's minimal server):
    wall times, and the CPU time the server's processes (its lint process included) and
    the floor's used."""
    out, floor, out_cpu, floor_cpu = [], [], [], []
    for _ in range(runs):
        wall, cpu = await _start(path, FLOOR)
        floor.append(wall)
        floor_cpu.append(cpu)
        wall, cpu = await _start(path, SERVER)
        out.append(wall)
        out_cpu.append(cpu)
    return out, floor, out_cpu, floor_cpu


def _keystroke(
    version: int, line: int, column: int, typing: bool
) -> lsp.TextDocumentContentChangePartial:
    """The edit of ``version``: R and r in turn over the title's first letter, or (typing)
    an r typed after it and deleted again, which moves every line after it."""
    if not typing:
        start, end, text = column, column + 1, "r" if version % 2 else "R"
    elif version % 2:
        start, end, text = column + 1, column + 2, ""
    else:
        start, end, text = column + 1, column + 1, "r"
    return lsp.TextDocumentContentChangePartial(
        range=lsp.Range(lsp.Position(line, start), lsp.Position(line, end)), text=text
    )


async def relint_and_hover(
    path: Path, edits: int, typing: bool = False
) -> tuple[list[float], list[float], list[float], list[float]]:
    """Re-lint latencies, the server's CPU time per edit, hover latencies when idle and
    while a lint runs."""
    uri = from_fs_path(str(path)) or ""
    text = path.read_text()
    client = await _session(path.parent, 0)
    client.text_document_did_open(
        lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(uri, "yaml", 1, text))
    )
    await _wait(client, uri, 1)
    lines = text.splitlines()
    title = next(i for i, t in enumerate(lines) if "title:" in t)
    # A keystroke in the title's text (its first letter, R and r in turn).
    column = lines[title].index("Run")
    token_line = next(i for i, t in enumerate(lines) if "$DateFormula-" in t)
    pid = server_pid(client)
    relint, cpu = [], []
    for version in range(2, edits + 2):
        change = _keystroke(version, title, column, typing)
        used = cpu_seconds(pid)
        started = time.perf_counter()
        client.text_document_did_change(
            lsp.DidChangeTextDocumentParams(
                lsp.VersionedTextDocumentIdentifier(version, uri), [change]
            )
        )
        await _wait(client, uri, version)
        relint.append(time.perf_counter() - started)
        cpu.append(cpu_seconds(pid) - used)
    hover = []
    character = lines[token_line].index("$DateFormula-") + 3
    for _ in range(edits * 3):
        started = time.perf_counter()
        await client.text_document_hover_async(
            lsp.HoverParams(lsp.TextDocumentIdentifier(uri), lsp.Position(token_line, character))
        )
        hover.append(time.perf_counter() - started)
    # Hover right after an edit, while that edit's lint runs.
    busy = []
    for version in range(edits + 2, edits + 2 + max(3, edits // 3)):
        change = _keystroke(version, title, column, typing)
        client.text_document_did_change(
            lsp.DidChangeTextDocumentParams(
                lsp.VersionedTextDocumentIdentifier(version, uri), [change]
            )
        )
        await asyncio.sleep(0.05)  # the lint has started
        started = time.perf_counter()
        await client.text_document_hover_async(
            lsp.HoverParams(lsp.TextDocumentIdentifier(uri), lsp.Position(token_line, character))
        )
        busy.append(time.perf_counter() - started)
        await _wait(client, uri, version)
    await _close(client)
    return relint, cpu, hover, busy


def _ms(value: float) -> str:
    return f"{value * 1000:.1f} ms"


def _row(
    label: str,
    values: list[float],
    target: str,
    server_cpu: list[float] | None = None,
    lint_alone: tuple[list[float], list[float]] | None = None,
) -> str:
    p50, p95 = _pct(values)
    cpu_text = _ms(_pct(server_cpu)[0]) if server_cpu and any(server_cpu) else ""
    alone_text = whole_text = ""
    if lint_alone:
        alone_text, whole_text = _ms(_pct(lint_alone[0])[0]), _ms(_pct(lint_alone[1])[0])
    return (
        f"| {label} | {_ms(p50)} | {_ms(p95)} | {cpu_text} | {alone_text} | {whole_text} "
        f"| {target} |"
    )


def lint_cpu(path: Path, runs: int, typing: bool = False) -> tuple[list[float], list[float]]:
    """CPU time of the server's lint of the buffer, in this process: what a shared,
    busy host cannot inflate by making the server wait for a core. First the lint after
    each edit as the server runs it (re-reading the edited test), then the lint of the
    whole text read afresh."""
    from ait_datasets.lint.app_facts import AppFacts
    from ait_datasets.lint.buffers import EditedBuffers
    from ait_datasets.lint.config import LintConfig
    from ait_datasets.lsp.linting import lint_document_text

    text, app, buffers = path.read_text(), AppFacts(), EditedBuffers()
    lines = text.splitlines(keepends=True)
    title = next(i for i, t in enumerate(lines) if "title:" in t)
    at = sum(map(len, lines[:title])) + lines[title].index("Run")
    lint_document_text(text, str(path), LintConfig(), app, buffers)
    edited, full = [], []
    for version in range(2, runs + 2):
        if not typing:
            text = text[:at] + ("r" if version % 2 else "R") + text[at + 1 :]
        elif version % 2:
            text = text[: at + 1] + text[at + 2 :]
        else:
            text = text[: at + 1] + "r" + text[at + 1 :]
        started = time.process_time()
        lint_document_text(text, str(path), LintConfig(), app, buffers)
        edited.append(time.process_time() - started)
        started = time.process_time()
        lint_document_text(text, str(path), LintConfig(), app)
        full.append(time.process_time() - started)
    return edited, full


async def _start_rows(tmp: Path, rows: list[str], runs: int) -> None:
    """The start rows: the 200-test file alone in its app (the first lint reads the app's
    other files for the cross-file rules, and the bench's app holds 2.6 MB of them)."""
    solo = tmp / "solo" / ".resources" / "datasets"
    solo.mkdir(parents=True)
    (solo / "BENCH-200.yaml").write_text(generate(200, "agent"), encoding="utf-8")
    start, floor, start_cpu, floor_cpu = await first_diagnostics(solo / "BENCH-200.yaml", runs)
    label = "server start to first diagnostics, 200 tests"
    rows.append(_row(label, start, "<= 1 s", start_cpu))
    label = "floor: pygls's minimal server, start to (empty) first diagnostics"
    rows.append(_row(label, floor, "", floor_cpu))


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    parser.add_argument(
        "--start-only",
        action="store_true",
        help="only the start to first diagnostics and its floor",
    )
    args = parser.parse_args()
    compile_bytecode()
    edits = 8 if args.quick else 25
    targets = {20: "<= 10 ms", 200: "<= 60 ms", 2000: "<= 150 ms"}
    rows = [
        "| measurement | p50 | p95 | server CPU, p50 | lint alone, CPU p50 "
        "| whole-text lint, CPU p50 | target |",
        "|---|---|---|---|---|---|---|",
    ]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "app" / ".resources" / "datasets"
        folder.mkdir(parents=True)
        hovers: list[float] = []
        busy_hovers: list[float] = []
        for tests in () if args.start_only else (20, 200, 2000):
            path = folder / f"BENCH-{tests}.yaml"
            path.write_text(generate(tests, "agent"), encoding="utf-8")
            relint, cpu, hover, busy = await relint_and_hover(path, edits)
            label = f"re-lint after an edit, {tests:,} tests"
            rows.append(_row(label, relint, targets[tests], cpu, lint_cpu(path, edits)))
            if tests == 2000:
                hovers, busy_hovers = hover, busy
                relint, cpu, _hover, _busy = await relint_and_hover(path, edits, typing=True)
                label = "re-lint after typing (a letter typed, then deleted), 2,000 tests"
                alone = lint_cpu(path, edits, typing=True)
                rows.append(_row(label, relint, "", cpu, alone))
        if args.start_only:
            await _start_rows(Path(tmp), rows, 3 if args.quick else 9)
            print("\n".join(rows))
            print(f"(load average while measuring: {os.getloadavg()[0]:.1f})")
            return
        many = folder / "MANY-2000.yaml"
        many.write_text(
            generate(2000, "agent").replace("type: Assistance", "type: assistance"),
            encoding="utf-8",
        )
        relint, cpu, _hover, _busy = await relint_and_hover(many, edits)
        label = "re-lint after an edit, 2,000 tests, 2,000 findings"
        rows.append(_row(label, relint, "", cpu, lint_cpu(many, edits)))
        many.unlink()
        big_app = Path(tmp) / "big" / "app" / ".resources" / "datasets"
        big_app.mkdir(parents=True)
        for i in range(100):
            text = generate(5, "agent").replace("ORDER-RELEASE-", f"APP{i:03d}-")
            (big_app / f"OTHER-{i:03d}.yaml").write_text(text, encoding="utf-8")
        path = big_app / "BENCH-20.yaml"
        path.write_text(generate(20, "agent"), encoding="utf-8")
        relint, cpu, _hover, _busy = await relint_and_hover(path, edits)
        label = "re-lint after an edit, 20 tests, app of 100 files"
        rows.append(_row(label, relint, "<= 10 ms", cpu, lint_cpu(path, edits)))
        rows.append(_row("hover on a placeholder, 2,000-test file", hovers, "<= 5 ms"))
        label = "hover, 2,000-test file, while its re-lint runs"
        rows.append(_row(label, busy_hovers, ""))
        runs = 3 if args.quick else 7
        await _start_rows(Path(tmp), rows, runs)
        start, _floor, start_cpu, _floor_cpu = await first_diagnostics(
            folder / "BENCH-200.yaml", max(2, runs // 2)
        )
        label = "the same start, in an app with the 20- and 2,000-test files"
        rows.append(_row(label, start, "", start_cpu))
    print("\n".join(rows))
    print(f"(load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")


if __name__ == "__main__":
    asyncio.run(main())

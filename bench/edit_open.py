"""How long `datasets edit` takes to become interactive, and to show its first findings,
on a 10,000-test file, against `datasets lint` on the same file.

Run: ``python bench/edit_open.py [TESTS] [--pairs N]``. Generates a dataset of two-turn
agent tests in a temporary folder, then measures (in a fresh process, imports included)
the time until the editor has painted and answered a key press, headless at 80x24; the
time until the diagnostics panel shows the first lint run's findings (target: the CLI's
time plus 0.5 s); when the lint process answered; and that a run made stale by typing is
cancelled, not waited for. ``--late`` starts the lint process the way the editor did
before it was started first (to compare, in turns).

The editor and `datasets lint` run alternately, ``--pairs`` times (3 by default), and the
medians are compared: on a shared host, load comes in phases that a single pair can land
in. Both are timed from process start. Like bench/run.py, our bytecode is compiled first.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from run import compile_bytecode

PROBE = r"""
import time
t0 = time.perf_counter()
import asyncio, sys
path = sys.argv[1]
# As `datasets edit` does: the lint process starts first (before the lint engine is
# imported here), the first lint before the model is built and Textual imported.
import os
from ait_datasets.lint.child import PROCESS_MIN_CHARS, start_child
large = os.stat(path).st_size >= PROCESS_MIN_CHARS
early = start_child() if large and "--late" not in sys.argv else None
from ait_datasets.lint.config_files import ConfigResolver
from ait_datasets.tui.lint_runner import LintRunner
from ait_datasets.tui.model import DatasetModel
text = open(path, encoding="utf-8").read()
runner = LintRunner()
runner.adopt(early)
runner.prefetch(path, text, ConfigResolver().for_file(path))
answered = []
answered_at = []
runner._prefetched[2].add_done_callback(
    lambda _f: (answered.append(time.perf_counter()), answered_at.append(time.monotonic()))
)
model = DatasetModel(path, text)
t_model = time.perf_counter()
from ait_datasets.tui.app import DatasetEditor

seen = {"linting": False}

async def watch(app):
    # From the start: when the panel first shows findings, and whether it said
    # "linting..." before that (the key presses below run meanwhile).
    while app.lint_runs == 0:
        if app.is_running and app.screen.query("#diagnostics"):
            title = str(app.query_one("#diagnostics").border_title)
            seen["linting"] = seen["linting"] or "linting" in title
        await asyncio.sleep(0.02)
    return time.perf_counter(), time.monotonic(), time.process_time()

async def main():
    app = DatasetEditor(model, lint_runner=runner)
    async with app.run_test(size=(80, 24)) as pilot:
        watcher = asyncio.ensure_future(watch(app))
        await pilot.pause()
        t_paint = time.perf_counter()
        await pilot.press("down", "down", "space")
        await pilot.pause()
        t_keys = time.perf_counter()
        t_found, found_at, own_cpu = await watcher
        linting = seen["linting"]
        # Absolute monotonic times: the bench subtracts the moment it spawned this process;
        # then the CPU time of the finished lint process (user + system).
        import resource
        child = resource.getrusage(resource.RUSAGE_CHILDREN)
        print(f"RESULT {found_at} {answered_at[0]} {child.ru_utime + child.ru_stime} {own_cpu}")
        print(f"  model {t_model - t0:.2f} s, painted {t_paint - t0:.2f} s, "
              f"answered keys {t_keys - t0:.2f} s, lint process answered "
              f"{answered[0] - t0:.2f} s, first findings {t_found - t0:.2f} s "
              f"({len(app.findings)} findings; 'linting...' shown while waiting: {linting})")
        # Two edits in a row: the first run is cancelled, only the second one reports.
        app.schedule_lint(); app._lint_now()
        await asyncio.sleep(0.3)
        t_edit = time.perf_counter()
        app._lint_now()
        runs = app.lint_runs
        while app.lint_runs == runs:
            await asyncio.sleep(0.02)
        print(f"  after two quick edits: findings {time.perf_counter() - t_edit:.2f} s after "
              f"the second; runs reported {app.lint_runs - runs} (stale ones cancelled)")

asyncio.run(main())
"""


def generate(count: int) -> str:
    lines = [f"# Generated: {count} agent tests", "name: BIG", "tests:"]
    for i in range(count):
        lines += [
            f"- name: TEST-{i:05d}",
            f"  description: Generated test {i}",
            "  turns:",
            "    # first turn",
            "    - query:",
            "        from: customer@contoso.com",
            f'        title: "Order {i} by $DateFormula-<CD+{i % 30}D>$"',
            "        message: Please process the order.",
            "      expected_data:",
            "        intervention_request:",
            "          type: Assistance",
            "        order_created: true",
            "    - query:",
            "        intervention:",
            "          instruction: Go ahead.",
            "      expected_data:",
            "        order_posted: true",
        ]
    return "\n".join(lines) + "\n"


def _timed(cmd: list[str]) -> tuple[float, float]:
    """Wall time and CPU time (user + system) of ``cmd``."""
    started = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL)
    _pid, _status, usage = os.wait4(proc.pid, 0)
    return time.perf_counter() - started, usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("tests", nargs="?", type=int, default=10_000)
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument(
        "--late",
        action="store_true",
        help="start the lint process only when the first lint is asked for, after the lint "
        "engine's imports (as before it was started first), to compare",
    )
    args = parser.parse_args()
    compile_bytecode()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "big.yaml"
        path.write_text(generate(args.tests), encoding="utf-8")
        print(f"{args.tests} tests, {path.stat().st_size / 1e6:.1f} MB")
        cli, cli_cpu, found, answered, child_cpu, editor_cpu = [], [], [], [], [], []
        for _ in range(args.pairs):
            wall, cpu = _timed([sys.executable, "-m", "ait_datasets", "lint", str(path)])
            cli.append(wall)
            cli_cpu.append(cpu)
            spawned = time.monotonic()
            out = subprocess.run(
                [sys.executable, "-c", PROBE, str(path), *(["--late"] if args.late else [])],
                check=True,
                capture_output=True,
                text=True,
            ).stdout
            result = next(line for line in out.splitlines() if line.startswith("RESULT"))
            found.append(float(result.split()[1]) - spawned)
            answered.append(float(result.split()[2]) - spawned)
            child_cpu.append(float(result.split()[3]))
            editor_cpu.append(float(result.split()[4]))
            print(f"datasets lint: {cli[-1]:.2f} s ({cli_cpu[-1]:.2f} s CPU); editor:")
            print("\n".join(line for line in out.splitlines() if not line.startswith("RESULT")))
        print(
            f"median of {args.pairs} pairs: datasets lint {statistics.median(cli):.2f} s; "
            f"editor's first findings {statistics.median(found):.2f} s "
            f"(lint process answered {statistics.median(answered):.2f} s), from process start; "
            f"target: lint + 0.5 s = {statistics.median(cli) + 0.5:.2f} s. CPU time: "
            f"datasets lint {statistics.median(cli_cpu):.2f} s, the editor's lint process "
            f"{statistics.median(child_cpu):.2f} s, the editor's own process until then "
            f"{statistics.median(editor_cpu):.2f} s"
        )


if __name__ == "__main__":
    main()

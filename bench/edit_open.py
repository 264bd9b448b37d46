"""How long `datasets edit` takes to become interactive, and to show its first findings,
on a 10,000-test file, against `datasets lint` on the same file.

Run: ``python bench/edit_open.py [TESTS]``. Generates a dataset of two-turn agent tests in
a temporary folder, then measures (in a fresh process, imports included) the time until
the editor has painted and answered a key press, headless at 80x24; the time until the
diagnostics panel shows the first lint run's findings (target: the CLI's time plus
0.5 s); and that a run made stale by typing is cancelled, not waited for.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

PROBE = r"""
import asyncio, sys, time
t0 = time.perf_counter()
from ait_datasets.lint.config import LintConfig
from ait_datasets.tui.app import DatasetEditor
from ait_datasets.tui.lint_runner import LintRunner
from ait_datasets.tui.model import DatasetModel
path = sys.argv[1]
text = open(path, encoding="utf-8").read()
# As `datasets edit` does: the first lint starts before the model is built.
runner = LintRunner()
runner.prefetch(path, text, LintConfig())
model = DatasetModel(path, text)
t_model = time.perf_counter()

async def main():
    app = DatasetEditor(model, lint_runner=runner)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        t_paint = time.perf_counter()
        panel = app.query_one("#diagnostics")
        linting = "linting" in str(panel.border_title)
        await pilot.press("down", "down", "space")
        await pilot.pause()
        t_keys = time.perf_counter()
        while app.lint_runs == 0:
            await asyncio.sleep(0.02)
        t_found = time.perf_counter()
        print(f"model {t_model - t0:.2f} s, painted {t_paint - t0:.2f} s, "
              f"answered keys {t_keys - t0:.2f} s, first findings {t_found - t0:.2f} s "
              f"({len(app.findings)} findings; 'linting...' shown while waiting: {linting})")
        # Two edits in a row: the first run is cancelled, only the second one reports.
        app.schedule_lint(); app._lint_now()
        await asyncio.sleep(0.3)
        t_edit = time.perf_counter()
        app._lint_now()
        runs = app.lint_runs
        while app.lint_runs == runs:
            await asyncio.sleep(0.02)
        print(f"after two quick edits: findings {time.perf_counter() - t_edit:.2f} s after "
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


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "big.yaml"
        path.write_text(generate(count), encoding="utf-8")
        size = path.stat().st_size
        print(f"{count} tests, {size / 1e6:.1f} MB")
        t0 = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "ait_datasets", "lint", str(path)],
            check=False,
            stdout=subprocess.DEVNULL,
        )
        print(
            f"datasets lint: {time.perf_counter() - t0:.2f} s (target for first findings: +0.5 s)"
        )
        subprocess.run([sys.executable, "-c", PROBE, str(path)], check=True)


if __name__ == "__main__":
    main()

"""How long `datasets edit` takes to become interactive on a 10,000-test file.

Run: ``python bench/edit_open.py [TESTS]``. Generates a dataset of two-turn agent tests in
a temporary folder, then measures (in a fresh process, imports included) the time until
the editor has painted and answered a key press, headless at 80x24.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

PROBE = r"""
import asyncio, sys, time
t0 = time.perf_counter()
from ait_datasets.tui.app import DatasetEditor
from ait_datasets.tui.model import DatasetModel
path = sys.argv[1]
text = open(path, encoding="utf-8").read()
model = DatasetModel(path, text)
t_model = time.perf_counter()

async def main():
    app = DatasetEditor(model)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        t_paint = time.perf_counter()
        await pilot.press("down", "down", "space")
        await pilot.pause()
        t_keys = time.perf_counter()
        print(f"model {t_model - t0:.2f} s, painted {t_paint - t0:.2f} s, "
              f"answered keys {t_keys - t0:.2f} s")

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
        subprocess.run([sys.executable, "-c", PROBE, str(path)], check=True)


if __name__ == "__main__":
    main()

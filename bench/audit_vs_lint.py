"""`datasets audit` against `datasets lint` on the same 100-dataset app with its AL code.

    python bench/audit_vs_lint.py [--datasets 100] [--tests 20] [--repeat 5]

Writes the app into a temporary folder (the AL code and the shape of
examples/audit-app, 100 datasets of 20 tests, one suite line each), runs both commands
alternately in their own processes and prints the best time of each and their ratio
(the target: the audit takes at most twice the lint's time). Never run by the tests.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "audit-app"

TEST = """  - name: T{n:04d}
    description: Release order {n}
    turns:
      - query:
          from: Jane Doe
          title: Release order {n}
          message: Please release sales order {n}.
        expected_data:
          released_orders: 1
          reply_mentions: released
"""


def build(root: Path, datasets: int, tests: int) -> Path:
    app = root / "app"
    (app / ".resources" / "datasets").mkdir(parents=True)
    (app / ".resources" / "suites").mkdir()
    shutil.copy(EXAMPLE / "app.json", app / "app.json")
    shutil.copytree(EXAMPLE / "src", app / "src")
    lines = []
    for d in range(datasets):
        name = f"ORDERS-{d:03d}.yaml"
        body = "".join(TEST.format(n=d * tests + t) for t in range(tests))
        (app / ".resources" / "datasets" / name).write_text("tests:\n" + body, encoding="utf-8")
        lines.append(f'    <Line CodeunitID="50100" Description="{name}" Dataset="{name}" />')
    xml = (
        '<?xml version="1.0" encoding="UTF-8"?>\n<Root>\n'
        '  <AITSuite Code="ORDERS" Description="Orders" Dataset="ORDERS-000.yaml" '
        'TestRunnerId="130451" TestType="Agent">\n'
        + "\n".join(lines)
        + "\n  </AITSuite>\n</Root>\n"
    )
    (app / ".resources" / "suites" / "ORDERS.xml").write_text(xml, encoding="utf-8")
    return app


def best(cmd: list[str], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--datasets", type=int, default=100)
    parser.add_argument("--tests", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        app = str(build(Path(tmp), args.datasets, args.tests))
        lint = [sys.executable, "-m", "ait_datasets", "lint", "--jobs", "1", app]
        audit = [sys.executable, "-m", "ait_datasets", "audit", app]
        lint_s = audit_s = float("inf")
        for _ in range(args.repeat):  # alternately: a busy host slows both alike
            lint_s = min(lint_s, best(lint, 1))
            audit_s = min(audit_s, best(audit, 1))
    print(f"lint  {lint_s:.3f} s\naudit {audit_s:.3f} s")
    print(f"ratio {audit_s / lint_s:.2f} (target <= 2)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

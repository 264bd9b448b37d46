"""`datasets report` text on an export shaped like the aitTestLogEntries API page, paired
with its floor: msgspec decoding the whole file.

    python bench/report_scale.py                  # 100,000 and 1,000,000 rows
    python bench/report_scale.py --rows 100000    # one size
    python bench/report_scale.py --repeat 5       # pairs per size (best of them)
    python bench/report_scale.py --minified       # the rows on one line, as the API sends them

The export is cases x 20 Versions (with every field the API page has, short values; one
in 23 runs fails), written to a temporary folder (``$TMPDIR``), one row a line by default.
Each command runs in its own process, the report and the floor one right after the other;
the table gives the best CPU time (user + system: on a shared host waiting for a core
only ever adds wall time) and wall time of the pairs, and the peak resident memory
(``os.wait4``, the figure ``/usr/bin/time -v`` gives as "Maximum resident set size");
the ratio is also given as the median of the pairs' own ratios. Our package's bytecode
is compiled first, as ``pip install`` compiles it (see ``run.py``).
Targets: report / floor <= 1.6x, peak memory <= the floor's; 1,000,000 rows / 100,000
rows <= 11x. Never run by the test suite: timings belong here and in the CHANGELOG.
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

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import compile_bytecode

ROW = (
    '{{"@odata.etag":"W/\\"JzE5OzE1OzAwOyc=\\"","id":"00000000-0000-0000-0000-{n:012d}",'
    '"aitCode":"AGENT-SUITE","suiteDescription":"Agent suite","lineNumber":{line},'
    '"tag":"rc-{tag}","version":{version},"tokensConsumed":{tokens},"copilotCredits":0.25,'
    '"agentTaskIDs":"","startTime":"2026-01-01T10:00:00Z","endTime":"2026-01-01T10:00:10Z",'
    '"codeunitID":50100,"codeunitName":"Agent Tests","testLineDescription":"Line",'
    '"procedureName":"RunScenario","message":"{message}","durationMs":{ms},'
    '"status":"{status}","dataset":"DS-{group}","datasetLineNumber":"TEST-{case:06d}",'
    '"sensitive":false,"inputData":"","outputData":"","errorCallStack":"",'
    '"lastModifiedDateTime":"2026-01-01T10:00:10Z"}}'
)


def write_export(path: Path, rows: int, versions: int = 20, minified: bool = False) -> None:
    cases = rows // versions
    with open(path, "w", encoding="utf-8") as out:
        out.write('{"@odata.context":"https://bc/api/$metadata#aitTestLogEntries","value":[\n')
        n = 0
        for version in range(1, versions + 1):
            for case in range(cases):
                failed = (case * 7 + version) % 23 == 0
                out.write(
                    ("," if n else "")
                    + ROW.format(
                        n=n,
                        line=10000 * (1 + case % 5),
                        tag=1 + version // 10,
                        version=version,
                        tokens=1000 + case % 500,
                        message="Assert failed" if failed else "",
                        ms=5000 + (case * 13 + version) % 20000,
                        status="Error" if failed else "Success",
                        group=case % 50,
                        case=case,
                    )
                    + ("" if minified else "\n")
                )
                n += 1
        out.write("]}\n")


def measure(cmd: list[str]) -> tuple[float, float, float, int]:
    """(wall seconds, CPU seconds, peak MB, exit code) of one run of ``cmd``. CPU time
    (user + system) is the figure to compare on a shared host, where waiting for a core
    only ever adds wall time."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    cpu = usage.ru_utime + usage.ru_stime
    return wall, cpu, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status)


FLOOR = "import sys, msgspec; msgspec.json.decode(open(sys.argv[1], 'rb').read())"


def pair(export: Path, repeat: int) -> tuple[dict[str, tuple[float, float, float]], float]:
    """Best (CPU s, wall s) and peak MB of the report and the floor, run alternately, and
    the median of the pairs' CPU ratios."""
    commands = {
        "report": [sys.executable, "-m", "ait_datasets", "report", str(export)],
        "floor": [sys.executable, "-c", FLOOR, str(export)],
    }
    best: dict[str, tuple[float, float, float]] = {}
    ratios: list[float] = []
    for _ in range(repeat):
        cpus: dict[str, float] = {}
        for name, cmd in commands.items():
            wall, cpu, peak, code = measure(cmd)
            if code:
                raise SystemExit(f"{name} exited {code}")
            old = best.get(name, (float("inf"), float("inf"), 0.0))
            best[name] = (min(old[0], cpu), min(old[1], wall), max(old[2], peak))
            cpus[name] = cpu
        ratios.append(cpus["report"] / cpus["floor"])
    return best, statistics.median(ratios)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, action="append")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--minified", action="store_true", help="write the export on one line")
    args = parser.parse_args()
    compile_bytecode()
    sizes = args.rows or [100_000, 1_000_000]
    print(f"{'rows':>10}{'MB':>7}  {'command':<8}{'CPU s':>8}{'wall s':>8}{'peak MB':>9}")
    report_cpu: dict[int, float] = {}
    with tempfile.TemporaryDirectory() as folder:
        for rows in sizes:
            export = Path(folder) / f"export-{rows}.json"
            write_export(export, rows, minified=args.minified)
            size = export.stat().st_size / 1024 / 1024
            best, median = pair(export, args.repeat)
            for name, (cpu, wall, peak) in best.items():
                print(f"{rows:>10,}{size:>7.0f}  {name:<8}{cpu:>8.2f}{wall:>8.2f}{peak:>9.0f}")
            ratio = best["report"][0] / best["floor"][0]
            memory = best["report"][2] / best["floor"][2]
            print(
                f"{'':>17}report / floor: {ratio:.2f}x CPU (best; median of pairs "
                f"{median:.2f}x), {memory:.2f}x peak memory"
            )
            report_cpu[rows] = best["report"][0]
            export.unlink()
    if len(report_cpu) > 1:
        small, large = min(report_cpu), max(report_cpu)
        growth = report_cpu[large] / report_cpu[small]
        print(f"report, {large:,} rows / {small:,} rows: {growth:.1f}x CPU")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

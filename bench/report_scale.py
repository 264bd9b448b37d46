"""`datasets report` on a 2,000,000-row export shaped like the aitTestLogEntries API page.

    python bench/report_scale.py                 # 2,000,000 rows, text and HTML
    python bench/report_scale.py --rows 200000   # a smaller smoke run
    python bench/report_scale.py --jsonl         # the same rows as JSONL, one a line
    python bench/report_scale.py --minified      # the same rows on one line, as the API
                                                 # sends them (the default: one a line)

The export is 100,000 cases x 20 Versions (with every field the API page has, short
values; one in 23 runs fails), written to a temporary folder (``$TMPDIR``). Each command
runs in its own process; the table gives wall time and the child's peak resident memory
(``os.wait4``). Never run by the test suite: timings belong here and in the README. To
compare two versions, run it with each on ``PYTHONPATH`` one right after the other (the
host is shared: compare CPU time).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

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


def write_export(
    path: Path, rows: int, versions: int = 20, jsonl: bool = False, minified: bool = False
) -> None:
    cases = rows // versions
    with open(path, "w", encoding="utf-8") as out:
        if not jsonl:
            out.write('{"@odata.context":"https://bc/api/$metadata#aitTestLogEntries","value":[\n')
        n = 0
        for version in range(1, versions + 1):
            for case in range(cases):
                failed = (case * 7 + version) % 23 == 0
                out.write(
                    ("," if n and not jsonl else "")
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
        if not jsonl:
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


def _reader(jsonl: bool) -> str:
    """Which fast reader the report uses here: the figures depend on it."""
    try:
        import ait_datasets.report._speedups  # noqa: F401
    except ImportError:
        return "the msgspec reader (the C module was not built)"
    return "the msgspec reader" if jsonl else "the C module"


def _renderer() -> str:
    """Whether the renderers' C module does their work per case here."""
    try:
        import ait_datasets.report._render_speedups  # noqa: F401
    except ImportError:
        return "in Python alone (the C module was not built)"
    return "with the C module"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=2_000_000)
    parser.add_argument("--jsonl", action="store_true", help="write the export as JSONL")
    parser.add_argument("--minified", action="store_true", help="write the JSON export on one line")
    args = parser.parse_args()
    if args.jsonl and args.minified:
        parser.error("--minified is for the JSON export; JSONL is one row a line")
    with tempfile.TemporaryDirectory() as folder:
        export = Path(folder) / ("export.jsonl" if args.jsonl else "export.json")
        write_export(export, args.rows, jsonl=args.jsonl, minified=args.minified)
        size = export.stat().st_size / 1024 / 1024
        print(f"{args.rows:,} rows, {size:,.0f} MB export, read by {_reader(args.jsonl)}")
        print(f"rendered {_renderer()}")
        print(f"{'format':<8}{'wall s':>10}{'CPU s':>10}{'peak MB':>10}{'output MB':>11}")
        for fmt in ("text", "html"):
            target = Path(folder) / f"report.{fmt}"
            cmd = [sys.executable, "-m", "ait_datasets", "report", str(export)]
            cmd += ["--format", fmt, "-o", str(target)]
            wall, cpu, peak, code = measure(cmd)
            out = target.stat().st_size / 1024 / 1024 if target.exists() else 0.0
            print(
                f"{fmt:<8}{wall:>10.1f}{cpu:>10.1f}{peak:>10.0f}{out:>11.1f}"
                + (f"  exit {code}" if code else "")
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

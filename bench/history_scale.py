"""`datasets history STORE` on a history of 2,000,000 log entries, paired with its floor:
DuckDB's own ``SELECT suite, tag, count(*) ... GROUP BY`` over the same Parquet files.

    python bench/history_scale.py                     # 2,000,000 entries
    python bench/history_scale.py --entries 200000    # another size
    python bench/history_scale.py --repeat 5          # pairs (best of them)

The history is built the way a team builds it: one export a release (cases x Versions,
every field the API page has, one run in 23 fails), each added with `datasets history
add` into a store in a temporary folder (``$TMPDIR``). Then `datasets history STORE`
and the floor each run in their own process (both start Python and import DuckDB), one
right after the other; the table gives the best wall and CPU time of the pairs, and the
ratio. In-process, the time of the history's queries and of the GROUP BY alone are
given too. Target: history / floor <= 2x. Never run by the test suite.
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
    '{{"@odata.etag":"W/\\"x\\"","id":"{tag}-{n:09d}","aitCode":"AGENT-SUITE",'
    '"suiteDescription":"Agent suite","lineNumber":10000,"tag":"{tag}","version":{version},'
    '"tokensConsumed":1200,"copilotCredits":0.25,"agentTaskIDs":"",'
    '"startTime":"2026-01-{day:02d}T10:00:00Z","endTime":"2026-01-{day:02d}T10:00:10Z",'
    '"codeunitID":50100,"codeunitName":"Agent Tests","testLineDescription":"Line",'
    '"procedureName":"RunScenario","message":"{message}","durationMs":{ms},'
    '"status":"{status}","dataset":"DS-{group}","datasetLineNumber":"TEST-{case:06d}",'
    '"sensitive":false,"inputData":"","outputData":"","errorCallStack":"",'
    '"lastModifiedDateTime":"2026-01-01T10:00:10Z"}}'
)
RELEASES = 20
VERSIONS = 5  # a release: 5 Versions of every case
SRC = str(Path(__file__).resolve().parents[1] / "src")


def _export(path: Path, release: int, cases: int) -> None:
    tag = f"rc-{release:02d}"
    with path.open("w", encoding="utf-8") as out:
        out.write('{"value":[\n')
        n = 0
        for version in range(release * VERSIONS + 1, (release + 1) * VERSIONS + 1):
            for case in range(cases):
                failed = (case * 7 + version) % 23 == 0
                if n:
                    out.write(",\n")
                out.write(
                    ROW.format(
                        tag=tag,
                        n=n,
                        version=version,
                        day=1 + release % 28,
                        message="Assert failed" if failed else "",
                        ms=1000 + case % 997,
                        status="Error" if failed else "Success",
                        group=case % 50,
                        case=case,
                    )
                )
                n += 1
        out.write("\n]}\n")


def _timed(argv: list[str]) -> tuple[float, float, int]:
    """Wall and CPU seconds of a child process, and its exit code."""
    env = {**os.environ, "PYTHONPATH": SRC}
    start = time.perf_counter()
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    return wall, usage.ru_utime + usage.ru_stime, os.waitstatus_to_exitcode(status)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=2_000_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    cases = max(1, args.entries // (RELEASES * VERSIONS))
    with tempfile.TemporaryDirectory(prefix="ait-history-bench-") as folder:
        root = Path(folder)
        store = root / "store"
        start = time.perf_counter()
        for release in range(RELEASES):
            export = root / f"rc-{release:02d}.json"
            _export(export, release, cases)
            code = subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "ait_datasets.cli",
                    "history",
                    "add",
                    str(store),
                    str(export),
                ],
                env={**os.environ, "PYTHONPATH": SRC},
                stdout=subprocess.DEVNULL,
                check=False,
            ).returncode
            if code:
                print(f"history add failed ({code})", file=sys.stderr)
                return 1
            export.unlink()
        built = time.perf_counter() - start
        entries = RELEASES * VERSIONS * cases
        print(
            f"{entries:,} entries ({cases:,} cases x {RELEASES * VERSIONS} Versions, "
            f"{RELEASES} releases) added in {built:.1f} s"
        )
        pattern = (store / "log_entries" / "**" / "*.parquet").as_posix()
        floor = (
            'import duckdb; duckdb.sql("SELECT suite, tag, count(*) FROM read_parquet('
            f"'{pattern}', hive_partitioning = true) GROUP BY ALL\").fetchall()"
        )
        history = [sys.executable, "-m", "ait_datasets.cli", "history", str(store)]
        pairs = []
        for _ in range(args.repeat):
            ours = _timed(history)
            theirs = _timed([sys.executable, "-c", floor])
            if ours[2] or theirs[2]:
                print("a command failed", file=sys.stderr)
                return 1
            pairs.append((ours, theirs))
        best_ours = min(p[0][0] for p in pairs), min(p[0][1] for p in pairs)
        best_floor = min(p[1][0] for p in pairs), min(p[1][1] for p in pairs)
        print(f"{'':28}{'wall s':>10}{'cpu s':>10}")
        print(f"{'datasets history STORE':28}{best_ours[0]:10.2f}{best_ours[1]:10.2f}")
        print(f"{'duckdb GROUP BY (process)':28}{best_floor[0]:10.2f}{best_floor[1]:10.2f}")
        print(
            f"{'ratio':28}{best_ours[0] / best_floor[0]:10.2f}{best_ours[1] / best_floor[1]:10.2f}"
        )
        _in_process(str(store), pattern, args.repeat)
    return 0


def _in_process(store: str, pattern: str, repeat: int) -> None:
    """The queries alone, without starting Python and importing DuckDB."""
    sys.path.insert(0, SRC)
    import duckdb

    from ait_datasets.report.history.releases import read_history

    ours, floor = [], []
    for _ in range(repeat):
        start = time.perf_counter()
        read_history(store)
        ours.append(time.perf_counter() - start)
        start = time.perf_counter()
        duckdb.connect().sql(
            f"SELECT suite, tag, count(*) FROM read_parquet('{pattern}', "
            "hive_partitioning = true) GROUP BY ALL"
        ).fetchall()
        floor.append(time.perf_counter() - start)
    print(
        f"in process: history {min(ours):.3f} s, GROUP BY {min(floor):.3f} s, "
        f"ratio {min(ours) / min(floor):.2f}"
    )


if __name__ == "__main__":
    sys.exit(main())

"""`datasets history STORE` on a history of 2,000,000 log entries, paired with its floor:
DuckDB's own ``SELECT suite, dataset, test, procedure, count(*) ... GROUP BY`` (the case
key) over the same Parquet files.

    python bench/history_scale.py                     # 2,000,000 entries
    python bench/history_scale.py --entries 200000    # another size
    python bench/history_scale.py --repeat 7          # pairs
    python bench/history_scale.py --store DIR         # build once into DIR, reuse after
    python bench/history_scale.py --add               # `history add` of one more export

The history is built the way a team builds it: one export a release (cases x Versions,
every field the API page has, one run in 23 fails), each added with `datasets history
add` into a store in a temporary folder (``$TMPDIR``, or ``--store``). Then `datasets
history STORE` and the floor each run in their own process (both start Python and import
DuckDB), alternately, and each pair's CPU time (user + system of the child) gives a
ratio; the table gives the median and best of the pairs and the load average while they
ran (the host may be shared). DuckDB's ``GROUP BY suite, tag`` (the partitions alone) is
shown too. Target: history / floor (case key) <= 2x CPU. Never run by the test suite.

``--add`` times `datasets history add` instead: one more release's export (a release's
entries: the same cases, new Versions) and one of as many entries of new cases, each
added to a fresh copy of the store, alternately; the CPU time of the child.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from statistics import median

ROW = (
    '{{"@odata.etag":"W/\\"x\\"","id":"{tag}-{n:09d}","aitCode":"AGENT-SUITE",'
    '"suiteDescription":"Agent suite","lineNumber":10000,"tag":"{tag}","version":{version},'
    '"tokensConsumed":1200,"copilotCredits":0.25,"agentTaskIDs":"",'
    '"startTime":"2026-01-{day:02d}T10:00:00Z","endTime":"2026-01-{day:02d}T10:00:10Z",'
    '"codeunitID":50100,"codeunitName":"Agent Tests","testLineDescription":"Line",'
    '"procedureName":"RunScenario","message":"{message}","durationMs":{ms},'
    '"status":"{status}","dataset":"DS-{group}","datasetLineNumber":"{test}-{case:06d}",'
    '"sensitive":false,"inputData":"","outputData":"","errorCallStack":"",'
    '"lastModifiedDateTime":"2026-01-01T10:00:10Z"}}'
)
RELEASES = 20
VERSIONS = 5  # a release: 5 Versions of every case
SRC = str(Path(__file__).resolve().parents[1] / "src")


def _export(path: Path, release: int, cases: int, test: str = "TEST") -> None:
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
                        test=test,
                        case=case,
                    )
                )
                n += 1
        out.write("\n]}\n")


def _timed(argv: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of a child process (it must succeed)."""
    env = {**os.environ, "PYTHONPATH": SRC}
    start = time.perf_counter()
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status):
        raise SystemExit(f"failed: {' '.join(argv)}")
    return wall, usage.ru_utime + usage.ru_stime


def _build(store: Path, entries: int) -> int:
    """Add one export a release to ``store`` (unless it holds them); the entry count."""
    cases = max(1, entries // (RELEASES * VERSIONS))
    total = RELEASES * VERSIONS * cases
    if (store / "log_entries").is_dir():
        print(f"{store}: reused")
        return total
    start = time.perf_counter()
    for release in range(RELEASES):
        export = store.parent / f"rc-{release:02d}.json"
        _export(export, release, cases)
        argv = [sys.executable, "-m", "ait_datasets.cli", "history", "add", str(store)]
        _timed([*argv, str(export)])
        export.unlink()
    print(
        f"{total:,} entries ({cases:,} cases x {RELEASES * VERSIONS} Versions, "
        f"{RELEASES} releases) added in {time.perf_counter() - start:.1f} s"
    )
    return total


def _adds(store: Path, scratch: Path, entries: int, repeat: int) -> None:
    """`history add` of the next release, and of a release of new cases, into copies of
    ``store`` made in ``scratch``."""
    cases = max(1, entries // (RELEASES * VERSIONS))
    exports = {"next release": scratch / "next.json", "new cases": scratch / "new.json"}
    _export(exports["next release"], RELEASES, cases)
    _export(exports["new cases"], RELEASES + 1, cases, test="NEW")
    copy = scratch / "copy"
    times: dict[str, list[float]] = {name: [] for name in exports}
    loads = []
    for _ in range(repeat):
        for name, export in exports.items():
            shutil.copytree(store, copy)
            argv = [sys.executable, "-m", "ait_datasets.cli", "history", "add", str(copy)]
            times[name].append(_timed([*argv, str(export)])[1])
            shutil.rmtree(copy)
        loads.append(os.getloadavg()[0])
    for export in exports.values():
        export.unlink()
    title = f"history add of {cases * VERSIONS:,} entries"
    print(f"{title:40}{'median cpu s':>14}{'best cpu s':>12}")
    for name, cpus in times.items():
        print(f"  {name:38}{median(cpus):14.2f}{min(cpus):12.2f}")
    print(f"load average (1 min) while measuring: {min(loads):.2f} to {max(loads):.2f}")


def _floor(store: Path, key: str) -> list[str]:
    pattern = (store / "log_entries" / "**" / "*.parquet").as_posix()
    return [
        sys.executable,
        "-c",
        f'import duckdb; duckdb.sql("SELECT {key}, count(*) FROM read_parquet('
        f"'{pattern}', hive_partitioning = true) GROUP BY ALL\").fetchall()",
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=2_000_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--store", type=Path, help="build the store here (kept), or reuse it")
    parser.add_argument("--add", action="store_true", help="time `history add` instead")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="ait-history-bench-") as folder:
        store = args.store or Path(folder) / "store"
        store.parent.mkdir(parents=True, exist_ok=True)
        _build(store, args.entries)
        if args.add:
            _adds(store, Path(folder), args.entries, args.repeat)
            return 0
        history = [sys.executable, "-m", "ait_datasets.cli", "history", str(store)]
        commands = {
            "datasets history STORE": history,
            "duckdb GROUP BY case key": _floor(store, "suite, dataset, test, procedure"),
            "duckdb GROUP BY suite, tag": _floor(store, "suite, tag"),
        }
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
        loads = []
        for _ in range(args.repeat):
            for name, argv in commands.items():  # alternately, one after the other
                times[name].append(_timed(argv))
            loads.append(os.getloadavg()[0])
        print(f"{'':28}{'median wall s':>14}{'median cpu s':>14}{'best cpu s':>12}")
        for name, pairs in times.items():
            walls, cpus = [p[0] for p in pairs], [p[1] for p in pairs]
            print(f"{name:28}{median(walls):14.2f}{median(cpus):14.2f}{min(cpus):12.2f}")
        ours = [p[1] for p in times["datasets history STORE"]]
        for name in list(commands)[1:]:
            ratios = [a / b[1] for a, b in zip(ours, times[name], strict=True)]
            print(
                f"history / {name}: CPU {median(ratios):.2f}x median of "
                f"{len(ratios)} pairs (best {min(ratios):.2f}x)"
            )
        print(f"load average (1 min) while measuring: {min(loads):.2f} to {max(loads):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

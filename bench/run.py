"""Run every performance comparison of the README in one go and print a table.

    python bench/run.py            # generates bench/out/*, then measures
    python bench/run.py --quick    # smaller files, fewer repetitions (a smoke run)

Each command runs in its own process; wall time is the median of the repetitions and
peak memory is the child's maximum resident set size (from ``os.wait4``). For every ratio
the two commands run alternately several times; the table gives the ratio of their best
times (noise on a shared host only ever adds time) and the median of the per-pair ratios
(the yamllint target is stated as the latter). Needs the dev
extras (yamllint, check-jsonschema). Never run by the test suite: timings belong here.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "out"
sys.path.insert(0, str(HERE))

from generate import generate  # noqa: E402
from robustness_rows import robustness_rows  # noqa: E402

PY = sys.executable
FLOOR = (
    "import sys, yaml\n"
    "from yaml.cyaml import CParser\n"
    "p = CParser(open(sys.argv[1], encoding='utf-8').read())\n"
    "n = 0\n"
    "while p.check_event():\n"
    "    p.get_event(); n += 1\n"
)


def measure(cmd: list[str], repeat: int) -> tuple[float, float, int]:
    """(median seconds, peak MB, exit code) over ``repeat`` runs of ``cmd``."""
    times: list[float] = []
    peak = 0
    code = 0
    for _ in range(repeat):
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
        times.append(time.perf_counter() - start)
        peak = max(peak, usage.ru_maxrss)
        code = os.waitstatus_to_exitcode(status)
    return statistics.median(times), peak / 1024, code


class Ratio:
    """Two commands run alternately: the ratio of their best times, and of each pair.

    On a shared host, noise only ever adds time (another tenant takes the CPU), and it
    comes in phases of seconds: the best of several runs is each command's own speed
    (``timeit`` takes the minimum for the same reason), while the median of the per-pair
    ratios shows how much the phases moved it.
    """

    def __init__(self, a: list[str], b: list[str], repeat: int) -> None:
        times_a: list[float] = []
        times_b: list[float] = []
        for _ in range(repeat):
            times_a.append(measure(a, 1)[0])
            times_b.append(measure(b, 1)[0])
        self.best = min(times_a) / min(times_b)
        self.median_of_pairs = statistics.median(
            x / y for x, y in zip(times_a, times_b, strict=True)
        )

    def text(self, of: str, runs: int, digits: int = 2) -> str:
        return (
            f"{self.best:.{digits}f}x {of} (best of {runs} each, alternating; median of "
            f"pairs {self.median_of_pairs:.{digits}f}x)"
        )


def tool(name: str) -> str | None:
    """The console script ``name`` installed beside this interpreter, else on PATH.

    The interpreter's own scripts directory comes first: a version manager's shim on PATH
    (pyenv's is a bash script that starts another program) would add tens of milliseconds
    to every tool's start and blur the ratios of the small files.
    """
    here = Path(sysconfig.get_path("scripts")) / name
    if here.is_file() and os.access(here, os.X_OK):
        return str(here)
    return shutil.which(name)


def compile_bytecode() -> None:
    """Compile our package's bytecode, as ``pip install`` does for the peers' packages.

    An editable install compiles on first import, unless PYTHONDONTWRITEBYTECODE is set:
    then every start would recompile every module (about 50 ms) and the small-file ratios
    would measure the compiler, not the linter.
    """
    import ait_datasets

    package = Path(ait_datasets.__file__).parent
    subprocess.run([PY, "-m", "compileall", "-q", str(package)], check=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument(
        "--peers-on-big-file",
        action="store_true",
        help="also run check-jsonschema and yamllint on the big file (minutes each)",
    )
    parser.add_argument(
        "--only-robustness",
        action="store_true",
        help="only the rows of CRLF, lint at the size limit and the inputs that grew badly",
    )
    args = parser.parse_args()
    compile_bytecode()
    datasets = tool("datasets") or "datasets"
    big, mid, small = (2000, 200, 20) if args.quick else (10_000, 1_000, 20)
    repeat = 1 if args.quick else 3
    OUT.mkdir(exist_ok=True)
    files = {}
    for n in (big, mid, small):
        path = OUT / f"agent-{n}.yaml"
        path.write_text(generate(n, "agent"), encoding="utf-8")
        files[n] = str(path)
    schema = OUT / "dataset.schema.json"
    with schema.open("w", encoding="utf-8") as fh:
        subprocess.run([datasets, "schema", "--kind", "dataset"], stdout=fh, check=True)

    rows: list[tuple[str, str, str, str]] = []
    if args.only_robustness:
        rows = robustness_rows(datasets, OUT, files[big], repeat, args.quick, measure, Ratio)
        _print(rows)
        return
    size_mb = os.path.getsize(files[big]) / 1e6
    floor, floor_mem, _ = measure([PY, "-c", FLOOR, files[big]], repeat)
    lint, lint_mem, _ = measure([datasets, "lint", files[big]], repeat)
    rows.append(
        (
            f"libyaml events, {big} tests ({size_mb:.1f} MB)",
            f"{floor:.2f} s",
            f"{floor_mem:.0f} MB",
            "floor",
        )
    )
    floor_ratio = Ratio([datasets, "lint", files[big]], [PY, "-c", FLOOR, files[big]], repeat + 2)
    rows.append(
        (
            f"datasets lint, {big} tests",
            f"{lint:.2f} s",
            f"{lint_mem:.0f} MB",
            f"{floor_ratio.text('floor', repeat + 2)} (target <= 2.0x, <= 120 MB)",
        )
    )
    resolve, resolve_mem, _ = measure(
        [datasets, "resolve", files[big], "--work-date", "2026-03-17"], repeat
    )
    resolve_ratio = Ratio(
        [datasets, "resolve", files[big], "--work-date", "2026-03-17"],
        [datasets, "lint", files[big]],
        repeat + 4,
    )
    rows.append(
        (
            f"datasets resolve, {big} tests",
            f"{resolve:.2f} s",
            f"{resolve_mem:.0f} MB",
            f"{resolve_ratio.text('lint', repeat + 4)} (target <= 1.5x)",
        )
    )
    legacy = OUT / f"legacy-{big}.yaml"
    legacy.write_text(generate(big, "legacy"), encoding="utf-8")
    migrate, migrate_mem, _ = measure([datasets, "migrate", "--check", str(legacy)], repeat)
    migrate_ratio = Ratio(
        [datasets, "migrate", "--check", str(legacy)], [PY, "-c", FLOOR, str(legacy)], repeat + 2
    )
    rows.append(
        (
            f"datasets migrate --check, {big} legacy tests",
            f"{migrate:.2f} s",
            f"{migrate_mem:.0f} MB",
            f"{migrate_ratio.text('floor (libyaml events, same file)', repeat + 2)} "
            "(target <= 3.0x)",
        )
    )
    cj = tool("check-jsonschema")
    if cj:
        ours, _, _ = measure([datasets, "lint", files[mid]], repeat)
        theirs, theirs_mem, _ = measure([cj, "--schemafile", str(schema), files[mid]], repeat)
        cj_ratio = Ratio(
            [cj, "--schemafile", str(schema), files[mid]],
            [datasets, "lint", files[mid]],
            repeat + 2,
        )
        rows.append(
            (
                f"check-jsonschema, {mid} tests",
                f"{theirs:.2f} s",
                f"{theirs_mem:.0f} MB",
                f"{cj_ratio.text(f'our lint ({ours:.2f} s)', repeat + 2, 1)} (target >= 15x)",
            )
        )
    if args.peers_on_big_file and cj:
        theirs, theirs_mem, _ = measure([cj, "--schemafile", str(schema), files[big]], 1)
        rows.append(
            (
                f"check-jsonschema, {big} tests",
                f"{theirs:.2f} s",
                f"{theirs_mem:.0f} MB",
                f"{theirs / lint:.1f}x our lint",
            )
        )
    if args.peers_on_big_file and tool("yamllint"):
        theirs, theirs_mem, _ = measure([str(tool("yamllint")), "-d", "relaxed", files[big]], 1)
        rows.append(
            (
                f"yamllint -d relaxed, {big} tests",
                f"{theirs:.2f} s",
                f"{theirs_mem:.0f} MB",
                f"{theirs / lint:.1f}x our lint",
            )
        )
    yl = tool("yamllint")
    if yl:
        ratio = Ratio(
            [datasets, "lint", files[small]],
            [yl, "-d", "relaxed", files[small]],
            5 if args.quick else 11,
        )
        rows.append(
            (
                f"datasets lint vs yamllint -d relaxed, {small} tests",
                "",
                "",
                f"{ratio.median_of_pairs:.2f}x, median of paired runs (best of each: "
                f"{ratio.best:.2f}x) (target <= 0.45x)",
            )
        )
    many = Path(tempfile.mkdtemp(prefix="bench-many-", dir=OUT)) / ".resources"
    many.mkdir()
    for i in range(200):
        (many / f"D{i:03d}.yaml").write_text(generate(50, "agent"), encoding="utf-8")
    one, _, _ = measure([datasets, "lint", "--jobs", "1", str(many)], repeat)
    auto, _, _ = measure([datasets, "lint", str(many)], repeat)
    rows.append(
        (
            "datasets lint DIR, 200 files x 50 tests",
            f"{auto:.2f} s",
            "",
            f"--jobs 1: {one:.2f} s ({one / auto:.2f}x speed-up on {os.cpu_count()} cores)",
        )
    )
    shutil.rmtree(many.parent)
    rows.extend(robustness_rows(datasets, OUT, files[big], repeat, args.quick, measure, Ratio))
    _print(rows)


def _print(rows: list[tuple[str, str, str, str]]) -> None:
    print(
        f"Machine: {platform.machine()}, {os.cpu_count()} cores, Python "
        f"{platform.python_version()}, {platform.system()}"
    )
    print()
    print("| measurement | wall time | peak memory | ratio |")
    print("|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()

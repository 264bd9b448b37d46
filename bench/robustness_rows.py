"""The bench rows of the robustness work: CRLF, lint at the size limit, migrate at scale,
inputs that grew badly.

Used by ``run.py`` (``python bench/run.py --only-robustness`` runs just these). Each
"grew badly" input is measured at n and 2n: a linear command takes about twice as long
on twice the input (the target is at most 2.5x; a quadratic scan takes 4x). The large
files are written a thousand tests at a time (the bench never holds their text).
"""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from generate import tests_for_bytes, write_generated

Row = tuple[str, str, str, str]
Measure = Callable[[list[str], int], tuple[float, float, int]]


def _agent_title(value: str) -> str:
    return (
        "tests:\n  - name: T\n    turns:\n      - query:\n"
        f'          title: "{value}"\n        expected_data:\n          x: 1\n'
    )


def _dates(n: int) -> str:
    return _agent_title(" ".join(f"2025-01-{10 + i % 18:02d}" for i in range(n)))


def _prefixes(n: int) -> str:
    return f'tests:\n  - name: "{"$DateFormula-<" * n}"\n    question: q\n'


def _line_of_dates(chars: int) -> str:
    return _agent_title(("2025-01-15 " * (chars // 11 + 1))[:chars].strip())


def robustness_rows(
    datasets: str,
    out: Path,
    big_file: str,
    repeat: int,
    quick: bool,
    measure: Measure,
    ratio: Callable[..., Any],
) -> list[Row]:
    rows: list[Row] = []
    # -- Windows line endings -------------------------------------------------------------
    crlf = out / "agent-crlf.yaml"
    crlf.write_bytes(Path(big_file).read_bytes().replace(b"\n", b"\r\n"))
    crlf_time, crlf_mem, _ = measure([datasets, "lint", str(crlf)], repeat)
    crlf_ratio = ratio([datasets, "lint", str(crlf)], [datasets, "lint", big_file], repeat + 4)
    rows.append(
        (
            f"datasets lint, the same file with CRLF ({os.path.getsize(crlf) / 1e6:.1f} MB)",
            f"{crlf_time:.2f} s",
            f"{crlf_mem:.0f} MB",
            f"{crlf_ratio.text('LF', repeat + 4)} (target <= 1.15x, < 150 MB)",
        )
    )
    # -- inputs that grew badly ----------------------------------------------------------
    grown = [
        ("a title of {n} hard-coded dates", _dates, 8000, ["lint"]),
        ("a name of {n} `$DateFormula-<` prefixes", _prefixes, 8000, ["lint"]),
        ("a line of {n} characters of dates", _line_of_dates, 999_000, ["lint"]),
        (
            "a line of {n} characters of dates, --diff --unsafe-fixes",
            _line_of_dates,
            999_000,
            ["lint", "--diff", "--unsafe-fixes", "--work-date", "2025-01-10"],
        ),
    ]
    for label, make, size, argv in grown:
        size = size // 10 if quick else size
        times = []
        for k in (size // 2, size):
            path = out / f"grown-{k}.yaml"
            path.write_text(make(k), encoding="utf-8")
            seconds, mem, _ = measure([datasets, *argv, str(path)], 1)
            times.append((seconds, mem))
            path.unlink()
        (half, _), (full, full_mem) = times
        rows.append(
            (
                f"datasets {' '.join(argv)}: {label.format(n=size)}",
                f"{full:.2f} s",
                f"{full_mem:.0f} MB",
                f"{full / half:.2f}x the time of half the input (target <= 2.5x: linear)",
            )
        )
    # -- lint at the default size limit (100 MiB) ------------------------------------------
    limit = (10 if quick else 100) * 2**20
    tests = tests_for_bytes(limit, "agent")
    at_limit = out / "agent-at-limit.yaml"
    write_generated(str(at_limit), tests, "agent")
    size = os.path.getsize(at_limit)
    seconds, mem, _ = measure([datasets, "lint", str(at_limit)], 1)
    rows.append(
        (
            f"datasets lint, {tests} tests ({size / 2**20:.0f} MiB"
            + (")" if quick else ", the default size limit)"),
            f"{seconds:.2f} s",
            f"{mem:.0f} MB",
            f"peak {mem * 2**20 / size:.1f}x the file size (target < 15x)",
        )
    )
    at_limit.unlink()
    # -- migrate at scale ------------------------------------------------------------------
    scale = [
        ("legacy", 20_000 if quick else 200_000),
        ("legacy-short", 100_000 if quick else 1_000_000),
    ]
    for shape, n in scale:
        legacy = out / f"{shape}-{n}.yaml"
        write_generated(str(legacy), n, shape)
        rows.append(_migrate_row(datasets, legacy, n, shape, measure))
        legacy.unlink()
    return rows


def _migrate_row(
    datasets: str, legacy: Path, n: int, shape: str, measure: Measure, pairs: int = 2
) -> Row:
    """Migrate against lint on the same file, by CPU time and peak memory.

    The two run alternately ``pairs`` times; the ratio is the median of the pairs' CPU
    time ratios (user + system of the child: on a shared host, waiting for a core adds
    wall time but no CPU time). ``measure`` is not used: it times by the wall clock.
    """
    del measure
    lint = [datasets, "lint", str(legacy)]
    migrate = [datasets, "migrate", "--check", "--kind", "agent", str(legacy)]
    runs: list[tuple[tuple[float, float, float], tuple[float, float, float]]] = []
    for _ in range(pairs):
        runs.append((_cpu_run(lint), _cpu_run(migrate)))
    ratios = sorted(m[1] / li[1] for li, m in runs)
    memory = sorted(m[2] / li[2] for li, m in runs)
    (_, lint_cpu, lint_mem), (wall, cpu, mem) = runs[-1]
    what = "legacy tests" if shape == "legacy" else "flat tests of a name and a question"
    return (
        f"datasets migrate --check, {n} {what} ({os.path.getsize(legacy) / 1e6:.0f} MB)",
        f"{wall:.2f} s ({cpu:.2f} s CPU)",
        f"{mem:.0f} MB",
        f"{ratios[len(ratios) // 2]:.2f}x the CPU time and {memory[len(memory) // 2]:.2f}x the "
        f"memory of lint ({lint_cpu:.2f} s CPU, {lint_mem:.0f} MB; median of {pairs} "
        "alternating pairs) (target < 3x both)",
    )


def _cpu_run(cmd: list[str]) -> tuple[float, float, float]:
    """(wall seconds, CPU seconds, peak MB) of one run of ``cmd``."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(proc.pid, 0)
    return time.perf_counter() - start, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024

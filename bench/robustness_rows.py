"""The bench rows of the robustness work: CRLF, lint at the size limit, inputs that grew
badly.

Used by ``run.py`` (``python bench/run.py --only-robustness`` runs just these). Each
"grew badly" input is measured at n and 2n: a linear command takes about twice as long
on twice the input (the target is at most 2.5x; a quadratic scan takes 4x). The large
files are written a thousand tests at a time (the bench never holds their text).
"""

from __future__ import annotations

import os
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
    return rows

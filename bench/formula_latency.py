"""How long the DateFormula parser and CalcDate take on arbitrary input.

    python bench/formula_latency.py [--count 20000]

Feeds random strings (random text, strings over the formula alphabet, and long
pathological formulas) to ``parse_formula`` + ``calc_date`` and prints the slowest case.
The target is that every string gives a date or a positioned error within 50 ms.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import random
import time

from ait_datasets.placeholders import CalcDateError, FormulaError, calc_date, parse_formula

ALPHABET = "<>+-0123456789 CDWMQYcdwmqy"


def samples(count: int, rng: random.Random) -> list[str]:
    out = []
    for i in range(count):
        kind = i % 4
        if kind == 0:
            out.append("".join(chr(rng.randrange(32, 0x2FF)) for _ in range(rng.randrange(40))))
        elif kind == 1:
            out.append("".join(rng.choice(ALPHABET) for _ in range(rng.randrange(60))))
        elif kind == 2:
            out.append("<" + "+".join(f"{rng.randrange(1, 9999)}D" for _ in range(2000)) + ">")
        else:
            out.append("<" + "CM-" * rng.randrange(1, 3000) + "1D>")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=20_000)
    args = parser.parse_args()
    rng = random.Random(20261129)
    work_date = dt.date(2026, 3, 17)
    worst = (0.0, "")
    for text in samples(args.count, rng):
        started = time.perf_counter()
        with contextlib.suppress(FormulaError, CalcDateError):
            calc_date(parse_formula(text), work_date)
        took = time.perf_counter() - started
        if took > worst[0]:
            worst = (took, text)
    shown = worst[1] if len(worst[1]) < 60 else worst[1][:57] + "..."
    verdict = "OK" if worst[0] < 0.05 else "OVER the 50 ms target"
    print(f"{args.count} strings; slowest {worst[0] * 1000:.2f} ms ({shown!r}): {verdict}")


if __name__ == "__main__":
    main()

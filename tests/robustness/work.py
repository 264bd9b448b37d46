"""Work measured without a clock: the calls a piece of code makes, Python and C alike.

A quadratic scan shows as a call count that grows four-fold when the input doubles; a
linear one doubles. Comparing the counts for n and 2n keeps the test independent of the
host's speed and load.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import FrameType


def calls(run: Callable[[], object]) -> int:
    """How many function calls ``run()`` makes (including calls of built-ins)."""
    count = 0

    def profile(_frame: FrameType, event: str, _arg: object) -> None:
        nonlocal count
        if event in ("call", "c_call"):
            count += 1

    previous = sys.getprofile()
    sys.setprofile(profile)
    try:
        run()
    finally:
        sys.setprofile(previous)
    return count


def growth(make: Callable[[int], Callable[[], object]], n: int) -> float:
    """The ratio of the work on an input of size 2n to the work on size n.

    Each size is run once first, so that caches filled on first use (compiled patterns,
    imports) are not counted against the smaller input.
    """
    small, large = make(n), make(2 * n)
    small()
    large()
    return calls(large) / calls(small)

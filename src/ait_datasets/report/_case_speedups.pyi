"""Types of the report's optional C module of passes over every case
(``_case_speedups.c`` documents each function)."""

from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

T = TypeVar("T")

def totals(
    runs: Iterable[Sequence[object]], no_tag: str, /
) -> (
    tuple[
        int,
        int,
        int | None,
        float | None,
        int | None,
        int | None,
        dict[str, tuple[int, int, int | None, float | None, int | None, int | None]],
    ]
    | None
): ...
def case_totals(
    runs: Sequence[Sequence[object]], /
) -> tuple[int, int, int | None, float | None, int | None, int | None] | None: ...
def judge(
    cases: dict[Any, dict[Any, Any]],
    keys: list[Any],
    k: int,
    skipped: dict[Any, int],
    outcome_type: type[T],
    states: tuple[object, object, object],
    one_case: Callable[[Any], T],
    /,
) -> tuple[T, ...]: ...

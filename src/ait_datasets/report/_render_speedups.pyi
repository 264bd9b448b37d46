"""Types of the report's optional C rendering module (``_render_speedups.c`` documents
each function)."""

from collections.abc import Callable

def escape(text: str, /) -> str: ...
def grid_cells(
    runs: tuple[object, ...],
    run_ids: tuple[object, ...],
    k: int,
    cell: Callable[..., str],
    memo: list[str | None],
    /,
) -> str | None: ...
def marks(
    runs: tuple[object, ...], run_ids: tuple[object, ...], passed: str, failed: str, /
) -> str | None: ...
def cost_line(
    passed: int, tokens: int | None, credits: float | None, p50: int | None, p95: int | None, /
) -> str | None: ...

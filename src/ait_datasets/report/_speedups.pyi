"""Types of the report's optional C module (``_speedups.c`` documents each function)."""

def scan(
    buffer: bytes,
    pos: int,
    end: int,
    line: int,
    after_entry: bool,
    context: tuple[object, ...],
    /,
) -> tuple[int, int, int, int, int]: ...
def key_index(seed: int, /) -> object: ...

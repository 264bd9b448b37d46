"""The first line over `max-line-length` is found without splitting a large text."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ait_datasets.source.load import load_bytes


def first_long_line(text: str, limit: int) -> tuple[int, int] | None:
    """(line number, length) of the first line longer than ``limit``, read line by line."""
    for number, line in enumerate(text.split("\n"), start=1):
        if len(line) > limit:
            return number, len(line)
    return None


@settings(max_examples=200, deadline=None)
@given(
    text=st.text(alphabet=st.sampled_from(list("ab \r\n")), max_size=80),
    limit=st.integers(1, 12),
)
def test_the_first_long_line_is_reported_where_it_is(text: str, limit: int) -> None:
    doc = load_bytes("t.yaml", text.encode(), max_line_length=limit)
    found = [d for d in doc.diagnostics if d.code == "SYN010"]
    expected = first_long_line(text, limit) if len(text) > limit else None
    if expected is None:
        assert found == []
    else:
        number, length = expected
        assert [(d.line, d.column, d.end_line, d.end_column) for d in found] == [
            (number, limit + 1, number, length + 1)
        ]

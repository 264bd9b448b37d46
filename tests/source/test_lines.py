"""``split_lines``: the lines YAML counts, whichever way they are split; ``newline_of``."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ait_datasets.source.lines import LINE_BREAK, newline_of, split_lines

# Every YAML line break, and the characters str.splitlines also breaks at (YAML does not).
_BREAKS_AND_LOOKALIKES = "\r\n\x85\u2028\u2029\v\f\x1c\x1d\x1e"


def _by_the_pattern(text: str) -> list[str]:
    lines = LINE_BREAK.split(text)
    if len(lines) > 1 and lines[-1] == "":
        lines.pop()
    return lines


@given(st.text(alphabet=st.sampled_from(f"ab: -{_BREAKS_AND_LOOKALIKES}"), max_size=40))
def test_the_fast_split_gives_the_lines_the_pattern_gives(text: str) -> None:
    assert split_lines(text) == _by_the_pattern(text)


def test_only_yaml_breaks_end_a_line() -> None:
    assert split_lines("a: 1\x0bb\r\nc\x85d\n") == ["a: 1\x0bb", "c", "d"]
    assert split_lines("a\u2028b\n\n") == ["a", "b", ""]
    assert split_lines("") == [""]


@pytest.mark.parametrize(
    ("text", "newline"),
    [
        ("a: 1\r\nb: 2\r\n", "\r\n"),
        ("a: 1\nb: 2\n", "\n"),
        ("a: 1", "\n"),
        ("", "\n"),
        # CR alone is read as a break but never written: a new line ends with LF.
        ("a: 1\rb: 2\r", "\n"),
        # The first line decides (fixes ask once a finding; the file is not scanned).
        ("a: 1\nb: 2\r\n", "\n"),
        ("a: 1\r\nb: 2\n", "\r\n"),
    ],
)
def test_a_new_line_ends_as_the_first_line_does(text: str, newline: str) -> None:
    assert newline_of(text) == newline

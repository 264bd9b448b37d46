"""The quick line cut of large files agrees with the exact cut (property test)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from ait_datasets.source.load import load_text
from ait_datasets.tui import layout as layout_module
from ait_datasets.tui.layout import UnsupportedLayout, split_layout

NAMES = st.sampled_from(["A-1", "B", '"Q: 1"', "'x y'", "C #1", "D"])
VALUES = st.sampled_from(
    ["1", "text", '"quoted # not a comment"', "|\n  block\n  - dash", "[a, b]"]
)
COMMENTS = st.sampled_from(["", "# note\n", "  # indented note\n", "\n", "    # deep\n"])


@st.composite
def datasets(draw: st.DrawFn) -> str:
    dash = draw(st.sampled_from([0, 2]))
    pad = " " * dash
    lines = ["name: GEN", "tests:"]
    for _ in range(draw(st.integers(1, 5))):
        lines.append(f"{pad}- name: {draw(NAMES)}")
        for turn in range(draw(st.integers(0, 2))):
            if turn == 0:
                lines.append(f"{pad}  turns:")
            value = draw(VALUES).replace("\n", "\n" + pad + "          ")
            lines.append(f"{pad}    - query:")
            lines.append(f"{pad}        title: {value}")
        comment = draw(COMMENTS)
        if comment:
            lines.append(comment.rstrip("\n"))
    if draw(st.booleans()):
        lines.append("language: da-DK")
    return "\n".join(lines) + "\n"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(datasets())
def test_quick_cut_equals_event_scan(text: str) -> None:
    doc = load_text("gen.yaml", text)
    assume(doc.root is not None and not doc.has_errors)
    try:
        exact = split_layout(text)
    except UnsupportedLayout:
        return
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(layout_module, "FAST_SPLIT_MIN_CHARS", 0)
        quick = split_layout(text)
    assert quick.render(quick.chunks) == text
    if quick.fast:
        assert quick.chunks == exact.chunks
        assert (quick.prefix, quick.suffix) == (exact.prefix, exact.suffix)
        for fast_name, exact_name in zip(quick.names, exact.names, strict=True):
            assert fast_name is None or fast_name == exact_name


LINE_PIECES = st.sampled_from(
    ["tests:", "  - a", "- b", "---", "...", "# c", "suite_setup:", " {", "x", "", " ", "\t", "-"]
)
LINE_BODIES = [
    r"tests:[ \t]*(?:#[^\n]*)?\r?\n",
    r"[^\s#\-]",
    r"(?:---|\.\.\.)(?:\s|$)",
    r"suite_setup:[ \t]*(?:[{\[]|(?:#[^\n]*)?\r?\n[ \t]+[^\s#])",
    r"([ \t]*)([^\s#])",
    r" {0,1}[^ \r\n#]",
    r" {2}-(?=[ \r\n])",
]


@settings(max_examples=300, deadline=None)
@given(
    lines=st.lists(st.lists(LINE_PIECES, max_size=3).map("".join), max_size=12),
    newline=st.sampled_from(["\n", "\r\n"]),
    body=st.sampled_from(LINE_BODIES),
    cut=st.tuples(st.integers(0, 200), st.integers(0, 200)),
)
def test_the_line_start_search_finds_what_the_multiline_pattern_finds(
    lines: list[str], newline: str, body: str, cut: tuple[int, int]
) -> None:
    import re

    from ait_datasets.tui.fastsplit import LineStart

    text = newline.join(lines)
    pos, endpos = sorted((min(cut[0], len(text)), min(cut[1], len(text))))
    multiline = re.compile("^" + body, re.M)
    expected = [(m.start(), m.group()) for m in multiline.finditer(text, pos, endpos)]
    found = [
        (start, m.group().removeprefix("\n") if start != m.start() else m.group())
        for start, m in LineStart(body).finditer(text, pos, endpos)
    ]
    assert found == expected

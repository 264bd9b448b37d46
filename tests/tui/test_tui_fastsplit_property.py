"""The quick line cut of large files agrees with the exact event scan (property test)."""

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

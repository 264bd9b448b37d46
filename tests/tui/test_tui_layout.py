"""Cutting a dataset into per-test chunks, and round-tripping one test."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_support import SAMPLE

from ait_datasets.tui import layout as layout_module
from ait_datasets.tui.fastsplit import chunk_name, fast_chunks
from ait_datasets.tui.layout import IndentStyle, UnsupportedLayout, split_layout
from ait_datasets.tui.roundtrip import dump_chunk, parse_chunk


def test_block_list_is_cut_into_one_chunk_per_test_with_following_comments() -> None:
    lay = split_layout(SAMPLE)
    assert len(lay.chunks) == 2
    assert lay.chunks[0].startswith("- name: RETURN-ONE\n")
    assert lay.chunks[0].endswith("credit_memo_posted: true\n\n# Second test keeps its comment.\n")
    assert lay.chunks[1].startswith("- name: RETURN-TWO\n")
    assert lay.prefix.endswith("tests:\n")
    assert lay.render(lay.chunks) == SAMPLE
    assert lay.names == ["RETURN-ONE", "RETURN-TWO"]
    assert lay.dash_column == 0
    assert lay.style == IndentStyle(mapping=2, sequence=4, offset=2)
    assert lay.dash_lines(lay.chunks) == [5, 25]


def test_keys_after_the_tests_stay_after_them() -> None:
    text = "tests:\n  - name: A\n  - name: B\nlanguage: en-US\n"
    lay = split_layout(text)
    assert lay.chunks == ["  - name: A\n", "  - name: B\n"]
    assert lay.suffix == "language: en-US\n"
    assert lay.dash_column == 2


@pytest.mark.parametrize(
    ("text", "empty_render", "with_one"),
    [
        ("name: X\ntests: []\n", "name: X\ntests: []\n", "name: X\ntests:\n- name: A\n"),
        ("name: X\ntests:\n", "name: X\ntests:\n", "name: X\ntests:\n- name: A\n"),
        (
            "name: X\ntests: [] # none yet\nlanguage: da-DK\n",
            "name: X\ntests: [] # none yet\nlanguage: da-DK\n",
            "name: X\ntests: # none yet\n- name: A\nlanguage: da-DK\n",
        ),
        ("name: X\n", "name: X\n", "name: X\ntests:\n- name: A\n"),
    ],
)
def test_empty_or_missing_tests_list_renders_back_and_grows(
    text: str, empty_render: str, with_one: str
) -> None:
    lay = split_layout(text)
    assert lay.chunks == []
    assert lay.render([]) == empty_render
    assert lay.render(["- name: A\n"]) == with_one


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("suite_setup:\n  setup_actions: []\ntests: []\n", "suite-setup file also has tests"),
        ("  name: T\n  turns: []\n", "the file's test is indented"),
        ("tests: [{name: A}]\n", "must be a block list"),
        ("- name: A\n", "must be a block mapping"),
        ("a: 1\n---\nb: 2\n", "several YAML documents"),
        ("tests:\n  - name: [\n", "syntax error at line 3, column 1"),
    ],
)
def test_files_the_editor_cannot_rewrite_safely_are_refused(text: str, message: str) -> None:
    with pytest.raises(UnsupportedLayout, match=message.replace("[", r"\[")):
        split_layout(text)


def test_line_cut_of_large_files_matches_the_event_scan(monkeypatch: pytest.MonkeyPatch) -> None:
    exact = split_layout(SAMPLE)
    monkeypatch.setattr(layout_module, "FAST_SPLIT_MIN_CHARS", 0)
    fast = split_layout(SAMPLE)
    assert fast.fast and not exact.fast
    assert fast.chunks == exact.chunks
    assert fast.names == exact.names
    assert (fast.prefix, fast.suffix) == (exact.prefix, exact.suffix)


@pytest.mark.parametrize(
    "text",
    [
        "tests:\n- name: A\n---\n",  # document markers
        "tests:\n  - name: A\n x: 1\n",  # a line less indented than the dashes
        "suite_setup:\n  a: 1\ntests:\n- name: A\n",
    ],
)
def test_line_cut_declines_unusual_shapes(text: str) -> None:
    assert fast_chunks(text) is None


def test_chunk_names_are_read_only_when_simple() -> None:
    assert chunk_name("- name: ABC-1\n", 0) == "ABC-1"
    assert chunk_name('  - name: "Q 1"\n', 2) == "Q 1"
    assert chunk_name("- name: 'it''s'\n", 0) is None
    assert chunk_name("- description: x\n", 0) is None


def test_one_test_round_trips_byte_for_byte_in_the_files_style() -> None:
    lay = split_layout(SAMPLE)
    for chunk in lay.chunks:
        seq = parse_chunk(chunk, lay.dash_column, lay.style)
        assert dump_chunk(seq, lay.dash_column, lay.style, "\n") == chunk


def _corpus_yaml(corpus: Path) -> list[Path]:
    return sorted(p for p in corpus.rglob("*.yaml"))


@pytest.mark.corpus
def test_every_corpus_dataset_is_cut_so_that_it_renders_back_exactly(
    corpus: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cut = 0
    for path in _corpus_yaml(corpus):
        text = path.read_text(encoding="utf-8-sig")
        try:
            lay = split_layout(text)
        except UnsupportedLayout:
            continue
        assert lay.render(lay.chunks) == text, path
        monkeypatch.setattr(layout_module, "FAST_SPLIT_MIN_CHARS", 0)
        fast = split_layout(text)
        monkeypatch.setattr(layout_module, "FAST_SPLIT_MIN_CHARS", 256 * 1024)
        if fast.fast:
            assert fast.chunks == lay.chunks, path
        cut += 1
    assert cut >= 30


@pytest.mark.corpus
def test_consistently_indented_corpus_tests_round_trip_unchanged(corpus: Path) -> None:
    path = next(corpus.rglob("SR-ACCUR-ATTACHMENTS.yaml"))
    lay = split_layout(path.read_text(encoding="utf-8"))
    for chunk in lay.chunks:
        seq = parse_chunk(chunk, lay.dash_column, lay.style)
        assert dump_chunk(seq, lay.dash_column, lay.style, "\n") == chunk

"""An entry's last line, found in the text for line-reader trees, is the tree's answer."""

from __future__ import annotations

from pathlib import Path

import pytest

from ait_datasets.migrate.blocks import _content_end, value_extent
from ait_datasets.migrate.text import line_end
from ait_datasets.source.load import load_text
from ait_datasets.source.tree import Mapping, containers

REPO = Path(__file__).resolve().parents[2]

SHAPES = [
    "a:\n  b: 1\n  # trailing comment\n\n  # another\nc: 2\n",
    "a:\n  - x: 1\n    y: [1, 2]  # note\n  -\n# shallow comment\nb: 1\n",
    "a:\n  b:\n    c:\n  d: 'q'\n",
    'tests:\n  - name: T\n    question:\n      message: "#not a comment"\n    e: 1\n',
    "a:\n  b: |\n    # text, not a comment\n\nc: 1\n",
    "a:\n  - &x 1\n  - *x\nb: 2\n",
]


def same_lines(text: str) -> int:
    """Check every block entry of ``text``; return how many were checked."""
    doc = load_text("t.yaml", text)
    assert doc.root is not None
    checked = 0
    for node in containers(doc.root):
        if not isinstance(node, Mapping) or node.flow:
            continue
        for _, (key, value) in node.entries.items():
            ours = _content_end(text, value, key.end_offset)
            theirs = value_extent(text, value, key.end_offset).end
            assert line_end(text, max(ours, key.end_offset) - 1) == line_end(
                text, max(theirs, key.end_offset) - 1
            ), (key.data, ours, theirs)
            checked += 1
    return checked


@pytest.mark.parametrize("text", SHAPES)
def test_the_last_line_of_each_entry_agrees_with_the_tree(text: str) -> None:
    assert same_lines(text) > 0


def test_the_examples_and_the_corpus_agree(corpus: Path) -> None:
    paths = [*sorted((REPO / "examples").rglob("*.yaml")), *sorted(corpus.rglob("*.yaml"))]
    assert sum(same_lines(p.read_text(encoding="utf-8-sig")) for p in paths) > 1000

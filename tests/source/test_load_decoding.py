"""``load`` decodes a file a block at a time: the blocks' edges never show.

A character cut by a block's edge, a BOM, a bad byte or a NUL past the first block: the
document (text and findings) is the one that decoding the file's bytes whole gives.
"""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from ait_datasets.source import codes
from ait_datasets.source.load import load, load_bytes

# The module (the package's `load` is the function of the same name).
load_module = importlib.import_module("ait_datasets.source.load")
BLOCK: int = load_module._BLOCK


def _items(size: int) -> bytes:
    """Items of a `tests:` list filling about ``size`` bytes."""
    line = b"  - name: a test of the block edges\n"
    return line * (size // len(line))


def _same_as_whole(path: Path) -> None:
    raw = path.read_bytes()
    got, want = load(path), load_bytes(str(path), raw)
    assert got.text == want.text
    assert got.bom == want.bom
    assert [(d.code, d.line, d.column) for d in got.diagnostics] == [
        (d.code, d.line, d.column) for d in want.diagnostics
    ]


@pytest.mark.parametrize("character", ["é", "€", "😀"])
def test_a_character_across_a_block_edge(tmp_path: Path, character: str) -> None:
    head = b"tests:\n" + _items(BLOCK - 40)
    # `  - name: ` then pad so that the character starts one byte before the edge.
    prefix = b"  - name: "
    pad = BLOCK - 1 - len(head) - len(prefix)
    encoded = character.encode("utf-8")
    raw = head + prefix + b"x" * pad + encoded + b"\n" + _items(BLOCK)
    assert raw[:BLOCK].endswith(encoded[:1])  # the edge cuts the character
    path = tmp_path / "edge.yaml"
    path.write_bytes(raw)
    # Read by the block decoder itself, not by the whole-file path it falls back on.
    assert load_module._clean_text(str(path)) == (raw.decode("utf-8"), False)
    doc = load(path)
    assert doc.diagnostics == []
    assert doc.text == raw.decode("utf-8")
    _same_as_whole(path)


def test_a_bom_before_several_blocks(tmp_path: Path) -> None:
    path = tmp_path / "bom.yaml"
    body = b"tests:\n" + _items(3 * BLOCK)
    path.write_bytes(b"\xef\xbb\xbf" + body)
    doc = load(path)
    assert doc.bom
    assert doc.text == body.decode("utf-8")
    _same_as_whole(path)


@pytest.mark.parametrize(("bad", "code"), [(b"\xe9", codes.ENCODING), (b"\x00", codes.ENCODING)])
def test_a_bad_byte_past_the_first_block_is_found_where_it_is(
    tmp_path: Path, bad: bytes, code: str
) -> None:
    head = b"tests:\n" + _items(2 * BLOCK)
    path = tmp_path / "bad.yaml"
    path.write_bytes(head + b"  - name: caf" + bad + b"\n")
    doc = load(path)
    found = [d for d in doc.diagnostics if d.code == code]
    assert [(d.line, d.column) for d in found] == [(head.count(b"\n") + 1, 14)]
    _same_as_whole(path)


def test_an_empty_file(tmp_path: Path) -> None:
    path = tmp_path / "empty.yaml"
    path.write_bytes(b"")
    assert [d.code for d in load(path).diagnostics] == [codes.EMPTY_FILE]
    _same_as_whole(path)

"""The line reader must build exactly the event builder's tree, or give up.

Every tree it returns is compared node by node (type, value and its type, style, flow,
tag, offsets, key nodes) with the tree libyaml's events give; and whenever libyaml finds
something to report, the line reader must have given up so that the finding is made.
The line reader is the source package's one fast path: one property test proves it equal
to libyaml's path (``test_any_text_is_read_like_libyaml_or_left_to_it``); the others
pin hand-picked shapes and the real datasets.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ait_datasets.source import yaml_loader
from ait_datasets.source.block_yaml import read_block_yaml
from ait_datasets.source.load import load_text
from ait_datasets.source.tree import Mapping, Node, Scalar, Sequence

REPO = Path(__file__).resolve().parents[2]


def difference(fast: Node, slow: Node, path: str = "$") -> str | None:
    """Where two trees differ, or None when they are the same."""
    if type(fast) is not type(slow):
        return f"{path}: {type(fast).__name__} vs {type(slow).__name__}"
    if (fast.start_offset, fast.end_offset) != (slow.start_offset, slow.end_offset):
        return (
            f"{path}: offsets {fast.start_offset}..{fast.end_offset} "
            f"vs {slow.start_offset}..{slow.end_offset}"
        )
    if isinstance(fast, Scalar):
        assert isinstance(slow, Scalar)
        a, b = fast.data, slow.data
        both_nan = isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b)
        if not both_nan and (a != b or type(a) is not type(b)):
            return f"{path}: value {a!r} vs {b!r}"
        if (fast.style, fast.tag) != (slow.style, slow.tag):
            return f"{path}: style {fast.style!r} vs {slow.style!r}"
        return None
    assert isinstance(slow, (Mapping, Sequence))
    if (fast.flow, fast.tag) != (slow.flow, slow.tag):
        return f"{path}: flow {fast.flow} vs {slow.flow}"
    if isinstance(fast, Mapping):
        assert isinstance(slow, Mapping)
        if list(fast.entries) != list(slow.entries):
            return f"{path}: keys {list(fast.entries)} vs {list(slow.entries)}"
        for key, (key_node, value) in fast.entries.items():
            other_key, other_value = slow.entries[key]
            found = difference(key_node, other_key, f"{path}.{key}(key)")
            found = found or difference(value, other_value, f"{path}.{key}")
            if found:
                return found
        return None
    assert isinstance(fast, Sequence) and isinstance(slow, Sequence)
    if len(fast.items) != len(slow.items):
        return f"{path}: {len(fast.items)} vs {len(slow.items)} items"
    for i, (a_item, b_item) in enumerate(zip(fast.items, slow.items, strict=True)):
        found = difference(a_item, b_item, f"{path}[{i}]")
        if found:
            return found
    return None


def check_agrees(text: str) -> Node | None:
    """The line reader's tree for ``text`` after checking it against libyaml's."""
    fast = read_block_yaml(text)
    builder = yaml_loader._Builder("t.yaml")
    try:
        slow = builder.build(text)
    except Exception:  # libyaml refuses the text: the line reader must have given up
        assert fast is None, "the line reader accepted text libyaml refuses"
        return None
    if fast is None:
        return None
    assert not builder.diagnostics, "the line reader accepted text with findings"
    assert slow is not None
    assert difference(fast, slow) is None, difference(fast, slow)
    return fast


# -- hand-picked shapes --------------------------------------------------------------

READ = [
    "a: 1\n",
    "a: 1",
    "a: 1\n# c\n\n",
    "a:\n  b: 1\nc: 2\n",
    "a:\n- 1\n- \nc:\n",
    "- a: 1\n  b:\n- c\n",
    "-\n  a: 1\n",
    "- a\n-\n- b\n",
    "a: |\n  x\n  y\n\nb: 1\n",
    "a: |-\n  x\n\n\n  # c\nb: 1\n",
    "a:\n  b: |\n    x\n\n  c: 1\n",
    "a: |\n\n  x\n",
    "a: |\n  x",
    "a: |  # note\n    x\n      y\n",
    "- |\n  x\n- y\n",
    "a: [x, 'y', 1 ]  # c\nb: {}\nc: [ ]\nd: [\"q\\tr\", z z]\n",
    'a: "x\\ty \\u00e9 \\x41 \\\\ \\""\n',
    "a: 'it''s'\n'b c': \"d\"\n",
    '"Sell-to Customer No.": CUST00\n',
    "a: x # comment\nb: x#y\nc: http://host/x\n",
    "a: -1\nb: -x\nc: 1.5\nd: true\ne: ~\nf: null\ng: 0x1F\nh: .inf\n",
    "  a: 1\n  b:\n    - x\n",
    "# only a comment first\n\na: 1\n",
    "tests:\n  - name: T\n    turns:\n      - query:\n          message: hi\n",
    "k: é ünïcode 😀\n",
]


@pytest.mark.parametrize("text", READ)
def test_reads_the_common_shapes_exactly_like_libyaml(text: str) -> None:
    assert check_agrees(text) is not None


@pytest.mark.parametrize("text", READ)
def test_reads_the_common_shapes_with_crlf_exactly_like_libyaml(text: str) -> None:
    # A Windows checkout (core.autocrlf): the same tree, every offset counting the CRs.
    assert check_agrees(text.replace("\n", "\r\n")) is not None


GIVES_UP = {
    "anchor and alias": "a: &x 1\nb: *x\n",
    "tag": "a: !!str 1\n",
    "multi-line plain value": "a: one\n  two\n",
    "multi-line quoted value": 'a: "one\n  two"\n',
    "folded block": "a: >\n  x\n",
    "keep chomping": "a: |+\n  x\n\n",
    "indentation indicator": "a: |2\n   x\n",
    "flow mapping with content": "a: {b: 1}\n",
    "nested flow list": "a: [[1]]\n",
    "trailing comma": "a: [x,]\n",
    "duplicate key": "a: 1\na: 2\n",
    "number key": "1: x\n",
    "document marker": "---\na: 1\n",
    "second document": "a: 1\n---\nb: 2\n",
    "a lone carriage return": "a: 1\rb: 2\r\n",
    "mixed line breaks": "a: 1\r\nb: 2\n",
    "a carriage return inside a line": "a: x\ry\r\n",
    "tab": "a:\t1\n",
    "only comments": "# nothing\n",
    "root scalar": "just text\n",
    "mapping in a value": "a: b: c\n",
    "list in a value": "a: - b\n",
    "list in a list on one line": "- - a\n",
    "key with a space before its colon": "a : 1\n",
    "complex key": "? a\n: 1\n",
    "bad indentation": "a:\n    b: 1\n  c: 2\n",
    "comment right after a quote": 'a: "x"#c\n',
    "unknown escape": 'a: "\\q"\n',
    "control character": "a: \x07\n",
    # chr() raised ValueError and OverflowError on these: libyaml reports them.
    "escape above the last code point": 'a: "\\U00110000"\n',
    "escape beyond a C int": 'a: "\\U80000000"\n',
    "escape of a surrogate": 'a: "\\uD800"\n',
}


@pytest.mark.parametrize("text", list(GIVES_UP.values()), ids=list(GIVES_UP))
def test_gives_up_on_everything_else(text: str) -> None:
    assert read_block_yaml(text) is None
    check_agrees(text)


def test_a_file_it_gives_up_on_still_loads_through_libyaml() -> None:
    doc = load_text("t.yaml", "a: &x 1\nb: *x\n")
    assert doc.root is not None and doc.root.data == {"a": 1, "b": 1}


def test_the_findings_of_a_file_it_gives_up_on_are_kept() -> None:
    doc = load_text("t.yaml", "a: 1\na: 2\n")
    assert [(d.code, d.line, d.column) for d in doc.diagnostics] == [("SYN002", 2, 1)]


# -- the real datasets -------------------------------------------------------------------


def test_the_corpus_reads_like_libyaml(corpus: Path) -> None:
    read = 0
    for path in sorted([*corpus.rglob("*.yaml"), *corpus.rglob("*.yml")]):
        text = path.read_text(encoding="utf-8-sig")
        if check_agrees(text) is not None:
            read += 1
    # Most real datasets are plain block YAML: the fast path is the common path.
    assert read >= 60


def test_the_examples_read_like_libyaml() -> None:
    paths = sorted((REPO / "examples").rglob("*.yaml"))
    assert paths
    for path in paths:
        check_agrees(path.read_text(encoding="utf-8-sig"))


# -- the property: generated, damaged and arbitrary texts ---------------------------

_WORDS = st.sampled_from(
    ["name", "query", "x", "Shipment Date", "é", "true", "1", "-1", "0.5", "null", "a#b"]
)
_TEXT = st.text(
    alphabet=st.sampled_from(list("abc xyz-:#'\"\\é{}[],&*!|>%@`?")), min_size=0, max_size=12
)
_SCALARS = st.one_of(_WORDS, _TEXT, st.integers(-5, 5).map(str))


def _render(value: object, indent: int, step: int, style: int) -> list[str]:
    """``value`` as block YAML lines at ``indent``, in a style chosen by ``style``."""
    pad = " " * indent
    if isinstance(value, dict):
        lines: list[str] = []
        for key, item in value.items():
            quoted_key = f'"{key}"' if style % 3 == 0 else key
            if isinstance(item, (dict, list)) and item:
                lines.append(f"{pad}{quoted_key}:")
                inner = indent if isinstance(item, list) and style % 2 else indent + step
                lines.extend(_render(item, inner, step, style // 2))
            else:
                lines.append(f"{pad}{quoted_key}: {_scalar(item, style)}")
        return lines
    if isinstance(value, list):
        lines = []
        for item in value:
            if isinstance(item, dict) and item:
                inner = _render(item, indent + 2, step, style // 3)
                lines.append(f"{pad}- {inner[0].lstrip(' ')}")
                lines.extend(inner[1:])
            elif isinstance(item, list) and item:
                lines.append(f"{pad}-")
                lines.extend(_render(item, indent + step, step, style // 3))
            else:
                lines.append(f"{pad}- {_scalar(item, style)}")
        return lines
    return [f"{pad}{_scalar(value, style)}"]


def _scalar(value: object, style: int) -> str:
    if isinstance(value, (dict, list)):
        return "{}" if isinstance(value, dict) else "[]"
    text = str(value)
    if style % 4 == 1:
        return "'" + text.replace("'", "''") + "'"
    if style % 4 == 2:
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if style % 4 == 3 and text:
        return f"[{text}, 'q']"
    return text


_TREES = st.recursive(
    _SCALARS,
    lambda children: st.one_of(
        st.dictionaries(_WORDS, children, min_size=1, max_size=4),
        st.lists(children, min_size=1, max_size=4),
    ),
    max_leaves=20,
)


@st.composite
def _documents(draw: st.DrawFn) -> str:
    """Block YAML rendered from a generated tree, perhaps with comments between lines."""
    tree = draw(st.dictionaries(_WORDS, _TREES, min_size=1, max_size=4))
    lines = _render(tree, 0, draw(st.integers(1, 4)), draw(st.integers(0, 10_000)))
    if draw(st.booleans()):
        lines = [part for line in lines for part in (line, "", "  # note")]
    return "\n".join(lines) + draw(st.sampled_from(["\n", ""]))


_PIECES = st.sampled_from(
    [
        "a",
        "b: ",
        ":",
        " ",
        "  ",
        "\n",
        "- ",
        "-",
        "#",
        " # c",
        '"',
        "'",
        "\\",
        "|",
        "|-",
        ">",
        "[",
        "]",
        ",",
        "{",
        "}",
        "&a",
        "*a",
        "!",
        "1",
        "true",
        "null",
        "---",
        "...",
        "?",
        "é",
        "\t",
        "\r\n",
        "\r",
        "\\U0010FFFF",
        "\\U00110000",
        "\\UFFFFFFFF",
        "\\uDC00",
        "\\x41",
    ]
)


# Arbitrary texts made of the pieces YAML's rules turn on.
_ANY_TEXT = st.lists(_PIECES, max_size=40).map("".join)


@st.composite
def _damaged(draw: st.DrawFn) -> str:
    """A generated document with a few pieces cut in (near-valid text is where a reader
    that is too lenient would show)."""
    tree = draw(st.dictionaries(_WORDS, _TREES, min_size=1, max_size=4))
    text = "\n".join(_render(tree, 0, 2, draw(st.integers(0, 10_000)))) + "\n"
    edits = draw(st.lists(st.tuples(st.floats(0, 1), st.integers(0, 3), _PIECES), max_size=3))
    for where, cut, piece in edits:
        at = int(where * len(text))
        text = text[:at] + piece + text[at + cut :]
    return text


_ESCAPE_CODES = st.one_of(
    st.integers(0, 0xFFFFFFFF).map(lambda n: f"\\U{n:08X}"),
    st.integers(0xD700, 0xE100).map(lambda n: f"\\u{n:04x}"),
    st.integers(0, 0xFF).map(lambda n: f"\\x{n:02X}"),
    st.sampled_from(["\\0", "\\t", "\\e", "\\N", "\\_", "\\L", "\\P", "\\q", "\\ ", "\\/"]),
    st.text(alphabet="ab é", max_size=3),
)


# A double-quoted value of escapes (a code point out of range once crashed the reader:
# chr() raised instead of leaving the text to libyaml, which reports it).
_ESCAPED = st.builds(
    lambda body, in_a_list: f'a: ["{body}"]\n' if in_a_list else f'a: "{body}"\n',
    st.lists(_ESCAPE_CODES, max_size=6).map("".join),
    st.booleans(),
)


@settings(max_examples=900, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(_documents(), _damaged(), _ANY_TEXT, _ESCAPED))
def test_any_text_is_read_like_libyaml_or_left_to_it(text: str) -> None:
    check_agrees(text)
    # The same text from a Windows checkout (core.autocrlf): every break CRLF.
    check_agrees(text.replace("\r\n", "\n").replace("\n", "\r\n"))

"""The data reader's templates of repeated list items (``source/item_templates.py``) read
exactly what the walk reads: on generated lists of items that repeat a few shapes with
other values (simple and not, near misses included), the data reader with templates
gives the line reader's data (and libyaml's), and the data it gives without them."""

from __future__ import annotations

import marshal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_block_yaml import check_agrees

from ait_datasets.source.block_data import _DataReader, read_block_data
from ait_datasets.source.block_lexicon import GiveUp, line_breaks_read
from ait_datasets.source.block_yaml import BlockReader, read_block_yaml

# Values as written: simple ones (read from a template) and every near miss of them.
SIMPLE = st.sampled_from(
    [
        *["x", "Process order 1", "T0000001", "10", "1.5", "true", "null", "~", "yes", "0x1F"],
        *[".inf", "é ü", "a|b", "x y", '"q"', '""', '"a: b #c"', "v"],
    ]
)
# Values the walk reads, but not simple ones.
NEAR_MISSES = st.sampled_from(
    [
        *["-1", "-x", "a#b", "x #c", "a:b", "x  ", "#c", "[a, b]", "{}", "'it''s'", "''"],
        *['"a \\" b"', '"a\\tb"', '"x" # c', '"x"  ', "x:"],
    ]
)
VALUES = st.one_of(
    SIMPLE,
    SIMPLE,
    SIMPLE,
    st.sampled_from(
        [
            "-1",
            "a#b",
            "x #c",
            "a:b",
            "a: b",
            "a:",
            "x  ",
            "#c",
            "|",
            "|-",
            "- x",
            "[a, b]",
            "{}",
            "'it''s'",
            "''",
            '"a \\" b"',
            '"a\\tb"',
            '"x" # c',
            "&a x",
            "!x y",
            "9" * 5000,  # a number too long to convert: the walk gives up
        ]
    ),
    st.text(alphabet=st.sampled_from(list("ab1 -:#'\"\\|é")), min_size=1, max_size=6),
)
KEYS = st.sampled_from(["name", "question", "query", "title", "message", '"Sell-to No."', "x"])

# A shape: keys with leaves (None: a value's place) or nested shapes (dicts or lists).
SHAPES = st.recursive(
    st.none(),
    lambda inner: st.one_of(
        st.dictionaries(KEYS, inner, min_size=1, max_size=3),
        st.lists(st.dictionaries(KEYS, inner, min_size=1, max_size=3), min_size=1, max_size=2),
    ),
    max_leaves=6,
)


def _lines(shape: object, values: list[str], indent: int) -> list[str]:
    """``shape`` as block YAML lines at ``indent``, its places filled from ``values``."""
    pad = " " * indent
    if isinstance(shape, list):
        lines: list[str] = []
        for item in shape:
            inner = _lines(item, values, indent + 2)
            lines.append(f"{pad}- {inner[0].lstrip(' ')}")
            lines.extend(inner[1:])
        return lines
    assert isinstance(shape, dict)
    lines = []
    for key, value in shape.items():
        if value is None:
            lines.append(f"{pad}{key}: {values.pop() if values else 'v'}")
        else:
            lines.append(f"{pad}{key}:")
            lines.extend(_lines(value, values, indent + 2))
    return lines


def _read(text: str, templates: bool) -> tuple[object, int]:
    """The data reader's data for ``text`` (None: it gives up), with or without
    templates, and how many items it read from one."""
    crlf = line_breaks_read(text)
    if crlf is None:
        return None, 0
    reader = _DataReader(BlockReader(text, crlf))
    reader.templates.enabled = templates
    try:
        return reader.document(), reader.templates.hits
    except GiveUp:
        return None, reader.templates.hits


def _same_both_ways(text: str) -> int:
    """Check ``text`` every way; the number of items read from templates."""
    check_agrees(text)
    with_templates, hits = _read(text, True)
    walked, _ = _read(text, False)
    assert (with_templates is None) == (walked is None)
    assert marshal.dumps(with_templates, 2) == marshal.dumps(walked, 2)
    return hits


def _items(values: st.SearchStrategy[str]) -> st.SearchStrategy[list[tuple[int, list[str], str]]]:
    """Items: which shape, the values of its places, and what follows the item."""
    noise = st.sampled_from(["", "", "", "blank", "comment", "deep comment", "extra key"])
    return st.lists(
        st.tuples(st.integers(0, 2), st.lists(values, max_size=6), noise), min_size=2, max_size=12
    )


def _check_items(shapes: list[object], items: list[tuple[int, list[str], str]], crlf: bool) -> None:
    lines = ["tests:"]
    for which, values, noise in items:
        item = _lines([shapes[which % len(shapes)]], list(values), 2)
        if noise == "extra key":
            item.append("    extra: 1")
        lines += item
        if noise == "blank":
            lines.append("")
        elif noise == "comment":
            lines.append("# between")
        elif noise == "deep comment":
            lines.append("      # inside")
    text = "\n".join(lines) + "\n"
    _same_both_ways(text.replace("\n", "\r\n") if crlf else text)


_SHAPE_LISTS = st.lists(SHAPES.filter(lambda s: isinstance(s, dict)), min_size=1, max_size=3)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(shapes=_SHAPE_LISTS, items=_items(VALUES), crlf=st.booleans())
def test_repeated_items_read_like_the_walk_and_libyaml(
    shapes: list[object], items: list[tuple[int, list[str], str]], crlf: bool
) -> None:
    _check_items(shapes, items, crlf)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    shapes=_SHAPE_LISTS,
    items=_items(st.one_of(*[SIMPLE] * 4, NEAR_MISSES)),
    crlf=st.booleans(),
)
def test_items_of_simple_values_with_a_near_miss_read_like_the_walk_and_libyaml(
    shapes: list[object], items: list[tuple[int, list[str], str]], crlf: bool
) -> None:
    # Mostly simple values: templates are made, and a near miss meets one.
    _check_items(shapes, items, crlf)


def _flat_tests(count: int, last: str = "Process order") -> str:
    tests = [
        f"  - name: T{i:07d}\n    turns:\n      - query:\n          title: Process order {i}\n"
        f"          message: Process order {i}\n"
        for i in range(count - 1)
    ]
    tests.append(
        f"  - name: T{count:07d}\n    turns:\n      - query:\n          title: {last}\n"
        f"          message: Process order\n"
    )
    return "tests:\n" + "".join(tests)


def test_a_list_of_one_shape_is_read_from_its_template() -> None:
    # The first item is walked, the second makes the template, the rest use it.
    assert _same_both_ways(_flat_tests(100)) == 98


def test_quoted_keys_and_values_of_one_shape_are_read_from_its_template() -> None:
    text = "tests:\n" + "".join(
        f'  - name: L{i}\n    "Sell-to No.": "C{i}"\n    message: "Order {i}"\n' for i in range(10)
    )
    assert _same_both_ways(text) == 8


def test_values_that_are_not_simple_are_walked_in_a_repeated_shape() -> None:
    for last in ["x #c", "-1", "'q'", '"a\\"b"', "x ", "[a]"]:
        text = _flat_tests(5, last)
        # The first item is walked, the second makes the template, the third and fourth
        # are read from it, the fifth is walked (its value is not simple).
        assert _same_both_ways(text) == 2, last
        tree = read_block_yaml(text)
        assert tree is not None and read_block_data(text) == tree.data, last
    for last in ["10", "null", "1.5", "true", ".inf", "0x1F", "~x"]:
        # Simple values that may not be text: resolved as the walk resolves them.
        text = _flat_tests(5, last)
        assert _same_both_ways(text) == 3, last
        tree = read_block_yaml(text)
        assert tree is not None and read_block_data(text) == tree.data, last
    for last in ["a: b", "|", "&a x"]:
        # The walk gives up on the last item's value: so does the data reader.
        assert read_block_data(_flat_tests(5, last)) is None, last


def test_a_value_the_walk_gives_up_on_gives_up_from_a_template() -> None:
    text = _flat_tests(5, "9" * 5000)
    assert read_block_yaml(text) is None
    assert read_block_data(text) is None


def test_a_shape_with_a_text_block_is_walked() -> None:
    text = "tests:\n" + "".join(
        f"  - name: T{i}\n    message: |\n      line {i}\n" for i in range(6)
    )
    assert _same_both_ways(text) == 0


def test_an_item_that_goes_on_after_a_blank_line_is_walked() -> None:
    text = "tests:\n" + "".join(f"  - name: T{i}\n\n    message: m{i}\n" for i in range(6))
    assert _same_both_ways(text) == 0

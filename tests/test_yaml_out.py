"""The fast YAML writer of `datasets resolve`: what it writes reads back as the data."""

from __future__ import annotations

import datetime as dt

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from ait_datasets.yaml_out import dump

_text = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)
_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**12), 10**12),
    st.floats(allow_nan=False),
    _text,
    st.sampled_from(
        [
            "yes",
            "No",
            "on",
            "~",
            "1:30",
            "0x1F",
            "2024-01-01",
            "1e3",
            "=",
            "<<",
            "- a",
            "a: b",
            "#x",
            "x #y",
            "'q'",
            '"d"',
            "",
            " lead",
            "trail ",
            "line\nbreak",
            "tab\there",
            "\u2028",
            "[a]",
            "{a: 1}",
            "@at",
            "a,b",
        ]
    ),
    st.dates(min_value=dt.date(1, 1, 1)),
    st.datetimes(min_value=dt.datetime(1, 1, 1)),
)
_data = st.recursive(
    _scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(_text, inner, max_size=4)),
    max_leaves=25,
)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(_text, _data, max_size=5))
def test_output_reads_back_as_the_data(data: dict[str, object]) -> None:
    assert yaml.safe_load(dump(data)) == data


def test_layout_matches_pyyaml_block_style() -> None:
    data = {
        "name": "Orders",
        "tests": [{"name": "one", "turns": [{"at": dt.date(2024, 5, 16), "n": [1, [2, 3]]}]}],
        "empty": {},
        "none": [],
        "words": "Ship between 05/13/24 and 05/19/24",
        "bool-like": "yes",
    }
    assert dump(data) == yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=10**6)


def test_line_breaks_are_escaped_in_double_quotes() -> None:
    assert dump({"m": "a\nb"}) == 'm: "a\\nb"\n'

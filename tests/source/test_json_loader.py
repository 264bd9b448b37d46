"""The positioned JSON and JSONL loaders."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from ait_datasets.source import Mapping, Scalar, find, load_text


def test_positions_of_json_values() -> None:
    doc = load_text("t.json", '[\n  {"name": "T1",\n   "query": {"title": "Hi"}}\n]\n')
    assert doc.diagnostics == []
    title = find(doc.root, (0, "query", "title")) if doc.root else None
    assert isinstance(title, Scalar)
    assert (title.span.line, title.span.column, title.span.end_column) == (3, 23, 27)


def test_json_syntax_error_position() -> None:
    doc = load_text("t.json", '{"a": 1,\n "b": }\n')
    assert [(d.line, d.column, d.code) for d in doc.diagnostics] == [(2, 7, "SYN009")]


def test_json_duplicate_key() -> None:
    doc = load_text("t.json", '{"a": 1, "a": 2}')
    assert [(d.line, d.column, d.code) for d in doc.diagnostics] == [(1, 10, "SYN002")]


def test_jsonl_rows_carry_file_lines() -> None:
    doc = load_text("t.jsonl", '{"name": "A"}\n{"name": "B", "x": [1]}\n')
    assert doc.diagnostics == []
    assert len(doc.rows) == 2
    second = doc.rows[1]
    assert isinstance(second, Mapping)
    x = second.get("x")
    assert x is not None and (x.span.line, x.span.column) == (2, 20)
    assert doc.text[x.span.start_offset : x.span.end_offset] == "[1]"


def test_jsonl_with_crlf() -> None:
    doc = load_text("t.jsonl", '{"name": "A"}\r\n{"name": "B"}\r\n')
    assert doc.diagnostics == [] and [r.data for r in doc.rows] == [{"name": "A"}, {"name": "B"}]


def test_jsonl_multiline_object_fails_like_the_importer() -> None:
    doc = load_text("t.jsonl", '{\n  "name": "A"\n}\n')
    assert [(d.line, d.code) for d in doc.diagnostics] == [(1, "SYN009")]
    assert "one complete JSON object" in doc.diagnostics[0].message


def test_jsonl_empty_line_stops_the_import() -> None:
    doc = load_text("t.jsonl", '{"name": "A"}\n\n{"name": "B"}\n')
    assert [(d.line, d.column, d.code) for d in doc.diagnostics] == [(2, 1, "SYN009")]
    assert len(doc.rows) == 1


def test_jsonl_row_must_be_an_object() -> None:
    doc = load_text("t.jsonl", '{"name": "A"}\n[1, 2]\n')
    assert [(d.line, d.column, d.code) for d in doc.diagnostics] == [(2, 1, "SYN009")]


_json = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.floats(allow_nan=False, allow_infinity=False),
        st.text(max_size=10),
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=5), inner, max_size=4)
    ),
    max_leaves=25,
)


@settings(max_examples=200, deadline=None)
@given(_json)
def test_parses_what_json_dumps_writes(value: object) -> None:
    doc = load_text("t.json", json.dumps(value, indent=1))
    assert doc.diagnostics == []
    assert doc.data == value


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=100))
def test_any_text_gives_a_result_or_a_positioned_error(text: str) -> None:
    doc = load_text("t.json", text)
    assert doc.root is not None or doc.diagnostics

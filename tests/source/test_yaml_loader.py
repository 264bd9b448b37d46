"""The positioned YAML loader: positions, YAML 1.2 scalars, faults as diagnostics."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ait_datasets.source import Mapping, Scalar, Sequence, find, load_bytes, load_text


def codes_at(text: str, path: str = "t.yaml") -> list[tuple[int, int, str]]:
    doc = load_text(path, text)
    return [(d.line, d.column, d.code) for d in doc.diagnostics]


def test_every_key_value_and_item_knows_its_position() -> None:
    doc = load_text("t.yaml", "tests:\n  - name: T1\n    turns:\n      - query: {title: Hi}\n")
    root = doc.root
    assert isinstance(root, Mapping)
    key = root.key_node("tests")
    assert key is not None and (key.span.line, key.span.column) == (1, 1)
    name = find(root, ("tests", 0, "name"))
    assert isinstance(name, Scalar) and (name.span.line, name.span.column) == (2, 11)
    item = find(root, ("tests", 0))
    assert isinstance(item, Mapping) and (item.span.line, item.span.column) == (2, 5)
    title = find(root, ("tests", 0, "turns", 0, "query", "title"))
    assert isinstance(title, Scalar)
    assert (title.span.line, title.span.column, title.span.end_column) == (4, 24, 26)
    assert doc.data == {"tests": [{"name": "T1", "turns": [{"query": {"title": "Hi"}}]}]}


def test_offsets_index_the_decoded_text() -> None:
    text = "a: é€😀x\nb: 'q'\n"
    doc = load_text("t.yaml", text)
    assert isinstance(doc.root, Mapping)
    b = doc.root.get("b")
    assert isinstance(b, Scalar)
    assert text[b.span.start_offset : b.span.end_offset] == "'q'"
    assert b.style == "'"


def test_yaml_12_core_scalars() -> None:
    doc = load_text(
        "t.yaml",
        "a: yes\nb: on\nc: 010\nd: 0o10\ne: 0x1F\nf: 1.5e3\ng: ~\nh: True\n"
        "i: 2025-01-01\nj: 1:30\nk: '1'\nl: .inf\nm: -.5\n",
    )
    assert doc.data == {
        "a": "yes",
        "b": "on",
        "c": 10,
        "d": 8,
        "e": 31,
        "f": 1500.0,
        "g": None,
        "h": True,
        "i": "2025-01-01",
        "j": "1:30",
        "k": "1",
        "l": float("inf"),
        "m": -0.5,
    }


def test_syntax_error_has_the_parsers_position() -> None:
    doc = load_text("t.yaml", 'tests:\n  - name: "open\n')
    assert doc.root is None
    assert [(d.line, d.code) for d in doc.diagnostics] == [(3, "SYN001")]
    assert "valid YAML" in doc.diagnostics[0].message


def test_duplicate_keys_are_reported_at_the_second_key() -> None:
    assert codes_at("a: 1\nb:\n  c: 1\n  c: 2\n") == [(4, 3, "SYN002")]


def test_duplicate_key_keeps_the_first_value() -> None:
    doc = load_text("t.yaml", "a: 1\na:\n  b: 2\n")
    assert doc.data == {"a": 1}


def test_more_than_one_document() -> None:
    assert codes_at("a: 1\n---\nb: 2\n") == [(2, 1, "SYN003")]


def test_tab_indentation_is_explained() -> None:
    found = codes_at("a:\n\t- 1\n")
    assert found == [(2, 1, "SYN004")]


def test_invalid_utf8_is_located() -> None:
    doc = load_bytes("t.yaml", b"a: 1\nb: caf\xe9\n")
    assert [(d.line, d.column, d.code) for d in doc.diagnostics] == [(2, 7, "SYN005")]


def test_utf16_with_bom_is_reported() -> None:
    doc = load_bytes("t.yaml", "a: 1\n".encode("utf-16"))
    assert [(d.line, d.column, d.code) for d in doc.diagnostics] == [(1, 1, "SYN005")]


def test_utf16_without_bom_is_reported() -> None:
    doc = load_bytes("t.yaml", "a: 1\n".encode("utf-16-le"))
    assert [d.code for d in doc.diagnostics] == ["SYN005"]
    assert "UTF-16" in doc.diagnostics[0].message


def test_utf8_bom_is_accepted_and_remembered() -> None:
    doc = load_bytes("t.yaml", b"\xef\xbb\xbfa: 1\r\n")
    assert doc.diagnostics == [] and doc.bom and doc.newline == "\r\n"
    assert doc.data == {"a": 1}


def test_empty_file() -> None:
    assert codes_at("") == [(1, 1, "SYN006")]


def test_a_file_of_only_comments_is_empty() -> None:
    assert codes_at("# nothing yet\n") == [(1, 1, "SYN006")]


def test_only_whitespace_is_empty() -> None:
    assert codes_at("  \n\n") == [(1, 1, "SYN006")]


def test_python_tags_are_never_constructed() -> None:
    doc = load_text("t.yaml", "a: !!python/object/apply:os.system ['echo hi']\n")
    assert [(d.line, d.column, d.code) for d in doc.diagnostics] == [(1, 4, "SYN007")]
    assert "!!python/object/apply:os.system" in doc.diagnostics[0].message
    assert doc.data == {"a": ["echo hi"]}


def test_unknown_local_tag() -> None:
    assert codes_at("a: !custom x\n") == [(1, 4, "SYN007")]


def test_complex_keys_are_reported() -> None:
    assert codes_at("? [a, b]\n: 1\n") == [(1, 3, "SYN008")]


def test_aliases_share_data_without_copying() -> None:
    doc = load_text("t.yaml", "a: &x {k: 1}\nb: *x\n")
    assert isinstance(doc.root, Mapping)
    assert doc.root.get("a") is doc.root.get("b")
    assert doc.data == {"a": {"k": 1}, "b": {"k": 1}}


def test_billion_laughs_is_bounded() -> None:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 2000):
        lines.append(
            f"a{i}: &a{i} [*a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}]"
        )
    doc = load_text("t.yaml", "\n".join(lines) + "\n")
    assert doc.root is None
    assert doc.diagnostics[-1].code == "SYN010"


def test_deep_nesting_is_bounded() -> None:
    doc = load_text("t.yaml", "a: " + "[" * 500 + "]" * 500 + "\n")
    assert doc.root is None
    assert [d.code for d in doc.diagnostics] == ["SYN010"]


def test_sequence_root_is_loaded() -> None:
    doc = load_text("t.yaml", "- 1\n- 2\n")
    assert isinstance(doc.root, Sequence) and doc.data == [1, 2]


_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.text(st.characters(blacklist_categories=("Cs",), max_codepoint=0xFFFF), max_size=20),
)
_values = st.recursive(
    _scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.text("abcdefgh_", min_size=1, max_size=6), inner, max_size=4),
    ),
    max_leaves=20,
)


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(st.text("abcdefgh_", min_size=1, max_size=6), _values, max_size=5))
def test_data_equals_what_json_minded_yaml_readers_see(data: dict[str, object]) -> None:
    import json

    # JSON is YAML 1.2: our loader must read a JSON text back to the same data.
    # ASCII-escaped, because YAML does not allow raw control characters.
    text = json.dumps(data, ensure_ascii=True)
    doc = load_text("t.yaml", text if data else "{}")
    assert doc.diagnostics == []
    assert doc.data == data


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_any_text_loads_without_raising(text: str) -> None:
    doc = load_text("t.yaml", text)
    for d in doc.diagnostics:
        assert d.line >= 1 and d.column >= 1


def test_libyaml_is_used_when_pyyaml_has_it() -> None:
    import yaml

    from ait_datasets.source import yaml_loader

    assert bool(yaml.__with_libyaml__) == yaml_loader.HAVE_LIBYAML

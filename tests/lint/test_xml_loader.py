"""The suite XML loader: encodings, declarations, positions of elements and attributes."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from ait_datasets.source.xml_loader import (
    XML_ENCODING,
    XML_SYNTAX,
    XmlElement,
    load_xml,
    load_xml_bytes,
)

SUITE = (
    '<?xml version="1.0" encoding="{enc}"?>\n'
    "<Root>\n"
    '  <AITSuite Code="S1" Dataset="orders.yaml">\n'
    '    <Line CodeunitID="50100" />\n'
    "  </AITSuite>\n"
    "</Root>\n"
)


def utf16(text: str) -> bytes:
    return b"\xff\xfe" + text.encode("utf-16-le")


def codes(raw: bytes) -> list[tuple[int, int, str]]:
    return [(d.line, d.column, d.code) for d in load_xml_bytes("s.xml", raw).diagnostics]


def test_utf16le_with_bom_declaring_utf16_loads() -> None:
    doc = load_xml_bytes("s.xml", utf16(SUITE.format(enc="UTF-16")))
    assert doc.diagnostics == []
    assert doc.encoding == "utf-16le"
    assert doc.xml is not None and doc.xml.name == "Root"
    suite = doc.xml.children[0]
    assert suite.name == "AITSuite"
    assert suite.attributes["Dataset"].value == "orders.yaml"


def test_utf8_with_and_without_bom_load() -> None:
    text = SUITE.format(enc="UTF-8").encode("utf-8")
    assert codes(text) == []
    with_bom = load_xml_bytes("s.xml", b"\xef\xbb\xbf" + text)
    assert with_bom.diagnostics == [] and with_bom.bom
    assert not with_bom.text.startswith("\ufeff")


def test_no_declaration_is_fine_for_both_encodings() -> None:
    assert codes(b'<Root><AITSuite Code="S" Dataset="d" /></Root>') == []
    assert codes(utf16('<Root><AITSuite Code="S" Dataset="d" /></Root>')) == []


def test_declared_utf16_but_utf8_bytes() -> None:
    found = load_xml_bytes("s.xml", SUITE.format(enc="UTF-16").encode("utf-8")).diagnostics
    assert [(d.line, d.column, d.code) for d in found] == [(1, 31, XML_ENCODING)]
    assert "bytes are UTF-8" in found[0].message
    assert (found[0].end_line, found[0].end_column) == (1, 37)


def test_declared_utf8_but_utf16_bytes() -> None:
    assert codes(utf16(SUITE.format(enc="UTF-8"))) == [(1, 31, XML_ENCODING)]


def test_other_declared_encoding() -> None:
    assert codes(SUITE.format(enc="windows-1252").encode("utf-8")) == [(1, 31, XML_ENCODING)]


def test_utf16_without_bom_is_reported_but_still_parsed() -> None:
    doc = load_xml_bytes("s.xml", SUITE.format(enc="UTF-16").encode("utf-16-le"))
    assert [(d.line, d.column, d.code) for d in doc.diagnostics] == [(1, 1, XML_ENCODING)]
    assert doc.xml is not None


def test_utf16_big_endian_is_reported() -> None:
    raw = b"\xfe\xff" + SUITE.format(enc="UTF-16").encode("utf-16-be")
    doc = load_xml_bytes("s.xml", raw)
    assert [(d.line, d.column, d.code) for d in doc.diagnostics] == [(1, 1, XML_ENCODING)]
    assert "big-endian" in doc.diagnostics[0].message


def test_invalid_utf8_at_its_position() -> None:
    assert codes(b'<Root>\n  <AITSuite Code="\xff" />\n</Root>') == [(2, 19, XML_ENCODING)]


def test_malformed_xml_at_the_parsers_position() -> None:
    raw = b'<Root>\n  <AITSuite Code="S1" Dataset="d">\n</Root>\n'
    doc = load_xml_bytes("s.xml", raw)
    assert [(d.line, d.column, d.code) for d in doc.diagnostics] == [(3, 3, XML_SYNTAX)]
    assert "mismatched tag" in doc.diagnostics[0].message
    assert doc.xml is None


def test_malformed_attribute_quoting() -> None:
    assert codes(b"<Root>\n  <AITSuite Code=S1 />\n</Root>") == [(2, 18, XML_SYNTAX)]


def test_malformed_in_utf16_has_character_positions() -> None:
    assert codes(utf16("<Root>\n  <Ä x='1'>\n</Root>")) == [(3, 3, XML_SYNTAX)]


def test_empty_file() -> None:
    assert codes(b"  \n") == [(1, 1, XML_SYNTAX)]


def test_element_and_attribute_positions() -> None:
    raw = (
        "<Root>\n"
        "  <AITSuite Code = 'S1'\n"
        '            Description="Straße &amp; Ü" Dataset="d.yaml">\n'
        '    <Line CodeunitID="1"/>\n'
        "  </AITSuite>\n"
        "</Root>\n"
    ).encode()
    doc = load_xml_bytes("s.xml", raw)
    assert doc.xml is not None
    suite = doc.xml.children[0]
    assert (suite.name_span.line, suite.name_span.column) == (2, 4)
    assert (suite.span.line, suite.span.column, suite.span.end_line) == (2, 3, 3)
    code = suite.attributes["Code"]
    assert (code.name_span.line, code.name_span.column) == (2, 13)
    assert (code.value_span.line, code.value_span.column, code.value_span.end_column) == (
        2,
        21,
        23,
    )
    description = suite.attributes["Description"]
    # The value as the XML reader sees it (entities decoded); columns count characters.
    assert description.value == "Straße & Ü"
    assert (description.value_span.line, description.value_span.column) == (3, 26)
    dataset = suite.attributes["Dataset"]
    assert (dataset.value_span.line, dataset.value_span.column) == (3, 51)
    line = suite.children[0]
    assert (line.name_span.line, line.name_span.column) == (4, 6)
    assert line.attributes["CodeunitID"].value == "1"


def test_end_tag_names_are_where_the_end_tags_are() -> None:
    """A rename of an element edits its end tag too; an empty-element tag (even one right
    before its parent's end tag of the same name) has none. Non-ASCII text before them."""
    text = "<Root>Ü<Line>\n  <Line/></Line><x:Suite a='1' />\n</Root >"
    doc = load_xml_bytes("s.xml", text.encode())
    assert doc.xml is not None
    outer, empty = doc.xml.children
    ends = [e.end_name_span for e in (doc.xml, outer, outer.children[0], empty)]
    assert [None if s is None else text[s.start_offset : s.end_offset] for s in ends] == [
        "Root",
        "Line",
        None,
        None,
    ]
    assert ends[0] is not None and (ends[0].line, ends[0].column) == (3, 3)


def test_load_xml_reads_the_file(tmp_path: Path) -> None:
    path = tmp_path / "suite.xml"
    path.write_bytes(utf16(SUITE.format(enc="UTF-16")))
    doc = load_xml(path)
    assert doc.path == str(path) and doc.format == "xml" and doc.xml is not None


def _names(element: XmlElement) -> list[str]:
    return [element.name] + [n for child in element.children for n in _names(child)]


@settings(max_examples=100, deadline=None)
@given(
    values=st.lists(
        st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), max_size=12),
        min_size=1,
        max_size=4,
    ),
    utf16_file=st.booleans(),
)
def test_attribute_values_round_trip_with_exact_columns(
    values: list[str], utf16_file: bool
) -> None:
    def escape(v: str) -> str:
        return v.replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;")

    attrs = " ".join(f'a{i}="{escape(v)}"' for i, v in enumerate(values))
    text = f"<Root>\n  <AITSuite {attrs} />\n</Root>\n"
    raw = utf16(text) if utf16_file else text.encode("utf-8")
    doc = load_xml_bytes("s.xml", raw)
    assert doc.diagnostics == []
    assert doc.xml is not None
    assert _names(doc.xml) == ["Root", "AITSuite"]
    suite = doc.xml.children[0]
    line_two = text.split("\n")[1]
    for i, value in enumerate(values):
        attr = suite.attributes[f"a{i}"]
        assert attr.value == value
        span = attr.value_span
        assert span.line == 2
        assert line_two[span.column - 1 : span.end_column - 1] == escape(value)


def test_many_non_ascii_elements_keep_exact_positions() -> None:
    lines = [f'  <Line CodeunitID="{i}" Description="Größe {i}" />' for i in range(5000)]
    text = "<Root>\n<AITSuite>\n" + "\n".join(lines) + "\n</AITSuite>\n</Root>\n"
    doc = load_xml_bytes("s.xml", text.encode("utf-8"))
    assert doc.xml is not None
    last = doc.xml.children[0].children[-1]
    assert last.attributes["Description"].value == "Größe 4999"
    span = last.attributes["Description"].value_span
    assert (span.line, span.column, span.end_column) == (5002, 40, 50)

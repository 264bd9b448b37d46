"""Suite XML in: every element and attribute with its line:col, encoding faults as findings.

The AI Test Toolkit imports suite definitions with XmlPort 149031. Microsoft ships them as
UTF-16LE with a byte order mark (the documented form) and as UTF-8 (which works too), so
both load; what must hold is that the ``encoding=`` declaration matches the bytes (the
platform's XML reader refuses a file that declares UTF-16 but is UTF-8, and vice versa).

Parsing uses expat (``xml.parsers.expat``) over the decoded text, re-encoded as UTF-8 with
the declared encoding overridden, so one parser serves both encodings; expat reports byte
offsets, which are mapped back to character line:col. Attribute positions come from
re-reading the start tag expat has just validated.
"""

from __future__ import annotations

import bisect
import os
import re
from xml.parsers import expat

from ait_datasets.diagnostics import Diagnostic, Severity
from ait_datasets.records import Record, field
from ait_datasets.source.codes import XML_ENCODING, XML_SYNTAX
from ait_datasets.source.document import Document
from ait_datasets.source.tree import Span

# Codes of the findings the XML loader makes; documented in ait_datasets.lint.rules.suite_xml.

MAX_FILE_BYTES = 10 * 1024 * 1024

_UTF16 = frozenset({"utf-16", "utf-16le", "utf16", "unicode"})
_UTF8 = frozenset({"utf-8", "utf8"})
_DECLARATION = re.compile(r"<\?xml\b[^>]*?\bencoding\s*=\s*([\"'])([^\"']*)\1")
_TAG_NAME = re.compile(r"<([^\s/>]+)")
_ATTRIBUTE = re.compile(r"\s*([^\s=/>]+)\s*=\s*(\"[^\"]*\"|'[^']*')")


class XmlAttribute(Record):
    """One attribute: its value as the XML reader sees it (entities decoded), and where."""

    name: str
    value: str
    name_span: Span
    # The text between the quotes.
    value_span: Span


class XmlElement(Record):
    name: str
    # The whole start tag, ``<`` to ``>``.
    span: Span
    name_span: Span
    attributes: dict[str, XmlAttribute] = field(default_factory=dict)
    children: list[XmlElement] = field(default_factory=list)
    # The name in the end tag (``</name>``); None for an empty-element tag (``<name/>``).
    end_name_span: Span | None = None

    def get(self, name: str) -> XmlAttribute | None:
        return self.attributes.get(name)


class XmlDocument(Document):
    """A loaded XML file: ``xml`` is the root element, or None when it could not be parsed."""

    xml: XmlElement | None = None
    # What the bytes are: "utf-8", "utf-16le" or "utf-16be".
    encoding: str = "utf-8"
    # The ``encoding=`` of the XML declaration, if any, and where its value is.
    declared_span: Span | None = None


class _Positions:
    """Character offset -> 1-based line:col of the decoded text."""

    def __init__(self, text: str) -> None:
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def span(self, start: int, end: int) -> Span:
        sl = bisect.bisect_right(self.starts, start) - 1
        el = bisect.bisect_right(self.starts, end) - 1
        return Span(
            sl + 1, start - self.starts[sl] + 1, el + 1, end - self.starts[el] + 1, start, end
        )


def load_xml(path: str | os.PathLike[str]) -> XmlDocument:
    """Load the XML file at ``path``. Raises OSError only when it cannot be read."""
    from ait_datasets.regular_file import regular_file_size

    p = os.fspath(path)
    size = regular_file_size(p)
    if size > MAX_FILE_BYTES:
        doc = XmlDocument(p, "", "xml")
        doc.add_finding(
            None,
            XML_SYNTAX,
            Severity.ERROR,
            f"The file is {size} bytes, over the limit of {MAX_FILE_BYTES}; not read.",
        )
        return doc
    with open(p, "rb") as fh:
        return load_xml_bytes(p, fh.read())


def load_xml_bytes(path: str, raw: bytes) -> XmlDocument:
    """Decode, check the encoding declaration, and parse."""
    doc = XmlDocument(path, "", "xml")
    text = _decode(doc, raw)
    if text is None:
        return doc
    doc.text = text
    positions = _Positions(text)
    _check_declaration(doc, positions)
    if not text.strip():
        doc.add_finding(None, XML_SYNTAX, Severity.ERROR, "The file is empty: it defines no suite.")
        return doc
    doc.xml = _parse(doc, text, positions)
    return doc


def saved_bytes(text: str) -> bytes:
    """``text`` as an editor saves it: in the encoding its declaration names (UTF-16
    with a byte order mark, the documented form, or UTF-8)."""
    match = _DECLARATION.search(text[:200])
    if match is not None and match.group(2).strip().lower() in _UTF16:
        return b"\xff\xfe" + text.encode("utf-16-le")
    return text.encode("utf-8")


def sniffed(head: bytes) -> tuple[str, bool]:
    """The encoding (as ``XmlDocument.encoding``) and byte order mark of a file that
    starts with ``head``, as :func:`load_xml_bytes` reads them."""
    if head.startswith(b"\xff\xfe"):
        return "utf-16le", True
    if head.startswith(b"\xfe\xff"):
        return "utf-16be", True
    if head.startswith(b"<\x00"):
        return "utf-16le", False
    if head.startswith(b"\x00<"):
        return "utf-16be", False
    return "utf-8", head.startswith(b"\xef\xbb\xbf")


def encoded(text: str, encoding: str, bom: bool) -> bytes:
    """``text`` as the bytes of a file read as ``encoding`` (``XmlDocument.encoding``),
    with its byte order mark when it had one: what a fix writes keeps the file's encoding."""
    if encoding == "utf-16le":
        return (b"\xff\xfe" if bom else b"") + text.encode("utf-16-le")
    if encoding == "utf-16be":
        return (b"\xfe\xff" if bom else b"") + text.encode("utf-16-be")
    return (b"\xef\xbb\xbf" if bom else b"") + text.encode("utf-8")


def load_xml_text(path: str, text: str) -> XmlDocument:
    """Parse already-decoded text (as if it were UTF-8 bytes); for tests and tools."""
    return load_xml_bytes(path, text.encode("utf-8"))


def _decode(doc: XmlDocument, raw: bytes) -> str | None:
    def fail(message: str, line: int = 1, col: int = 1) -> None:
        doc.diagnostics.append(
            Diagnostic(doc.path, line, col, line, col + 1, XML_ENCODING, Severity.ERROR, message)
        )

    if raw.startswith(b"\xff\xfe"):
        doc.encoding, doc.bom, body, codec = "utf-16le", True, raw[2:], "utf-16-le"
    elif raw.startswith(b"\xfe\xff"):
        doc.encoding, doc.bom, body, codec = "utf-16be", True, raw[2:], "utf-16-be"
        fail(
            "The file is UTF-16 big-endian; suite XML files are UTF-16LE with a byte order "
            "mark or UTF-8. Save it as UTF-16LE or UTF-8."
        )
    elif raw.startswith(b"<\x00") or raw.startswith(b"\x00<"):
        little = raw.startswith(b"<\x00")
        doc.encoding = "utf-16le" if little else "utf-16be"
        body, codec = raw, "utf-16-le" if little else "utf-16-be"
        fail(
            "The file is UTF-16 without a byte order mark; the import cannot tell its "
            "encoding. Save it as UTF-16LE with a byte order mark, or as UTF-8."
        )
    else:
        doc.bom = raw.startswith(b"\xef\xbb\xbf")
        body, codec = (raw[3:] if doc.bom else raw), "utf-8"
    try:
        return body.decode(codec)
    except UnicodeDecodeError as exc:
        if codec != "utf-8":
            fail(f"The file is not valid {doc.encoding.upper()} text; re-save it.")
            return None
        line = body.count(b"\n", 0, exc.start) + 1
        line_start = body.rfind(b"\n", 0, exc.start) + 1
        col = len(body[line_start : exc.start].decode("utf-8", "replace")) + 1
        fail(
            f"Invalid UTF-8 (byte 0x{body[exc.start]:02x}); save the file as UTF-8 or as "
            "UTF-16LE with a byte order mark.",
            line,
            col,
        )
        return None


def _check_declaration(doc: XmlDocument, positions: _Positions) -> None:
    head = doc.text[:512]
    match = _DECLARATION.match(head)
    if match is None:
        return
    declared = match.group(2)
    doc.declared_span = positions.span(match.start(2), match.end(2))
    wanted = declared.strip().lower()
    actual = "UTF-8" if doc.encoding == "utf-8" else "UTF-16"
    if wanted in _UTF8 and doc.encoding == "utf-8":
        return
    if wanted in _UTF16 and doc.encoding.startswith("utf-16"):
        return
    if wanted not in _UTF8 | _UTF16:
        message = (
            f"The declared encoding '{declared}' is not one the suite import supports; the "
            f'file\'s bytes are {actual}: declare encoding="{actual}".'
        )
    else:
        message = (
            f'The declaration says encoding="{declared}" but the file\'s bytes are {actual}; '
            "the XML reader refuses the file. Declare "
            f'encoding="{actual}" or re-save the file as {declared}.'
        )
    doc.add_finding(doc.declared_span, XML_ENCODING, Severity.ERROR, message)


class _ByteToChar:
    """Expat reports byte offsets into the UTF-8 it was fed; rules want character offsets.

    Offsets arrive in increasing order (start tags, then maybe an error), so each call
    decodes only the bytes since the previous one: linear in the file, not quadratic.
    """

    def __init__(self, text: str, data: bytes) -> None:
        self.identity = len(text) == len(data)
        self.data = data
        self.last_byte = 0
        self.last_char = 0

    def __call__(self, byte_index: int) -> int:
        if self.identity:
            return byte_index
        if byte_index < self.last_byte:
            self.last_byte = self.last_char = 0
        chunk = self.data[self.last_byte : byte_index]
        self.last_char += len(chunk.decode("utf-8", "ignore"))
        self.last_byte = byte_index
        return self.last_char


class _DoctypeRefused(Exception):
    """Raised from expat's DOCTYPE handler to stop the parse; ``offset`` is where."""

    def __init__(self, offset: int) -> None:
        super().__init__(offset)
        self.offset = offset


def _parse(doc: XmlDocument, text: str, positions: _Positions) -> XmlElement | None:
    data = text.encode("utf-8")
    to_char = _ByteToChar(text, data)
    # The override makes expat read our UTF-8 whatever the declaration says (the
    # declaration was checked against the real bytes above).
    parser = expat.ParserCreate("UTF-8")
    stack: list[XmlElement] = []
    roots: list[XmlElement] = []

    def start(name: str, attrs: dict[str, str]) -> None:
        offset = to_char(parser.CurrentByteIndex)
        element = _element_at(text, offset, name, attrs, positions)
        if stack:
            stack[-1].children.append(element)
        else:
            roots.append(element)
        stack.append(element)

    def end(name: str) -> None:
        element = stack.pop()
        # Expat reports an end tag at its ``</``, an empty-element tag's end after its
        # ``/>`` (where a parent's end tag may start).
        offset = to_char(parser.CurrentByteIndex)
        start_tag = element.span
        empty = text[start_tag.start_offset : start_tag.end_offset].endswith("/>")
        if not empty and text.startswith("</" + name, offset):
            element.end_name_span = positions.span(offset + 2, offset + 2 + len(name))

    def doctype(*_: object) -> None:
        raise _DoctypeRefused(to_char(parser.CurrentByteIndex))

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    # A DTD is where entity tricks live: internal entities that expand to gigabytes
    # (expat expands them by default) and external ones that name other files. Suite
    # XML needs none, so a DOCTYPE stops the parse before any entity is declared.
    parser.StartDoctypeDeclHandler = doctype
    try:
        parser.Parse(data, True)
    except _DoctypeRefused as refused:
        found = text.rfind("<!DOCTYPE", 0, refused.offset + 1)
        where = refused.offset if found < 0 else found
        span = positions.span(where, min(where + 9, len(text)))
        message = (
            "The file has a DOCTYPE declaration; suite XML needs none, and DTDs and "
            "entities are not read (they can expand without bound or point at other "
            "files). Remove the <!DOCTYPE ...> declaration."
        )
    except expat.ExpatError as exc:
        offset = to_char(parser.ErrorByteIndex) if parser.ErrorByteIndex >= 0 else 0
        span = positions.span(offset, min(offset + 1, len(text)))
        reason = expat.ErrorString(exc.code) if exc.code is not None else str(exc)
        message = f"The XML is malformed ({reason}); the suite import fails on it."
    else:
        return roots[0] if roots else None
    doc.add_finding(span, XML_SYNTAX, Severity.ERROR, message)
    return None


def _element_at(
    text: str, offset: int, name: str, attrs: dict[str, str], positions: _Positions
) -> XmlElement:
    match = _TAG_NAME.match(text, offset)
    name_end = match.end(1) if match else offset + 1 + len(name)
    element = XmlElement(
        name, positions.span(offset, name_end), positions.span(offset + 1, name_end)
    )
    pos = name_end
    while True:
        found = _ATTRIBUTE.match(text, pos)
        if found is None:
            break
        attr_name = found.group(1)
        value_start = found.start(2) + 1
        value_end = found.end(2) - 1
        element.attributes[attr_name] = XmlAttribute(
            attr_name,
            attrs.get(attr_name, text[value_start:value_end]),
            positions.span(found.start(1), found.end(1)),
            positions.span(value_start, value_end),
        )
        pos = found.end()
    close = text.find(">", pos)
    end = close + 1 if close >= 0 else pos
    element.span = positions.span(offset, end)
    return element

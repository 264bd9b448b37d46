"""Where the tests are in a dataset file's text, so a save rewrites only what changed.

A block list of tests is cut into *chunks*: each chunk runs from the start of the line of
a test's dash to the start of the next test's dash line, so it carries the comments and
blank lines that follow the test. Saving joins the original text before the list, the
chunks (untouched ones byte for byte) and the original text after the list.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import yaml

from ait_datasets.source.load import load_text
from ait_datasets.source.tree import Mapping, Node, Scalar, Sequence
from ait_datasets.tui.fastsplit import chunk_name, fast_chunks
from ait_datasets.tui.json_array import JsonFrame, JsonLayoutError, cut_array, element_of

_CParser: Any
try:
    from yaml.cyaml import CParser as _CParser  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - PyYAML without libyaml
    _CParser = None

# Keys that make a root mapping a test of its own (a file without a `tests:` list).
TEST_KEYS_AT_ROOT = ("turns", "query", "question", "expected_data", "testInput")


# What a file's text holds, for the editor (see :class:`Layout`).
TESTS = "tests"
SINGLE = "single"
SUITE_SETUP = "suite-setup"
JSONL = "jsonl"
JSON = "json"
JSON_SINGLE = "json-single"

# Below this size the exact event scan is fast enough (well under 0.1 s).
FAST_SPLIT_MIN_CHARS = 256 * 1024


class UnsupportedLayout(Exception):
    """The file cannot be edited safely; the message says why and what to do."""


@dataclass(frozen=True, slots=True)
class IndentStyle:
    """The file's block indentation, as ruamel.yaml's ``indent()`` takes it."""

    mapping: int = 2
    sequence: int = 4
    offset: int = 2


@dataclass(slots=True)
class Layout:
    """The text around the tests and one chunk per test.

    ``prefix + empty + suffix`` is the file with no tests; with tests it is
    ``prefix + opener + "".join(chunks) + suffix``.
    """

    prefix: str
    opener: str
    empty: str
    suffix: str
    chunks: list[str]
    # 0-based column of the tests' dashes, and the line of the first chunk (1-based).
    dash_column: int
    style: IndentStyle
    newline: str = "\n"
    # Each test's name as the scan found it (None when not a plain scalar).
    names: list[str | None] = field(default_factory=list)
    # Cut from the lines alone (large files): to be confirmed by a full parse.
    fast: bool = False
    # TESTS (a tests: list), SINGLE (the whole file is one test, edited as the one chunk
    # of a list: see :func:`wrap_single`) or SUITE_SETUP (no tests; the file's keys only).
    kind: str = "tests"
    # JSON (an array of tests): how the file writes it (see :mod:`.json_array`).
    frame: JsonFrame | None = None

    @property
    def holds_tests(self) -> bool:
        """Whether tests can be added to, copied in or removed from the file."""
        return self.kind in (TESTS, JSONL, JSON)

    def dash_lines(self, chunks: list[str]) -> list[int]:
        """1-based line of each test's dash in ``render(chunks)``."""
        line = (self.prefix + (self.opener if chunks else "")).count("\n") + 1
        out = []
        for chunk in chunks:
            head = 0
            for text in chunk.splitlines():
                if text.lstrip().startswith("-"):
                    break
                head += 1
            out.append(line + head)
            line += chunk.count("\n")
        return out

    def render(self, chunks: list[str]) -> str:
        if self.kind == SINGLE:
            return self.prefix + "".join(unwrap_single(c) for c in chunks) + self.suffix
        if self.kind == JSONL:
            return self.prefix + "".join(c[2:] for c in chunks) + self.suffix
        if self.frame is not None:
            return "".join(self.json_pieces(chunks))
        if not chunks:
            return self.prefix + self.empty + self.suffix
        return self.prefix + self.opener + "".join(chunks) + self.suffix

    def json_pieces(self, chunks: list[str]) -> list[str]:
        """A JSON array's text in pieces: the text before the first element, one piece
        per element (see :meth:`.json_array.JsonFrame.pieces`), the text after the last."""
        assert self.frame is not None
        if self.kind == JSON_SINGLE:
            return [self.prefix, "", *(element_of(c)[0] for c in chunks), self.suffix]
        if not chunks:
            return [self.prefix, self.empty, self.suffix]
        closing = self.frame.closer + self.suffix
        return [self.prefix, self.opener, *self.frame.pieces(chunks), closing]


def _line_start(text: str, offset: int) -> int:
    return text.rfind("\n", 0, offset) + 1


def _dash_offset(text: str, item_start: int) -> int:
    """The offset of the ``-`` that introduces the list item starting at ``item_start``."""
    pos = item_start - 1
    while pos >= 0 and text[pos] in " \t\r\n":
        pos -= 1
    return pos if pos >= 0 and text[pos] == "-" else item_start


def jsonl_layout(text: str, newline: str = "\n") -> Layout:
    """A JSONL file: each row (one JSON object on one line) is a chunk, written as a YAML
    flow item ``- {...}`` so the editor's test machinery reads it; blank lines stay with the
    row before them. :meth:`Layout.render` gives the rows back without the ``- ``."""
    prefix = ""
    chunks: list[str] = []
    for line in text.splitlines(keepends=True):
        if not line.strip():
            if chunks:
                chunks[-1] += line
            else:
                prefix += line
            continue
        chunks.append("- " + line)
    names: list[str | None] = [None] * len(chunks)
    return Layout(prefix, "", "", "", chunks, 0, IndentStyle(), newline, names, kind=JSONL)


def json_layout(text: str, newline: str = "\n") -> Layout:
    """A ``.json`` file: one chunk per element of its array, or the one chunk of a file
    that is one test (see :mod:`.json_array`)."""
    try:
        cut = cut_array(text, newline)
    except JsonLayoutError as exc:
        raise UnsupportedLayout(str(exc)) from None
    return Layout(
        cut.prefix,
        cut.opener,
        cut.empty,
        cut.suffix,
        cut.chunks,
        0,
        IndentStyle(),
        newline,
        cut.names,
        kind=JSON_SINGLE if cut.single else JSON,
        frame=cut.frame,
    )


def split_layout(text: str, newline: str = "\n", fmt: str = "yaml") -> Layout:
    """Cut ``text`` into the text around its tests and one chunk per test.

    Uses only the parser's events (no tree), so a file with ten thousand tests is cut in
    well under a second. Raises :class:`UnsupportedLayout` for files the editor cannot
    rewrite safely (including files with syntax errors). ``fmt`` ``"jsonl"``: see
    :func:`jsonl_layout`; ``"json"``: see :func:`json_layout`.
    """
    if fmt == "jsonl":
        return jsonl_layout(text, newline)
    if fmt == "json":
        return json_layout(text, newline)
    if len(text) >= FAST_SPLIT_MIN_CHARS:
        fast = fast_chunks(text)
        if fast is not None:
            return _fast_layout(text, fast, newline)
    try:
        found = scan(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        raise UnsupportedLayout(
            f"the file has a YAML syntax error{where}; fix it first (see datasets lint)"
        ) from None
    if found.documents > 1:
        raise UnsupportedLayout("the file holds several YAML documents; the framework reads one")
    if not found.block_mapping_root:
        raise UnsupportedLayout("the top level of the file must be a block mapping")
    if found.suite_setup_object:
        if found.tests_kind != "absent":
            raise UnsupportedLayout(
                "this suite-setup file also has tests:; the framework reads it as a "
                "suite setup only, so remove tests: (or suite_setup:) first"
            )
        # No tests: the file's own keys are edited, the setup itself as raw YAML.
        return Layout(text, "", "", "", [], 0, IndentStyle(), newline, kind=SUITE_SETUP)
    if found.tests_kind == "absent":
        if any(k in found.root_keys for k in TEST_KEYS_AT_ROOT):
            return _single_layout(text, newline)
        opener = ("" if text.endswith("\n") or not text else newline) + "tests:" + newline
        return Layout(text, opener, "", "", [], 0, IndentStyle(), newline)
    if found.tests_kind == "block":
        return _block_layout(text, found, newline)
    if found.tests_kind == "empty":
        colon = text.index(":", found.tests_key_end) + 1
        eol = text.find("\n", colon)
        eol = len(text) if eol < 0 else eol + 1
        tail = text[colon:eol]
        comment = tail[tail.find("#") :].rstrip("\r\n") if "#" in tail else ""
        opener = (" " + comment if comment else "") + newline
        return Layout(text[:colon], opener, tail, text[eol:], [], 0, IndentStyle(), newline)
    raise UnsupportedLayout(
        "tests: must be a block list (one '- ' item per test) for the editor to rewrite it"
    )


def wrap_single(body: str) -> str:
    """The root mapping ``body`` (a whole-file test) as a list item at column 0: ``- ``
    before its first line, two spaces before every other non-empty line. Values do not
    change (block scalars keep their relative indentation; a quoted scalar's continuation
    lines fold their leading spaces away)."""
    lines = body.splitlines(keepends=True)
    out = []
    for i, line in enumerate(lines):
        if i == 0:
            out.append("- " + line)
        elif line.strip("\r\n"):
            out.append("  " + line)
        else:
            out.append(line)
    return "".join(out)


def unwrap_single(chunk: str) -> str:
    """The inverse of :func:`wrap_single` (a re-dumped line indented less is kept)."""
    out = []
    for line in chunk.splitlines(keepends=True):
        out.append(line[2:] if line.startswith(("- ", "  ")) else line)
    return "".join(out)


def _single_layout(text: str, newline: str) -> Layout:
    """A file that is one test: the comments and directives before its first key stay as
    they are; the rest is the one chunk, wrapped as a list item (see :func:`wrap_single`)."""
    start = 0
    for line in text.splitlines(keepends=True):
        stripped = line.strip()
        if stripped and not stripped.startswith(("#", "%", "---")):
            break
        start += len(line)
    if text[start : start + 1] in (" ", "\t"):
        raise UnsupportedLayout("the file's test is indented; the editor needs it at column 0")
    chunk = wrap_single(text[start:])
    sample = load_text("sample.yaml", chunk)
    style = detect_style(sample.root) if isinstance(sample.root, Sequence) else IndentStyle()
    names = [chunk_name(chunk, 0)]
    return Layout(text[:start], "", "", "", [chunk], 0, style, newline, names, kind=SINGLE)


def _block_layout(text: str, found: Scan, newline: str) -> Layout:
    starts = [_line_start(text, _dash_offset(text, at)) for at in found.items]
    end = found.after_tests if found.after_tests is not None else len(text)
    end = _line_start(text, end) if found.after_tests is not None else end
    bounds = [*starts[1:], end]
    chunks = [text[s:e] for s, e in zip(starts, bounds, strict=True)]
    dash_column = _dash_offset(text, found.items[0]) - starts[0]
    sample = load_text("sample.yaml", "".join(chunks[:20]))
    style = detect_style(sample.root) if isinstance(sample.root, Sequence) else IndentStyle()
    return Layout(
        text[: starts[0]],
        "",
        "",
        text[end:],
        chunks,
        dash_column,
        style,
        newline,
        list(found.names),
    )


def _fast_layout(text: str, fast: tuple[int, int, int, list[int]], newline: str) -> Layout:
    start, end, dash_column, offsets = fast
    starts = [_line_start(text, at) for at in offsets]
    bounds = [*starts[1:], end]
    chunks = [text[s:e] for s, e in zip(starts, bounds, strict=True)]
    sample = load_text("sample.yaml", "".join(chunks[:20]))
    style = detect_style(sample.root) if isinstance(sample.root, Sequence) else IndentStyle()
    names = [chunk_name(c, dash_column) for c in chunks]
    return Layout(
        text[:start], "", "", text[end:], chunks, dash_column, style, newline, names, fast=True
    )


@dataclass(slots=True)
class Scan:
    """What the event scan learns about a file's top level and its tests."""

    documents: int = 0
    block_mapping_root: bool = False
    root_keys: list[str] = field(default_factory=list)
    suite_setup_object: bool = False
    # absent / block / empty (``[]`` or null) / other
    tests_kind: str = "absent"
    tests_key_end: int = 0
    # Start offsets of the test items, and each test's name when it is a plain scalar.
    items: list[int] = field(default_factory=list)
    names: list[str | None] = field(default_factory=list)
    # Offset of the first root key after ``tests`` (None: tests is the last key).
    after_tests: int | None = None


def _events(text: str) -> Iterator[Any]:
    parser = _CParser(text) if _CParser is not None else _py_parser(text)
    try:
        while parser.check_event():
            yield parser.get_event()
    finally:
        if hasattr(parser, "dispose"):
            parser.dispose()


def _py_parser(text: str) -> Any:
    from yaml.parser import Parser
    from yaml.reader import Reader
    from yaml.scanner import Scanner

    class _PyParser(Reader, Scanner, Parser):
        def __init__(self, stream: str) -> None:
            Reader.__init__(self, stream)
            Scanner.__init__(self)
            Parser.__init__(self)

    return _PyParser(text)


def scan(text: str) -> Scan:
    """One pass over the parser's events: root keys, the tests' offsets and names."""
    out = Scan()
    depth = 0
    root_key_next = False  # the next depth-1 event is a root key
    current_key: str | None = None
    in_tests = False
    item_key_next = False
    item_key: str | None = None
    opening = (yaml.MappingStartEvent, yaml.SequenceStartEvent)
    closing = (yaml.MappingEndEvent, yaml.SequenceEndEvent)
    for event in _events(text):
        kind = event.__class__
        if depth > 3:
            # Inside a test's values: only the nesting matters (the hot path).
            if kind in opening:
                depth += 1
            elif kind in closing:
                depth -= 1
                if depth == 3 and in_tests:
                    item_key_next = True
            continue
        if kind is yaml.DocumentStartEvent:
            out.documents += 1
            continue
        if kind in (yaml.StreamStartEvent, yaml.StreamEndEvent, yaml.DocumentEndEvent):
            continue
        if kind in closing:
            depth -= 1
            if depth == 1:
                in_tests = False
                root_key_next = True
            elif depth == 2 and in_tests:
                item_key_next = False
            continue
        start = kind in opening
        if depth == 0:
            out.block_mapping_root = kind is yaml.MappingStartEvent and not event.flow_style
            root_key_next = True
        elif depth == 1:
            if root_key_next:
                current_key = event.value if kind is yaml.ScalarEvent else None
                out.root_keys.append(current_key or "")
                if in_tests is False and out.tests_kind != "absent" and out.after_tests is None:
                    out.after_tests = event.start_mark.index
                if current_key == "tests":
                    out.tests_key_end = event.end_mark.index
                root_key_next = False
            else:
                _root_value(out, current_key, kind, event)
                in_tests = current_key == "tests" and out.tests_kind in ("block", "flow")
                root_key_next = not start
        elif depth == 2 and in_tests:
            out.items.append(event.start_mark.index)
            out.names.append(None)
            item_key_next = kind is yaml.MappingStartEvent
        elif depth == 3 and in_tests:
            if item_key_next:
                item_key = event.value if kind is yaml.ScalarEvent else None
            elif item_key == "name" and kind is yaml.ScalarEvent:
                out.names[-1] = event.value
            item_key_next = not item_key_next if not start else item_key_next
        if start:
            depth += 1
    if out.tests_kind == "flow":
        out.tests_kind = "other" if out.items else "empty"
    return out


def _root_value(out: Scan, key: str | None, kind: Any, event: Any) -> None:
    if key == "suite_setup" and kind in (yaml.MappingStartEvent, yaml.SequenceStartEvent):
        out.suite_setup_object = True
    if key != "tests":
        return
    if kind is yaml.SequenceStartEvent:
        # A flow list is "empty" only if it closes right away; we learn that from items.
        out.tests_kind = "flow" if event.flow_style else "block"
    elif kind is yaml.ScalarEvent and event.value in ("", "~", "null", "Null", "NULL"):
        out.tests_kind = "empty" if event.implicit[0] else "other"
    else:
        out.tests_kind = "other"


def detect_style(tests: Sequence, sample: int = 20) -> IndentStyle:
    """Guess the file's mapping/sequence indentation from its first tests."""
    mapping: int | None = None
    sequence: int | None = None
    offset: int | None = None
    for item in tests.items[:sample]:
        for key_node, value in _nested_pairs(item):
            if mapping is None and isinstance(value, Mapping) and not value.flow and value.entries:
                first_key = next(iter(value.entries.values()))[0]
                if first_key.span.line > key_node.span.line:
                    mapping = first_key.span.column - key_node.span.column
            if (
                sequence is None
                and isinstance(value, Sequence)
                and not value.flow
                and value.items
                and value.items[0].span.line > key_node.span.line
            ):
                first_item = value.items[0]
                sequence = first_item.span.column - key_node.span.column
                offset = value.span.column - key_node.span.column
            if mapping is not None and sequence is not None:
                break
    if sequence is None or offset is None or sequence < offset + 2:
        sequence, offset = (mapping or 2) + 2, mapping or 2
    return IndentStyle(mapping or 2, sequence, offset)


def _nested_pairs(node: Node, depth: int = 0) -> list[tuple[Scalar, Node]]:
    """(key, value) pairs of block mappings under ``node``, shallow ones first."""
    out: list[tuple[Scalar, Node]] = []
    if depth > 6:
        return out
    if isinstance(node, Mapping):
        for key_node, value in node.entries.values():
            out.append((key_node, value))
        for _, value in node.entries.values():
            out.extend(_nested_pairs(value, depth + 1))
    elif isinstance(node, Sequence):
        for item in node.items[:3]:
            out.extend(_nested_pairs(item, depth + 1))
    return out

"""Where the tests are in a dataset file's text, so a save rewrites only what changed.

A block list of tests is cut into *chunks*: each chunk runs from the start of the line of
a test's dash to the start of the next test's dash line, so it carries the comments and
blank lines that follow the test. Saving joins the original text before the list, the
chunks (untouched ones byte for byte) and the original text after the list.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ait_datasets.dataset import shape
from ait_datasets.source import codes
from ait_datasets.source.load import load_text
from ait_datasets.source.tree import Mapping, Node, Scalar, Sequence
from ait_datasets.tui.fastsplit import chunk_name, fast_chunks
from ait_datasets.tui.json_array import JsonFrame, JsonLayoutError, cut_array, element_of

# What a file's text holds, for the editor (see :class:`Layout`).
TESTS = "tests"
SINGLE = "single"
SUITE_SETUP = "suite-setup"
JSONL = "jsonl"
JSON = "json"
JSON_SINGLE = "json-single"

# Below this size the exact cut (the whole text read as lint reads it) is fast enough.
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
        return "".join(self.pieces(chunks))

    def pieces(self, chunks: list[str]) -> list[str]:
        """The parts :meth:`render` joins: the text before the tests, the list opener (or
        the empty list's text), one piece per test (a JSON array's elements: see
        :meth:`.json_array.JsonFrame.pieces`), the text after the tests."""
        if self.kind == SINGLE:
            return [self.prefix, "", *map(unwrap_single, chunks), self.suffix]
        if self.kind == JSONL:
            return [self.prefix, "", *(c[2:] for c in chunks), self.suffix]
        if self.kind == JSON_SINGLE:
            return [self.prefix, "", *(element_of(c)[0] for c in chunks), self.suffix]
        if self.frame is not None and chunks:
            closing = self.frame.closer + self.suffix
            return [self.prefix, self.opener, *self.frame.pieces(chunks), closing]
        return [self.prefix, self.opener if chunks else self.empty, *chunks, self.suffix]


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

    The tests are where :func:`ait_datasets.dataset.shape.test_items` finds them in the
    text read as lint reads it; a large file is first cut from its lines alone
    (:mod:`.fastsplit`, confirmed later by the full parse). Raises
    :class:`UnsupportedLayout` for files the editor cannot rewrite safely (including
    files with syntax errors). ``fmt`` ``"jsonl"``: see :func:`jsonl_layout`; ``"json"``:
    see :func:`json_layout`.
    """
    if fmt == "jsonl":
        return jsonl_layout(text, newline)
    if fmt == "json":
        return json_layout(text, newline)
    if len(text) >= FAST_SPLIT_MIN_CHARS:
        fast = fast_chunks(text)
        if fast is not None:
            return _fast_layout(text, fast, newline)
    doc = load_text("layout.yaml", text)
    if any(d.code == codes.MULTIPLE_DOCUMENTS for d in doc.diagnostics):
        raise UnsupportedLayout("the file holds several YAML documents; the framework reads one")
    root = doc.root
    if root is None and doc.has_errors:
        first = next(d for d in doc.diagnostics if d.severity.rank == 2)
        raise UnsupportedLayout(
            f"the file has a YAML syntax error at line {first.line}, column {first.column}; "
            "fix it first (see datasets lint)"
        )
    if not isinstance(root, Mapping) or root.flow:
        raise UnsupportedLayout("the top level of the file must be a block mapping")
    tests = root.get("tests")
    if shape.file_kind(doc) == shape.SUITE_SETUP:
        if "tests" in root.children:
            raise UnsupportedLayout(
                "this suite-setup file also has tests:; the framework reads it as a "
                "suite setup only, so remove tests: (or suite_setup:) first"
            )
        # No tests: the file's own keys are edited, the setup itself as raw YAML.
        return Layout(text, "", "", "", [], 0, IndentStyle(), newline, kind=SUITE_SETUP)
    if "tests" not in root.children:
        if shape.holds_test_keys(root):
            return _single_layout(text, newline)
        opener = ("" if text.endswith("\n") or not text else newline) + "tests:" + newline
        return Layout(text, opener, "", "", [], 0, IndentStyle(), newline)
    if isinstance(tests, Sequence) and not tests.flow and tests.items:
        return _block_layout(text, root, tests, shape.test_items(doc), newline)
    if (isinstance(tests, Sequence) and not tests.items) or (
        isinstance(tests, Scalar) and tests.data is None and not tests.style
    ):
        key = root.key_node("tests")
        assert key is not None
        colon = text.index(":", key.end_offset) + 1
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


def _block_layout(
    text: str, root: Mapping, tests: Sequence, items: list[Node], newline: str
) -> Layout:
    """A ``tests:`` block list: a chunk from each test's dash line to the next one's."""
    starts = [_line_start(text, _dash_offset(text, item.start_offset)) for item in items]
    keys = list(root.children)
    after = keys.index("tests") + 1
    # The first root key after the tests (None: tests is the last key).
    after_tests = root.key_node_at(after, keys[after]).start_offset if after < len(keys) else None
    end = len(text) if after_tests is None else _line_start(text, after_tests)
    bounds = [*starts[1:], end]
    chunks = [text[s:e] for s, e in zip(starts, bounds, strict=True)]
    dash_column = _dash_offset(text, items[0].start_offset) - starts[0]
    return Layout(
        text[: starts[0]],
        "",
        "",
        text[end:],
        chunks,
        dash_column,
        detect_style(tests),
        newline,
        [_name_of(text, item) for item in items],
    )


def _name_of(text: str, item: Node) -> str | None:
    """The test's ``name`` as written (None when the item has no scalar name)."""
    name = item.children.get("name") if isinstance(item, Mapping) else None
    if not isinstance(name, Scalar):
        return None
    return name.data if isinstance(name.data, str) else text[name.start_offset : name.end_offset]


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

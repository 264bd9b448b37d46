"""YAML -> positioned tree, in one pass over the parser's events.

The events come from libyaml's C parser when PyYAML was built with it (it nearly always
is), else from PyYAML's pure-Python parser. We build the tree ourselves instead of using
PyYAML's composer and constructor because we want: YAML 1.2 scalars, duplicate keys as
findings, aliases that are never expanded into copies, no object construction from tags,
and positions on everything — all in the one pass.
"""

from __future__ import annotations

import sys
from typing import Any

import yaml
from yaml import events as ev

from ait_datasets.diagnostics import Diagnostic, Severity
from ait_datasets.source import codes
from ait_datasets.source.lines import offset_to_position
from ait_datasets.source.scalars import (
    MAY_BE_OVERSIZED,
    MAYBE_NOT_TEXT,
    oversized_message,
    oversized_number,
    resolve_plain,
)
from ait_datasets.source.tree import (
    LineIndex,
    Mapping,
    Node,
    Scalar,
    Sequence,
    Span,
    Writing,
    Writings,
)

try:
    from yaml.cyaml import CParser as _Parser  # type: ignore[attr-defined]

    HAVE_LIBYAML = True
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    HAVE_LIBYAML = False

# Limits that keep hostile input from exhausting memory or the stack.
MAX_DEPTH = 200
MAX_ALIASES = 10_000

_CORE_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:map",
    "tag:yaml.org,2002:seq",
    "!",
}

# The kind of node each core tag may stand on ("value": a scalar), and how to say it.
_CONTAINER_TAGS = {"tag:yaml.org,2002:map": "mapping", "tag:yaml.org,2002:seq": "list"}
_KIND_OF_TAG = {tag: "value" for tag in _CORE_TAGS if tag != "!"} | _CONTAINER_TAGS
_A_KIND = {"value": "a single value", "mapping": "a mapping", "list": "a list"}


def _event_stream(text: str) -> Any:
    """The parser's events, up to the end of the stream (both parsers then return None)."""
    parser: Any
    if HAVE_LIBYAML:
        parser = _Parser(text)
    else:  # pragma: no cover
        from yaml.parser import Parser
        from yaml.reader import Reader
        from yaml.scanner import Scanner

        class _PyParser(Reader, Scanner, Parser):
            def __init__(self, stream: str) -> None:
                Reader.__init__(self, stream)
                Scanner.__init__(self)
                Parser.__init__(self)

        parser = _PyParser(text)
    return iter(parser.get_event, None)


def _span(start: Any, end: Any) -> Span:
    return Span(
        start.line + 1, start.column + 1, end.line + 1, end.column + 1, start.index, end.index
    )


class _Builder:
    """Turns an event stream into a tree; collects findings instead of raising."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.diagnostics: list[Diagnostic] = []
        self.anchors: dict[str, Node] = {}
        self.aliases = 0
        # Containers still being built: an alias to one of them would make a cycle.
        self.open: set[int] = set()
        self.writings = Writings(LineIndex(""))
        # A limit stopped the reading (depth, aliases): the tree is not whole. (A number
        # too large is a limit finding too, but its value is kept as text.)
        self.stopped = False

    def finding(self, span: Span, code: str, message: str) -> None:
        self.diagnostics.append(
            Diagnostic.at(
                self.path,
                span,
                code,
                Severity.ERROR,
                message,
            )
        )

    def build(self, text: str) -> Node | None:
        # This loop runs once per parser event (~85 per agent test): it is written for
        # speed, with local names and the common cases (plain text scalars, mappings)
        # handled inline. Everything rare goes through methods.
        root: Node | None = None
        documents = 0
        # Frames of the containers under construction: [node, pending key]. The pending
        # key is None (expecting a key), a (key, key node) pair, or False (skip a value).
        stack: list[list[Any]] = []
        events = _event_stream(text)
        scalar_event, map_start, seq_start = (
            ev.ScalarEvent,
            ev.MappingStartEvent,
            ev.SequenceStartEvent,
        )
        map_end, seq_end = ev.MappingEndEvent, ev.SequenceEndEvent
        maybe_not_text = MAYBE_NOT_TEXT
        intern = sys.intern
        writings = self.writings = Writings(LineIndex(text))
        style_of = writings.style
        for event in events:
            cls = type(event)
            node: Node | None
            if cls is scalar_event:
                a = event.start_mark
                b = event.end_mark
                text_value: str = event.value
                value: object = text_value
                style = event.style or ""
                if event.tag is not None or event.anchor is not None:
                    node = self.scalar(event)
                else:
                    if not style and (not text_value or text_value[0] in maybe_not_text):
                        value = resolve_plain(text_value)
                        if len(text_value) > MAY_BE_OVERSIZED:
                            self.number_size(text_value, _span(a, b))
                    elif len(text_value) <= 40:
                        # Short values repeat across tests (types, senders, codes).
                        value = intern(text_value)
                    node = Scalar(value, style_of(style), a.index, b.index)
            elif cls is map_start or cls is seq_start:
                if len(stack) >= MAX_DEPTH:
                    self.too_deep(event)
                    return None
                start, end = event.start_mark.index, event.end_mark.index
                container: Mapping | Sequence
                writing = writings.flow if event.flow_style else writings.plain
                if cls is map_start:
                    container = Mapping(writing, start, end)
                else:
                    container = Sequence(writing, start, end)
                if event.tag is not None or event.anchor is not None:
                    self.container_extras(event, container)
                stack.append([container, None])
                continue
            elif cls is map_end or cls is seq_end:
                node = stack.pop()[0]
                if self.open:
                    self.open.discard(id(node))
                node.end_offset = event.end_mark.index
            elif cls is ev.AliasEvent:
                node = self.alias(event)
                if node is None:
                    return None
            elif cls is ev.DocumentStartEvent:
                documents += 1
                if documents == 2:
                    self.finding(
                        _span(event.start_mark, event.end_mark),
                        codes.MULTIPLE_DOCUMENTS,
                        "A second YAML document starts here; the framework treats a "
                        "multi-document file as invalid YAML. Keep one document per file.",
                    )
                continue
            else:
                continue

            if not stack:
                if root is None:
                    root = node
                continue
            frame = stack[-1]
            parent = frame[0]
            pending = frame[1]
            if type(parent) is Sequence:
                parent.items.append(node)
            elif pending is None:
                self.key(frame, node)
            else:
                if pending is not False:
                    key = pending[0]
                    parent.add(key, pending[1], node)
                frame[1] = None
        return root

    def key(self, frame: list[Any], node: Node) -> None:
        """``node`` is the key of the mapping in ``frame``: remember it, or report it."""
        parent: Mapping = frame[0]
        if not isinstance(node, Scalar):
            self.finding(
                node.span,
                codes.COMPLEX_KEY,
                f"A mapping key must be plain text, not {_kind(node)}; JSON, which "
                "the framework converts YAML to, has only text keys.",
            )
            frame[1] = False
            return
        # Keys repeat in every test ("query", "from", ...): one shared string each.
        key = sys.intern(node.data) if isinstance(node.data, str) else _key_text(node)
        node.data = key
        first_node = parent.key_node(key)
        if first_node is not None:
            first = first_node.span
            self.finding(
                node.span,
                codes.DUPLICATE_KEY,
                f"Duplicate key '{key}' (first at line {first.line}). A key may appear "
                "once per mapping; only one of the values would reach the test. "
                "Remove or rename one of them.",
            )
            frame[1] = False
        else:
            frame[1] = (key, node)

    def container_extras(self, event: Any, container: Mapping | Sequence) -> None:
        """Tags and anchors on a mapping or list (rare, so out of the main loop)."""
        self.check_tag(
            event.tag, container.span, "mapping" if isinstance(container, Mapping) else "list"
        )
        if event.anchor:
            self.anchors[event.anchor] = container
            # Until it is complete, an alias to it would make a cycle.
            self.open.add(id(container))

    def scalar(self, event: Any) -> Scalar:
        span = _span(event.start_mark, event.end_mark)
        style = event.style or ""
        value: object = event.value
        tag = event.tag
        if tag == "!":
            pass  # the non-specific tag: YAML 1.2 reads the value as text, whatever it says
        elif tag is not None:
            value = self.tagged_value(tag, event.value, span)
        elif style == "" and event.implicit[0]:
            value = resolve_plain(event.value)
            self.number_size(event.value, span)
        writing = (
            self.writings.style(style) if tag is None else Writing(self.writings.lines, style, tag)
        )
        node = Scalar(value, writing, event.start_mark.index, event.end_mark.index)
        if event.anchor:
            self.anchors[event.anchor] = node
        return node

    def tagged_value(self, tag: str, text: str, span: Span) -> object:
        if tag not in _CORE_TAGS or tag in _CONTAINER_TAGS:
            self.check_tag(tag, span, "value")
            return text
        if tag == "tag:yaml.org,2002:str":
            return text
        if oversized_number(text):
            self.number_size(text, span)
            return text
        value = resolve_plain(text)
        expected = {
            "tag:yaml.org,2002:int": int,
            "tag:yaml.org,2002:float": float,
            "tag:yaml.org,2002:bool": bool,
            "tag:yaml.org,2002:null": type(None),
        }.get(tag)
        if expected is float and isinstance(value, int) and not isinstance(value, bool):
            return float(value)
        if expected is not None and type(value) is not expected:
            self.finding(
                span, codes.UNSUPPORTED_TAG, f"'{text}' is not a valid {tag.rsplit(':', 1)[-1]}."
            )
            return text
        return value

    def number_size(self, text: str, span: Span) -> None:
        """Report a plain number too large to read (it is kept as text)."""
        if oversized_number(text):
            self.finding(span, codes.LIMIT, oversized_message(text))

    def check_tag(self, tag: str | None, span: Span, what: str) -> None:
        if tag is None or tag == "!" or _KIND_OF_TAG.get(tag) == what:
            return
        if tag in _CORE_TAGS:
            # YAML cannot resolve a core tag on the wrong kind of node (`!!str {b: 1}`,
            # `!!map 1`); other readers refuse the file, so say so instead of dropping it.
            self.finding(
                span,
                codes.UNSUPPORTED_TAG,
                f"The tag '{_short_tag(tag)}' is for {_A_KIND[_KIND_OF_TAG[tag]]}, but this "
                f"is {_A_KIND[what]}; it was not applied, and other YAML readers refuse it. "
                "Remove the tag.",
            )
            return
        self.finding(
            span,
            codes.UNSUPPORTED_TAG,
            f"The tag '{_short_tag(tag)}' on this {what} is not supported and was not applied; "
            "datasets are plain data (the framework converts them to JSON). Remove the tag.",
        )

    def alias(self, event: Any) -> Node | None:
        span = _span(event.start_mark, event.end_mark)
        self.aliases += 1
        if self.aliases > MAX_ALIASES:
            self.stopped = True
            self.finding(
                span,
                codes.LIMIT,
                f"More than {MAX_ALIASES} aliases; refusing to expand further "
                "(a file like this can exhaust memory).",
            )
            return None
        target = self.anchors.get(event.anchor)
        if target is None:
            self.finding(span, codes.YAML_SYNTAX, f"Unknown alias '*{event.anchor}'.")
            return Scalar(None, self.writings.plain, event.start_mark.index, event.end_mark.index)
        if id(target) in self.open:
            self.finding(
                span,
                codes.YAML_SYNTAX,
                f"The alias '*{event.anchor}' refers to a node that contains it (a recursive "
                "alias); JSON cannot represent it.",
            )
            return Scalar(None, self.writings.plain, event.start_mark.index, event.end_mark.index)
        # The alias shares the anchored node's data: nothing is copied.
        return target

    def too_deep(self, event: Any) -> None:
        self.stopped = True
        self.finding(
            _span(event.start_mark, event.end_mark),
            codes.LIMIT,
            f"Nesting deeper than {MAX_DEPTH} levels; the file is not read further.",
        )


def _kind(node: Node) -> str:
    return "a mapping" if isinstance(node, Mapping) else "a list"


def _key_text(node: Scalar) -> str:
    value = node.data
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def load_yaml(path: str, text: str) -> tuple[Node | None, list[Diagnostic]]:
    """Parse ``text`` through libyaml's events; return the root node (None when
    unparsable) and the findings. (``source.load`` tries the line reader first.)"""
    builder = _Builder(path)
    try:
        root = builder.build(text)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 1
        col = mark.column + 1 if mark else 1
        problem = exc.problem or "invalid YAML"
        context = f" ({exc.context})" if exc.context else ""
        builder.diagnostics.append(
            Diagnostic(
                path,
                line,
                col,
                line,
                col + 1,
                codes.YAML_SYNTAX,
                Severity.ERROR,
                f"YAML syntax error: {problem}{context}. The framework fails the import with "
                "'The data does not represent valid YAML.'",
            )
        )
        return None, builder.diagnostics
    except yaml.reader.ReaderError as exc:
        builder.diagnostics.append(_unacceptable_character(path, text, exc))
        return None, builder.diagnostics
    except yaml.YAMLError as exc:
        builder.diagnostics.append(
            Diagnostic(path, 1, 1, 1, 1, codes.YAML_SYNTAX, Severity.ERROR, f"YAML error: {exc}")
        )
        return None, builder.diagnostics
    except RecursionError:
        builder.diagnostics.append(
            Diagnostic(path, 1, 1, 1, 1, codes.LIMIT, Severity.ERROR, "The file nests too deeply.")
        )
        return None, builder.diagnostics
    if builder.stopped:
        return None, builder.diagnostics
    return root, builder.diagnostics


def _unacceptable_character(path: str, text: str, exc: yaml.reader.ReaderError) -> Diagnostic:
    """A character YAML does not allow, at its own line and column.

    libyaml checks the whole stream before tokens, so the character it names is its
    first occurrence; its ``position`` counts UTF-8 bytes, not characters.
    """
    char = chr(exc.character) if isinstance(exc.character, int) else str(exc.character)
    at = text.find(char)
    if at < 0:  # pragma: no cover - libyaml names a character of the text
        at = len(text.encode("utf-8", "surrogatepass")[: exc.position].decode("utf-8", "replace"))
    line, col = offset_to_position(text, at)
    point = ord(char)
    escape = f"\\x{point:02x}" if point <= 0xFF else f"\\u{point:04x}"
    return Diagnostic(
        path,
        line,
        col,
        line,
        col + 1,
        codes.YAML_SYNTAX,
        Severity.ERROR,
        f"YAML syntax error: the character U+{ord(char):04X} is not allowed in YAML "
        f"({exc.reason}); write it as an escape in a double-quoted value (such as "
        f'"{escape}") or remove it. The framework fails the import with '
        "'The data does not represent valid YAML.'",
    )


def _short_tag(tag: str) -> str:
    """``tag:yaml.org,2002:python/object`` -> ``!!python/object``, as the author wrote it."""
    prefix = "tag:yaml.org,2002:"
    return "!!" + tag[len(prefix) :] if tag.startswith(prefix) else tag

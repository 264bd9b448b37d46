"""YAML -> positioned tree, in one pass over the parser's events.

The events come from libyaml's C parser when PyYAML was built with it (it nearly always
is), else from PyYAML's pure-Python parser. We build the tree ourselves instead of using
PyYAML's composer and constructor because we want: YAML 1.2 scalars, duplicate keys as
findings, aliases that are never expanded into copies, no object construction from tags,
and positions on everything — all in the one pass.
"""

from __future__ import annotations

from typing import Any

import yaml
from yaml import events as ev

from ait_datasets.diagnostics import Diagnostic, Severity
from ait_datasets.gc_pause import paused_gc
from ait_datasets.source import codes
from ait_datasets.source.scalars import resolve_plain
from ait_datasets.source.tree import Mapping, Node, Scalar, Sequence, Span

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


def _event_stream(text: str) -> Any:
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
    try:
        while parser.check_event():
            yield parser.get_event()
    finally:
        parser.dispose()


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

    def finding(self, span: Span, code: str, message: str) -> None:
        self.diagnostics.append(
            Diagnostic(
                self.path,
                span.line,
                span.column,
                span.end_line,
                span.end_column,
                code,
                Severity.ERROR,
                message,
            )
        )

    def build(self, text: str) -> Node | None:
        root: Node | None = None
        documents = 0
        # The stack holds containers under construction; for mappings also the pending key.
        stack: list[list[Any]] = []
        for event in _event_stream(text):
            cls = type(event)
            node: Node | None = None
            if cls is ev.ScalarEvent:
                node = self.scalar(event)
            elif cls is ev.MappingStartEvent:
                if len(stack) >= MAX_DEPTH:
                    self.too_deep(event)
                    return None
                m = Mapping(
                    {}, _span(event.start_mark, event.end_mark), flow=bool(event.flow_style)
                )
                self.check_tag(event.tag, m.span, "mapping")
                if event.anchor:
                    self.anchors[event.anchor] = m
                stack.append([m, None])
                self.open.add(id(m))
                continue
            elif cls is ev.SequenceStartEvent:
                if len(stack) >= MAX_DEPTH:
                    self.too_deep(event)
                    return None
                s = Sequence(
                    [], _span(event.start_mark, event.end_mark), flow=bool(event.flow_style)
                )
                self.check_tag(event.tag, s.span, "list")
                if event.anchor:
                    self.anchors[event.anchor] = s
                stack.append([s, None])
                self.open.add(id(s))
                continue
            elif cls is ev.MappingEndEvent or cls is ev.SequenceEndEvent:
                frame = stack.pop()
                node = frame[0]
                self.open.discard(id(node))
                node.span.end_line = event.end_mark.line + 1
                node.span.end_column = event.end_mark.column + 1
                node.span.end_offset = event.end_mark.index
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
            if isinstance(parent, Sequence):
                parent.items.append(node)
                parent.data.append(node.data)
            elif frame[1] is None:
                # A key.
                if not isinstance(node, Scalar):
                    self.finding(
                        node.span,
                        codes.COMPLEX_KEY,
                        f"A mapping key must be plain text, not {_kind(node)}; JSON, which "
                        "the framework converts YAML to, has only text keys.",
                    )
                    frame[1] = False
                    continue
                key = node.data if isinstance(node.data, str) else _key_text(node)
                if key in parent.entries:
                    first = parent.entries[key][0].span
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
            else:
                if frame[1] is not False:
                    key, key_node = frame[1]
                    parent.entries[key] = (key_node, node)
                    parent.data[key] = node.data
                frame[1] = None
        return root

    def scalar(self, event: Any) -> Scalar:
        span = _span(event.start_mark, event.end_mark)
        style = event.style or ""
        value: object = event.value
        tag = event.tag
        if tag is not None and tag != "!":
            value = self.tagged_value(tag, event.value, span)
        elif style == "" and event.implicit[0]:
            value = resolve_plain(event.value)
        node = Scalar(value, span, style, tag)
        if event.anchor:
            self.anchors[event.anchor] = node
        return node

    def tagged_value(self, tag: str, text: str, span: Span) -> object:
        if tag not in _CORE_TAGS:
            self.check_tag(tag, span, "value")
            return text
        if tag == "tag:yaml.org,2002:str":
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

    def check_tag(self, tag: str | None, span: Span, what: str) -> None:
        if tag is None or tag in _CORE_TAGS:
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
            return Scalar(None, span)
        if id(target) in self.open:
            self.finding(
                span,
                codes.YAML_SYNTAX,
                f"The alias '*{event.anchor}' refers to a node that contains it (a recursive "
                "alias); JSON cannot represent it.",
            )
            return Scalar(None, span)
        # The alias shares the anchored node's data: nothing is copied.
        return target

    def too_deep(self, event: Any) -> None:
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
    """Parse ``text``; return the root node (None when unparsable) and the findings."""
    builder = _Builder(path)
    try:
        with paused_gc():
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
    if any(d.severity is Severity.ERROR and d.code == codes.LIMIT for d in builder.diagnostics):
        return None, builder.diagnostics
    return root, builder.diagnostics


def _short_tag(tag: str) -> str:
    """``tag:yaml.org,2002:python/object`` -> ``!!python/object``, as the author wrote it."""
    prefix = "tag:yaml.org,2002:"
    return "!!" + tag[len(prefix) :] if tag.startswith(prefix) else tag

"""Round-trip YAML for one test: parse its chunk, dump it back in the file's own style.

ruamel.yaml keeps comments, key order, quoting and block-scalar styles; its indentation
settings are global, so we parse the chunk shifted to where the dumper will put the list
item and shift the result back. Comments keep their columns that way.
"""

from __future__ import annotations

import io
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.composer import ComposerError
from ruamel.yaml.error import YAMLError

from ait_datasets.tui.layout import IndentStyle

# Never re-wrap long lines: authors' line breaks are theirs.
_WIDTH = 1_000_000


class TypedTextError(ValueError):
    """Typed text that cannot be applied: ``reason`` says why, ``line``/``column``
    (1-based) where it does not parse (None when it parses to the wrong kind of value)."""

    def __init__(self, reason: str, line: int | None = None, column: int | None = None) -> None:
        where = f"line {line}, column {column}: " if line is not None else ""
        super().__init__(where + reason)
        self.reason = reason
        self.line = line
        self.column = column


class YamlInputError(TypedTextError):
    """Text typed into a YAML field does not parse, or parses to the wrong kind of value."""


def make_yaml(style: IndentStyle | None = None) -> YAML:
    """A round-trip YAML instance in the given indentation style."""
    style = style or IndentStyle()
    y = YAML(typ="rt")
    y.preserve_quotes = True
    y.width = _WIDTH
    y.indent(mapping=style.mapping, sequence=style.sequence, offset=style.offset)
    return y


def _shift(text: str, by: int) -> str:
    """Indent (by > 0) or dedent (by < 0) every non-empty line; never below column 0."""
    if by == 0:
        return text
    out = []
    for line in text.splitlines(keepends=True):
        if not line.strip():
            out.append(line)
        elif by > 0:
            out.append(" " * by + line)
        else:
            spaces = len(line) - len(line.lstrip(" "))
            out.append(line[min(spaces, -by) :])
    return "".join(out)


class CrossTestAlias(ValueError):
    """The test uses an alias (``*name``) whose anchor is in another test: on its own, its
    text does not parse, so the editor shows it but does not change it."""


def parse_chunk(chunk: str, dash_column: int, style: IndentStyle) -> CommentedSeq:
    """A test's chunk (``- name: …`` at ``dash_column``) as a one-item round-trip list."""
    text = _shift(chunk.replace("\r\n", "\n"), style.offset - dash_column)
    try:
        data = make_yaml(style).load(text)
    except ComposerError as exc:
        if "undefined alias" in str(exc):
            raise CrossTestAlias(str(exc.problem or exc)) from None
        raise
    if not isinstance(data, CommentedSeq) or len(data) != 1:
        raise ValueError("a test chunk must hold exactly one list item")
    return data


def parse_last_item(chunks: str, dash_column: int, style: IndentStyle) -> Any:
    """The last list item of several chunks read together (so aliases to anchors in the
    earlier tests resolve): for showing a test that :class:`CrossTestAlias` refuses."""
    text = _shift(chunks.replace("\r\n", "\n"), style.offset - dash_column)
    data = make_yaml(style).load(text)
    if not isinstance(data, CommentedSeq) or not data:
        raise ValueError("no list item")
    return data[-1]


def dump_chunk(seq: CommentedSeq, dash_column: int, style: IndentStyle, newline: str) -> str:
    """The text of a one-item list, with its dash at ``dash_column``."""
    buf = io.StringIO()
    make_yaml(style).dump(seq, buf)
    text = _shift(buf.getvalue(), dash_column - style.offset)
    return text.replace("\n", newline) if newline != "\n" else text


def new_item(value: Any) -> CommentedSeq:
    """Wrap a test mapping in a one-item list, as chunks are held."""
    seq = CommentedSeq()
    seq.append(value)
    return seq


def load_fragment(text: str) -> Any:
    """Parse what an author typed into a YAML field; raise :class:`YamlInputError` if bad."""
    try:
        return make_yaml().load(text)
    except YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        line = mark.line + 1 if mark is not None else 1
        column = mark.column + 1 if mark is not None else 1
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise YamlInputError(str(problem), line, column) from None


def dump_fragment(value: Any) -> str:
    """A value as the text of a YAML field ("" for nothing)."""
    if value is None:
        return ""
    if isinstance(value, (CommentedMap, CommentedSeq)) and not value:
        return "{}" if isinstance(value, CommentedMap) else "[]"
    buf = io.StringIO()
    make_yaml().dump(value, buf)
    out = buf.getvalue()
    # Scalars come back as a document ("x\n...\n"); keep only the value.
    if out.endswith("\n...\n"):
        out = out[: -len("...\n")]
    return out.rstrip("\n")

"""JSON and JSONL -> positioned tree.

The standard library's ``json`` does not report where values are, so this is a small
recursive-descent parser that does; strings are decoded by ``json``'s own C scanner.
JSONL follows the framework's importer exactly: it reads one line at a time
(``InStream.ReadText``), parses each line as one JSON object, and stops at the first
empty line.
"""

from __future__ import annotations

import json
import re
from json.decoder import scanstring  # type: ignore[attr-defined]

from ait_datasets.diagnostics import Diagnostic, Severity
from ait_datasets.source import codes
from ait_datasets.source.tree import LineIndex, Mapping, Node, Scalar, Sequence, Span, Writings

_SURROGATE = re.compile("[\ud800-\udfff]")
MAX_DEPTH = 200
# Python refuses to convert longer digit strings (and no dataset needs them).
MAX_NUMBER_DIGITS = 4300

_WS = re.compile(r"[ \t\n\r]*")
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?")


class JsonSyntaxError(Exception):
    def __init__(self, message: str, offset: int) -> None:
        super().__init__(message)
        self.offset = offset


class _Lines:
    """Offsets within one parsed text (a file, or one JSONL line at ``base``) -> positions
    in the file, through the file's shared line index."""

    def __init__(self, writings: Writings, base: int = 0) -> None:
        self.index = writings.lines
        self.writings = writings
        self.base = base

    def span(self, start: int, end: int) -> Span:
        return Span.of_offsets(self.index, start + self.base, end + self.base)


class _Parser:
    def __init__(self, path: str, text: str, lines: _Lines) -> None:
        self.path = path
        self.text = text
        self.lines = lines
        self.diagnostics: list[Diagnostic] = []

    def finding(self, span: Span, code: str, severity: Severity, message: str) -> None:
        self.diagnostics.append(Diagnostic.at(self.path, span, code, severity, message))

    def scalar(self, value: object, start: int, end: int, style: str = "") -> Scalar:
        base = self.lines.base
        return Scalar(value, self.lines.writings.style(style), start + base, end + base)

    def ws(self, pos: int) -> int:
        m = _WS.match(self.text, pos)
        assert m is not None
        return m.end()

    def parse(self) -> Node:
        pos = self.ws(0)
        node, pos = self.value(pos, 0)
        pos = self.ws(pos)
        if pos != len(self.text):
            raise JsonSyntaxError("unexpected text after the JSON value", pos)
        return node

    def value(self, pos: int, depth: int) -> tuple[Node, int]:
        if depth > MAX_DEPTH:
            raise JsonSyntaxError(f"nesting deeper than {MAX_DEPTH} levels", pos)
        text = self.text
        if pos >= len(text):
            raise JsonSyntaxError("expected a value, found the end of the text", pos)
        ch = text[pos]
        if ch == "{":
            return self.obj(pos, depth)
        if ch == "[":
            return self.arr(pos, depth)
        if ch == '"':
            try:
                value, end = scanstring(text, pos + 1, True)
            except json.JSONDecodeError as exc:
                if not exc.msg.startswith("Invalid control character"):
                    raise JsonSyntaxError(exc.msg, exc.pos) from None
                # Business Central's JSON reader (Newtonsoft) accepts raw tabs and other
                # control characters inside strings; strict JSON tools do not.
                try:
                    value, end = scanstring(text, pos + 1, False)
                except json.JSONDecodeError as again:
                    raise JsonSyntaxError(again.msg, again.pos) from None
                self.lenient(exc.pos, "a raw control character (such as a tab) inside a string")
            return self.scalar(self.no_surrogates(value, pos, end), pos, end, '"'), end
        if ch == "'":
            value, end = self.single_quoted(pos)
            self.lenient(pos, "a single-quoted string")
            return self.scalar(self.no_surrogates(value, pos, end), pos, end, "'"), end
        for word, value in (("true", True), ("false", False), ("null", None)):
            if text.startswith(word, pos):
                end = pos + len(word)
                return self.scalar(value, pos, end), end
        m = _NUMBER.match(text, pos)
        if m and m.end() > pos:
            raw = m.group()
            if len(raw) > MAX_NUMBER_DIGITS:
                self.finding(
                    self.lines.span(pos, m.end()),
                    codes.LIMIT,
                    Severity.ERROR,
                    f"A number of {len(raw)} characters: too large for Business Central "
                    "(Decimal holds about 28 digits). Write it as text if it is an id.",
                )
                return self.scalar(raw, pos, m.end()), m.end()
            number: object = float(raw) if any(c in raw for c in ".eE") else int(raw)
            return self.scalar(number, pos, m.end()), m.end()
        raise JsonSyntaxError(f"expected a value, found {text[pos]!r}", pos)

    def no_surrogates(self, value: str, start: int, end: int) -> str:
        """``value`` with unpaired surrogates (from escapes such as ``\\ud800``) reported.

        They are no characters: no UTF-8 file, terminal or report can hold them. Each
        is replaced by U+FFFD so that nothing downstream meets one.
        """
        if _SURROGATE.search(value) is None:
            return value
        self.finding(
            self.lines.span(start, end),
            codes.ENCODING,
            Severity.ERROR,
            "The string holds an unpaired surrogate escape (such as \\ud800), which is "
            "not a character; write the whole surrogate pair or remove it.",
        )
        return _SURROGATE.sub("\ufffd", value)

    def single_quoted(self, pos: int) -> tuple[str, int]:
        """Read a Newtonsoft-style single-quoted string starting at ``pos``."""
        text = self.text
        i = pos + 1
        out: list[str] = []
        while i < len(text):
            ch = text[i]
            if ch == "'":
                return "".join(out), i + 1
            if ch == "\\" and i + 1 < len(text):
                nxt = text[i + 1]
                if nxt == "'":
                    out.append("'")
                    i += 2
                    continue
                try:
                    decoded, _ = scanstring('"' + text[i : i + 6] + '"', 1, False)
                except json.JSONDecodeError:
                    raise JsonSyntaxError("invalid escape in a single-quoted string", i) from None
                out.append(decoded[0] if decoded else "")
                i += 6 if nxt == "u" else 2
                continue
            out.append(ch)
            i += 1
        raise JsonSyntaxError("unterminated single-quoted string", pos)

    def lenient(self, offset: int, what: str) -> None:
        """Note JSON that Business Central accepts but strict JSON readers reject."""
        self.finding(
            self.lines.span(offset, offset + 1),
            codes.NONSTANDARD_JSON,
            Severity.WARNING,
            f"Non-standard JSON: {what}. Business Central's JSON reader accepts it, but "
            "other tools (and editors' JSON validation) reject it; use a standard "
            "double-quoted string with escapes.",
        )

    def obj(self, start: int, depth: int) -> tuple[Node, int]:
        base = self.lines.base
        node = Mapping(self.lines.writings.flow, start + base, start + base + 1)
        pos = self.ws(start + 1)
        if self.text.startswith("}", pos):
            return self.close(node, start, pos + 1)
        while True:
            if not self.text.startswith(('"', "'"), pos):
                if pos >= len(self.text):
                    raise JsonSyntaxError("the line ends before the JSON object is complete", pos)
                raise JsonSyntaxError("expected a key in double quotes", pos)
            key_node, pos = self.value(pos, depth + 1)
            assert isinstance(key_node, Scalar) and isinstance(key_node.data, str)
            pos = self.ws(pos)
            if not self.text.startswith(":", pos):
                raise JsonSyntaxError("expected ':' after the key", pos)
            pos = self.ws(pos + 1)
            value, pos = self.value(pos, depth + 1)
            key = key_node.data
            first_node = node.key_node(key)
            if first_node is not None:
                first = first_node.span
                self.finding(
                    key_node.span,
                    codes.DUPLICATE_KEY,
                    Severity.ERROR,
                    f"Duplicate key '{key}' (first at line {first.line}). Only one of the "
                    "values would reach the test; remove or rename one of them.",
                )
            else:
                node.add(key, key_node, value)
            pos = self.ws(pos)
            if self.text.startswith(",", pos):
                pos = self.ws(pos + 1)
                continue
            if self.text.startswith("}", pos):
                return self.close(node, start, pos + 1)
            raise JsonSyntaxError("expected ',' or '}'", pos)

    def arr(self, start: int, depth: int) -> tuple[Node, int]:
        base = self.lines.base
        node = Sequence(self.lines.writings.flow, start + base, start + base + 1)
        pos = self.ws(start + 1)
        if self.text.startswith("]", pos):
            return self.close(node, start, pos + 1)
        while True:
            value, pos = self.value(pos, depth + 1)
            node.items.append(value)
            pos = self.ws(pos)
            if self.text.startswith(",", pos):
                pos = self.ws(pos + 1)
                continue
            if self.text.startswith("]", pos):
                return self.close(node, start, pos + 1)
            raise JsonSyntaxError("expected ',' or ']'", pos)

    def close(self, node: Mapping | Sequence, start: int, end: int) -> tuple[Node, int]:
        node.end_offset = end + self.lines.base
        return node, end


def _collapse_lenient(found: list[Diagnostic]) -> list[Diagnostic]:
    """One non-standard-JSON warning per kind and file, counting the rest."""
    firsts: dict[str, int] = {}
    counts: dict[str, int] = {}
    out: list[Diagnostic] = []
    for d in found:
        if d.code != codes.NONSTANDARD_JSON:
            out.append(d)
            continue
        kind = d.message.split(".", 1)[0]
        counts[kind] = counts.get(kind, 0) + 1
        if kind not in firsts:
            firsts[kind] = len(out)
            out.append(d)
    for kind, index in firsts.items():
        more = counts[kind] - 1
        if more:
            d = out[index]
            out[index] = Diagnostic.at(
                d.path,
                d,
                d.code,
                d.severity,
                d.message + f" ({more} more like this in the file.)",
            )
    return out


def _syntax_diag(path: str, lines: _Lines, exc: JsonSyntaxError, what: str) -> Diagnostic:
    s = lines.span(exc.offset, exc.offset)
    return Diagnostic(
        path,
        s.line,
        s.column,
        s.line,
        s.column + 1,
        codes.JSON_SYNTAX,
        Severity.ERROR,
        f"JSON syntax error: {exc}. {what}",
    )


def load_json(path: str, text: str) -> tuple[Node | None, list[Diagnostic]]:
    lines = _Lines(Writings(LineIndex(text)))
    parser = _Parser(path, text, lines)
    try:
        root = parser.parse()
    except JsonSyntaxError as exc:
        return None, [
            *_collapse_lenient(parser.diagnostics),
            _syntax_diag(
                path, lines, exc, "The framework fails with 'Could not parse input dataset.'"
            ),
        ]
    return root, _collapse_lenient(parser.diagnostics)


def load_jsonl(path: str, text: str) -> tuple[list[Node], list[Diagnostic]]:
    """One tree per line, up to the first empty line (where the importer stops reading)."""
    rows: list[Node] = []
    diagnostics: list[Diagnostic] = []
    offset = 0
    raw_lines = text.split("\n")
    writings = Writings(LineIndex(text))
    for number, raw in enumerate(raw_lines):
        line_no = number + 1
        line = raw[:-1] if raw.endswith("\r") else raw
        if line == "":
            rest = "\n".join(raw_lines[number + 1 :]).strip()
            if rest:
                diagnostics.append(
                    Diagnostic(
                        path,
                        line_no,
                        1,
                        line_no,
                        1,
                        codes.JSON_SYNTAX,
                        Severity.ERROR,
                        "Empty line: the framework's JSONL importer stops reading here, so "
                        "the rows after it are never imported. Remove the empty line.",
                    )
                )
            break
        lines = _Lines(writings, base=offset)
        parser = _Parser(path, line, lines)
        try:
            node = parser.parse()
        except JsonSyntaxError as exc:
            diagnostics.extend(parser.diagnostics)
            diagnostics.append(
                _syntax_diag(
                    path,
                    lines,
                    exc,
                    "Each line of a JSONL file must be one complete JSON object; the framework "
                    "fails with 'Could not parse JSONL input line'.",
                )
            )
            break
        diagnostics.extend(parser.diagnostics)
        if not isinstance(node, Mapping):
            s = node.span
            diagnostics.append(
                Diagnostic.at(
                    path,
                    s,
                    codes.JSON_SYNTAX,
                    Severity.ERROR,
                    "Each line of a JSONL file must be a JSON object (one test); the framework "
                    "fails with 'Could not parse JSONL input line'.",
                )
            )
            break
        rows.append(node)
        offset += len(raw) + 1
    return rows, _collapse_lenient(diagnostics)

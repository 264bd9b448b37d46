"""AL objects as declared: header, properties, variables, procedures (from tokens).

A forgiving reader, not a parser: it looks for the shapes that matter and skips the rest
(nested ``{ }`` sections of pages and tables, attributes, unknown statements). Every loop
moves forward and nothing recurses, so the work is linear in the number of tokens, broken
text cannot hang it and no nesting is too deep. Nesting is counted, never stacked, and the
scanning loops ask :class:`Tokens` about kinds and texts without making tokens. Names are
compared without regard to case, as AL does.
"""

from __future__ import annotations

from typing import NamedTuple

from ait_datasets.al.tokens import IDENT, NUMBER, OP, QUOTED, STRING, Token, Tokens, tokenize

OBJECT_KINDS = frozenset(
    {
        "codeunit",
        "table",
        "tableextension",
        "page",
        "pageextension",
        "pagecustomization",
        "report",
        "reportextension",
        "query",
        "xmlport",
        "enum",
        "enumextension",
        "interface",
        "controladdin",
        "permissionset",
        "permissionsetextension",
        "entitlement",
        "profile",
        "profileextension",
    }
)
# Types whose declaration names another object: `Codeunit "AIT Test Context"`.
_OBJECT_TYPES = frozenset(
    {"codeunit", "record", "page", "report", "query", "xmlport", "enum", "interface", "testpage"}
)
_ROUTINE_WORDS = frozenset({"procedure", "trigger"})
_MODIFIERS = frozenset({"local", "internal", "protected"})
_SECTION_END = frozenset({"procedure", "trigger", "local", "internal", "protected", "var", "begin"})


class Property(NamedTuple):
    """`Name = value;` in an object: the value's tokens joined by spaces, and where."""

    name: str
    value: str
    line: int
    column: int


class Variable(NamedTuple):
    """A variable or parameter: `Name: Codeunit "AIT Test Context"`."""

    name: str
    type: str  # the type's first word, lower case: codeunit, record, label, text, ...
    subtype: str  # the object it names (`AIT Test Context`), else ""
    label: str | None  # a Label's text
    line: int
    column: int


class Procedure(NamedTuple):
    """A procedure or trigger, its parameters and locals, and its body's token range."""

    name: str
    line: int
    column: int
    attributes: tuple[str, ...]  # lower case: ("test",), ("handlerfunctions",) ...
    params: tuple[Variable, ...]
    locals: dict[str, Variable]  # by lower-case name
    body: tuple[int, int]  # token indices [start, end) of the statements (begin..end)


class ALObject(NamedTuple):
    """An AL object of a file: `codeunit 50100 "Name" { ... }`."""

    kind: str  # lower case
    id: int | None
    name: str
    line: int
    column: int
    end_line: int
    end_column: int
    properties: dict[str, Property]  # by lower-case name
    variables: dict[str, Variable]  # globals, by lower-case name
    procedures: tuple[Procedure, ...]
    id_line: int = 0  # where the ID is written (0: no ID)
    id_column: int = 0
    id_end_column: int = 0


class ALFile(NamedTuple):
    """The tokens and objects of one AL file."""

    path: str
    tokens: Tokens
    objects: tuple[ALObject, ...]


def read_al(path: str, text: str) -> ALFile:
    tokens = tokenize(text)
    return ALFile(path, tokens, tuple(_objects(tokens)))


def _objects(tokens: Tokens) -> list[ALObject]:
    out = []
    i, n = 0, len(tokens)
    while i < n:
        if tokens.word(i) in OBJECT_KINDS and i + 1 < n:
            obj, i = _object(tokens, i)
            if obj is not None:
                out.append(obj)
            continue
        i += 1
    return out


def _object(tokens: Tokens, i: int) -> tuple[ALObject | None, int]:
    head = tokens[i]
    j = i + 1
    object_id = None
    id_tok = tokens[j]
    # An ID has at most 10 digits (up to 2,147,483,647); a longer number is none (and
    # int() refuses numbers of over 4,300 digits).
    if id_tok.kind == NUMBER and id_tok.text.isdigit() and len(id_tok.text) <= 10:
        object_id = int(id_tok.text)
        j += 1
    if j >= len(tokens) or tokens[j].kind not in (IDENT, QUOTED):
        return None, i + 1
    name_tok = tokens[j]
    # `extends "Base"`, `implements "I"`: everything up to the body's brace.
    while j < len(tokens) and not tokens.is_op(j, "{"):
        if j > i + 2 and tokens.word(j) in OBJECT_KINDS:
            return None, j  # no body: a fragment; read on from the next object word
        j += 1
    if j >= len(tokens):
        return None, j
    end = _matching_brace(tokens, j)
    body = _Body(tokens, j + 1, end)
    body.read()
    last = tokens[min(end, len(tokens) - 1)]
    obj = ALObject(
        head.lower,
        object_id,
        name_tok.text,
        name_tok.line,
        name_tok.column,
        last.line,
        last.column,
        body.properties,
        body.variables,
        tuple(body.procedures),
        id_tok.line if object_id is not None else 0,
        id_tok.column if object_id is not None else 0,
        id_tok.column + len(id_tok.text) if object_id is not None else 0,
    )
    return obj, end + 1


def _matching_brace(tokens: Tokens, i: int) -> int:
    """The index of the `}` closing the `{` at ``i`` (or the end of the tokens)."""
    depth = 0
    for k, op in tokens.ops(i, len(tokens)):
        if op == "{":
            depth += 1
        elif op == "}":
            depth -= 1
            if depth == 0:
                return k
    return len(tokens)


class _Body:
    """Reads the members of one object body (tokens ``start`` to ``end``)."""

    def __init__(self, tokens: Tokens, start: int, end: int) -> None:
        self.tokens = tokens
        self.i = start
        self.end = end
        self.properties: dict[str, Property] = {}
        self.variables: dict[str, Variable] = {}
        self.procedures: list[Procedure] = []

    def at(self, k: int) -> Token | None:
        return self.tokens[k] if k < self.end else None

    def read(self) -> None:
        attributes: list[str] = []
        tokens = self.tokens
        while self.i < self.end:
            i = self.i
            word = tokens.word(i)
            has_next = i + 1 < self.end
            if tokens.is_op(i, "{"):
                self.i = _matching_brace(tokens, i) + 1  # a nested section
            elif tokens.is_op(i, "["):
                attribute = tokens.word(i + 1) if has_next else None
                if attribute is not None:
                    attributes.append(attribute)
                self.i = self._skip_group(i, "[", "]")
            elif word is None:
                self.i += 1
            elif word == "var":
                self.i += 1
                self._variables(self.variables)
            elif word in _MODIFIERS:
                self.i += 1
            elif word in _ROUTINE_WORDS:
                self._routine(tuple(attributes))
                attributes = []
            elif has_next and tokens.is_op(i + 1, "="):
                self._property(tokens[i])
            else:
                self.i += 1

    def _skip_group(self, k: int, opener: str, closer: str) -> int:
        """The index after the ``closer`` matching the ``opener`` at ``k``."""
        depth = 0
        for j, op in self.tokens.ops(k, self.end):
            if op == opener:
                depth += 1
            elif op == closer:
                depth -= 1
                if depth == 0:
                    return j + 1
            elif op in ("{", "}"):
                return j  # never leave the object body
        return max(k, self.end)

    def _until_semicolon(self, k: int) -> int:
        """The index of the `;` ending a declaration or property (brackets nest)."""
        depth = 0
        tokens = self.tokens
        while k < self.end:
            kind = tokens.kind(k)
            if kind == OP:
                op = tokens.raw(k)
                if op in ("(", "["):
                    depth += 1
                elif op in (")", "]"):
                    depth = max(0, depth - 1)
                elif (op == ";" and depth == 0) or op in ("{", "}"):
                    return k
            elif depth == 0 and kind == IDENT and tokens.raw(k).lower() in _ROUTINE_WORDS:
                return k  # a missing `;`: never swallow the next procedure
            k += 1
        return k

    def _property(self, name: Token) -> None:
        stop = self._until_semicolon(self.i + 2)
        value = " ".join(self.tokens[j].text for j in range(self.i + 2, stop))
        self.properties.setdefault(name.lower, Property(name.text, value, name.line, name.column))
        self.i = stop + 1

    def _variables(self, into: dict[str, Variable]) -> None:
        """`A, B: Type;` entries until the next member keyword."""
        while self.i < self.end:
            tok = self.tokens[self.i]
            if tok.kind not in (IDENT, QUOTED) or tok.lower in _SECTION_END:
                return
            names: list[Token] = []
            k = self.i
            while k < self.end and self.tokens[k].kind in (IDENT, QUOTED):
                names.append(self.tokens[k])
                if not (k + 1 < self.end and self.tokens[k + 1].is_op(",")):
                    k += 1
                    break
                k += 2
            if k >= self.end or not self.tokens[k].is_op(":"):
                return  # not a declaration: let the caller read on
            stop = self._until_semicolon(k + 1)
            for name in names:
                into.setdefault(name.lower, _variable(name, self.tokens, k + 1, stop))
            self.i = stop + 1

    def _routine(self, attributes: tuple[str, ...]) -> None:
        k = self.i + 1
        name = self.at(k)
        if name is None or name.kind not in (IDENT, QUOTED):
            self.i += 1
            return
        k += 1
        params: list[Variable] = []
        if (tok := self.at(k)) is not None and tok.is_op("("):
            close = self._skip_group(k, "(", ")")
            params = _parameters(self.tokens, k + 1, max(k + 1, close - 1))
            k = close
        # A return type (`: Boolean`, `Result: Text`) and the `;` of older syntax.
        while (tok := self.at(k)) is not None and not tok.is_word("var", "begin"):
            if tok.kind == IDENT and tok.lower in _ROUTINE_WORDS | _MODIFIERS:
                break
            if tok.is_op("{") or tok.is_op("}"):
                break
            if tok.is_op("["):
                if self.tokens[k - 1].is_op(";") or self.tokens[k - 1].is_op(")"):
                    break  # the next procedure's attribute (this one has no body)
                k = self._skip_group(k, "[", "]")  # `Code[20]`
                continue
            k += 1
        local: dict[str, Variable] = {}
        self.i = k
        if (tok := self.at(k)) is not None and tok.is_word("var"):
            self.i += 1
            self._variables(local)
        start = end = self.i
        if (tok := self.at(self.i)) is not None and tok.is_word("begin"):
            start = self.i
            end = self._block_end(self.i)
            self.i = end
        self.procedures.append(
            Procedure(
                name.text, name.line, name.column, attributes, tuple(params), local, (start, end)
            )
        )

    def _block_end(self, k: int) -> int:
        """The index after the `end` closing the `begin` at ``k`` (`case` nests too)."""
        depth = 0
        tokens = self.tokens
        while k < self.end:
            kind = tokens.kind(k)
            if kind == IDENT:
                word = tokens.raw(k).lower()
                if word in ("begin", "case"):
                    depth += 1
                elif word == "end":
                    depth -= 1
                    if depth == 0:
                        return k + 1
                elif word in _ROUTINE_WORDS:
                    return k  # an unclosed body: stop before the next procedure
            elif kind == OP and tokens.raw(k) in ("{", "}"):
                return k
            k += 1
        return k


def _variable(name: Token, tokens: Tokens, start: int, stop: int) -> Variable:
    """The variable ``name`` declared with the type tokens [start, stop)."""
    if start >= stop:
        return Variable(name.text, "", "", None, name.line, name.column)
    kind = tokens[start].lower
    subtype = ""
    label = None
    if kind in _OBJECT_TYPES:
        # `Codeunit "AIT Test Context"`, `Codeunit System.TestTools."AIT Test Context"`.
        k = start + 1
        while k < stop and tokens.kind(k) in (IDENT, QUOTED, NUMBER):
            subtype = tokens[k].text
            if k + 1 < stop and tokens.is_op(k + 1, "."):
                k += 2
                continue
            break
    elif kind == "label" and stop - start > 1 and tokens.kind(start + 1) == STRING:
        label = tokens[start + 1].text
    return Variable(name.text, kind, subtype, label, name.line, name.column)


def _parameters(tokens: Tokens, start: int, end: int) -> list[Variable]:
    """`var A: Type; B, C: Type` (the tokens [start, end) between the parentheses)."""
    out: list[Variable] = []
    depth = 0
    part = start
    for k in range(start, end + 1):
        op = tokens.op(k) if k < end else ""
        if op in ("(", "["):
            depth += 1
        elif op in (")", "]"):
            depth -= 1
        if k == end or (op == ";" and depth == 0):
            first, part = part, k + 1
            if first < k and tokens.word(first) == "var":
                first += 1
            colon = next((m for m in range(first, k) if tokens.is_op(m, ":")), None)
            if colon is None:
                continue
            for m in range(first, colon):
                if tokens.is_name(m):
                    out.append(_variable(tokens[m], tokens, colon + 1, k))
    return out

"""Reading AL costs memory in proportion to the file, whatever the file holds.

Measured by size, never by clock: the peak of Python's allocations (``tracemalloc``) while
one hostile file is read, its declarations found and its codeunit followed stays below a
small multiple of the file's size, and nothing recurses (no ``RecursionError`` at any
depth).
"""

from __future__ import annotations

import tracemalloc
from collections.abc import Callable

import pytest

from ait_datasets.al.declarations import read_al
from ait_datasets.al.reads import AppCode
from ait_datasets.al.suggestions import offered_codes

SIZE = 200_000
# Bytes of peak allocation per character read, where every character is a token (the worst
# case): 9 bytes a token in compact arrays, 8 more while a body's brackets are matched, and
# what an array's growth copies. Before, a token cost about 200 bytes.
PER_CHAR = 20


def _codeunit(body: str) -> str:
    return f"codeunit 50100 Hostile\n{{\n    procedure Run()\n    begin\n{body}\n    end;\n}}\n"


HOSTILE: dict[str, Callable[[int], str]] = {
    "nested braces": lambda n: "codeunit 50100 X\n" + "{" * (n // 2) + "}" * (n // 2),
    "unclosed braces": lambda n: "codeunit 50100 X\n" + "{" * n,
    "nested parentheses in a body": lambda n: _codeunit("A(" * (n // 3) + ")" * (n // 3) + ";"),
    "nested brackets in a body": lambda n: _codeunit("[" * (n // 2) + "]" * (n // 2)),
    "nested begin/end": lambda n: _codeunit("begin " * (n // 10) + "end; " * (n // 10)),
    "one call per character pair": lambda n: _codeunit("A();" * (n // 4)),
    "unterminated text literal": lambda n: _codeunit("X := '" + "x" * n),
    "text literal of escaped quotes": lambda n: _codeunit("X := '" + "''" * (n // 2) + "';"),
    "unterminated quoted name": lambda n: _codeunit('X := "' + "x" * n),
    "unterminated comment": lambda n: _codeunit("/*" + "x" * n),
    "comment openers": lambda n: "/*" * (n // 2),
    "one-character lines": lambda n: "{\n" * (n // 2),
    "binary": lambda n: bytes(range(256)).decode("latin-1") * (n // 256),
}


def _peak(text: str) -> int:
    tracemalloc.start()
    try:
        file = read_al("hostile.al", text)
        code = AppCode([file])
        for codeunit in code.codeunits:
            code.reach(codeunit)
        offered_codes([file])
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("shape", sorted(HOSTILE))
def test_reading_a_hostile_file_stays_within_a_few_times_its_size(shape: str) -> None:
    text = HOSTILE[shape](SIZE)
    peak = _peak(text)
    assert peak < PER_CHAR * len(text), f"{shape}: {peak / len(text):.0f} bytes per character"


# Files made only of declarations keep a fact per declaration (name, type, position: about
# a hundred bytes for a five-character `p1:I;`); the reading itself adds no copies.
DECLARATIONS: dict[str, Callable[[int], str]] = {
    "parameters": lambda n: (
        "codeunit 1 X {\nprocedure A("
        + ";".join(f"p{i}:I" for i in range(n // 8))
        + ") begin end;\n}"
    ),
    "globals": lambda n: "codeunit 1 X {\nvar\n" + "".join(f"v{i}:I;" for i in range(n // 8)) + "}",
    "a type of nested brackets": lambda n: "codeunit 1 X {\nvar v: Codeunit " + "(" * n + ";\n}",
}
PER_DECLARATION_CHAR = 60


@pytest.mark.parametrize("shape", sorted(DECLARATIONS))
def test_declaration_dense_files_keep_facts_not_copies(shape: str) -> None:
    text = DECLARATIONS[shape](SIZE)
    peak = _peak(text)
    assert peak < PER_DECLARATION_CHAR * len(text), f"{shape}: {peak / len(text):.0f} per char"


def test_memory_grows_with_the_file_not_faster() -> None:
    # Twice the nesting costs about twice the memory (linear), never four times.
    small = _peak(HOSTILE["nested parentheses in a body"](SIZE // 4))
    large = _peak(HOSTILE["nested parentheses in a body"](SIZE // 2))
    assert large < 3 * small


def test_overloads_calling_each_other_are_followed_once_each() -> None:
    # 500 procedures of one name, each calling that name: every call could go to any of
    # them. Each is walked once and the call expanded once, not 500 times 500.
    text = "codeunit 50100 X\n{\n" + "procedure A() begin A(); end;\n" * 500 + "}\n"
    assert _peak(text) < 40 * len(text)


def test_hostile_files_return_what_they_can() -> None:
    (obj,) = read_al("x.al", HOSTILE["nested braces"](SIZE)).objects
    assert (obj.kind, obj.id, obj.name) == ("codeunit", 50100, "X")
    (obj,) = read_al("x.al", HOSTILE["unterminated text literal"](SIZE)).objects
    assert [p.name for p in obj.procedures] == ["Run"]
    literal = read_al("x.al", HOSTILE["text literal of escaped quotes"](SIZE)).tokens
    assert any(t.kind == "string" and t.text == "'" * (SIZE // 2) for t in literal)
    assert read_al("x.al", HOSTILE["binary"](SIZE)).objects == ()
    # An ID of 5,000 digits is no ID (int() would refuse it: over 4,300 digits).
    assert read_al("x.al", "codeunit " + "9" * 5000 + " X { }").objects == ()

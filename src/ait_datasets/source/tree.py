"""The positioned tree: every mapping key, value and sequence item knows where it is.

Positions are 1-based lines and columns (columns count characters, not bytes); ``end``
is exclusive, as in editors' ranges. Each node also carries ``data``, the plain Python
value (dict/list/str/int/float/bool/None) the framework would see once the YAML is
converted to JSON, built in the same single pass as the tree.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

PathPart = str | int
Path = tuple[PathPart, ...]


@dataclass(slots=True)
class Span:
    line: int
    column: int
    end_line: int
    end_column: int
    # Character offsets into the decoded text; used by fixes and migrations.
    start_offset: int = 0
    end_offset: int = 0


@dataclass(slots=True)
class Scalar:
    data: object
    span: Span
    # "" plain, "'" single-quoted, '"' double-quoted, "|" literal, ">" folded; JSON: '"' or "".
    style: str = ""
    tag: str | None = None


@dataclass(slots=True)
class Mapping:
    data: dict[str, object]
    span: Span
    # key -> (key node, value node); insertion order is the file's order.
    entries: dict[str, tuple[Scalar, Node]] = field(default_factory=dict)
    flow: bool = False
    tag: str | None = None

    def get(self, key: str) -> Node | None:
        entry = self.entries.get(key)
        return None if entry is None else entry[1]

    def key_node(self, key: str) -> Scalar | None:
        entry = self.entries.get(key)
        return None if entry is None else entry[0]


@dataclass(slots=True)
class Sequence:
    data: list[object]
    span: Span
    items: list[Node] = field(default_factory=list)
    flow: bool = False
    tag: str | None = None


Node = Scalar | Mapping | Sequence


def type_name(node: Node | None) -> str:
    """The word an author knows for a node's type: mapping, list, text, number, ..."""
    if node is None:
        return "nothing"
    if isinstance(node, Mapping):
        return "a mapping"
    if isinstance(node, Sequence):
        return "a list"
    return data_type_name(node.data)


def data_type_name(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return type(value).__name__


def walk(node: Node, path: Path = ()) -> Iterator[tuple[Path, Node]]:
    """Every node under ``node`` (itself included) with its path, depth first, in file order."""
    stack: list[tuple[Path, Node]] = [(path, node)]
    while stack:
        p, n = stack.pop()
        yield p, n
        if isinstance(n, Mapping):
            stack.extend(((*p, k), v) for k, (_, v) in reversed(n.entries.items()))
        elif isinstance(n, Sequence):
            stack.extend(((*p, i), v) for i, v in reversed(list(enumerate(n.items))))


def find(node: Node, path: Path) -> Node | None:
    """The node at ``path`` below ``node``, or None."""
    cur: Node | None = node
    for part in path:
        if isinstance(cur, Mapping) and isinstance(part, str):
            cur = cur.get(part)
        elif isinstance(cur, Sequence) and isinstance(part, int) and 0 <= part < len(cur.items):
            cur = cur.items[part]
        else:
            return None
    return cur


def format_path(path: Path) -> str:
    """``('tests', 3, 'turns', 1, 'query')`` -> ``tests[3].turns[1].query``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else part
    return out or "(root)"

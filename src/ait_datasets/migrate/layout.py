"""The file's own habits, so that new text looks like the old: indentation and quoting."""

from __future__ import annotations

from collections import Counter

from ait_datasets.migrate.text import column_of, line_start
from ait_datasets.source.document import Document
from ait_datasets.source.tree import Mapping, Node, Scalar, Sequence, containers


class Layout:
    """``step``: spaces a nested mapping is indented by; ``dash``: where a block list's
    ``-`` sits relative to its key (0 for ``key:\\n- item``, 2 for ``key:\\n  - item``);
    ``gap``: from the ``-`` to the item's text; ``quote``: the style of new scalars.

    The quote is the file's most common style of text values, counted over the whole
    tree; it is counted only if asked for (most migrations insert no new text).
    """

    __slots__ = ("_quote", "_root", "dash", "gap", "step")

    def __init__(
        self,
        step: int = 2,
        dash: int = 2,
        gap: int = 2,
        quote: str | None = '"',
        root: Node | None = None,
    ) -> None:
        self.step = step
        self.dash = dash
        self.gap = gap
        # None: count it from ``root`` when first asked for.
        self._quote = quote
        self._root = root

    @property
    def quote(self) -> str:
        if self._quote is None:
            self._quote = _quote_style(self._root) if self._root is not None else '"'
        return self._quote


def detect_layout(doc: Document) -> Layout:
    if doc.format != "yaml":
        return Layout(quote='"')
    root = doc.root
    if root is None:
        return Layout()
    step = _mapping_step(doc.text, root)
    dash_gap = _list_style(doc.text, root)
    dash, gap = dash_gap if dash_gap is not None else (2, 2)
    return Layout(step=step, dash=dash, gap=gap, quote=None, root=root)


def _mapping_step(text: str, root: Node) -> int:
    for node in containers(root):
        if type(node) is not Mapping or node.flow:
            continue
        for name, value in node.children.items():
            if type(value) is not Mapping or value.flow or not value.children:
                continue
            key = node.key_node(name)
            assert key is not None
            if value.start_offset > key.end_offset:
                first_key = value.key_node_at(0, next(iter(value.children)))
                step = first_key.span.column - key.span.column
                if step > 0:
                    return step
    return 2


def _list_style(text: str, root: Node) -> tuple[int, int] | None:
    """(dash, gap) from ``tests:`` if it is a block list, else from the first block list."""
    if isinstance(root, Mapping):
        tests = root.get("tests")
        if isinstance(tests, Sequence) and not tests.flow and tests.items:
            # The dataset's own list of tests, nearly always there: no walk needed.
            found = _dash_and_gap(text, root, "tests", tests)
            if found is not None:
                return found
    # (mapping, key, list); key nodes are made only for the lists looked at.
    candidates: list[tuple[Mapping, str, Sequence]] = []
    for node in containers(root):
        if not isinstance(node, Mapping) or node.flow:
            continue
        for name, value in node.children.items():
            if isinstance(value, Sequence) and not value.flow and value.items:
                if name == "tests":
                    candidates.insert(0, (node, name, value))
                else:
                    candidates.append((node, name, value))
    for mapping, name, seq in candidates:
        found = _dash_and_gap(text, mapping, name, seq)
        if found is not None:
            return found
    return None


def _dash_and_gap(text: str, mapping: Mapping, name: str, seq: Sequence) -> tuple[int, int] | None:
    """How the block list ``seq`` (the value of ``name``) places its dashes, if it can tell."""
    item = seq.items[0]
    if item.start_offset < seq.start_offset:
        return None  # an alias: its span is elsewhere
    start = item.start_offset
    prefix = text[line_start(text, start) : start]
    stripped = prefix.rstrip(" ")
    if not stripped.endswith("-") or stripped[:-1].strip():
        return None
    dash_col = len(stripped) - 1
    key = mapping.key_node(name)
    assert key is not None
    dash = dash_col - column_of(text, key.start_offset)
    gap = column_of(text, start) - dash_col
    return (dash, gap) if dash >= 0 and gap >= 2 else None


def _quote_style(root: Node) -> str:
    styles: Counter[str] = Counter()
    for node in containers(root):
        if isinstance(node, Mapping):
            for value in node.children.values():
                if isinstance(value, Scalar) and isinstance(value.data, str):
                    styles[value.style] += 1
    ranked = [(styles[s], s != '"', s) for s in ('"', "'", "")]
    ranked.sort(key=lambda t: (-t[0], t[1]))
    return ranked[0][2] if ranked[0][0] else '"'

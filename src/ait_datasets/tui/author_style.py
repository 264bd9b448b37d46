"""The quoting an author gave a scalar, remembered while the editor writes it otherwise.

A text typed into a field is written in its scalar's own style: plain stays plain unless
YAML needs quotes for the text (see :func:`.scalars.format_scalar`). While the author
types, the text often needs them for a moment: "T " ends with a space, the "4" of
"42 apples" reads as a number. The editor then writes it quoted; those quotes are the
editor's, and read back at the next keystroke as the scalar's style they would stay for
good ("T Hi there" saved in quotes). So for each text the editor wrote (a test's chunk,
the text around the tests) this remembers the author's style of every scalar the editor
wrote in another style, and the next write of that scalar uses the author's: what is
saved depends only on the final text and the style its author gave it.

Texts are the keys, as in the model's other caches: undo and redo bring back the very
strings, and with them what is remembered about them.
"""

from __future__ import annotations

from ait_datasets.source.load import load_text
from ait_datasets.source.tree import Node, Path, Scalar
from ait_datasets.tui.scalars import find_node


def _root(text: str) -> Node | None:
    doc = load_text("text.yaml", text)
    return None if doc.has_errors else doc.root


def scalar_at(text: str, path: Path) -> Scalar | None:
    """The scalar at ``path`` (from the document's root) of the YAML ``text``, if any."""
    node = find_node(_root(text), path)
    return node if isinstance(node, Scalar) else None


class AuthorStyles:
    """For each text the editor wrote: path -> the author's style, for every scalar the
    editor wrote in another style (only those: anything else is written as its author
    wrote it)."""

    def __init__(self, *, yaml: bool = True) -> None:
        # JSON (and a JSONL row) writes every string in double quotes: nothing to keep.
        self._yaml = yaml
        self._known: dict[str, dict[Path, str]] = {}

    def get(self, text: str, path: Path) -> str | None:
        """The author's style of the scalar at ``path`` of ``text``; None: the style it is
        written in is the author's."""
        entries = self._known.get(text)
        return None if entries is None else entries.get(path)

    def wrote(self, old: str, new: str, path: Path, author: str, written: str | None) -> None:
        """``new`` is ``old`` with the scalar at ``path`` written again, in the style
        ``written`` (None: it is gone), its author's being ``author``; every other scalar
        is where it was."""
        entries = self._known.get(old, {})
        kept = {p: s for p, s in entries.items() if p != path}
        if written is not None and written != author:
            kept[path] = author
        self._remember(new, kept)

    def rewrote(self, old: str, new: str, path: Path) -> None:
        """:meth:`wrote`, the styles read from the texts (a test re-dumped, the text
        around the tests). A scalar that was not there, or held nothing, is the author's
        to style: plain when it can be, whatever quoting its first characters needed."""
        author = self.get(old, path)
        if author is None:
            before = scalar_at(old, path)
            author = before.style if before is not None and before.data is not None else ""
        after = scalar_at(new, path)
        self.wrote(old, new, path, author, None if after is None else after.style)

    def carried(self, old: str, new: str) -> None:
        """``new`` is ``old`` changed in its structure (a turn added, a key removed): a
        scalar the editor wrote keeps its author's style while it is still the same one
        (the same path, text and style)."""
        entries = self._known.get(old)
        if not entries or new == old:
            return
        before, after = _root(old), _root(new)
        kept = {}
        for path, style in entries.items():
            was, now = find_node(before, path), find_node(after, path)
            if (
                isinstance(was, Scalar)
                and isinstance(now, Scalar)
                and (was.data, was.style) == (now.data, now.style)
            ):
                kept[path] = style
        self._remember(new, kept)

    def _remember(self, text: str, entries: dict[Path, str]) -> None:
        if entries and self._yaml:
            self._known[text] = entries
        else:
            self._known.pop(text, None)

"""The editor's document model: the file as chunks of text, one per test, with undo/redo.

Every change produces new chunk texts (a scalar typed into a field is spliced in place;
anything structural re-dumps just that test in the file's style), so a test the author
never touched is written back byte for byte. A chunk's parts are read by :mod:`.chunks`,
tests are inserted, deleted and moved among them by :mod:`.list_edits`, and each change is
a step of the :mod:`.history`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from collections.abc import Mapping as TextMap
from difflib import SequenceMatcher
from typing import Any

from ruamel.yaml.comments import CommentedMap

from ait_datasets.dataset.shape import is_agent_test, tests_of
from ait_datasets.diagnostics import Edit
from ait_datasets.source.lines import newline_of
from ait_datasets.source.load import format_of, load_text
from ait_datasets.source.tree import Sequence as SeqNode
from ait_datasets.tui import list_edits, shape
from ait_datasets.tui.author_style import AuthorStyles
from ait_datasets.tui.chunks import chunk_data, json_row, split_chunk
from ait_datasets.tui.file_meta import has_key, set_meta
from ait_datasets.tui.history import Focus, History, Step
from ait_datasets.tui.json_array import json_element
from ait_datasets.tui.layout import (
    JSON,
    JSONL,
    TESTS,
    Layout,
    UnsupportedLayout,
    split_layout,
)
from ait_datasets.tui.name_pattern import proposed_name
from ait_datasets.tui.patch import minimal_patch, same_data
from ait_datasets.tui.raw_text import raw_of, with_raw
from ait_datasets.tui.roundtrip import (
    CrossTestAlias,
    dump_chunk,
    new_item,
    parse_chunk,
    parse_last_item,
)
from ait_datasets.tui.scalars import has_placeholder, splice_scalar
from ait_datasets.tui.turn_text import delete_turn_text, insert_turn_text

FILE_FOCUS: Focus = (-1, None)  # the file itself (its own keys)
PathPart = str | int


class DatasetModel:
    """A dataset file being edited."""

    def __init__(
        self,
        path: str,
        text: str,
        *,
        bom: bool = False,
        disk: bytes | None = None,
        new_file: bool = False,
    ) -> None:
        self.path = path
        self.bom = bom
        # The file's bytes as last seen (None: it does not exist yet). A save compares the
        # disk with them first, so another program's change is never overwritten silently.
        # ``new_file``: ``text`` is a template for a file that is absent or empty (``disk``),
        # unsaved until the first save.
        self.disk: bytes | None = disk if new_file else None
        if not new_file:
            self.disk = disk if disk is not None else (("\ufeff" if bom else "") + text).encode()
        self.new_file = new_file
        newline = newline_of(text)
        # JSONL rows and JSON elements are edited as the flow items of a list (see
        # :func:`.layout.jsonl_layout`, :mod:`.json_array`).
        self.fmt = format_of(path) or "yaml"
        self.layout: Layout = split_layout(text, newline, self.fmt)
        self.chunks: list[str] = list(self.layout.chunks)
        self._saved: list[str] = list(self.chunks)
        # The text on disk, as pieces (see :meth:`Layout.pieces`): a save is the edits from it.
        self._saved_pieces: list[str] = [] if new_file else self.layout.pieces(self.chunks)
        self.history = History()
        self._summaries: dict[str, shape.TestSummary] = {}
        # False when the quick cut of a large file disagrees with the full parse.
        self.trusted = True
        # Names from the opening scan: enough to label ten thousand tests without
        # parsing each one; the full summary is computed when a test is expanded.
        self._names: dict[str, str] = {
            chunk: name
            for chunk, name in zip(self.chunks, self.layout.names, strict=False)
            if name is not None
        }
        # The quoting the author gave the scalars the editor had to quote while they were
        # typed (see :mod:`.author_style`).
        self._author_styles = AuthorStyles(yaml=self.fmt == "yaml")

    @classmethod
    def from_text(cls, path: str, text: str) -> DatasetModel:
        """A model of ``text`` (a leading BOM is remembered and written back)."""
        bom = text.startswith("\ufeff")
        return cls(path, text[1:] if bom else text, bom=bom)

    # -- reading ----------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self.chunks)

    def text(self) -> str:
        """The file's text as it would be saved (without the BOM)."""
        return self.layout.render(self.chunks)

    @property
    def dirty(self) -> bool:
        return self.new_file or self.layout.pieces(self.chunks) != self._saved_pieces

    def edits_to_save(self, chunks: list[str]) -> tuple[str, list[Edit]]:
        """``(base, edits)``: the text on disk and the edits that make it ``chunks``' text.

        Pieces are compared as whole strings (an untouched test's chunk is the very string
        that was loaded), so each edit spans only the tests that changed.
        """
        old = self._saved_pieces
        new = self.layout.pieces(chunks)
        base = "".join(old)
        offsets = [0]
        for piece in old:
            offsets.append(offsets[-1] + len(piece))
        edits = []
        matcher = SequenceMatcher(None, old, new, autojunk=False)
        for tag, i1, i2, j1, j2 in matcher.get_opcodes():
            if tag != "equal":
                edits.append(Edit(offsets[i1], offsets[i2], "".join(new[j1:j2])))
        return base, edits

    def summary(self, index: int) -> shape.TestSummary:
        chunk = self.chunks[index]
        found = self._summaries.get(chunk)
        if found is None:
            # A chunk is YAML (a JSONL row is read as a flow item: see `jsonl_layout`).
            doc = load_text(self.path if self.fmt == "yaml" else "row.yaml", chunk)
            item = (
                doc.root.items[0].data if isinstance(doc.root, SeqNode) and doc.root.items else None
            )
            # The one answer to "is this an agent test" (dataset/shape), on the test's node.
            refs = list(tests_of(doc))
            found = shape.summarize(item, agent=not refs or is_agent_test(refs[0].node))
            self._summaries[chunk] = found
        return found

    def known_summary(self, index: int) -> shape.TestSummary | None:
        """The summary if it is already known (cheap), else None."""
        return self._summaries.get(self.chunks[index])

    def name(self, index: int) -> str:
        """The test's name, without parsing the test when the opening scan knew it."""
        chunk = self.chunks[index]
        known = self._summaries.get(chunk)
        if known is not None:
            return known.name
        name = self._names.get(chunk)
        return name if name is not None else self.summary(index).name

    def item(self, index: int) -> Any:
        """The round-trip data of test ``index``'s list item (a fresh copy: mutate freely)."""
        _, body, _ = split_chunk(self.chunks[index])
        return parse_chunk(self._terminated(body), self.layout.dash_column, self.layout.style)[0]

    def _terminated(self, body: str) -> str:
        # A file may end without a newline; a block scalar there would read as "strip"
        # chomping and come back as `|-`. Read (and write) the test with its newline.
        return body if body.endswith("\n") else body + self.layout.newline

    def test(self, index: int) -> Any:
        return shape.test_map(self.item(index))

    def test_to_show(self, index: int) -> tuple[Any, str | None]:
        """``(test data, why it cannot be edited or None)``: a test with an alias to an
        anchor in an earlier test is read together with the tests before it."""
        try:
            return self.test(index), None
        except CrossTestAlias as exc:
            bodies = "".join(self._terminated(split_chunk(c)[1]) for c in self.chunks[: index + 1])
            try:
                item = parse_last_item(bodies, self.layout.dash_column, self.layout.style)
            except ValueError:
                item = None
            why = (
                f"This test uses an alias to an anchor in another test ({exc}); the editor "
                "shows it but cannot change it safely. Edit its text in a text editor."
            )
            return shape.test_map(item), why

    def first_line(self, index: int) -> int:
        """1-based line of test ``index`` in :meth:`text`."""
        if self.layout.frame is not None:
            # A JSON element's chunk has lines of its own (see :mod:`.json_array`).
            before = self.layout.pieces(self.chunks)[: 2 + index]
            return sum(p.count("\n") for p in before) + 1
        head = self.layout.prefix + (self.layout.opener if self.chunks else "")
        return head.count("\n") + sum(c.count("\n") for c in self.chunks[:index]) + 1

    def names(self) -> set[str]:
        return {self.name(i).upper() for i in range(len(self.chunks))}

    # -- history ----------------------------------------------------------------------

    def _commit(self, label: str, after: list[str], focus: Focus, merge_key: str | None) -> None:
        if self.layout.kind == JSONL:
            before = set(self.chunks)
            after = [c if c in before else json_row(c, self.layout.newline) for c in after]
        elif self.layout.frame is not None:
            before = set(self.chunks)
            frame = self.layout.frame
            after = [c if c in before else json_element(c, frame, chunk_data) for c in after]
        if after == self.chunks:
            return
        self.history.record(label, self.chunks, after, focus, merge_key)
        self.chunks = after

    def seal(self) -> None:
        """End the current run of typing: the next keystroke starts a new undo step."""
        self.history.seal()

    @property
    def can_undo(self) -> bool:
        return self.history.can_undo

    @property
    def can_redo(self) -> bool:
        return self.history.can_redo

    def undo(self) -> Step | None:
        return self._restore(self.history.undo(), after=False)

    def redo(self) -> Step | None:
        return self._restore(self.history.redo(), after=True)

    def _restore(self, step: Step | None, *, after: bool) -> Step | None:
        """Put back the chunks (and layout) from before or after ``step``."""
        if step is not None:
            self.chunks = list(step.after if after else step.before)
            if step.layouts is not None:
                self.layout = step.layouts[1 if after else 0]
        return step

    def raw(self, index: int, turn: int | None = None) -> str | None:
        """The raw YAML of test ``index`` (or of one of its turns), unindented."""
        _, body, _ = split_chunk(self.chunks[index])
        return raw_of(self._terminated(body), self.layout.dash_column, turn)

    def set_raw(self, index: int, turn: int | None, raw: str) -> None:
        """Replace test ``index`` (or turn ``turn``) by the raw YAML ``raw``; typing
        merges into one undo step. Raises :class:`~.raw_text.RawTextError` when ``raw``
        is not one test (turn) that parses; nothing changes then."""
        head, body, tail = split_chunk(self.chunks[index])
        lay = self.layout
        new = with_raw(self._terminated(body), lay.dash_column, turn, raw, lay.newline)
        key = f"raw:{index}:{turn}"
        self._commit("raw edit", self._with_chunk(index, head + new + tail), (index, turn), key)

    def replace_text(
        self, text: str, label: str, focus: Focus, merge_key: str | None = None
    ) -> None:
        """Make the whole file ``text`` (a fix, a raw edit): cut again into tests, one
        undo step (``merge_key``: consecutive calls with it merge, as typing does);
        untouched tests keep their chunk strings. Raises
        :class:`~.layout.UnsupportedLayout` when the text cannot be edited."""
        new = split_layout(text, self.layout.newline, self.fmt)
        old = self.layout
        same_frame = (new.prefix, new.opener, new.empty, new.suffix, new.kind) == (
            old.prefix,
            old.opener,
            old.empty,
            old.suffix,
            old.kind,
        )
        self._names.update(
            {c: n for c, n in zip(new.chunks, new.names, strict=False) if n is not None}
        )
        if same_frame:
            self._commit(label, list(new.chunks), focus, merge_key)
            return
        self._commit_layout(label, new, list(new.chunks), focus, merge_key)

    def _commit_layout(
        self, label: str, new: Layout, chunks: list[str], focus: Focus, merge_key: str | None
    ) -> None:
        """Like :meth:`_commit`, for a change to the text around the tests too."""
        self.history.record(label, self.chunks, chunks, focus, merge_key, (self.layout, new))
        self.chunks = list(chunks)
        self.layout = new

    def set_file_value(self, key: str, value: str) -> None:
        """Set the file's own key ``key`` (see :mod:`.file_meta`; '' removes it) in the
        text around the tests; typing into one field is one undo step. Raises
        :class:`~.file_meta.MetaError` when it cannot be done exactly; nothing changes."""
        lay = self.layout
        in_suffix = has_key(lay.suffix, key)
        old = lay.suffix if in_suffix else lay.prefix
        where = (key,)
        author = self._author_styles.get(old, where)
        text = set_meta(old, key, value, lay.newline, style=author)
        if text == old:
            return
        self._author_styles.rewrote(old, text, where)
        if in_suffix:
            new = dataclasses.replace(lay, suffix=text)
        else:
            new = dataclasses.replace(lay, prefix=text)
        self._commit_layout(f"edit {key}", new, list(self.chunks), FILE_FOCUS, f"file:{key}")

    def mark_saved(self, chunks: list[str] | None = None, disk: bytes | None = None) -> None:
        """Remember what is on disk (``chunks``: what was written, default: the current;
        ``disk``: the bytes written, default: the chunks' text encoded)."""
        self._saved = list(self.chunks if chunks is None else chunks)
        self._saved_pieces = self.layout.pieces(self._saved)
        text = "".join(self._saved_pieces)
        self.disk = disk if disk is not None else (("\ufeff" if self.bom else "") + text).encode()
        self.new_file = False

    # -- changing one test ------------------------------------------------------------

    def _dump(self, item: Any) -> str:
        lay = self.layout
        return dump_chunk(new_item(item), lay.dash_column, lay.style, lay.newline)

    def _redumped(
        self, index: int, item: Any, text_change: Callable[[str], str | None] | None = None
    ) -> str:
        """Chunk ``index`` with its test changed to ``item``: ``text_change``'s cut or
        insertion in the test's own text when it means exactly ``item`` (see
        :mod:`.turn_text`), else only the changed lines when that is safe (see
        :mod:`.patch`), else the whole test re-dumped; the comments before and after the
        test are kept."""
        head, body, tail = split_chunk(self.chunks[index])
        body = self._terminated(body)
        after = self._dump(item)
        if text_change is not None:
            candidate = text_change(body)
            if candidate is not None and same_data(candidate, after):
                return head + candidate + tail
        lay = self.layout
        before = self._dump(parse_chunk(body, lay.dash_column, lay.style)[0])
        patched = minimal_patch(body, before, after)
        return head + (after if patched is None else patched) + tail

    def _with_chunk(self, index: int, chunk: str) -> list[str]:
        chunks = list(self.chunks)
        chunks[index] = chunk
        return chunks

    def set_value(
        self,
        index: int,
        path: Sequence[PathPart],
        value: Any,
        *,
        turn: int | None = None,
        label: str = "edit",
    ) -> None:
        """Set the scalar at ``path`` (below the test mapping) of test ``index``.

        Consecutive calls for the same field merge into one undo step (typing).
        """
        item = self.item(index)
        full = (*shape.test_prefix(item), *path)
        old = self.chunks[index]
        where = (0, *full)  # from the chunk's root, the list holding the test
        spliced = splice_scalar(old, full, value, self._author_styles.get(old, where))
        if spliced is not None:
            chunk = spliced.text
            self._author_styles.wrote(old, chunk, where, spliced.author, spliced.written)
        else:
            chunk = self._set_redumped(index, item, path, value)
            self._author_styles.rewrote(old, chunk, where)
        key = f"{index}:{'.'.join(map(str, path))}"
        self._commit(label, self._with_chunk(index, chunk), (index, turn), key)

    def _set_redumped(self, index: int, item: Any, path: Sequence[PathPart], value: Any) -> str:
        """Chunk ``index`` with ``value`` set at ``path`` (below the test) through the
        round-trip data ``item``: a new text with a placeholder is double-quoted."""
        target = shape.test_map(item)
        for part in path[:-1]:
            target = target[part]
        if isinstance(value, str) and has_placeholder(value):
            value = shape.typed(value)
        shape.set_key(target, str(path[-1]), value)
        return self._redumped(index, item)

    def update(
        self,
        index: int,
        change: Callable[[CommentedMap], Any],
        *,
        turn: int | None = None,
        label: str = "edit",
        merge_key: str | None = None,
        text_change: Callable[[Any, str], str | None] | None = None,
    ) -> Any:
        """Apply ``change`` to test ``index``'s round-trip data; returns what it returns.

        ``text_change(test, body)`` may propose the same change made directly in the
        test's text (``test``: the changed round-trip data); it is used when it means the
        same data.
        """
        item = self.item(index)
        test = shape.test_map(item)
        result = change(test)
        direct = None if text_change is None else (lambda body: text_change(test, body))
        chunk = self._redumped(index, item, direct)
        self._author_styles.carried(self.chunks[index], chunk)
        self._commit(label, self._with_chunk(index, chunk), (index, turn), merge_key)
        return result

    # -- tests ------------------------------------------------------------------------

    def _fresh_name(self, base: str) -> str:
        taken = self.names()
        n = len(self.chunks) + 1
        candidate = base
        while candidate.upper() in taken:
            candidate = f"{base}-{n}"
            n += 1
        return candidate

    @property
    def _rows(self) -> bool:
        """JSON elements and JSONL rows have no comments to move with the test they
        introduce (see :mod:`.list_edits`)."""
        return self.layout.kind in (JSON, JSONL)

    @property
    def _yaml_list(self) -> bool:
        """A YAML ``tests:`` block list: the text before the tests ends with its key's line
        (then perhaps comments), which :mod:`.list_edits` may rewrite."""
        lay = self.layout
        return lay.kind == TESTS and lay.frame is None and not lay.opener

    def new_test_name(self, after: int | None = None) -> str:
        """The name a test added after test ``after`` (None: at the end) is offered: the
        next in the file's own pattern, and one no test has yet (see :mod:`.name_pattern`)."""
        return proposed_name([self.name(i) for i in range(len(self.chunks))], after)

    def add_test(
        self,
        after: int | None = None,
        *,
        name: str | None = None,
        texts: TextMap[str, str] | None = None,
        kind: str = shape.TASK,
    ) -> int:
        """Insert a test after ``after`` (None: at the end), with ``name`` (default: a
        fresh one) and one turn of ``kind`` holding ``texts`` (see :func:`.shape.new_test`)."""
        test = shape.new_test(name or self.new_test_name(after), texts, kind)
        return self._insert("add test", after, self._dump(test))

    def duplicate_test(self, index: int) -> int:
        item = self.item(index)
        test = shape.test_map(item)
        if isinstance(test, dict) and "name" in test:
            test["name"] = shape.restyled(test["name"], self._fresh_name(f"{test['name']}-COPY"))
        return self._insert("duplicate test", index, self._dump(item))

    def _insert(self, label: str, after: int | None, chunk: str) -> int:
        chunks, index = list_edits.inserted(
            self.chunks, after, chunk, rows=self._rows, newline=self.layout.newline
        )
        self._commit(label, chunks, (index, None), None)
        return index

    def delete_test(self, index: int) -> int | None:
        """Delete a test with the comments before it; the ones after it stay."""
        layout, chunks = self._lead_in_split(index)
        last = chunks[index] if len(chunks) == 1 else None
        chunks = list_edits.deleted(chunks, index, rows=self._rows, newline=self.layout.newline)
        if last is not None:
            layout = self._emptied(layout or self.layout, split_chunk(last)[2]) or layout
        self._commit_list("delete test", layout, chunks, (index, None))
        return min(index, len(chunks) - 1) if chunks else None

    def _emptied(self, lay: Layout, closing: str) -> Layout | None:
        """The layout of a YAML list whose last test was deleted: ``tests: []`` (as a file
        written so is cut), with the comments that closed the list after it and the
        list's indentation kept for the next new test; None to leave the layout as is."""
        if not self._yaml_list or lay.empty:
            return None
        prefix = list_edits.emptied(lay.prefix)
        if prefix is None:
            return None
        text = prefix + closing + lay.suffix
        try:
            new = split_layout(text, lay.newline, self.fmt)
        except UnsupportedLayout:
            return None
        if new.chunks or new.render([]) != text:
            return None
        return dataclasses.replace(new, dash_column=lay.dash_column, style=lay.style)

    def move_test(self, index: int, delta: int) -> int:
        """Move a test one place up (``delta`` < 0) or down, with the comments before it."""
        target = index + (1 if delta > 0 else -1)
        if not 0 <= target < len(self.chunks):
            return index
        layout, chunks = self._lead_in_split(min(index, target))
        chunks = list_edits.moved(
            chunks, index, target, rows=self._rows, newline=self.layout.newline
        )
        self._commit_list("move test", layout, chunks, (index, None))
        return target

    def _lead_in_split(self, index: int) -> tuple[Layout | None, list[str]]:
        """``(layout, chunks)`` for an edit of the list at test ``index``: when it is the
        first test of a YAML list, the comments above it, which end the text before the
        tests, are moved to the start of its chunk (and the layout without them is
        returned); else no layout and the chunks as they are."""
        lay = self.layout
        if index != 0 or not self._yaml_list:
            return None, self.chunks
        prefix, lead = list_edits.lead_in(lay.prefix)
        if not lead:
            return None, self.chunks
        return dataclasses.replace(lay, prefix=prefix), [lead + self.chunks[0], *self.chunks[1:]]

    def _commit_list(
        self, label: str, layout: Layout | None, chunks: list[str], focus: Focus
    ) -> None:
        if layout is None:
            self._commit(label, chunks, focus, None)
        else:
            self._commit_layout(label, layout, chunks, focus, None)

    # -- turns ------------------------------------------------------------------------

    def _turn_text(self, turn: Any) -> str:
        """A turn as a list item whose dash is at column 0, in the file's style."""
        return dump_chunk(new_item(turn), 0, self.layout.style, self.layout.newline)

    def add_turn(
        self,
        index: int,
        after: int | None = None,
        *,
        kind: str | None = None,
        texts: TextMap[str, str] | None = None,
    ) -> int:
        """Insert a turn after ``after`` (None: at the end) of test ``index``: of ``kind``
        (default: see :func:`.shape.add_turn`) holding ``texts``; returns its index."""
        added: list[int] = []

        def change(test: Any) -> int:
            added.append(shape.add_turn(test, after, kind, texts))
            return added[0]

        def in_text(test: Any, body: str) -> str | None:
            new = added[0]
            if new == 0:
                return None
            return insert_turn_text(body, new - 1, self._turn_text(shape.turn_list(test)[new]))

        result: int = self.update(index, change, label="add turn", text_change=in_text)
        return result

    def duplicate_turn(self, index: int, turn: int) -> int:
        result: int = self.update(
            index, lambda t: shape.duplicate_turn(t, turn), turn=turn, label="duplicate turn"
        )
        return result

    def delete_turn(self, index: int, turn: int) -> None:
        self.update(
            index,
            lambda t: shape.delete_turn(t, turn),
            turn=turn,
            label="delete turn",
            text_change=lambda _test, body: delete_turn_text(body, turn),
        )

    def move_turn(self, index: int, turn: int, delta: int) -> int:
        result: int = self.update(
            index, lambda t: shape.move_turn(t, turn, delta), turn=turn, label="move turn"
        )
        return result

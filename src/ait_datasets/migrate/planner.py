"""Plan a migration: the edits on the original text and the report, from the tree.

Two passes. First every turn (a ``turns:`` item, or the flat keys of a flat test) gets its
*content* edits at their original offsets: ``question`` -> ``query``, ``test_setup`` ->
``turn_setup``, a missing ``from``. Then each flat test's keys move under a new
``turns:``; the content edits inside the moved lines are applied to those lines before
they are re-indented (see ``moves``), so nothing is computed twice and no edit overlaps
another.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from ait_datasets.dataset import shape
from ait_datasets.diagnostics import Edit
from ait_datasets.migrate import rules
from ait_datasets.migrate.blocks import entry_start, is_alias_at, on_shared_line, value_extent
from ait_datasets.migrate.flat import LeanPlan, QuestionLine
from ait_datasets.migrate.layout import Layout, detect_layout
from ait_datasets.migrate.model import (
    ADD_FROM,
    FLAT_TO_TURNS,
    KIND_AGENT,
    QUESTION_OBJECT,
    QUESTION_TEXT,
    TEST_SETUP,
    Change,
    MigrationOptions,
    MigrationPlan,
    Unsupported,
)
from ait_datasets.migrate.moves import move_block, move_flow, separators
from ait_datasets.migrate.text import LineCounter, column_of, key_text, quote, shift
from ait_datasets.schema.vocabulary import MAX_TASK_TITLE
from ait_datasets.source.document import Document
from ait_datasets.source.expansion import may_expand
from ait_datasets.source.scalars import plain_reads_as_text
from ait_datasets.source.tree import Entries, Mapping, Node, Scalar, Sequence

NOT_AGENT = (
    "not an agent dataset (no turns/query/intervention_request, no agent suite XML); "
    "`question` is right for Copilot AI tests. Use --kind agent to migrate it anyway"
)


@dataclass(slots=True)
class _Turn:
    """A turn being planned: its entries (key -> (key node, value)) and its mapping."""

    entries: Entries | dict[str, tuple[Scalar, Node]]
    mapping: Mapping
    test: str | None
    number: int


@dataclass(slots=True)
class _Move:
    """A flat test whose turn keys move under a new ``turns:``.

    ``edit`` is the whole move when the lean plan (``flat``) made it; ``line`` is then
    the line of its first moved key.
    """

    test: Mapping
    name: str | None
    moved: list[str] = field(default_factory=list)
    edit: Edit | None = None
    line: int = 0


def plan_migration(
    doc: Document, options: MigrationOptions, *, agent: bool | None = None, lean: bool = True
) -> MigrationPlan:
    """Edits (on ``doc.text``) and report entries that migrate ``doc``.

    ``agent`` overrides the decision whether the file is an agent dataset (the caller
    may know from a suite XML); by default it comes from ``options.kind`` and the file's
    own markers. ``lean=False`` plans every test the general way (the lean plan of
    one-line questions, :mod:`~ait_datasets.migrate.flat`, makes the same plan; the
    tests compare them). Pure: reads nothing but ``doc``.
    """
    plan = MigrationPlan()
    if not doc.parsed or doc.has_errors:
        plan.problems.append("the file has syntax errors; fix them first")
        return plan
    if shape.file_kind(doc) == shape.SUITE_SETUP:
        plan.skipped = "a suite-setup file: it holds no tests"
        return plan
    is_agent = (
        agent if agent is not None else options.kind == KIND_AGENT or shape.has_agent_markers(doc)
    )
    if not is_agent:
        plan.skipped = NOT_AGENT
        return plan
    planner = _Planner(doc, options, plan, lean)
    try:
        planner.run()
    except Unsupported as exc:
        plan.edits.clear()
        plan.problems.append(str(exc))
    return plan


class _Planner:
    def __init__(
        self, doc: Document, options: MigrationOptions, plan: MigrationPlan, lean: bool = True
    ) -> None:
        self.doc = doc
        self.text = doc.text
        self.nl = doc.newline
        self.sender = options.sender
        self.layout: Layout = detect_layout(doc)
        self.json = doc.format in ("json", "jsonl")
        self.plan = plan
        self.content: list[Edit] = []
        self.question_text_message = "`question:` text -> `query:` with `title` and `message`" + (
            " and `from`" if self.sender is not None else ""
        )
        self.moves: list[_Move] = []
        # The lean plan of one-line questions (see ``flat``); off only to compare plans.
        self.lean = lean and not self.json
        self.lines = LineCounter()
        self.lean_plan = LeanPlan(self.text, self.nl, self.layout, self.sender, self.lines)

    # -- pass 1: content edits -------------------------------------------------------

    def run(self) -> None:
        # Without an alias no node is reached twice: neither a set of the tests seen (a
        # million short tests) nor the same edit twice.
        aliases = may_expand(self.doc.format, self.text)
        seen: set[int] = set()
        for ref in shape.tests_of(self.doc):
            if aliases:
                # A test repeated through an alias is the anchored test: plan it once.
                if id(ref.node) in seen:
                    continue
                seen.add(id(ref.node))
            self.test(ref.node)
        self.plan.edits.extend(self.apply_moves(_dedupe(self.content) if aliases else self.content))

    def apply_moves(self, edits: list[Edit]) -> list[Edit]:
        """Run the moves, each over only the content edits that touch its test.

        Tests do not overlap, so walking the sorted edits once keeps this linear; handing
        every move every edit made a 10,000-test file quadratic.
        """
        edits = sorted(edits, key=lambda e: (e.start, e.end))
        out: list[Edit] = []
        i = 0
        count = len(edits)
        changes = self.plan.changes
        for move in sorted(self.moves, key=lambda m: m.test.start_offset):
            start, end = move.test.start_offset, move.test.end_offset
            while i < count and edits[i].end <= start and edits[i].start < start:
                out.append(edits[i])
                i += 1
            if move.edit is not None and (i == count or edits[i].start >= end):
                # Planned whole by the lean plan (written here, not by move(): a file of
                # short tests has a million of them).
                changes.append(Change(FLAT_TO_TURNS, move.line, move.name, None, _QUESTION_MOVED))
                out.append(move.edit)
                continue
            touching: list[Edit] = []
            while i < len(edits) and edits[i].start < end:
                touching.append(edits[i])
                i += 1
            out.extend(self.move(move, touching))
        out.extend(edits[i:])
        return out

    def test(self, test: Mapping) -> None:
        name = shape.scalar_text(test.get("name"))
        if self.lean:
            lean = self.lean_plan.question_line(test)
            if lean is not None:
                self.lean_question(test, name, lean)
                return
        if rules.is_flat(test.data):
            flat = {k: v for k, v in test.entries.items() if k in rules.FLAT_KEYS}
            self.turn(_Turn(flat, test, name, 1))
            self.moves.append(_Move(test, name, list(flat)))
            return
        for key, (key_node, _) in test.entries.items():
            if key in rules.FLAT_KEYS:
                self.followup(
                    FLAT_TO_TURNS,
                    key_node,
                    name,
                    None,
                    f"`{key}` sits on the test, but in a `turns:` test the framework reads it "
                    "from the current turn only; move it into the turn that needs it",
                )
        turns = test.get("turns")
        for i, turn in enumerate(shape.turns_of(test)):
            if isinstance(turn, Mapping) and not is_alias_at(turn, _item_floor(turns, i)):
                self.turn(_Turn(turn.entries, turn, name, i + 1))

    def turn(self, turn: _Turn) -> None:
        for key, (key_node, value) in turn.entries.items():
            if key == "question":
                self.question(turn, key_node, value)
            elif key == "test_setup":
                if "turn_setup" in turn.entries:
                    self.followup(
                        TEST_SETUP,
                        key_node,
                        turn.test,
                        turn.number,
                        "both `test_setup` and `turn_setup`; `test_setup` was left as it is: "
                        "merge it into `turn_setup` by hand",
                    )
                else:
                    self.content.append(self.rename(key_node, "turn_setup"))
                    self.change(TEST_SETUP, key_node, turn, "`test_setup:` -> `turn_setup:`")
            elif key == "query" and isinstance(value, Mapping):
                self.sender_for(turn, key_node, value, value.data)

    def question(self, turn: _Turn, key: Scalar, value: Node) -> None:
        if "query" in turn.entries:
            self.followup(
                QUESTION_TEXT,
                key,
                turn.test,
                turn.number,
                "both `question` and `query`; `GetQuery()` reads `query`, so `question` "
                "is ignored and was left as it is: remove it by hand",
            )
            return
        kind = rules.question_kind(value.data)
        if kind == rules.QUESTION_TEXT:
            self.question_text(turn, key, value)
        elif kind == rules.QUESTION_OBJECT:
            assert isinstance(value, Mapping)
            self.question_object(turn, key, value)
        else:
            self.followup(
                QUESTION_TEXT,
                key,
                turn.test,
                turn.number,
                f"`question` is {_describe(value.data)}, not a text or an object; it was left "
                "as it is: write the `query:` by hand",
            )

    def question_text(self, turn: _Turn, key: Scalar, value: Node) -> None:
        assert isinstance(value.data, str)
        text = self.text
        extent = value_extent(text, value, key.end_offset)
        between = text[key.end_offset : extent.start]
        if "#" in between or ("\n" in between and not extent.alias):
            raise Unsupported(
                f"line {key.span.line}: a comment or line break sits between `question:` and "
                "its text; put the text on the `question:` line and run again"
            )
        title = rules.title_from(value.data)
        style = self.style_of(value, extent.alias)
        value_text = text[extent.start : extent.end]
        if value.style == "" and not extent.alias and not plain_reads_as_text(value.data):
            # `question: yes` is text to us (YAML 1.2) but a boolean to a YAML 1.1 reader:
            # the moved value is written quoted, so that every reader agrees.
            value_text = quote(value.data, "'")
        simple = not extent.alias and "\n" not in value_text and value_text[:1] not in "&!*|>"
        title_text = value_text if simple and title.text == value.data else quote(title.text, style)
        k = key.style if key.style in ('"', "'") else ""
        fields: list[tuple[str, str]] = []
        if self.sender is not None:
            fields.append(("from", quote(self.sender, style)))
        fields.append(("title", title_text))
        if turn.mapping.flow:
            colon, comma = separators(self.text, turn.mapping)
            fields.append(("message", value_text))
            inner = comma.join(f"{key_text(n, k)}{colon}{v}" for n, v in fields)
            new = f"{key_text('query', k)}{colon}{{{inner}}}"
        else:
            col = column_of(self.text, key.start_offset)
            pad = " " * (col + self.layout.step)
            # The value's later lines (a quoted text over several) move with it.
            second = value_text.find("\n") + 1 or len(value_text)
            moved = value_text[:second] + shift(value_text[second:], self.layout.step)
            fields.append(("message", moved))
            new = f"{key_text('query', k)}:" + "".join(
                f"{self.nl}{pad}{key_text(n, k)}: {v}" for n, v in fields
            )
        self.content.append(Edit(key.start_offset, extent.end, new))
        self.change(QUESTION_TEXT, key, turn, self.question_text_message)
        self.title_notes(key, turn, title)
        if self.sender is None:
            self.missing_from(key, turn)

    def lean_question(self, test: Mapping, name: str | None, lean: QuestionLine) -> None:
        """The report of a test planned by the lean plan: what ``question_text`` and
        ``move`` report for it, in the same order."""
        edit, line, title = lean
        self.plan.changes.append(Change(QUESTION_TEXT, line, name, 1, self.question_text_message))
        if title is not None and (title.cut or title.first_line_only):
            self.title_notes_at(line, name, 1, title)
        if self.sender is None:
            self.plan.followups.append(Change(ADD_FROM, line, name, 1, _NO_FROM))
        self.moves.append(_Move(test, name, _QUESTION_ONLY, edit, line))

    def question_object(self, turn: _Turn, key: Scalar, value: Mapping) -> None:
        self.content.append(self.rename(key, "query"))
        data = value.data
        message = rules.message_for_title(data)
        added = ""
        title_edit: Edit | None = None
        if rules.needs_title(data):
            if message is None:  # no `message` text (then perhaps no `message` at all)
                self.followup(
                    QUESTION_OBJECT,
                    key,
                    turn.test,
                    turn.number,
                    "the query has no `title` and no `message` to take one from: add a "
                    "`title` (the framework needs `title` or `intervention`)",
                )
            else:
                title = rules.title_from(message)
                message_node = value.children["message"]
                style = self.style_of(message_node, False)
                title_edit = self.entry_edit(value, "message", "title", quote(title.text, style))
                self.title_notes(key, turn, title)
                added = " and a `title` from the message"
                data = {**data, "title": title.text}
        self.change(QUESTION_OBJECT, key, turn, f"`question:` -> `query:`{added}")
        self.sender_for(turn, key, value, data)
        if title_edit is not None:
            # After `from`: inserted before the same key, `from` comes first, as the
            # intended data (and a new query) has it.
            self.content.append(title_edit)

    def sender_for(self, turn: _Turn, key: Scalar, query: Mapping, data: dict[str, object]) -> None:
        """Add ``from`` to a task query that has none, or report it missing."""
        if not rules.is_task_query(data) or "from" in data:
            return
        if self.sender is None:
            self.missing_from(key, turn)
            return
        first = next(iter(query.entries))
        self.content.append(
            self.entry_edit(query, first, "from", quote(self.sender, self.layout.quote))
        )
        self.change(ADD_FROM, key, turn, f"added `from: {self.sender}`")

    # -- edit builders ---------------------------------------------------------------

    def rename(self, key: Scalar, new: str) -> Edit:
        return Edit(key.start_offset, key.end_offset, key_text(new, key.style))

    def entry_edit(self, mapping: Mapping, before: str, name: str, value_text: str) -> Edit:
        """The edit inserting ``name: value`` into ``mapping`` just before ``before``."""
        keys = list(mapping.children)
        i = keys.index(before)
        anchor = mapping.key_node_at(i, before)
        k = anchor.style if anchor.style in ('"', "'") else ""
        if self.json:
            k = '"'
        if mapping.flow:
            colon, comma = separators(self.text, mapping)
            at = anchor.start_offset
            return Edit(at, at, f"{key_text(name, k)}{colon}{value_text}{comma}")
        if on_shared_line(self.text, anchor.start_offset):
            raise Unsupported(
                f"line {anchor.span.line}: cannot insert `{name}` before `{before}`, which "
                "shares its line with other text; put it on a line of its own and run again"
            )
        previous = None
        if i > 0:
            previous = mapping.key_node_at(i - 1, keys[i - 1]), mapping.children[keys[i - 1]]
        at = entry_start(self.text, anchor, previous)
        pad = " " * column_of(self.text, anchor.start_offset)
        return Edit(at, at, f"{pad}{key_text(name, k)}: {value_text}{self.nl}")

    def style_of(self, node: Node, alias: bool) -> str:
        if self.json:
            return '"'
        if isinstance(node, Scalar) and not alias and node.style in ('"', "'", ""):
            return node.style
        return self.layout.quote

    # -- report ----------------------------------------------------------------------

    def line(self, key: Scalar) -> int:
        return self.lines.line(key.lines, key.start_offset)

    def change(self, migration: str, key: Scalar, turn: _Turn, message: str) -> None:
        self.plan.changes.append(Change(migration, self.line(key), turn.test, turn.number, message))

    def followup(
        self, migration: str, key: Scalar, test: str | None, turn: int | None, message: str
    ) -> None:
        self.plan.followups.append(Change(migration, self.line(key), test, turn, message))

    def missing_from(self, key: Scalar, turn: _Turn) -> None:
        self.followup(ADD_FROM, key, turn.test, turn.number, _NO_FROM)

    def title_notes(self, key: Scalar, turn: _Turn, title: rules.Title) -> None:
        if title.cut or title.first_line_only:
            self.title_notes_at(self.line(key), turn.test, turn.number, title)

    def title_notes_at(self, line: int, test: str | None, turn: int, title: rules.Title) -> None:
        if title.cut:
            message = (
                f"the title was cut to {MAX_TASK_TITLE} characters (the task title's limit): "
                f"'{title.text}'; check it reads well"
            )
        elif title.first_line_only:
            message = "the title is the message's first line only; check it reads well"
        else:
            return
        self.plan.followups.append(Change(QUESTION_TEXT, line, test, turn, message))

    # -- pass 2: flat tests move under turns: ----------------------------------------

    def move(self, move: _Move, edits: list[Edit]) -> list[Edit]:
        test = move.test
        # A test the lean plan planned whole has no content edit: apply_moves writes it.
        assert move.edit is None
        line = self.line(test.entries[move.moved[0]][0])
        message = _moved_message(tuple(move.moved))
        self.plan.changes.append(Change(FLAT_TO_TURNS, line, move.name, None, message))
        if test.flow:
            return move_flow(self.text, self.json, test, move.moved, edits)
        return move_block(self.text, self.nl, self.layout, test, move.moved, edits)


_QUESTION_ONLY = ["question"]
_NO_FROM = (
    "the query has no `from`: the framework creates no task without it "
    "(run again with --from NAME, or add it by hand)"
)


@cache
def _moved_message(moved: tuple[str, ...]) -> str:
    return "flat test -> `turns:` with one turn (" + ", ".join(f"`{k}`" for k in moved) + ")"


_QUESTION_MOVED = _moved_message(tuple(_QUESTION_ONLY))


def _item_floor(turns: Node | None, index: int) -> int:
    """Where item ``index`` of a turns list may start at the earliest (aliases start before)."""
    if not isinstance(turns, Sequence):
        return 0
    if index == 0:
        return turns.start_offset
    return turns.items[index - 1].start_offset + 1


def _dedupe(edits: list[Edit]) -> list[Edit]:
    """An anchored node reached through aliases gets the same edit once."""
    seen: set[Edit] = set()
    out: list[Edit] = []
    for edit in edits:
        if edit not in seen:
            seen.add(edit)
            out.append(edit)
    return out


def _describe(value: object) -> str:
    if value is None or value == "":
        return "empty"
    if isinstance(value, list):
        return "a list"
    return f"{value!r}"

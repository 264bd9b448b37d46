"""The tree of tests and their turns (left pane). Turn nodes are built on expand."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import Tree
from textual.widgets.tree import TreeNode

from ait_datasets.tui.labels import test_label, turn_label
from ait_datasets.tui.model import DatasetModel

StructureAction = Literal["add_test", "add_turn", "duplicate", "delete", "move"]


# Files with more tests than this show them in groups of GROUP_SIZE, built on expand:
# a tree widget re-measures every visible line on each change, which would make a file
# of ten thousand tests sluggish.
GROUP_ABOVE = 1000
GROUP_SIZE = 500


@dataclass(slots=True)
class NodeInfo:
    """What a tree node stands for; test/turn indexes come from the node's position."""

    kind: str  # "file", "group", "test" or "turn"
    populated: bool = False
    start: int = 0  # groups: index of their first test


Node = TreeNode[NodeInfo]


class DatasetTree(Tree[NodeInfo]):
    """Tests and turns; the bindings that add, copy, delete and move them live here."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "add_test", "New test"),
        Binding("t", "add_turn", "New turn"),
        Binding("c", "duplicate", "Duplicate"),
        Binding("delete,x", "delete", "Delete"),
        Binding("alt+up,K", "move(-1)", "Move up"),
        Binding("alt+down,J", "move(1)", "Move down"),
    ]

    def __init__(self, model: DatasetModel, label: str, *, id: str | None = None) -> None:
        super().__init__(label, NodeInfo("file", True), id=id)
        self.model = model
        self.show_root = True
        self.guide_depth = 2
        self._shown_grouped = False

    class StructureRequested(Message):
        """The author asked to add, copy, delete or move the selected test or turn; the
        app changes the model and tells the tree what to show."""

        def __init__(self, action: StructureAction, delta: int = 0) -> None:
            super().__init__()
            self.action = action
            self.delta = delta

    # -- building -----------------------------------------------------------------------

    @property
    def grouped(self) -> bool:
        return len(self.model) > GROUP_ABOVE

    def populate(self) -> None:
        """(Re)build the test nodes; turns are added when a test is expanded."""
        open_groups = {
            g.data.start
            for g in self.root.children
            if g.data and g.data.kind == "group" and g.is_expanded
        }
        self.clear()
        count = len(self.model)
        self._shown_grouped = self.grouped
        if not self.grouped:
            for index in range(count):
                self._add_test_node(index)
        else:
            for start in range(0, count, GROUP_SIZE):
                end = min(start + GROUP_SIZE, count)
                group = self.root.add(
                    Text(f"tests {start + 1}–{end}", "italic"), NodeInfo("group", start=start)
                )
                if start in open_groups:
                    self._fill_group(group)
                    group.expand()
        self.root.expand()

    def _fill_group(self, group: Node) -> None:
        assert group.data is not None
        start = group.data.start
        for index in range(start, min(start + GROUP_SIZE, len(self.model))):
            label, expandable = self._label(index)
            group.add(label, NodeInfo("test"), allow_expand=expandable)
        group.data.populated = True

    def _label(self, index: int) -> tuple[Text, bool]:
        """The test's label and whether it has turns to expand (cheap when not known)."""
        summary = self.model.known_summary(index)
        if summary is None:
            return Text(self.model.name(index), "bold"), True
        return test_label(summary), bool(summary.turns)

    def _add_test_node(self, index: int, before: int | None = None) -> Node:
        label, expandable = self._label(index)
        return self.root.add(label, NodeInfo("test"), before=before, allow_expand=expandable)

    def fill_turns(self, node: Node) -> None:
        """Show the test's turns; nodes are relabelled in place when the count is the same,
        so the cursor stays on the turn being edited."""
        summary = self.model.summary(self.test_index(node))
        node.set_label(test_label(summary))
        node.allow_expand = bool(summary.turns)
        labels = [turn_label(n, turn) for n, turn in enumerate(summary.turns, start=1)]
        if len(node.children) == len(labels) and node.data is not None and node.data.populated:
            for child, label in zip(node.children, labels, strict=True):
                child.set_label(label)
            return
        node.remove_children()
        for label in labels:
            node.add_leaf(label, NodeInfo("turn"))
        if node.data is not None:
            node.data.populated = True

    def _on_tree_node_expanded(self, event: Tree.NodeExpanded[NodeInfo]) -> None:
        node = event.node
        if node.data is None or node.data.populated:
            return
        if node.data.kind == "test":
            self.fill_turns(node)
        elif node.data.kind == "group":
            self._fill_group(node)

    # -- addressing ---------------------------------------------------------------------

    def test_index(self, node: Node) -> int:
        parent = node.parent
        assert parent is not None
        start = parent.data.start if parent.data is not None and parent.data.kind == "group" else 0
        return start + parent.children.index(node)

    def position(self, node: Node | None) -> tuple[int | None, int | None]:
        """(test index, turn index) of ``node``; (None, None) for the file and groups."""
        if node is None or node.data is None or node.data.kind in ("file", "group"):
            return None, None
        if node.data.kind == "test":
            return self.test_index(node), None
        parent = node.parent
        assert parent is not None
        return self.test_index(parent), parent.children.index(node)

    @property
    def current(self) -> tuple[int | None, int | None]:
        return self.position(self.cursor_node)

    def test_node(self, index: int) -> Node:
        if not self.grouped:
            return self.root.children[index]
        group = self.root.children[index // GROUP_SIZE]
        if group.data is not None and not group.data.populated:
            self._fill_group(group)
        group.expand()
        return group.children[index % GROUP_SIZE]

    def refresh_test(self, index: int, *, expand: bool | None = None) -> Node:
        """Relabel test ``index`` and rebuild its turns (after a change to that test)."""
        node = self.test_node(index)
        label, expandable = self._label(index)
        node.set_label(label)
        node.allow_expand = expandable
        if node.data is not None and (node.data.populated or expand):
            self.fill_turns(node)
        if expand:
            node.expand()
        return node

    def insert_test(self, index: int) -> None:
        """Show a test the model just inserted at ``index``."""
        if self.grouped or self._shown_grouped:
            self.populate()
            return
        before = index if index < len(self.root.children) else None
        self._add_test_node(index, before=before)

    def remove_test(self, index: int) -> None:
        """Forget the node of a test the model just deleted (index as it was)."""
        if self.grouped or self._shown_grouped:
            self.populate()
            return
        self.root.children[index].remove()

    def move_test(self, old: int, new: int) -> None:
        """Follow the model moving a test from ``old`` to ``new``."""
        if self.grouped or self._shown_grouped:
            self.populate()
            return
        self.root.children[old].remove()
        before = new if new < len(self.root.children) else None
        self._add_test_node(new, before=before)

    def select(self, test: int | None, turn: int | None = None) -> None:
        """Move the cursor to a test or one of its turns (expanding it as needed)."""
        if test is None or test >= len(self.model):
            _ = self._tree_lines
            self.move_cursor(self.root)
            return
        node = self.test_node(test)
        if turn is not None:
            if node.data is not None and not node.data.populated:
                self.fill_turns(node)
            node.expand()
            if 0 <= turn < len(node.children):
                node = node.children[turn]
        # Expanding invalidates the lines; rebuild them now so the node knows its line.
        _ = self._tree_lines
        self.move_cursor(node)
        self.scroll_to_node(node, animate=False)

    # -- actions: posted up, the app owns the model ----------------------------------------

    def action_add_test(self) -> None:
        self.post_message(self.StructureRequested("add_test"))

    def action_add_turn(self) -> None:
        self.post_message(self.StructureRequested("add_turn"))

    def action_duplicate(self) -> None:
        self.post_message(self.StructureRequested("duplicate"))

    def action_delete(self) -> None:
        self.post_message(self.StructureRequested("delete"))

    def action_move(self, delta: int) -> None:
        self.post_message(self.StructureRequested("move", delta))

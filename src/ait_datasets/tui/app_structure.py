"""The editor's structural actions: add (asking for the required texts first), duplicate,
delete (after a confirmation), move. A base of :class:`~.app.DatasetEditor`, which owns
the model and the widgets."""

from __future__ import annotations

from ait_datasets.plural import plural
from ait_datasets.tui import shape
from ait_datasets.tui.app_lint import LintActions
from ait_datasets.tui.layout import JSON_SINGLE, SINGLE, SUITE_SETUP
from ait_datasets.tui.prompts import (
    QUESTION_FIELDS,
    REPLY_FIELDS,
    TASK_FIELDS,
    NewItemScreen,
    PromptField,
    one_reply,
    reply_fields,
)
from ait_datasets.tui.roundtrip import CrossTestAlias
from ait_datasets.tui.screens import Confirm
from ait_datasets.tui.widgets.dataset_tree import DatasetTree

_TURN_FIELDS: dict[str, tuple[PromptField, ...]] = {
    shape.NONE: (),
    shape.TASK: TASK_FIELDS,
    shape.REPLY: REPLY_FIELDS,
    shape.QUESTION: QUESTION_FIELDS,
}
_KIND_WORDS = {
    shape.NONE: "no query",
    shape.TASK: "task input",
    shape.REPLY: "intervention reply",
    shape.QUESTION: "question",
}
# Why a file without a tests: list cannot gain, copy, lose or move a test.
_NO_TESTS_LIST = {
    SINGLE: "This file is one test (it has no tests: list): tests cannot be added, copied, "
    "deleted or moved here. Its turns can.",
    JSON_SINGLE: "This JSON file is one test (an object, not an array): tests cannot be "
    "added, copied, deleted or moved here. Its turns can.",
    SUITE_SETUP: "This is a suite-setup file: it holds no tests. Select the file to edit its "
    "keys; F3 edits the setup itself.",
}
# How many tests tell what kind of tests the file holds (the first ones; cheap).
_SAMPLE_TESTS = 20


class StructureActions(LintActions):
    """Add, duplicate, delete and move tests and turns."""

    def on_dataset_tree_structure_requested(self, message: DatasetTree.StructureRequested) -> None:
        message.stop()
        self._structure(message.action, message.delta)

    def _structure(self, action: str, delta: int = 0) -> None:
        if self.unapplied:
            # Unapplied text is kept by test and turn number; moving tests would misplace it.
            self.notify(self.unapplied.blocked(), severity="error", timeout=8)
            return
        if self._test_level(action) and not self.model.layout.holds_tests:
            self.notify(_NO_TESTS_LIST[self.model.layout.kind], severity="warning", timeout=8)
            return
        try:
            if action == "move":
                self.move(delta)
            else:
                getattr(self, action)()
        except CrossTestAlias as exc:
            self._refused(exc)

    def _test_level(self, action: str) -> bool:
        """Whether ``action`` adds, copies, removes or moves a whole test."""
        if action == "add_test":
            return True
        return action in ("duplicate", "delete", "move") and self.dataset_tree.current[1] is None

    def _refused(self, exc: CrossTestAlias) -> None:
        self.notify(
            f"Not changed: this test uses an alias to an anchor in another test ({exc}).",
            severity="error",
            timeout=8,
        )

    # Actions of the command palette (it runs them by name).
    def action_add_test(self) -> None:
        self._structure("add_test")

    def action_add_turn(self) -> None:
        self._structure("add_turn")

    def action_duplicate(self) -> None:
        self._structure("duplicate")

    def action_delete(self) -> None:
        self._structure("delete")

    def action_move(self, delta: int) -> None:
        self._structure("move", delta)

    # -- adding: ask first ----------------------------------------------------------------

    def _file_turn_kind(self) -> str:
        """The kind of first turn a new test gets: a question when the file's tests are
        Copilot tests asked with ``question:``, else a task input."""
        kinds = {
            turn.kind
            for i in range(min(len(self.model), _SAMPLE_TESTS))
            for turn in self.model.summary(i).turns
        }
        if shape.QUESTION in kinds and not kinds & {shape.TASK, shape.REPLY}:
            return shape.QUESTION
        if self.model.fmt in ("json", "jsonl") and not kinds & {shape.TASK, shape.REPLY}:
            return shape.NONE  # JSON(L) tests of a Copilot test: their keys are the app's own
        return shape.TASK

    def _name_taken(self, texts: dict[str, str]) -> str | None:
        name = texts.get("name", "").strip()
        if name.upper() in self.model.names():
            return f"A test named {name} exists already; test names must differ."
        return None

    def add_test(self) -> None:
        """Ask for the new test's name and its first turn's texts, then add it after the
        selected test."""
        after, _ = self.dataset_tree.current
        kind = self._file_turn_kind()
        fields = (
            PromptField("name", "Name", "the test's code", value=self.model.new_test_name(after)),
            PromptField("description", "Description", "what the test checks", required=False),
            *_TURN_FIELDS[kind],
        )

        def answered(texts: dict[str, str] | None) -> None:
            if texts is None:
                self.notify("No test added.")
                return
            name = texts["name"].strip()
            index = self.model.add_test(after, name=name, texts=texts, kind=kind)
            self.dataset_tree.insert_test(index)
            self._after_structure(index, None)
            self.notify(f"Added test {name}.")

        title = "New row" if kind == shape.NONE else f"New test ({_KIND_WORDS[kind]} first)"
        self.push_screen(NewItemScreen(title, fields, self._name_taken), answered)

    def add_turn(self) -> None:
        """Ask for the new turn's texts (a task input's sender and title, a reply's
        instruction, a question), then add it after the selected turn (or at the end)."""
        test, turn = self.dataset_tree.current
        if test is None:
            self.notify("Select a test first.", severity="warning")
            return
        if not self.model.summary(test).is_test:
            return
        data = self.model.test(test)  # a test that cannot be changed says so now
        index = len(shape.turn_list(data)) if turn is None else turn + 1
        if shape.is_flat(data) and not any(k in data for k in shape.TURN_LEVEL_KEYS):
            index = 0  # a flat test with no query yet: the new turn is its first
        kind = shape.new_turn_kind(data, index)
        name = self.model.name(test)

        def answered(texts: dict[str, str] | None) -> None:
            if texts is None:
                self.notify("No turn added.")
                return
            try:
                added = self.model.add_turn(test, turn, kind=kind, texts=texts)
            except CrossTestAlias as exc:
                self._refused(exc)
                return
            self.dataset_tree.refresh_test(test, expand=True)
            self._after_structure(test, added)
            self.notify(f"Added turn {added + 1} ({_KIND_WORDS[kind]}) to {name}.")

        title = f"New turn {index + 1} of {name}: {_KIND_WORDS[kind]}"
        fields, check = _TURN_FIELDS[kind], None
        codes = shape.offered_suggestions(data, index) if kind == shape.REPLY else ()
        if codes:
            # The previous turn pauses offering these: the reply may be one of them.
            fields, check = reply_fields(codes), one_reply
        self.push_screen(NewItemScreen(title, fields, check), answered)

    # -- the other structural changes -----------------------------------------------------

    def duplicate(self) -> None:
        test, turn = self.dataset_tree.current
        if test is None:
            return
        if turn is None:
            index = self.model.duplicate_test(test)
            self.dataset_tree.insert_test(index)
            self._after_structure(index, None)
        else:
            index = self.model.duplicate_turn(test, turn)
            self.dataset_tree.refresh_test(test, expand=True)
            self._after_structure(test, index)

    def delete(self) -> None:
        """Ask, then delete the selected test or turn; the status line says what went."""
        test, turn = self.dataset_tree.current
        if test is None:
            return
        name = self.model.name(test)
        if turn is None:
            count = len(self.model.summary(test).turns)
            what = name
            question = f"Delete test {name} ({plural(count, 'turn')})?"
        else:
            what = f"turn {turn + 1} of {name}"
            question = f"Delete turn {turn + 1} of test {name}?"

        def answered(yes: bool | None) -> None:
            if not yes:
                self.notify("Nothing deleted.")
                return
            try:
                self._delete(test, turn)
            except CrossTestAlias as exc:
                self._refused(exc)
                return
            # The way back is said where the eye is.
            self.notify(f"Deleted {what}. ctrl+z brings it back.", title="Deleted")

        keys = "Enter / y: delete   Esc / n: keep it"
        self.push_screen(Confirm(question, keys=keys), answered)

    def _delete(self, test: int, turn: int | None) -> None:
        if turn is None:
            selected = self.model.delete_test(test)
            self.dataset_tree.remove_test(test)
            self._after_structure(selected, None)
        else:
            self.model.delete_turn(test, turn)
            self.dataset_tree.refresh_test(test, expand=True)
            remaining = len(self.model.summary(test).turns)
            self._after_structure(test, min(turn, remaining - 1) if remaining else None)

    def move(self, delta: int) -> None:
        test, turn = self.dataset_tree.current
        if test is None:
            return
        if turn is None:
            target = self.model.move_test(test, delta)
            if target != test:
                self.dataset_tree.move_test(test, target)
            self._after_structure(target, None)
        else:
            target = self.model.move_turn(test, turn, delta)
            self.dataset_tree.refresh_test(test, expand=True)
            self._after_structure(test, target)

    def _after_structure(self, test: int | None, turn: int | None) -> None:
        self.dataset_tree.select(test, turn)
        self._update_title()
        self.show_node()
        self.schedule_lint()

"""`datasets edit`: a tree of tests and turns, a form for the selected node, live lint."""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Callable
from functools import partial
from typing import Any, ClassVar

from ruamel.yaml.comments import CommentedMap
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import ContentSwitcher, Footer, Header, Input, Static, Tree
from textual.worker import Worker, WorkerState

from ait_datasets.lint.config import LintConfig
from ait_datasets.tui import shape
from ait_datasets.tui.commands import EditorCommands
from ait_datasets.tui.findings import Finding, LintResult
from ait_datasets.tui.labels import file_info
from ait_datasets.tui.lint_runner import PROCESS_MIN_CHARS, LintRunner
from ait_datasets.tui.model import DatasetModel, Step
from ait_datasets.tui.save import RefusedToSave
from ait_datasets.tui.screens import ConfirmQuit, HelpScreen, bindings_table
from ait_datasets.tui.widgets.dataset_tree import DatasetTree, NodeInfo
from ait_datasets.tui.widgets.diagnostics_panel import DiagnosticsPanel
from ait_datasets.tui.widgets.preview_panel import PreviewPanel
from ait_datasets.tui.widgets.test_form import TestForm
from ait_datasets.tui.widgets.turn_form import TurnForm


class DatasetEditor(App[None]):
    """The editor application; the model does the editing, widgets show and forward."""

    CSS_PATH = "editor.tcss"
    TITLE = "datasets edit"
    COMMANDS = App.COMMANDS | {EditorCommands}
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "save", "Save"),
        Binding("ctrl+q", "quit", "Quit", priority=True),
        Binding("ctrl+z", "undo", "Undo"),
        Binding("ctrl+y", "redo", "Redo"),
        Binding("f1", "help", "Help"),
        Binding("f2", "work_date", "Work date"),
        Binding("f4", "diagnostics", "Diagnostics"),
        Binding("ctrl+p", "command_palette", "Commands", show=False),
    ]

    def __init__(
        self,
        model: DatasetModel,
        *,
        config: LintConfig | None = None,
        work_date: dt.date | None = None,
        lint_delay: float = 0.4,
    ) -> None:
        super().__init__()
        self.model = model
        self.config = config or LintConfig()
        self.work_date = work_date or self.config.effective_work_date()
        self.lint_delay = lint_delay
        self.findings: list[Finding] = []
        self._lint_timer: Any = None
        self._lint_runner = LintRunner()
        self._saving: tuple[list[str], bool] = ([], False)
        # A large file is cut from its lines alone; the first full parse confirms the cut.
        self._layout_checked = False
        self._expected_lines: list[int] | None = None
        # What a kind switch removed from each turn, so switching back restores it.
        self._stash: dict[tuple[int, int], dict[str, Any]] = {}

    # -- layout -------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header(show_clock=False, icon="≡")
        with Horizontal(id="body"):
            yield DatasetTree(self.model, os.path.basename(self.model.path), id="tree")
            with Vertical(id="detail"):
                with VerticalScroll(id="form-scroll"), ContentSwitcher(initial="file-info"):
                    yield Static("", id="file-info")
                    yield TestForm(id="test-form")
                    yield TurnForm(self.config.intervention_types, id="turn-form")
                yield PreviewPanel(self.work_date, id="preview")
        yield DiagnosticsPanel(id="diagnostics")
        yield Footer()

    def on_mount(self) -> None:
        tree = self.query_one(DatasetTree)
        tree.populate()
        tree.focus()
        self._update_title()
        self.show_node()
        if len(self.model.layout.prefix) + sum(map(len, self.model.chunks)) < PROCESS_MIN_CHARS:
            self._lint_now()
        else:
            # A large file: let the first screen paint before the background parse starts.
            self._lint_timer = self.set_timer(1.0, self._lint_now)

    @property
    def dataset_tree(self) -> DatasetTree:
        return self.query_one(DatasetTree)

    def _update_title(self) -> None:
        name = os.path.basename(self.model.path)
        self.sub_title = f"{name} [modified]" if self.model.dirty else name

    # -- showing the selected node ------------------------------------------------------

    def on_tree_node_highlighted(self, event: Tree.NodeHighlighted[NodeInfo]) -> None:
        self.model.seal()
        self.show_node()

    def show_node(self) -> None:
        """Load the form and preview for the node under the tree's cursor."""
        test, turn = self.dataset_tree.current
        switcher = self.query_one(ContentSwitcher)
        preview = self.query_one(PreviewPanel)
        if test is None:
            switcher.current = "file-info"
            name = os.path.basename(self.model.path)
            self.query_one("#file-info", Static).update(file_info(name, len(self.model)))
            preview.show(None)
            return
        data = self.model.test(test)
        if turn is None:
            switcher.current = "test-form"
            self.query_one(TestForm).load(data)
            preview.show(data)
            return
        turns = shape.turn_list(data)
        value = turns[turn] if turn < len(turns) else None
        switcher.current = "turn-form"
        self.query_one(TurnForm).load(value, turn + 1, shape.is_flat(data))
        preview.show(value)

    # -- applying form edits ------------------------------------------------------------

    def set_test_value(self, path: tuple[str | int, ...], value: Any) -> None:
        test, _ = self.dataset_tree.current
        if test is None:
            return
        self.model.set_value(test, path, value)
        self._changed(test, reload=False)

    def _turn_prefix(self, test: int, turn: int) -> tuple[str | int, ...]:
        return () if self.model.summary(test).flat else ("turns", turn)

    def set_turn_value(self, path: tuple[str | int, ...], value: Any) -> None:
        test, turn = self.dataset_tree.current
        if test is None or turn is None:
            return
        if isinstance(value, str) and "\n" in value:
            text = value
            self.change_turn(lambda t: shape.put_text(t, path, text), ".".join(map(str, path)))
            return
        self.model.set_value(test, (*self._turn_prefix(test, turn), *path), value, turn=turn)
        self._changed(test, reload=False)

    def change_turn(
        self, change: Callable[[CommentedMap], Any], merge_key: str | None, *, reload: bool = False
    ) -> None:
        """Apply ``change`` to the selected turn's round-trip data."""
        test, turn = self.dataset_tree.current
        if test is None or turn is None:
            return

        def on_test(t: CommentedMap) -> None:
            change(shape.turn_list(t)[turn])

        key = None if merge_key is None else f"{test}:{turn}:{merge_key}"
        self.model.update(test, on_test, turn=turn, merge_key=key)
        self._changed(test, reload=reload)

    def switch_kind(self, kind: str) -> None:
        test, turn = self.dataset_tree.current
        if test is None or turn is None:
            return
        stash = self._stash.setdefault((test, turn), {})
        self.change_turn(lambda t: shape.switch_kind(t, kind, stash), None, reload=True)

    def _changed(self, test: int, *, reload: bool) -> None:
        """After a change to test ``test``: relabel it, maybe reload the form, re-lint."""
        tree = self.dataset_tree
        node = tree.test_node(test)
        expanded = node.is_expanded
        tree.refresh_test(test, expand=expanded or None)
        self._update_title()
        if reload:
            self.show_node()
        else:
            test_i, turn = tree.current
            if test_i is not None:
                data = self.model.test(test_i)
                turns = shape.turn_list(data)
                value = data if turn is None else (turns[turn] if turn < len(turns) else None)
                self.query_one(PreviewPanel).show(value)
        self.schedule_lint()

    # -- structure (bound on the tree) --------------------------------------------------

    def add_test(self) -> None:
        test, _ = self.dataset_tree.current
        index = self.model.add_test(test)
        self.dataset_tree.insert_test(index)
        self._after_structure(index, None)

    def add_turn(self) -> None:
        test, turn = self.dataset_tree.current
        if test is None:
            self.notify("Select a test first.", severity="warning")
            return
        if not self.model.summary(test).is_test:
            return
        after = turn if turn is not None else None
        index = self.model.add_turn(test, after)
        self.dataset_tree.refresh_test(test, expand=True)
        self._after_structure(test, index)

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
        test, turn = self.dataset_tree.current
        if test is None:
            return
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

    # -- app actions --------------------------------------------------------------------

    def _restore(self, step: Step | None, word: str) -> None:
        if step is None:
            self.notify(f"Nothing to {word}.", severity="warning")
            return
        test, turn = step.focus
        self.dataset_tree.populate()
        self.dataset_tree.select(min(test, len(self.model) - 1) if len(self.model) else None, turn)
        self._update_title()
        self.show_node()
        self.schedule_lint()
        self.notify(f"{word.capitalize()}: {step.label}")

    def action_undo(self) -> None:
        self._restore(self.model.undo(), "undo")

    def action_redo(self) -> None:
        self._restore(self.model.redo(), "redo")

    def action_save(self) -> None:
        self.save(then_exit=False)

    def save(self, *, then_exit: bool) -> None:
        """Check and write the file in a worker (a large file's parse check runs in a child
        process); on success mark the saved state, and quit if asked."""
        if not self.model.trusted:
            self.notify("Not saved: this file's layout was not understood.", severity="error")
            return
        if self.query_one(TurnForm).yaml_errors:
            self.notify(
                "Not saved: a YAML field has invalid YAML. Fix it (or undo) first.",
                severity="error",
            )
            return
        snapshot = list(self.model.chunks)
        text = self.model.text()
        self._saving = (snapshot, then_exit)
        # A large file's quick cut is confirmed by the save's own full parse.
        lines = self.model.layout.dash_lines(snapshot) if self.model.layout.fast else None
        work = partial(self._lint_runner.save, self.model.path, text, self.model.bom, lines)
        self.run_worker(work, thread=True, group="save", name="save", exit_on_error=False)

    def _saved(self, worker: Worker[Any]) -> None:
        snapshot, then_exit = self._saving
        if worker.state is WorkerState.ERROR:
            error = worker.error
            message = str(error) if isinstance(error, (RefusedToSave, OSError)) else repr(error)
            self.notify(message, severity="error", timeout=8)
            return
        self.model.mark_saved(snapshot)
        self.model.seal()
        self._update_title()
        self.notify(f"Saved {os.path.basename(self.model.path)}")
        if then_exit:
            self.exit()

    async def action_quit(self) -> None:
        if not self.model.dirty:
            self.exit()
            return

        def answered(choice: str | None) -> None:
            if choice == "discard":
                self.exit()
            elif choice == "save":
                self.save(then_exit=True)

        self.push_screen(ConfirmQuit(), answered)

    def action_help(self) -> None:
        groups = [
            ("Editor", DatasetEditor.BINDINGS),
            ("Tests and turns (tree)", DatasetTree.BINDINGS),
            ("Diagnostics panel", DiagnosticsPanel.BINDINGS),
            ("Unsaved-changes question", ConfirmQuit.BINDINGS),
        ]
        self.push_screen(HelpScreen(bindings_table(groups)))

    def action_work_date(self) -> None:
        self.query_one("#work-date", Input).focus()

    def action_diagnostics(self) -> None:
        self.query_one(DiagnosticsPanel).focus()

    def jump_to(self, test: int | None, turn: int | None) -> None:
        """Select the node a diagnostic belongs to."""
        if test is None or test >= len(self.model):
            self.dataset_tree.select(None)
        else:
            self.dataset_tree.select(test, turn)
        self.dataset_tree.focus()
        self.show_node()

    # -- lint ---------------------------------------------------------------------------

    def schedule_lint(self) -> None:
        if self._lint_timer is not None:
            self._lint_timer.stop()
        if self.lint_delay <= 0:
            self._lint_now()
        else:
            self._lint_timer = self.set_timer(self.lint_delay, self._lint_now)

    def _lint_now(self) -> None:
        self._lint_timer = None
        text = self.model.text()
        if self.model.layout.fast and not self._layout_checked:
            self._expected_lines = self.model.layout.dash_lines(self.model.chunks)
        work = partial(self._lint_runner.run, self.model.path, text, self.config)
        self.run_worker(
            work, thread=True, exclusive=True, group="lint", name="lint", exit_on_error=False
        )

    def on_unmount(self) -> None:
        # Do not wait for a background parse of a large file when quitting.
        self._lint_runner.close()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker.name == "save" and event.state in (WorkerState.SUCCESS, WorkerState.ERROR):
            self._saved(worker)
            return
        if worker.name != "lint" or event.state is not WorkerState.SUCCESS:
            return
        result = worker.result
        if not isinstance(result, LintResult):
            return
        self.findings = list(result.findings)
        self.query_one(DiagnosticsPanel).show(self.findings)
        if self._expected_lines is not None:
            if result.dash_lines != self._expected_lines:
                self.model.trusted = False
                self.notify(
                    "This file's layout was not understood; saving is disabled to keep it "
                    "safe. Please report the file.",
                    severity="error",
                    timeout=15,
                )
            self._expected_lines = None
            self._layout_checked = True

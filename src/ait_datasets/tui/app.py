"""`datasets edit`: a tree of tests and turns, a form for the selected node, live lint."""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Callable
from typing import Any, ClassVar

from ruamel.yaml.comments import CommentedMap
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import ContentSwitcher, Footer, Header, Input, Tree

from ait_datasets.lint.config import LintConfig
from ait_datasets.tui import shape
from ait_datasets.tui.app_file_keys import FileKeys
from ait_datasets.tui.commands import EditorCommands, TestFinder
from ait_datasets.tui.disk_watch import DiskWatch, neighbours_signature
from ait_datasets.tui.findings import Finding
from ait_datasets.tui.history import Step
from ait_datasets.tui.lint_runner import (
    PROCESS_MIN_CHARS,
    LintRunner,
)
from ait_datasets.tui.model import DatasetModel
from ait_datasets.tui.prompts import NewItemScreen
from ait_datasets.tui.raw_text import RawTextError
from ait_datasets.tui.roundtrip import CrossTestAlias
from ait_datasets.tui.screens import (
    Confirm,
    ConfirmQuit,
    DiskChangedScreen,
    HelpScreen,
    bindings_table,
)
from ait_datasets.tui.unapplied import RAW, UnappliedTexts
from ait_datasets.tui.widgets.copilot_form import CopilotForm
from ait_datasets.tui.widgets.dataset_tree import DatasetTree, NodeInfo
from ait_datasets.tui.widgets.diagnostics_panel import DiagnosticsPanel
from ait_datasets.tui.widgets.file_form import FileForm
from ait_datasets.tui.widgets.form_base import Form
from ait_datasets.tui.widgets.preview_panel import PreviewPanel
from ait_datasets.tui.widgets.raw_form import RawForm
from ait_datasets.tui.widgets.test_form import TestForm
from ait_datasets.tui.widgets.turn_form import TurnForm


class DatasetEditor(FileKeys):
    """The editor application; the model does the editing, widgets show and forward."""

    CSS_PATH = "editor.tcss"
    TITLE = "datasets edit"
    COMMANDS = App.COMMANDS | {EditorCommands, TestFinder}
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "save", "Save"),
        Binding("ctrl+q", "quit", "Quit", priority=True),
        Binding("ctrl+z", "undo", "Undo"),
        Binding("ctrl+y", "redo", "Redo"),
        Binding("f1", "help", "Help"),
        Binding("f2", "work_date", "Work date"),
        Binding("f3", "raw", "Raw YAML"),
        Binding("f4", "diagnostics", "Diagnostics"),
        Binding("ctrl+r", "reload", "Reload from disk", show=False),
        Binding("escape", "to_tree", "Back to the tree", show=False),
        Binding("ctrl+p", "command_palette", "Commands", show=False),
    ]

    def __init__(
        self,
        model: DatasetModel,
        *,
        config: LintConfig | None = None,
        work_date: dt.date | None = None,
        lint_delay: float = 0.4,
        lint_runner: LintRunner | None = None,
    ) -> None:
        super().__init__()
        self.model = model
        self.config = config or LintConfig()
        self.work_date = work_date or self.config.effective_work_date()
        self.lint_delay = lint_delay
        self.findings: list[Finding] = []
        # Lint runs whose findings were shown (stale runs are cancelled, never shown).
        self.lint_runs = 0
        # The text the shown findings are about (a fix's offsets point into it).
        self._linted_text: str | None = None
        self._linting_text: str | None = None
        self._lint_timer: Any = None
        # A runner may come with the first lint already under way (see `datasets edit`).
        self._lint_runner = lint_runner or LintRunner()
        self._saving: tuple[list[str], bool, str] = ([], False, model.path)
        self._watch = DiskWatch()
        self._neighbours: tuple[tuple[str, int, int], ...] = ()
        # A large file is cut from its lines alone; the first full parse confirms the cut.
        self._layout_checked = False
        # A large file reads the app's suite-setup names after its first lint (see on_mount).
        self._setup_names_after_lint = False
        self._expected_lines: list[int] | None = None
        # What a kind switch removed from each turn, so switching back restores it.
        self._stash: dict[tuple[int, int], dict[str, Any]] = {}
        # F3: the raw YAML of the selection instead of its form.
        self.raw_mode = False
        # Typed text that does not apply (invalid YAML): a change all the same.
        self.unapplied = UnappliedTexts()

    # -- layout -------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header(show_clock=False, icon="≡")
        with Horizontal(id="body"):
            yield DatasetTree(self.model, os.path.basename(self.model.path), id="tree")
            with Vertical(id="detail"):
                with (
                    VerticalScroll(id="form-scroll", can_focus=False),
                    ContentSwitcher(initial="file-form"),
                ):
                    yield FileForm(id="file-form")
                    yield TestForm(id="test-form")
                    yield CopilotForm(id="copilot-form")
                    yield TurnForm(self.config.intervention_types, id="turn-form")
                    yield RawForm(id="raw-form")
                yield PreviewPanel(self.work_date, id="preview")
        yield DiagnosticsPanel(id="diagnostics")
        yield Footer()

    def on_mount(self) -> None:
        self._watch.remember(self.model.path)
        self._neighbours = neighbours_signature(self.model.path)
        self.set_interval(1.0, self._check_disk)
        size = len(self.model.layout.prefix) + sum(map(len, self.model.chunks))
        large = size >= PROCESS_MIN_CHARS
        if large:
            # Reading the app's files (for the suite-setup field's completion) would take
            # the CPU and the interpreter from the first lint; it can wait for it.
            self._setup_names_after_lint = True
        else:
            self.refresh_setup_names()
        tree = self.query_one(DatasetTree)
        tree.populate()
        tree.focus()
        self._update_title()
        self.show_node()
        if not large:
            self._lint_now()
        else:
            # A large file: let the first screen paint before the background parse starts.
            self.call_after_refresh(self._lint_now)

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
            self.show_file()
            preview.show(None)
            return
        if self.raw_mode and self._show_raw(test, turn):
            preview.show(None)
            return
        data, read_only = self.model.test_to_show(test)
        if read_only is not None:
            self.notify(read_only, severity="warning", timeout=8)
        summary = self.model.summary(test)
        flat = shape.is_flat(data)
        if summary.copilot and (turn is not None or flat):
            self._show_copilot(test, turn, data, read_only is not None)
            return
        if turn is None:
            switcher.current = "test-form"
            form = self.query_one(TestForm)
            form.target = (test, None)
            form.load(data, copilot=summary.copilot)
            form.disabled = read_only is not None
            preview.show(data)
            return
        value = shape.turn_at(data, turn)
        switcher.current = "turn-form"
        turn_form = self.query_one(TurnForm)
        turn_form.target = (test, turn)
        turn_form.load(value, turn + 1, flat)
        self._put_back_unapplied(turn_form)
        turn_form.disabled = read_only is not None
        preview.show(value)

    def _show_copilot(self, test: int, turn: int | None, data: Any, read_only: bool) -> None:
        """A Copilot test (flat), or a turn of one, in the Copilot form. A flat test is its
        own single turn: its turn node edits the test (one target, so text that does not
        apply is kept once for both nodes)."""
        flat = shape.is_flat(data)
        value = data if turn is None or flat else shape.turn_at(data, turn)
        form = self.query_one(CopilotForm)
        form.target = (test, None if flat else turn)
        form.load(value, turn, flat=flat)
        self._put_back_unapplied(form)
        # A turn that is not a mapping has no keys to set (F3 shows what it is).
        form.disabled = read_only or not isinstance(value, dict)
        self.query_one(ContentSwitcher).current = "copilot-form"
        self.query_one(PreviewPanel).show(value)

    def _put_back_unapplied(self, form: Form) -> None:
        """Show again the text typed into the form's YAML fields that did not apply."""
        test, turn = form.target
        for field in form.yaml_fields:
            kept = self.unapplied.get((field, test, turn))
            if kept is not None:
                form.show_unapplied_yaml(field, kept.text, kept.problem)

    def _show_raw(self, test: int, turn: int | None) -> bool:
        """Show the raw YAML of the test (or turn); False when it has none to show."""
        text = self.model.raw(test, turn)
        if text is None and turn is not None:
            turn, text = None, self.model.raw(test, None)
        if text is None:
            return False
        form = self.query_one(RawForm)
        form.target = (test, turn)
        where = f"test {test + 1}" if turn is None else f"turn {turn + 1} of test {test + 1}"
        form.load(f"Raw YAML — {where}", text)
        kept = self.unapplied.get((RAW, test, turn))
        if kept is not None:
            form.show_unapplied(kept.text, kept.problem)
        self.query_one(ContentSwitcher).current = "raw-form"
        return True

    def action_raw(self) -> None:
        """Switch between the forms and the raw YAML of the selection."""
        if self.query_one(RawForm).pending_error:
            self.notify("Fix the raw YAML (or undo) first.", severity="error")
            return
        self.raw_mode = not self.raw_mode
        self.show_node()

    def on_raw_form_raw_changed(self, message: RawForm.RawChanged) -> None:
        message.stop()
        test, turn = message.target
        form = message.form
        if test is None:
            self.set_raw_file(form, message.text)
            return
        if test >= len(self.model):
            return
        key = (RAW, test, turn)
        try:
            self.model.set_raw(test, turn, message.text)
        except RawTextError as exc:
            form.show_result(exc)
            self.keep_unapplied(key, self._raw_what(test, turn), message.text, exc)
            return
        except CrossTestAlias as exc:
            self._refused(exc)
            return
        form.show_result(None)
        self.unapplied.applied(key)
        self._changed(test, reload=False)

    def _raw_what(self, test: int, turn: int | None) -> str:
        name = self.model.name(test)
        return f"the raw text of {'' if turn is None else f'turn {turn + 1} of '}test {name}"

    def on_form_yaml_checked(self, message: Form.YamlChecked) -> None:
        """A form's YAML field applied, or holds text that does not (kept as a change)."""
        message.stop()
        test, turn = message.target
        if test is None:
            return
        key = (message.field, test, turn)
        if message.error is None:
            self.unapplied.applied(key)
            self._update_title()
            return
        where = "" if turn is None else f"turn {turn + 1} of "
        field = message.form.yaml_fields[message.field]
        what = f"the {field} of {where}test {self.model.name(test)}"
        self.keep_unapplied(key, what, message.text, message.error)

    # -- messages from the widgets (they never call the app) ---------------------------

    def on_form_value_changed(self, message: Form.ValueChanged) -> None:
        message.stop()
        test, turn = message.target
        if isinstance(message.form, FileForm):
            self.set_file_value(str(message.path[0]), message.value)
            return
        try:
            if isinstance(message.form, TurnForm):
                self.set_turn_value(message.path, message.value, at=(test, turn))
            else:
                self.set_test_value(message.path, message.value, at=test)
        except CrossTestAlias as exc:
            self._refused(exc)

    def on_copilot_form_key_changed(self, message: CopilotForm.KeyChanged) -> None:
        message.stop()
        (test, turn), key, value = message.target, message.key, message.value
        if test is None or test >= len(self.model):
            return
        try:
            if turn is not None:
                self._set_copilot_turn_key(test, turn, key, value)
                return
            if isinstance(value, str):
                # Typed as in the other forms, also into a key it adds (see set_value).
                self.set_test_value((key,), value, at=test)
                return
            self.model.update(
                test, lambda t: shape.put_key(t, key, value), merge_key=f"{test}:{key}"
            )
        except CrossTestAlias as exc:
            self._refused(exc)
            return
        self._changed(test, reload=False)

    def _set_copilot_turn_key(self, test: int, turn: int, key: str, value: Any) -> None:
        """Set (or remove) ``key`` of turn ``turn`` of a Copilot test with ``turns:``; a
        text is typed in place (or added), as in the other forms."""
        if not isinstance(shape.turn_at(self.model.test(test), turn), dict):
            return
        if isinstance(value, str):
            self.set_turn_value((key,), value, at=(test, turn))
        else:
            self.change_turn(lambda t: shape.put_key(t, key, value), key, at=(test, turn))

    def on_form_turn_changed(self, message: Form.TurnChanged) -> None:
        message.stop()
        try:
            self.change_turn(
                message.change, message.merge_key, reload=message.reload, at=message.target
            )
        except CrossTestAlias as exc:
            self._refused(exc)

    def on_turn_form_kind_switched(self, message: TurnForm.KindSwitched) -> None:
        message.stop()
        try:
            self.switch_kind(message.kind, at=message.target)
        except CrossTestAlias as exc:
            self._refused(exc)

    def on_diagnostics_panel_jump_requested(self, message: DiagnosticsPanel.JumpRequested) -> None:
        message.stop()
        self.jump_to(message.finding.test, message.finding.turn)

    def action_to_tree(self) -> None:
        """Esc: from a form (or the panel) back to the tree."""
        self.model.seal()
        self.dataset_tree.focus()

    def test_names(self) -> list[str]:
        """Every test's name, in file order (the palette searches them)."""
        return [self.model.name(i) for i in range(len(self.model))]

    def action_go_to_test(self, index: int) -> None:
        if 0 <= index < len(self.model):
            self.dataset_tree.select(index)
            self.dataset_tree.focus()
            self.show_node()

    # -- applying form edits ------------------------------------------------------------

    def set_test_value(
        self, path: tuple[str | int, ...], value: Any, *, at: int | None = None
    ) -> None:
        test = self.dataset_tree.current[0] if at is None else at
        if test is None or test >= len(self.model):
            return
        if isinstance(value, str) and "\n" in value:
            # A multi-line text (the description) is written as a block scalar.
            text = value
            key = f"{test}:{'.'.join(map(str, path))}"
            self.model.update(test, lambda t: shape.put_text(t, path, text), merge_key=key)
        else:
            self.model.set_value(test, path, value)
        self._changed(test, reload=False)

    def _turn_prefix(self, test: int, turn: int) -> tuple[str | int, ...]:
        return () if self.model.summary(test).flat else ("turns", turn)

    def set_turn_value(
        self,
        path: tuple[str | int, ...],
        value: Any,
        *,
        at: tuple[int | None, int | None] | None = None,
    ) -> None:
        test, turn = self.dataset_tree.current if at is None else at
        if test is None or turn is None or test >= len(self.model):
            return
        if isinstance(value, str) and "\n" in value:
            text = value
            self.change_turn(
                lambda t: shape.put_text(t, path, text), ".".join(map(str, path)), at=(test, turn)
            )
            return
        self.model.set_value(test, (*self._turn_prefix(test, turn), *path), value, turn=turn)
        self._changed(test, reload=False)

    def change_turn(
        self,
        change: Callable[[CommentedMap], Any],
        merge_key: str | None,
        *,
        reload: bool = False,
        at: tuple[int | None, int | None] | None = None,
    ) -> None:
        """Apply ``change`` to the round-trip data of turn ``at`` (default: the selected)."""
        test, turn = self.dataset_tree.current if at is None else at
        if test is None or turn is None or test >= len(self.model):
            return

        def on_test(t: CommentedMap) -> None:
            change(shape.turn_list(t)[turn])

        key = None if merge_key is None else f"{test}:{turn}:{merge_key}"
        self.model.update(test, on_test, turn=turn, merge_key=key)
        self._changed(test, reload=reload)

    def switch_kind(self, kind: str, *, at: tuple[int | None, int | None] | None = None) -> None:
        test, turn = self.dataset_tree.current if at is None else at
        if test is None or turn is None:
            return
        stash = self._stash.setdefault((test, turn), {})
        self.change_turn(
            lambda t: shape.switch_kind(t, kind, stash), None, reload=True, at=(test, turn)
        )

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
                data = self.model.test_to_show(test_i)[0]
                value = data if turn is None else shape.turn_at(data, turn)
                self.query_one(PreviewPanel).show(value)
        self.schedule_lint()

    # -- app actions --------------------------------------------------------------------

    def _restore(self, step: Step | None, word: str) -> None:
        if step is None:
            self.notify(f"Nothing to {word}.", severity="warning")
            return
        test, turn = step.focus
        self.dataset_tree.populate()
        if test < 0 or not len(self.model):
            self.dataset_tree.select(None)  # a change to the file's own keys
        else:
            self.dataset_tree.select(min(test, len(self.model) - 1), turn)
        self._update_title()
        self.show_node()
        self.schedule_lint()
        self.notify(f"{word.capitalize()}: {step.label}")

    def action_undo(self) -> None:
        if self.unapplied:
            self._drop_unapplied()
            return
        self._restore(self.model.undo(), "undo")

    def _drop_unapplied(self) -> None:
        """Undo the typing that did not apply (the most recent first): its node shows
        what the document holds again."""
        found = self.unapplied.latest()
        assert found is not None
        (_, test, turn), dropped = found
        self.unapplied.applied(found[0])
        self.dataset_tree.select(test, turn)
        self._update_title()
        self.show_node()
        self.notify(f"Undo: {dropped.what}, which was not applied")

    def action_redo(self) -> None:
        if self.unapplied:
            self.notify(self.unapplied.blocked(), severity="error", timeout=8)
            return
        self._restore(self.model.redo(), "redo")

    def action_help(self) -> None:
        groups = [
            ("Editor", DatasetEditor.BINDINGS),
            ("Tests and turns (tree)", DatasetTree.BINDINGS),
            ("Diagnostics panel", DiagnosticsPanel.BINDINGS),
            ("Unsaved-changes question", ConfirmQuit.BINDINGS),
            ("File changed on disk (when saving)", DiskChangedScreen.BINDINGS),
            ("Yes/no question (unsafe fix, deletion)", Confirm.BINDINGS),
            ("New test / new turn dialog", NewItemScreen.BINDINGS),
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

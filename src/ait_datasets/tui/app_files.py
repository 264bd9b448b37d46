"""The editor's file actions: saving (as edits, only over what was loaded), noticing a
change on disk, reloading, quitting. The base of :class:`~.app.DatasetEditor`, which owns
the model and the widgets."""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import partial
from typing import Any

from textual.worker import Worker, WorkerState

from ait_datasets.diagnostics import Edit
from ait_datasets.tui.disk_watch import DiskWatch, neighbours_signature
from ait_datasets.tui.lint_runner import LintRunner
from ait_datasets.tui.model import DatasetModel
from ait_datasets.tui.save import DiskChanged, RefusedToSave, read_disk
from ait_datasets.tui.screens import ConfirmQuit, DiskChangedScreen
from ait_datasets.tui.typed_keys import typed_keys_handled
from ait_datasets.tui.typing_state import TypingAware
from ait_datasets.tui.unapplied import Key, Unapplied, UnappliedTexts, problem_of
from ait_datasets.tui.widgets.dataset_tree import DatasetTree


class FileActions(TypingAware):
    """Save, reload and quit; the editor fills in the model, the widgets and lint."""

    model: DatasetModel
    _lint_runner: LintRunner
    _watch: DiskWatch
    _neighbours: tuple[tuple[str, int, int], ...]
    _saving: tuple[list[str], bool, str]
    _stash: dict[tuple[int, int], dict[str, Any]]
    _layout_checked: bool
    unapplied: UnappliedTexts

    def show_node(self) -> None:
        raise NotImplementedError

    def schedule_lint(self) -> None:
        raise NotImplementedError

    def refresh_setup_names(self) -> None:
        raise NotImplementedError

    @property
    def changed(self) -> bool:
        """Whether quitting would lose something: an edit not saved, or typed text that
        did not apply (it is not in the document, but it is the author's change)."""
        return self.model.dirty or bool(self.unapplied)

    @property
    def dataset_tree(self) -> DatasetTree:
        return self.query_one(DatasetTree)

    def _update_title(self) -> None:
        name = os.path.basename(self.model.path)
        if self.model.new_file:
            self.sub_title = f"{name} [new, not saved yet]"
        else:
            self.sub_title = f"{name} [modified]" if self.changed else name

    def keep_unapplied(self, key: Key, what: str, text: str, error: Exception) -> None:
        """Text typed at ``key`` that did not apply: it is a change until fixed or undone."""
        self.unapplied.keep(key, Unapplied(what, text, problem_of(error)))
        self._update_title()

    def after_typed_keys(self, then: Callable[[], None]) -> None:
        """Run ``then`` once every key typed so far has reached the document (see
        :mod:`.typed_keys`): quit, save and reload decide on all of the author's typing."""

        async def wait_then() -> None:
            await typed_keys_handled(self)
            then()

        self.run_worker(wait_then(), group="typed-keys", name="typed-keys")

    def action_save(self) -> None:
        self.after_typed_keys(partial(self.save, then_exit=False))

    def save(self, *, then_exit: bool, overwrite: bool = False, path: str | None = None) -> None:
        """Check and write the file in a worker (a large file's parse check runs in a child
        process); on success mark the saved state, and quit if asked.

        The write happens only if the file still holds what was loaded (``overwrite``
        writes over whatever it holds now); ``path`` saves to another file instead.
        """
        if not self.model.trusted:
            self.notify("Not saved: this file's layout was not understood.", severity="error")
            return
        if self.unapplied:
            # Neither a file without the typed text nor the text itself: the file stays
            # as it is, the text stays in its field.
            self.notify(self.unapplied.refusal(), severity="error", timeout=12)
            return
        snapshot = list(self.model.chunks)
        text = self.model.text()
        target = path or self.model.path
        base, edits = self.model.edits_to_save(snapshot)
        expected = self.model.disk
        if path is not None or overwrite:
            # Another file, or over what the disk holds now: the edit is the whole text.
            expected = read_disk(target)
            base = "" if expected is None else expected.decode("utf-8", "surrogateescape")
            edits = [Edit(0, len(base), text)]
        self._saving = (snapshot, then_exit, target)
        # A large file's quick cut is confirmed by the save's own full parse.
        lines = self.model.layout.dash_lines(snapshot) if self.model.layout.fast else None
        work = partial(
            self._lint_runner.save,
            target,
            text,
            (base, edits),
            bom=self.model.bom,
            expected=expected,
            dash_lines=lines,
        )
        self.run_worker(work, thread=True, group="save", name="save", exit_on_error=False)

    def _saved(self, worker: Worker[Any]) -> None:
        snapshot, then_exit, target = self._saving
        if worker.state is WorkerState.ERROR:
            error = worker.error
            if isinstance(error, DiskChanged):
                self._ask_disk_changed(then_exit)
                return
            message = str(error) if isinstance(error, (RefusedToSave, OSError)) else repr(error)
            self.notify(message, severity="error", timeout=8)
            return
        written = worker.result
        if target != self.model.path:
            # Saved elsewhere: from now on the editor edits that file.
            self.model.path = target
        self.model.mark_saved(snapshot, written if isinstance(written, bytes) else None)
        self.model.seal()
        self._watch.remember(self.model.path)
        self._update_title()
        self.notify(f"Saved {os.path.basename(self.model.path)}")
        if then_exit:
            self.exit()

    def _ask_disk_changed(self, then_exit: bool) -> None:
        def answered(choice: str | None) -> None:
            if choice == "overwrite":
                self.save(then_exit=then_exit, overwrite=True)
            elif choice == "reload":
                self.reload_from_disk()
            elif choice and choice.startswith("save-as:"):
                self.save(then_exit=then_exit, path=choice[len("save-as:") :])

        name = os.path.basename(self.model.path)
        self.push_screen(DiskChangedScreen(name, self.model.path), answered)

    # -- the file on disk -----------------------------------------------------------------

    def _check_disk(self) -> None:
        """Called every second: say so once when another program changed the file; lint
        again when a neighbour the cross-file rules read changed."""
        neighbours = neighbours_signature(self.model.path)
        if neighbours != self._neighbours:
            self._neighbours = neighbours
            self.schedule_lint()
            self.refresh_setup_names()
        if not self._watch.changed(self.model.path):
            return
        if read_disk(self.model.path) == self.model.disk:
            self._watch.remember(self.model.path)
            return
        self._watch.remember(self.model.path)
        self.sub_title = f"{os.path.basename(self.model.path)} [changed on disk]"
        self.notify(
            f"{os.path.basename(self.model.path)} was changed by another program. "
            "ctrl+r reloads it; saving will ask before overwriting.",
            severity="warning",
            timeout=10,
        )

    def action_reload(self) -> None:
        self.after_typed_keys(self._reload_asking)

    def _reload_asking(self) -> None:
        if not self.changed:
            self.reload_from_disk()
            return

        def answered(choice: str | None) -> None:
            if choice == "discard":
                self.reload_from_disk()

        self.push_screen(ConfirmQuit(reload=True), answered)

    def reload_from_disk(self) -> None:
        """Replace the buffer with the file as it is now (the change can be undone by
        reloading the other way: the discarded text is not kept)."""
        from ait_datasets.source.load import decode
        from ait_datasets.tui.layout import UnsupportedLayout

        raw = read_disk(self.model.path)
        if raw is None:
            self.notify("The file no longer exists; nothing to reload.", severity="error")
            return
        text, bom, problem = decode(self.model.path, raw)
        if text is None:
            self.notify(f"Cannot reload: {problem.message if problem else 'unreadable'}")
            return
        try:
            model = DatasetModel(self.model.path, text, bom=bom, disk=raw)
        except UnsupportedLayout as exc:
            self.notify(f"Cannot reload: {exc}", severity="error", timeout=10)
            return
        self.model = model
        self.dataset_tree.model = model
        self._stash.clear()
        self.unapplied.clear()
        self._layout_checked = False
        self._watch.remember(model.path)
        self.dataset_tree.populate()
        self.dataset_tree.select(None)
        self._update_title()
        self.show_node()
        self.schedule_lint()
        self.notify(f"Reloaded {os.path.basename(model.path)} from disk")

    async def action_quit(self) -> None:
        self.after_typed_keys(self._quit_asking)

    def _quit_asking(self) -> None:
        if not self.changed:
            self.exit()
            return

        def answered(choice: str | None) -> None:
            if choice == "discard":
                self.exit()
            elif choice == "save":
                self.save(then_exit=True)

        self.push_screen(ConfirmQuit(), answered)

"""The command palette's commands: every editor action, searchable by name."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, cast

from textual.command import DiscoveryHit, Hit, Hits, Provider

if TYPE_CHECKING:
    from ait_datasets.tui.app import DatasetEditor


def editor_commands(editor: DatasetEditor) -> list[tuple[str, Callable[[], object], str]]:
    return [
        ("Add test", editor.add_test, "Insert a new test after the selected one"),
        ("Add turn", editor.add_turn, "Insert a new turn after the selected turn"),
        ("Duplicate", editor.duplicate, "Copy the selected test or turn"),
        ("Delete", editor.delete, "Delete the selected test or turn"),
        ("Move up", partial(editor.move, -1), "Move the selected test or turn up"),
        ("Move down", partial(editor.move, 1), "Move the selected test or turn down"),
        ("Undo", editor.action_undo, "Undo the last change"),
        ("Redo", editor.action_redo, "Redo the last undone change"),
        ("Save", editor.action_save, "Write the file (only if it still parses)"),
        ("Show help", editor.action_help, "List the key bindings"),
        ("Set work date", editor.action_work_date, "Change the placeholder preview's work date"),
        ("Go to diagnostics", editor.action_diagnostics, "Focus the diagnostics panel"),
        ("Quit", editor.action_quit, "Quit (asks when there are unsaved changes)"),
    ]


class EditorCommands(Provider):
    """Palette entries for the editor's actions."""

    def _commands(self) -> list[tuple[str, Callable[[], object], str]]:
        from ait_datasets.tui.app import DatasetEditor

        return editor_commands(cast(DatasetEditor, self.app))

    async def discover(self) -> Hits:
        for name, run, help_text in self._commands():
            yield DiscoveryHit(name, run, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, run, help_text in self._commands():
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), run, help=help_text)

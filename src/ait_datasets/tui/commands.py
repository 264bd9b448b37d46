"""The command palette's commands: every editor action, searchable by name.

Each command runs an app action by name, so the provider needs nothing of the app.
"""

from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

# (name, action run on the app, help)
EDITOR_COMMANDS: tuple[tuple[str, str, str], ...] = (
    ("Add test", "add_test", "Insert a new test after the selected one (asks its texts)"),
    ("Add turn", "add_turn", "Insert a new turn after the selected turn"),
    ("Duplicate", "duplicate", "Copy the selected test or turn"),
    ("Delete", "delete", "Delete the selected test or turn (asks first)"),
    ("Move up", "move(-1)", "Move the selected test or turn up"),
    ("Move down", "move(1)", "Move the selected test or turn down"),
    ("Undo", "undo", "Undo the last change"),
    ("Redo", "redo", "Redo the last undone change"),
    ("Save", "save", "Write the file (only if it still parses)"),
    ("Show help", "help", "List the key bindings"),
    ("Set work date", "work_date", "Change the placeholder preview's work date"),
    ("Go to diagnostics", "diagnostics", "Focus the diagnostics panel"),
    ("Quit", "quit", "Quit (asks when there are unsaved changes)"),
)


class EditorCommands(Provider):
    """Palette entries for the editor's actions."""

    async def discover(self) -> Hits:
        for name, action, help_text in EDITOR_COMMANDS:
            yield DiscoveryHit(name, partial(self.app.run_action, action), help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, action, help_text in EDITOR_COMMANDS:
            score = matcher.match(name)
            if score > 0:
                run = partial(self.app.run_action, action)
                yield Hit(score, matcher.highlight(name), run, help=help_text)


class TestFinder(Provider):
    """Find a test by name (a file of 10,000 tests is not browsed in folders of 500): the
    chosen test is selected in the tree, through the app's ``go_to_test`` action."""

    async def search(self, query: str) -> Hits:
        names = getattr(self.app, "test_names", None)
        if names is None or not query.strip():
            return
        matcher = self.matcher(query)
        shown = 0
        for index, name in enumerate(names()):
            score = matcher.match(name)
            if score > 0:
                run = partial(self.app.run_action, f"go_to_test({index})")
                yield Hit(score, matcher.highlight(name), run, help=f"test {index + 1}")
                shown += 1
                if shown >= 200:
                    return

"""The editor's undo and redo: each step keeps the chunk lists before and after it.

Snapshots are cheap: a test the change did not touch is the same string in both.
Consecutive changes with the same merge key (typing into one field) are one step until
:meth:`History.seal`.
"""

from __future__ import annotations

from dataclasses import dataclass

from ait_datasets.tui.layout import Layout

Focus = tuple[int, int | None]  # (test index, turn index or None)


@dataclass(slots=True)
class Step:
    """One undoable change."""

    label: str
    before: list[str]
    after: list[str]
    focus: Focus
    merge_key: str | None = None
    # (before, after) when the change also changed the text around the tests.
    layouts: tuple[Layout, Layout] | None = None


class History:
    """The steps to undo and to redo."""

    def __init__(self) -> None:
        self._undo: list[Step] = []
        self._redo: list[Step] = []
        self._merge_open = False

    def record(
        self,
        label: str,
        before: list[str],
        after: list[str],
        focus: Focus,
        merge_key: str | None,
        layouts: tuple[Layout, Layout] | None = None,
    ) -> None:
        """Remember a change from ``before`` to ``after`` (and from one layout to another
        when ``layouts`` is given), merged into the last step while its typing goes on.

        A change of the chunks alone merges into a step that changed the layout too (the
        layout it ended with is still the current one); a layout change merges only into
        another, whose layout after it becomes the new one.
        """
        top = self._undo[-1] if self._undo else None
        if (
            merge_key is not None
            and top is not None
            and top.merge_key == merge_key
            and self._merge_open
            and (layouts is None or top.layouts is not None)
        ):
            top.after = after
            if layouts is not None and top.layouts is not None:
                top.layouts = (top.layouts[0], layouts[1])
        else:
            self._undo.append(Step(label, list(before), after, focus, merge_key, layouts))
        self._merge_open = merge_key is not None
        self._redo.clear()

    def seal(self) -> None:
        """End the current run of typing: the next change starts a new step."""
        self._merge_open = False

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> Step | None:
        """The step to take back (now redoable), or None."""
        return self._shift(self._undo, self._redo)

    def redo(self) -> Step | None:
        """The step to make again (now undoable), or None."""
        return self._shift(self._redo, self._undo)

    def _shift(self, source: list[Step], target: list[Step]) -> Step | None:
        if not source:
            return None
        step = source.pop()
        target.append(step)
        self._merge_open = False
        return step

"""Text the author typed that could not be applied to the document: raw YAML (F3) or a
YAML field that does not parse, or is not one test (turn, list, mapping).

It is still the author's change. Until it applies, or is undone, it makes the file
``[modified]``, quit asks about it, save refuses and names it (writing neither a file
without it nor the text itself), and it comes back into its field whenever its node is
shown again.
"""

from __future__ import annotations

from dataclasses import dataclass

from ait_datasets.plural import plural

# (field, test, turn): the field is "raw" for the raw view or a turn form's YAML field's
# widget id; test and turn are None for the whole file (a suite-setup file's raw text).
Key = tuple[str, int | None, int | None]

RAW = "raw"


@dataclass(frozen=True)
class Unapplied:
    """What was typed where, and why it cannot be applied."""

    what: str  # "the raw text of test RETURN-TWO"
    text: str
    problem: str  # "is not valid YAML (3:10: ...)" / "cannot be applied (...)"


def problem_of(error: Exception) -> str:
    """Why text cannot be applied, as :attr:`Unapplied.problem` says it: a syntax error
    with its line and column, else the reason the parsed text does not fit."""
    reason = str(getattr(error, "reason", None) or error)
    line, column = getattr(error, "line", None), getattr(error, "column", None)
    if isinstance(line, int) and isinstance(column, int):
        return f"is not valid YAML ({line}:{column}: {reason})"
    return f"cannot be applied ({reason})"


class UnappliedTexts:
    """The unapplied texts of one editing session, the most recently typed last."""

    def __init__(self) -> None:
        self._texts: dict[Key, Unapplied] = {}

    def __bool__(self) -> bool:
        return bool(self._texts)

    def keep(self, key: Key, unapplied: Unapplied) -> None:
        self._texts.pop(key, None)
        self._texts[key] = unapplied

    def applied(self, key: Key) -> None:
        """The field's text applies (or was dropped): nothing is pending there."""
        self._texts.pop(key, None)

    def get(self, key: Key) -> Unapplied | None:
        return self._texts.get(key)

    def latest(self) -> tuple[Key, Unapplied] | None:
        if not self._texts:
            return None
        key = next(reversed(self._texts))
        return key, self._texts[key]

    def clear(self) -> None:
        self._texts.clear()

    def refusal(self) -> str:
        """Why the file is not saved (the most recent text first, and how many more)."""
        found = self.latest()
        assert found is not None, "nothing is unapplied"
        first = found[1]
        more = len(self._texts) - 1
        others = f" (and {plural(more, 'more text', 'more texts')} not applied)" if more else ""
        return (
            f"not saved: {first.what} {first.problem}{others}; fix it or undo (ctrl+z). "
            "The file was not changed."
        )

    def blocked(self) -> str:
        """Why a change that could move tests waits (their keys name tests by index)."""
        found = self.latest()
        assert found is not None, "nothing is unapplied"
        return f"Fix or undo (ctrl+z) {found[1].what} first: it {found[1].problem}."

"""The error every formula reader raises, in a module of its own so that the readers
(formula grammar, localized letters) can share it without importing each other."""

from __future__ import annotations


class FormulaError(ValueError):
    """A formula Business Central would refuse (or that we cannot evaluate).

    ``position`` is the 0-based offset in the formula text where the problem is;
    ``expected`` says what would have been valid there, when that is a short phrase.
    """

    def __init__(self, message: str, position: int, expected: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.position = position
        self.expected = expected

    def __str__(self) -> str:
        return f"at position {self.position + 1}: {self.message}"

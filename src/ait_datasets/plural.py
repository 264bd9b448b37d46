"""A count with its noun in the right number: ``1 file``, ``2 files``, never ``file(s)``."""

from __future__ import annotations


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """``count`` and ``noun``, or ``nouns`` (default: ``noun`` + ``s``) unless it is 1."""
    return f"{count} {noun if count == 1 else nouns or noun + 's'}"

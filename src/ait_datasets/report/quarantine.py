"""Quarantine files (``--quarantine FILE``): cases known to be unreliable.

A quarantine file is plain text, one entry per line; ``#`` starts a comment and blank
lines are ignored. An entry names cases by their id, ``SUITE/DATASET/TEST/Procedure``
with the empty parts left out (exactly as the report prints it), and may use the
wildcards ``*``, ``?`` and ``[...]``; e.g. ``SALES-AGENT/*/ORDER-007/*``. An entry that
matches no case is reported as stale, so the file does not rot.

Quarantined cases are still counted in every number; the report lists them in a section
of their own and marks them in the other lists.
"""

from __future__ import annotations

import fnmatch
import os
from dataclasses import dataclass

from ait_datasets.report.inputs import decode, read_bytes
from ait_datasets.report.model import CaseKey


@dataclass(frozen=True, slots=True)
class Entry:
    """One line of a quarantine file."""

    pattern: str
    line: int
    comment: str = ""

    def matches(self, key: CaseKey) -> bool:
        # Case-sensitive on every system, whatever its file-name rules.
        return key.id == self.pattern or fnmatch.fnmatchcase(key.id, self.pattern)


@dataclass(frozen=True, slots=True)
class Quarantine:
    """The entries of a quarantine file."""

    path: str
    entries: tuple[Entry, ...]

    def entry_for(self, key: CaseKey) -> Entry | None:
        """The first entry that matches ``key``, or None."""
        for entry in self.entries:
            if entry.matches(key):
                return entry
        return None

    def stale(self, keys: list[CaseKey]) -> tuple[Entry, ...]:
        """Entries that match none of ``keys``."""
        return tuple(e for e in self.entries if not any(e.matches(k) for k in keys))


def parse_quarantine(path: str, text: str) -> Quarantine:
    """Parse quarantine text; the comment after an entry is kept as its reason."""
    entries = []
    for number, raw in enumerate(text.splitlines(), start=1):
        pattern, _, comment = raw.partition("#")
        pattern = pattern.strip()
        if pattern:
            entries.append(Entry(pattern, number, comment.strip()))
    return Quarantine(path, tuple(entries))


def read_quarantine(path: str | os.PathLike[str]) -> Quarantine:
    """Read a quarantine file; raise :class:`ReportInputError` when it cannot be read."""
    name = os.fspath(path)
    return parse_quarantine(name, decode(name, read_bytes(name)))

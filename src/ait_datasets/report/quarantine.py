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

import bisect
import fnmatch
import os
import re
from collections import Counter
from dataclasses import dataclass

from ait_datasets.report.inputs import decode, read_bytes
from ait_datasets.report.model import CaseKey

_WILDCARDS = "*?["
_TOP = "\U0010ffff"  # sorts after any character a case id holds


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
        """The first entry that matches ``key``, or None (one case; see :func:`assign`)."""
        return assign(self, [key]).entries.get(key)


@dataclass(frozen=True, slots=True)
class Assignment:
    """Each case's first matching entry, and the entries that match no case."""

    entries: dict[CaseKey, Entry]
    stale: tuple[Entry, ...]


def _literal_prefix(pattern: str) -> str:
    cuts = [i for i in (pattern.find(ch) for ch in _WILDCARDS) if i >= 0]
    return pattern[: min(cuts)] if cuts else pattern


def _literal_parts(pattern: str) -> list[str]:
    """The ``/``-separated parts of ``pattern`` without wildcards; none when a ``[...]``
    class could hold a ``/`` (the split would be wrong)."""
    if "[" in pattern:
        return []
    return [part for part in pattern.split("/") if part and "*" not in part and "?" not in part]


def _longest_run(pattern: str) -> str:
    """The longest stretch of ``pattern`` that is matched literally (outside wildcards
    and ``[...]`` classes)."""
    runs = re.split(r"\[[^\]]*\]?|[*?]", pattern)
    return max(runs, key=len, default="")


class _Matches:
    """Each case's first matching entry so far, and the entries that matched any case."""

    def __init__(self, cases: int) -> None:
        self.first: list[int | None] = [None] * cases
        self.hit: set[int] = set()

    def add(self, entry: int, position: int) -> None:
        self.hit.add(entry)
        current = self.first[position]
        if current is None or entry < current:
            self.first[position] = entry


def assign(quarantine: Quarantine, keys: list[CaseKey]) -> Assignment:
    """Match every entry against every case without trying every pair.

    Each wildcard entry is compiled once and tried only on the cases that share its most
    selective literal part: its literal prefix (a binary search in the sorted ids) or one
    of its literal ``/``-separated parts (an index of the ids' parts), whichever fewer
    cases share. An entry with no literal part at all (``*x*``) is tried on every case, as
    it must be. The work is the ids' parts plus the candidate pairs, not entries x cases.
    """
    entries = quarantine.entries
    ids = [key.id for key in keys]
    matches = _Matches(len(ids))
    exact: dict[str, list[int]] = {}
    wild: list[int] = []
    for index, entry in enumerate(entries):
        if any(ch in entry.pattern for ch in _WILDCARDS):
            wild.append(index)
        else:
            exact.setdefault(entry.pattern, []).append(index)
    for position, case_id in enumerate(ids):
        for index in exact.get(case_id, ()):
            matches.add(index, position)
    if wild:
        _match_wildcards(entries, wild, ids, matches)
    return Assignment(
        {keys[p]: entries[i] for p, i in enumerate(matches.first) if i is not None},
        tuple(e for i, e in enumerate(entries) if i not in matches.hit),
    )


def _match_wildcards(
    entries: tuple[Entry, ...], wild: list[int], ids: list[str], matches: _Matches
) -> None:
    order = sorted(range(len(ids)), key=ids.__getitem__)
    sorted_ids = [ids[i] for i in order]
    part_count: Counter[str] = Counter()
    for case_id in ids:
        part_count.update(set(case_id.split("/")))
    by_part: dict[str, list[tuple[int, re.Pattern[str]]]] = {}
    # Entries starting with a wildcard: by the length, then the text, of their longest run.
    inner: dict[int, dict[str, list[tuple[int, re.Pattern[str]]]]] = {}
    for index in wild:
        pattern = entries[index].pattern
        regex = re.compile(fnmatch.translate(pattern))
        prefix = _literal_prefix(pattern)
        low = bisect.bisect_left(sorted_ids, prefix)
        high = bisect.bisect_left(sorted_ids, prefix + _TOP) if prefix else len(ids)
        part = min(_literal_parts(pattern), key=part_count.__getitem__, default=None)
        if part is not None and part_count[part] < high - low:
            by_part.setdefault(part, []).append((index, regex))
            continue
        run = _longest_run(pattern) if not prefix else ""
        if run:
            inner.setdefault(len(run), {}).setdefault(run, []).append((index, regex))
            continue
        for rank in range(low, high):
            if regex.fullmatch(sorted_ids[rank]) is not None:
                matches.add(index, order[rank])
    if not by_part and not inner:
        return
    for position, case_id in enumerate(ids):
        candidates: set[tuple[int, re.Pattern[str]]] = set()
        for part in set(case_id.split("/")):
            candidates.update(by_part.get(part, ()))
        for length, runs in inner.items():
            for start in range(len(case_id) - length + 1):
                candidates.update(runs.get(case_id[start : start + length], ()))
        for index, regex in candidates:
            if regex.fullmatch(case_id) is not None:
                matches.add(index, position)


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

"""Baselines: record today's findings, then report only new ones.

A legacy repository adopts the linter by writing a baseline (``--write-baseline FILE``)
and checking against it (``--baseline FILE``). A finding is matched by its fingerprint,
which must survive unrelated edits (a test added above it, a comment, reindentation):
the code, the file, the test's name, the path inside the test
(``tests[NAME].turns[2].query.from``) and a hash of the offending text, never a line
number. Identical findings are counted, so fixing one of two reports the other. Entries
no finding matches any more are *fixed*: reported, and removed by ``--prune-baseline``.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import PurePath

from ait_datasets.diagnostics import Diagnostic
from ait_datasets.records import Record
from ait_datasets.source.tree import Mapping, Node, Scalar, Sequence

VERSION = 1


class BaselineError(Exception):
    """A baseline file that cannot be read; the message names it."""


class Entry(Record):
    """One recorded finding (``count`` identical ones)."""

    fingerprint: str
    code: str
    file: str
    where: str  # the node path, for people reading the file
    count: int

    def to_dict(self) -> dict[str, object]:
        """The entry as the baseline file holds it (its fields, by name)."""
        return {name: getattr(self, name) for name in self._fields}

    def counted(self, count: int) -> Entry:
        """The same finding, ``count`` times."""
        return Entry(self.fingerprint, self.code, self.file, self.where, count)


class Fingerprinter:
    """Fingerprints of findings; each file's text is parsed once, only when asked for."""

    def __init__(self, sources: dict[str, str], base: str | None = None) -> None:
        self.sources = sources
        self.base = base
        self._roots: dict[str, list[tuple[str, Node]]] = {}
        self._lines: dict[str, list[int]] = {}
        # Start offsets of each container's children, for a binary search per finding
        # (a file with 10,000 tests and as many findings stays linear-logarithmic).
        self._starts: dict[int, list[int]] = {}
        self._entries: dict[int, list[tuple[str, tuple[Scalar, Node]]]] = {}

    def file(self, path: str) -> str:
        """The file as recorded: relative to the baseline's folder, with ``/``."""
        base = os.path.abspath(self.base or os.getcwd())
        try:
            rel = os.path.relpath(os.path.abspath(path), base)
        except ValueError:  # another drive on Windows
            rel = os.path.abspath(path)
        return PurePath(rel).as_posix()

    def where(self, diag: Diagnostic) -> str:
        """The node the finding is about: ``tests[NAME].turns[2].query.from``."""
        source = self.sources.get(diag.path)
        if source is None:
            return ""
        offset = self._offset(diag.path, source, diag.line, diag.column)
        for prefix, root in self._trees(diag.path, source):
            if root.start_offset <= offset <= root.end_offset:
                return _node_path(root, offset, prefix, self._starts, self._entries)
        return ""

    def value(self, diag: Diagnostic) -> str:
        """The offending text (what the finding's span covers), whitespace-normalised."""
        source = self.sources.get(diag.path)
        if source is None:
            return ""
        start = self._offset(diag.path, source, diag.line, diag.column)
        end = self._offset(diag.path, source, diag.end_line, diag.end_column)
        return " ".join(source[start:end].split())

    def fingerprint(self, diag: Diagnostic) -> str:
        return self.identify(diag)[0]

    def identify(self, diag: Diagnostic) -> tuple[str, str, str]:
        """(fingerprint, file, node path) of a finding."""
        file, where = self.file(diag.path), self.where(diag)
        parts = (diag.code, file, where, self.value(diag))
        digest = hashlib.sha256("\0".join(parts).encode("utf-8", "surrogatepass"))
        return digest.hexdigest()[:20], file, where

    def _offset(self, path: str, source: str, line: int, column: int) -> int:
        """The character offset of 1-based ``line``:``column`` (clamped to the line)."""
        starts = self._lines.get(path)
        if starts is None:
            starts = self._lines[path] = [0]
            find = source.find
            pos = find("\n")
            while pos >= 0:
                starts.append(pos + 1)
                pos = find("\n", pos + 1)
        if line > len(starts):
            return len(source)
        begin = starts[max(line, 1) - 1]
        end = starts[line] - 1 if line < len(starts) else len(source)
        return min(begin + max(column - 1, 0), end)

    def _trees(self, path: str, source: str) -> list[tuple[str, Node]]:
        if path not in self._roots:
            self._roots[path] = _parse(path, source)
        return self._roots[path]


def _parse(path: str, source: str) -> list[tuple[str, Node]]:
    """(path prefix, tree) pairs of a file: one tree, or one per JSONL row."""
    from ait_datasets.lint.discover import is_xml
    from ait_datasets.source.load import load_text

    if is_xml(path):
        return []  # suite XML findings are fingerprinted without a node path
    doc = load_text(path, source)
    if doc.format == "jsonl":
        return [(f"[{_test_name(row, i)}]", row) for i, row in enumerate(doc.rows)]
    return [("", doc.root)] if doc.root is not None else []


def _node_path(
    root: Node,
    offset: int,
    prefix: str,
    cache: dict[int, list[int]],
    entries_cache: dict[int, list[tuple[str, tuple[Scalar, Node]]]],
) -> str:
    """The path of the innermost node at ``offset``, tests named by their ``name``."""
    from bisect import bisect_right

    out = prefix
    node: Node = root
    tests_list = _tests_list(root)
    for _ in range(1000):  # bounded: aliases cannot make the descent loop
        if isinstance(node, Mapping):
            entries = entries_cache.get(id(node))
            if entries is None:
                entries = entries_cache[id(node)] = node.entries.items()
            starts = cache.get(id(node))
            if starts is None:
                starts = cache[id(node)] = [key_node.start_offset for _, (key_node, _v) in entries]
            i = bisect_right(starts, offset) - 1
            if i < 0:
                return out
            key, (key_node, value) = entries[i]
            if offset >= max(value.end_offset, key_node.end_offset):
                return out
            part = f".{key}" if out else key
            if offset < key_node.end_offset:
                return out + part  # on the key itself
            out, node = out + part, value
        elif isinstance(node, Sequence):
            starts = cache.get(id(node))
            if starts is None:
                starts = cache[id(node)] = [item.start_offset for item in node.items]
            i = bisect_right(starts, offset) - 1
            if i < 0 or offset >= node.items[i].end_offset:
                return out
            label = _test_name(node.items[i], i) if node is tests_list else str(i)
            out, node = out + f"[{label}]", node.items[i]
        else:
            return out
    return out


def _tests_list(root: Node) -> Sequence | None:
    if isinstance(root, Sequence):
        return root
    if isinstance(root, Mapping) and isinstance(root.get("tests"), Sequence):
        tests = root.get("tests")
        assert isinstance(tests, Sequence)
        return tests
    return None


def _test_name(node: Node, index: int) -> str:
    name = node.get("name") if isinstance(node, Mapping) else None
    if isinstance(name, Scalar) and isinstance(name.data, str) and name.data:
        return name.data
    return f"#{index}"


class Baseline(Record):
    """Recorded findings, matched against a run's findings."""

    entries: list[Entry]
    path: str

    @classmethod
    def read(cls, path: str) -> Baseline:
        try:
            with open(path, encoding="utf-8") as fh:
                data = json.load(fh)
        except OSError as exc:
            raise BaselineError(f"{path}: cannot read: {exc.strerror or exc}") from None
        except (ValueError, UnicodeDecodeError) as exc:
            raise BaselineError(f"{path}: not a baseline file (invalid JSON: {exc})") from None
        if not isinstance(data, dict) or data.get("version") != VERSION:
            raise BaselineError(f"{path}: not a version {VERSION} baseline file")
        entries = []
        for i, item in enumerate(data.get("findings", [])):
            try:
                entries.append(
                    Entry(
                        str(item["fingerprint"]),
                        str(item["code"]),
                        str(item["file"]),
                        str(item.get("where", "")),
                        int(item.get("count", 1)),
                    )
                )
            except (KeyError, TypeError, ValueError):
                raise BaselineError(f"{path}: findings[{i}] is not a baseline entry") from None
        return cls(entries, path)

    @classmethod
    def of(cls, diagnostics: list[Diagnostic], sources: dict[str, str], path: str) -> Baseline:
        """A baseline recording ``diagnostics`` (to be written at ``path``)."""
        printer = Fingerprinter(sources, os.path.dirname(os.path.abspath(path)))
        entries: dict[str, Entry] = {}
        for diag in diagnostics:
            fp, file, where = printer.identify(diag)
            if fp in entries:
                entries[fp].count += 1
            else:
                entries[fp] = Entry(fp, diag.code, file, where, 1)
        ordered = sorted(entries.values(), key=lambda e: (e.file, e.code, e.where, e.fingerprint))
        return cls(ordered, path)

    def text(self) -> str:
        data = {
            "version": VERSION,
            "tool": "ait-datasets",
            "findings": [entry.to_dict() for entry in self.entries],
        }
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"

    def match(
        self, diagnostics: list[Diagnostic], sources: dict[str, str]
    ) -> tuple[list[Diagnostic], int, list[Entry]]:
        """(the new findings, how many were in the baseline, the fixed entries)."""
        printer = Fingerprinter(sources, os.path.dirname(os.path.abspath(self.path)))
        left = {entry.fingerprint: entry.count for entry in self.entries}
        new: list[Diagnostic] = []
        known = 0
        for diag in diagnostics:
            fp = printer.fingerprint(diag)
            if left.get(fp, 0) > 0:
                left[fp] -= 1
                known += 1
            else:
                new.append(diag)
        fixed = []
        for entry in self.entries:
            remaining = left.get(entry.fingerprint, 0)
            if remaining > 0:
                fixed.append(entry.counted(remaining))
        return new, known, fixed

    def pruned(self, fixed: list[Entry]) -> Baseline:
        """This baseline without the fixed entries."""
        gone = {entry.fingerprint: entry.count for entry in fixed}
        kept = []
        for entry in self.entries:
            count = entry.count - gone.get(entry.fingerprint, 0)
            if count > 0:
                kept.append(entry.counted(count))
        return Baseline(kept, self.path)

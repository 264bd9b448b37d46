"""Knowledge across the files of a lint run, for the cross-file rules.

The engine adds the facts of every linted file; rule families that define
``check_project(project, config)`` run once at the end over all of them.

An *app* is what the framework imports together: the files under the nearest ancestor
folder named ``.resources`` (the test app's resource folder). Files without such a folder
form one app together (the paths given on the command line). When only some files of an
app are linted (a pre-commit hook passes the changed files), the app's other dataset and
suite files are read once, for their facts only, so references into them still resolve.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

from ait_datasets.lint import kinds
from ait_datasets.lint.discover import discover
from ait_datasets.lint.facts import FileFacts, extract_facts
from ait_datasets.records import Record
from ait_datasets.source.load import format_of, load_bytes

T = TypeVar("T")

# The app key of files that have no `.resources` ancestor.
GIVEN_PATHS = ""

# Only a YAML file's top-level `suite_setup:`/`language:` make its facts worth a parse.
# Compiled (and cached by `re`) on first use: only a run over an app's files needs it.
_METADATA = rb"^(?:suite_setup|language)[ \t]*:"


def app_root(path: str) -> str | None:
    """The nearest ancestor folder named ``.resources`` (the app's resources), or None."""
    parts = os.path.abspath(path).split(os.sep)
    for i in range(len(parts) - 1, 0, -1):
        if parts[i] == ".resources":
            return os.sep.join(parts[: i + 1])
    return None


def group_code(file_name: str) -> str:
    """The importer's `Test Input Group` code for a dataset file name (before truncation).

    `.jsonl`/`.json` lose their extension, everything else (`.yaml`) keeps it; the code is
    upper-cased (a Code field). The suffix test is case-sensitive, like the importer's.
    """
    for suffix in (".jsonl", ".json"):
        if file_name.endswith(suffix):
            return file_name[: -len(suffix)].upper()
    return file_name.upper()


def group_name(facts: FileFacts) -> str:
    """The importer's `Group Name`: YAML top-level `name`, else the file name."""
    if facts.format == "yaml" and facts.name is not None:
        return facts.name
    return os.path.basename(facts.path)


def display_path(path: str) -> str:
    """A path for messages: relative to the working folder when it is inside it."""
    rel = os.path.relpath(path) if os.path.isabs(path) else path
    return path if rel.startswith("..") else rel


class Project(Record):
    """The facts of every linted file, and of the other files of their apps."""

    _fields = ("files", "_apps")
    __slots__ = _fields
    files: dict[str, FileFacts]
    # app key -> every file of the app (linted and not), filled on first use.
    _apps: dict[str, list[FileFacts]]

    def __init__(
        self,
        files: dict[str, FileFacts] | None = None,
        _apps: dict[str, list[FileFacts]] | None = None,
    ) -> None:
        self.files = {} if files is None else files
        self._apps = {} if _apps is None else _apps

    def add(self, facts: FileFacts) -> None:
        self.files[facts.path] = facts
        self._apps.clear()

    def app_key(self, path: str) -> str:
        return app_root(path) or GIVEN_PATHS

    def apps(self) -> dict[str, list[FileFacts]]:
        """Every app with linted files, and all of its files (sorted by path)."""
        if not self._apps:
            linted: dict[str, list[FileFacts]] = {}
            for facts in self.files.values():
                linted.setdefault(self.app_key(facts.path), []).append(facts)
            for key, members in linted.items():
                known = {os.path.abspath(f.path) for f in members}
                others = _scan(key, known) if key != GIVEN_PATHS else []
                self._apps[key] = sorted(members + others, key=_sort_key)
        return self._apps


def _sort_key(facts: FileFacts) -> str:
    return os.path.abspath(facts.path)


def _scan(root: str, known: set[str]) -> list[FileFacts]:
    """The facts of the app's files under ``root`` that were not linted (each read once)."""
    out = []
    for path in discover([root]):
        if os.path.abspath(path) in known:
            continue
        facts = _read_facts(display_path(path))
        if facts is not None:
            facts.linted = False
            out.append(facts)
    return out


def _read_facts(path: str) -> FileFacts | None:
    """What another file of the app tells the rules, reading no more than needed."""
    fmt = format_of(path) or "xml"
    if fmt in ("json", "jsonl"):
        # The importer reads no metadata from JSON: the file name is all that matters.
        return FileFacts(path, kinds.JSONL if fmt == "jsonl" else kinds.DATASET, fmt)
    try:
        with open(path, "rb") as fh:
            raw = fh.read()
    except OSError:
        return None
    if fmt == "xml":
        from ait_datasets.source.xml_loader import load_xml_bytes

        return extract_facts(load_xml_bytes(path, raw), "")
    if not re.search(_METADATA, raw, re.MULTILINE):
        return FileFacts(path, kinds.DATASET, fmt)
    doc = load_bytes(path, raw)
    return extract_facts(doc, kinds.file_kind(doc))


def later_duplicates(
    items: Sequence[T], key: Callable[[T], Hashable | None], linted: Callable[[T], bool]
) -> list[tuple[T, T]]:
    """(item to report, the first item it clashes with) for ``items`` that share a key.

    ``items`` are in file order. Every duplicate after the first is reported; findings go
    only to linted files, so when the only linted item of a group is its first, that one
    is reported instead (the clash is still news to whoever changed it).
    """
    groups: dict[Hashable, list[T]] = {}
    for item in items:
        k = key(item)
        if k is not None:
            groups.setdefault(k, []).append(item)
    out: list[tuple[T, T]] = []
    for group in groups.values():
        if len(group) < 2:
            continue
        first, rest = group[0], group[1:]
        reported = [item for item in rest if linted(item)]
        out.extend((item, first) for item in reported)
        if not reported and linted(first):
            out.append((first, rest[0]))
    return out

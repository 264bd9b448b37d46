"""Which suites run a dataset: the suite XMLs of an app, read once per app and run.

A suite XML (XmlPort 149031) has a root element ``Root`` holding ``AITSuite`` elements;
each suite and each of its ``Line`` elements may name a dataset by its group code
(``Dataset=``, case-insensitive: it lands in a Code field). A dataset run by a suite with
``TestType="Agent"`` is an agent dataset, whatever its keys look like.

Suite XMLs are the ``.xml`` resources of the app (any folder under ``.resources``: the
install codeunit imports every ``*.xml`` resource); for a file outside any ``.resources``
folder, the ``.xml`` files of its own folder. They are read under the same limits as the
files that are linted (see :mod:`ait_datasets.source.neighbours`); one that cannot be
read or parsed runs nothing.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from ait_datasets.dataset.app import RESOURCES, app_root, group_code
from ait_datasets.records import Record
from ait_datasets.source.neighbours import Limits, read_neighbour

T = TypeVar("T")


class SuiteRef(Record):
    """One ``AITSuite`` of a suite XML: its file, code, test type and dataset codes."""

    path: str
    code: str
    # `TestType` as written, lower-cased ("agent", "copilot", "" when absent).
    test_type: str
    # Upper-cased group codes of the suite's and its lines' `Dataset=`.
    datasets: frozenset[str]


class SuiteIndex:
    """The suites of one folder of suite XMLs (an app's `.resources`, or a plain folder)."""

    def __init__(self, folder: str, recursive: bool, limits: Limits | None = None) -> None:
        self.folder = folder
        self.suites: list[SuiteRef] = []
        # Files or folders that could not be read: (path, reason).
        self.unreadable: list[tuple[str, str]] = []
        for path in _suite_files(folder, recursive, self.unreadable):
            self.suites.extend(_read_suites(path, limits, self.unreadable))

    def suites_running(self, dataset_path: str) -> list[SuiteRef]:
        """The suites whose `Dataset=` names the group code of ``dataset_path``."""
        code = group_code(dataset_path)
        return [suite for suite in self.suites if code in suite.datasets]

    def agent_suite_for(self, dataset_path: str) -> str | None:
        """The first suite XML running ``dataset_path`` with ``TestType="Agent"``, or None."""
        for suite in self.suites_running(dataset_path):
            if suite.test_type == "agent":
                return suite.path
        return None


def suite_folder(path: str) -> tuple[str, bool]:
    """Where the suite XMLs of ``path``'s app are, and whether to look in subfolders."""
    root = app_root(path)
    if root is not None:
        return root, True
    return os.path.dirname(os.path.abspath(path)), False


def _suite_files(folder: str, recursive: bool, unreadable: list[tuple[str, str]]) -> list[str]:
    found: list[str] = []
    if not recursive:
        try:
            names = sorted(os.listdir(folder))
        except OSError as exc:
            unreadable.append((folder, exc.strerror or str(exc)))
            return found
        return [os.path.join(folder, n) for n in names if n.lower().endswith(".xml")]

    def refuse(exc: OSError) -> None:
        unreadable.append((exc.filename or folder, exc.strerror or str(exc)))

    for here, dirs, files in os.walk(folder, onerror=refuse, followlinks=False):
        dirs.sort()
        found.extend(os.path.join(here, n) for n in sorted(files) if n.lower().endswith(".xml"))
    return found


def _read_suites(
    path: str, limits: Limits | None, unreadable: list[tuple[str, str]]
) -> list[SuiteRef]:
    # Imported here: a run over datasets that never asks about suites needs no XML parser.
    from ait_datasets.source.xml_loader import load_xml_bytes

    try:
        raw = read_neighbour(path, limits)
    except OSError as exc:
        if os.path.lexists(path) and not os.path.isdir(path):
            unreadable.append((path, exc.strerror or str(exc)))
        return []
    root = load_xml_bytes(path, raw).xml
    if root is None or root.name != "Root":
        return []
    out: list[SuiteRef] = []
    for suite in root.children:
        if suite.name != "AITSuite":
            continue
        codes: set[str] = set()
        for element in (suite, *(c for c in suite.children if c.name == "Line")):
            dataset = element.get("Dataset")
            if dataset is not None and dataset.value.strip():
                codes.add(dataset.value.strip().upper())
        code = suite.get("Code")
        test_type = suite.get("TestType")
        out.append(
            SuiteRef(
                path,
                code.value if code is not None else "",
                (test_type.value if test_type is not None else "").strip().lower(),
                frozenset(codes),
            )
        )
    return out


class Apps:
    """The suite indexes of one run, one per folder, each read on first use.

    One instance lives for one command (or one language-server session, refreshed when a
    file changes): never a process-wide cache of disk state.
    """

    def __init__(self, limits: Limits | None = None) -> None:
        self.limits = limits
        self._indexes: dict[tuple[str, bool], SuiteIndex] = {}
        self._memo: dict[Hashable, Any] = {}
        # Neighbour files and folders that could not be read: (path, reason).
        self.unreadable: list[tuple[str, str]] = []

    def remember(self, key: Hashable, compute: Callable[[], T]) -> T:
        """``compute()``'s result, computed once per run for ``key`` (a disk read)."""
        if key not in self._memo:
            self._memo[key] = compute()
        result: T = self._memo[key]
        return result

    def suites_of(self, path: str) -> SuiteIndex:
        key = suite_folder(path)
        index = self._indexes.get(key)
        if index is None:
            index = self._indexes[key] = SuiteIndex(*key, limits=self.limits)
            self.unreadable.extend(index.unreadable)
        return index

    def agent_suite_for(self, path: str) -> str | None:
        """The agent suite XML of ``path``'s app that runs it, or None."""
        return self.suites_of(path).agent_suite_for(path)

    def forget(self, path: str | None = None) -> None:
        """Drop what was read (for the folder of ``path``, or everything)."""
        if path is None:
            self._indexes.clear()
            self._memo.clear()
        else:
            self._indexes.pop(suite_folder(path), None)
            self._memo.clear()


__all__ = ["RESOURCES", "Apps", "SuiteIndex", "SuiteRef", "suite_folder"]

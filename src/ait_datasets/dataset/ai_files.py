"""Is a file in an app's resources an AI-test file? By location and by content.

A test app's `.resources` folder holds more than datasets and suites: Data Exchange
Definitions, lists of provinces, HTTP mocks. Rules that would report such a file for not
being a well-formed dataset (a `.yml` extension, an empty file) first ask here. A file
counts as an AI-test dataset when it lies under a folder named like a dataset folder, when
its content has the keys the framework reads from datasets and tests, or when a suite XML
of its app names it in a `Dataset=` (the suite index of :mod:`ait_datasets.dataset.suites`:
the suite would run it, whatever its folder and content).

(A domain question, answered once here with the file kinds in `dataset.shape`.)
"""

from __future__ import annotations

import os

from ait_datasets.dataset.suites import Apps
from ait_datasets.source.document import Document
from ait_datasets.source.tree import Mapping, Sequence

# Path parts (lower-cased) of the folders Microsoft's and partners' test apps keep their
# datasets in: `datasets`, `Datasets`, `input_datasets`, `Dataset`, `TestScenarios`,
# `AITestSuite`, `suite_setup`, `eval_suite_setup`.
_FOLDER_HINTS = ("dataset", "scenario", "aitest", "suite_setup")

# Keys that only datasets and tests have (what the importer and the test context read).
DATASET_KEYS = frozenset(
    {
        "tests",
        "suite_setup",
        "turns",
        "query",
        "question",
        "expected_data",
        "ground_truth",
        "context",
        "test_setup",
        "turn_setup",
        "testInput",
        "intervention_request",
    }
)


def in_dataset_folder(path: str) -> bool:
    """Whether a folder of ``path`` (inside its `.resources`, if any) is named like one."""
    parts = os.path.normpath(os.path.abspath(path)).split(os.sep)[:-1]
    if ".resources" in parts:
        parts = parts[len(parts) - parts[::-1].index(".resources") :]
    return any(hint in part.lower() for part in parts for hint in _FOLDER_HINTS)


def shaped_like_dataset(doc: Document) -> bool:
    """Whether the document's root (or a JSON array's first items) has dataset keys."""
    roots = doc.rows[:10] if doc.format == "jsonl" else [doc.root]
    for root in roots:
        items = root.items[:10] if isinstance(root, Sequence) else [root]
        for item in items:
            if isinstance(item, Mapping) and not DATASET_KEYS.isdisjoint(item.children):
                return True
    return False


def referenced_by_suite(path: str, apps: Apps) -> bool:
    """Whether a suite XML of ``path``'s app names its group code in a `Dataset=`."""
    return bool(apps.suites_of(path).suites_running(path))


def is_ai_test_file(doc: Document, apps: Apps | None = None) -> bool:
    """By location, by content, then (only with ``apps``, and only when still in doubt:
    it reads the app's suite XMLs) by the suites that name it."""
    if in_dataset_folder(doc.path) or shaped_like_dataset(doc):
        return True
    return apps is not None and referenced_by_suite(doc.path, apps)

"""Is a file an agent dataset? Markers in the file, or a suite XML that says so.

Only agent datasets are migrated: in a Copilot AI-test dataset ``question`` is the right
key. A file counts as an agent dataset when a test has ``turns``, a ``query``, or an
``expected_data.intervention_request``, or when a suite XML of the same app (any ``.xml``
under the nearest ancestor folder named ``.resources``, else the file's own folder)
references it from an ``AITSuite`` with ``TestType="Agent"``.
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from functools import lru_cache
from pathlib import Path

from ait_datasets.lint import kinds
from ait_datasets.source.document import Document


def has_agent_markers(doc: Document) -> bool:
    """``turns``, ``query`` or ``intervention_request`` anywhere a test or turn has them."""
    for ref in kinds.tests_of(doc):
        if "turns" in ref.node.entries or kinds.is_agent_test(ref.node):
            return True
    return False


def group_code(path: str | os.PathLike[str]) -> str:
    """The dataset code a suite XML uses: YAML with its extension, JSON(L) without."""
    name = Path(path).name
    lower = name.lower()
    if lower.endswith((".jsonl", ".json")):
        name = name.rsplit(".", 1)[0]
    return name.upper()


def app_folder(path: str | os.PathLike[str]) -> Path:
    """The nearest ancestor folder named ``.resources``, else the file's own folder."""
    here = Path(path).resolve().parent
    for folder in (here, *here.parents):
        if folder.name == ".resources":
            return folder
    return here


def agent_suite_for(path: str | os.PathLike[str]) -> str | None:
    """The suite XML that references ``path`` with ``TestType="Agent"``, or None."""
    folder = app_folder(path)
    code = group_code(path)
    recursive = folder.name == ".resources"
    for xml_path, codes in _agent_datasets(str(folder), recursive):
        if code in codes:
            return xml_path
    return None


@lru_cache(maxsize=64)
def _agent_datasets(folder: str, recursive: bool) -> tuple[tuple[str, frozenset[str]], ...]:
    pattern = "**/*" if recursive else "*"
    found: list[tuple[str, frozenset[str]]] = []
    for xml_path in sorted(Path(folder).glob(pattern)):
        if xml_path.suffix.lower() != ".xml" or not xml_path.is_file():
            continue
        codes = _agent_codes(xml_path)
        if codes:
            found.append((str(xml_path), codes))
    return tuple(found)


def _agent_codes(xml_path: Path) -> frozenset[str]:
    """Dataset codes used by the file's agent suites; an unreadable XML counts as none."""
    try:
        root = ET.fromstring(xml_path.read_bytes())
    except (OSError, ET.ParseError):
        return frozenset()
    codes: set[str] = set()
    for suite in root.iter("AITSuite"):
        if (suite.get("TestType") or "").strip().lower() != "agent":
            continue
        for element in (suite, *suite.iter("Line")):
            dataset = (element.get("Dataset") or "").strip()
            if dataset:
                codes.add(dataset.upper())
    return frozenset(codes)


def clear_cache() -> None:
    """Forget suite XMLs read so far (for long-running callers and tests)."""
    _agent_datasets.cache_clear()

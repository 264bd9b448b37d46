"""The app under audit: its tests (file:line, name, turns, `covers=` tags), what its AL
test codeunits compare each expected-data key with, and its instruction resources.

Discovery, loading and the app's suites and AL sources are the linter's own
(:func:`~ait_datasets.lint.discover.discover`, :func:`~ait_datasets.lint.al_app.linted_apps`),
so the audit sees the files ``datasets lint`` sees.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from ait_datasets.al.app import read_file as read_text_file
from ait_datasets.al.checks import CodeunitChecks, classify_checks
from ait_datasets.dataset import shape
from ait_datasets.dataset.app import dataset_code
from ait_datasets.dataset.paths import display_path
from ait_datasets.lint.al_app import linted_apps
from ait_datasets.lint.discover import discover, is_xml
from ait_datasets.lint.facts import extract_facts
from ait_datasets.lint.project import Project
from ait_datasets.lint.suppressions import Covers, parse_covers
from ait_datasets.source.document import Document
from ait_datasets.source.tree import Mapping

_INSTRUCTION_SUFFIXES = (".md", ".txt", ".json")
_MAX_INSTRUCTION_FILES = 50


@dataclass(frozen=True, slots=True)
class TestCase:
    """One test of a dataset: where it starts, its name and its turns."""

    path: str
    line: int
    name: str
    dataset: str  # the group code the importer gives its file
    node: Mapping
    turns: tuple[Mapping, ...]
    covers: tuple[str, ...]

    @property
    def where(self) -> str:
        return f"{self.path}:{self.line}"


@dataclass(frozen=True, slots=True)
class AuditedApp:
    folder: str
    tests: tuple[TestCase, ...]
    # group code -> the checks of every codeunit a suite line runs it with.
    checks: dict[str, tuple[CodeunitChecks, ...]]
    has_al: bool
    instructions: tuple[tuple[str, str], ...]  # (path, text)
    notes: tuple[str, ...]


def read_app(folder: str) -> AuditedApp:
    """Read the datasets, suites and AL code under ``folder``."""
    refused: list[tuple[str, str]] = []
    project = Project()
    tests: list[TestCase] = []
    notes: list[str] = []
    for path in discover([folder], refused):
        doc = _load(path)
        if doc is None:
            notes.append(f"{display_path(path)}: cannot be read; its tests are not audited")
            continue
        kind = shape.UNKNOWN if is_xml(path) else shape.file_kind(doc)
        project.add(extract_facts(doc, kind))
        if kind in (shape.DATASET, shape.JSONL):
            tests.extend(_tests(doc, notes))
    notes.extend(f"{display_path(p)}: {why}" for p, why in refused)
    checks: dict[str, list[CodeunitChecks]] = {}
    has_al = False
    for view in linted_apps(project):
        has_al = True
        done: dict[int, CodeunitChecks] = {}
        for line in view.lines:
            if line.codeunit is None or line.codeunit not in view.sources.code.codeunits:
                continue
            if line.codeunit not in done:
                done[line.codeunit] = classify_checks(view.sources.code, line.codeunit)
            for code in line.datasets:
                checks.setdefault(code, []).append(done[line.codeunit])
    return AuditedApp(
        display_path(folder),
        tuple(tests),
        {code: tuple(found) for code, found in checks.items()},
        has_al,
        tuple(_instructions(folder)),
        tuple(notes),
    )


def _load(path: str) -> Document | None:
    try:
        if is_xml(path):
            from ait_datasets.source.xml_loader import load_xml

            return load_xml(path)
        from ait_datasets.source.load import load

        return load(path)
    except OSError:
        return None


def _tests(doc: Document, notes: list[str]) -> list[TestCase]:
    shown = display_path(doc.path)
    covers = _covers_by_line(doc, notes)
    dataset = dataset_code(doc.path)  # the importer's code, as the export names it
    out = []
    for number, ref in enumerate(shape.tests_of(doc), start=1):
        node = ref.node
        line = node.span.line
        name_key = node.key_node("name")
        name = shape.scalar_text(node.get("name")) or f"(test {number})"
        lines = {line, name_key.span.line if name_key is not None else line}
        tags: list[str] = []
        for at in sorted(lines):
            tags.extend(covers.get(at, ()))
        turns = tuple(t for t in shape.turns_of(node) if isinstance(t, Mapping))
        out.append(
            TestCase(shown, line, name, dataset, node, turns or (node,), tuple(dict.fromkeys(tags)))
        )
    return out


def _covers_by_line(doc: Document, notes: list[str]) -> dict[int, tuple[str, ...]]:
    if doc.format == "jsonl" or "covers" not in doc.text:
        return {}
    found: dict[int, tuple[str, ...]] = {}
    item: Covers
    for item in parse_covers(doc.text):
        found[item.target_line] = found.get(item.target_line, ()) + item.tags
        if item.bad:
            shown = ", ".join(item.bad)
            notes.append(
                f"{display_path(doc.path)}:{item.line}:{item.column}: covers= holds "
                f"no tag it can read ({shown}); write covers=MN-01 or covers=injection"
            )
    return found


def _instructions(folder: str) -> list[tuple[str, str]]:
    """The agent's instruction resources: ``*instruction*`` text files (``.md``, ``.txt``,
    ``.json``) under the app, and under a sibling ``app`` folder (Microsoft's layout keeps
    the agent in ``X/app`` and its tests in ``X/test``)."""
    roots = [folder]
    sibling = os.path.join(os.path.dirname(os.path.abspath(folder)), "app")
    if os.path.isdir(sibling) and os.path.abspath(sibling) != os.path.abspath(folder):
        roots.append(sibling)
    out: list[tuple[str, str]] = []
    for root in roots:
        for here, dirs, files in os.walk(root, followlinks=False):
            dirs[:] = sorted(d for d in dirs if d not in (".git", "node_modules", ".alpackages"))
            for name in sorted(files):
                lower = name.lower()
                if "instruction" in lower and lower.endswith(_INSTRUCTION_SUFFIXES):
                    path = os.path.join(here, name)
                    text, _ = read_text_file(path)
                    if text is not None:
                        out.append((display_path(path), text))
                    if len(out) >= _MAX_INSTRUCTION_FILES:
                        return out
    return out

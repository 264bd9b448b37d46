"""An app's two halves side by side: its AL code, and the suites and datasets it runs.

The one place the AL cross-checks (``lint/rules/al_code.py``) learn about the lint run:
which apps were linted (:func:`linted_apps`), their suite lines and their datasets. An
app is only looked at when its folder holds an ``app.json`` and ``*.al`` files, so a run
without AL sources reads nothing more than one ``stat`` per app.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from ait_datasets.al.app import AppSources, app_sources
from ait_datasets.dataset import shape as kinds
from ait_datasets.dataset.app import GIVEN_PATHS, code_field, dataset_code
from ait_datasets.lint.facts import FileFacts
from ait_datasets.lint.project import Project
from ait_datasets.source.document import Document
from ait_datasets.source.tree import Mapping, Node, Sequence, Span


class SuiteLine(NamedTuple):
    """One `<Line CodeunitID=...>` of a suite XML, with the datasets it runs."""

    path: str
    suite: str  # the suite's Code
    codeunit: int | None
    span: Span  # of the CodeunitID value
    datasets: tuple[str, ...]  # group codes (upper case)
    agent: bool  # TestType="Agent"
    linted: bool


class Dataset(NamedTuple):
    path: str
    linted: bool
    doc: Document | None  # None when it could not be read


class AppView(NamedTuple):
    sources: AppSources
    lines: list[SuiteLine]
    datasets: dict[str, list[Dataset]]  # by group code (language variants share one)


def linted_apps(project: Project) -> Iterator[AppView]:
    """Every app of the run that has AL sources, read once."""
    for key, files in project.apps().items():
        if key == GIVEN_PATHS:
            continue
        sources = app_sources(key)
        if sources is None:
            continue
        yield AppView(
            sources,
            list(_suite_lines(files, project.linted)),
            _datasets(files, project.linted),
        )


def _suite_lines(files: list[FileFacts], linted: Linted) -> Iterator[SuiteLine]:
    from ait_datasets.source.xml_loader import XmlDocument, load_xml, load_xml_text

    for facts in files:
        if facts.kind != kinds.FileKind.SUITE_XML:
            continue
        given = linted.get(facts.path)
        if isinstance(given, XmlDocument):
            doc = given
        elif isinstance(given, str):
            doc = load_xml_text(facts.path, given)
        else:
            try:
                doc = load_xml(facts.path)
            except OSError:
                continue
        if doc.xml is None:
            continue
        for suite in doc.xml.children:
            if suite.name != "AITSuite":
                continue
            code = suite.get("Code")
            test_type = suite.get("TestType")
            agent = test_type is not None and test_type.value.strip().lower() == "agent"
            default = suite.get("Dataset")
            for line in suite.children:
                codeunit = line.get("CodeunitID")
                if line.name != "Line" or codeunit is None:
                    continue
                dataset = line.get("Dataset")
                ref = dataset if dataset is not None and dataset.value.strip() else default
                number = codeunit.value.strip()
                yield SuiteLine(
                    facts.path,
                    code.value if code is not None else "",
                    int(number) if _is_id(number) else None,
                    codeunit.value_span,
                    (code_field(ref.value.strip()),) if ref is not None else (),
                    agent,
                    facts.linted,
                )


def _is_id(text: str) -> bool:
    """Digits int() reads as an object ID: ASCII (`²` is a digit to isdigit, not to int),
    at most 10 of them (IDs end at 2,147,483,647; int() refuses over 4,300 digits)."""
    return text.isascii() and text.isdigit() and len(text) <= 10


# What a run linted of a file, when the disk may hold something else (Project.linted).
Linted = dict[str, Document | str]


def _datasets(files: list[FileFacts], linted: Linted) -> dict[str, list[Dataset]]:
    out: dict[str, list[Dataset]] = {}
    for facts in files:
        if facts.format == "xml" or facts.kind == kinds.SUITE_SETUP:
            continue
        item = Dataset(facts.path, facts.linted, _load(facts.path, linted.get(facts.path)))
        codes = {dataset_code(facts.path)}
        if facts.language and facts.name:
            codes.add(code_field(facts.name))
        for code in codes:
            out.setdefault(code, []).append(item)
    return out


def _load(path: str, given: Document | str | None) -> Document | None:
    """The dataset as linted (``given``), else as on disk; None when it has no data."""
    from ait_datasets.source.load import load, load_text

    if isinstance(given, Document):
        doc = given
    elif given is not None:
        doc = load_text(path, given)
    else:
        try:
            doc = load(path)
        except OSError:
            return None
    return doc if doc.root is not None or doc.rows else None


def holders(doc: Document) -> Iterator[Mapping]:
    """The mappings that hold a turn's data: each turn, or the test without turns."""
    for test in kinds.tests_of(doc):
        if "turns" in test.node.children:
            for turn in kinds.turns_of(test.node):
                if isinstance(turn, Mapping):
                    yield turn
        else:
            yield test.node


def nodes_at(node: Node | None, path: tuple[str, ...]) -> list[Node]:
    """The nodes ``path`` reaches from ``node`` (``*`` = every item of a list)."""
    current = [node] if node is not None else []
    for step in path:
        nxt: list[Node] = []
        for item in current:
            if step == "*" and isinstance(item, Sequence):
                nxt.extend(item.items)
            elif isinstance(item, Mapping):
                child = item.get(step)
                if child is not None:
                    nxt.append(child)
        current = nxt
    return current

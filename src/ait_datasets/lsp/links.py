"""References to other files: ``suite_setup: NAME``, a suite's ``Dataset=``, and
``attachments[].file``; each resolved the way the framework resolves it (see the
cross-file rules), for go-to-definition, document links and hover."""

from __future__ import annotations

import os
import re
from typing import TYPE_CHECKING

from lsprotocol import types as lsp

from ait_datasets.lsp.context import ancestors, own_key
from ait_datasets.lsp.convert import file_uri
from ait_datasets.lsp.positions import Lines
from ait_datasets.records import Record

if TYPE_CHECKING:
    from ait_datasets.lint.facts import FileFacts

_DATASET_ATTR = re.compile(r"\bDataset\s*=\s*(?P<q>[\"'])(?P<value>[^\"']*)(?P=q)")


class Target(Record):
    """A reference on one line (code-point columns) and the file it names."""

    line: int
    start: int
    end: int
    path: str  # absolute; "" when it resolves to nothing
    tooltip: str


def location(target: Target) -> lsp.Location:
    start = lsp.Position(0, 0)
    return lsp.Location(file_uri(target.path), lsp.Range(start, start))


def targets(lines: Lines, path: str, only_line: int | None = None) -> list[Target]:
    """References that resolve to a file (on ``only_line`` when given)."""
    return [t for t in references(lines, path, only_line) if t.path]


def references(lines: Lines, path: str, only_line: int | None = None) -> list[Target]:
    """Every reference (on ``only_line`` when given); an unresolved one has no path and its
    tooltip says why."""
    from ait_datasets.dataset.app import app_root

    root = app_root(path)
    out: list[Target] = []
    indices = range(len(lines)) if only_line is None else [only_line]
    if path.lower().endswith(".xml"):
        for i in indices:
            for found in _DATASET_ATTR.finditer(lines.line(i)):
                value = found.group("value")
                if value.strip():
                    hit = _dataset(root, value) if root else None
                    out.append(
                        _target(i, found.start("value"), found.end("value"), hit, value, "Dataset")
                    )
        return out
    for i in indices:
        line = lines.line(i)
        key = own_key(line)
        if key not in ("suite_setup", "file"):
            continue
        colon = line.index(":", line.index(key))
        value = line[colon + 1 :].split(" #", 1)[0].strip()
        bare = value.strip("\"'")
        if not bare or bare in ("|", ">"):
            continue
        start = line.index(bare, colon)
        end = start + len(bare)
        if key == "suite_setup" and not line.startswith(" "):
            hit = _suite_setup(root, path, bare) if root else None
            out.append(_target(i, start, end, hit, bare, "Suite setup"))
        elif key == "file" and ancestors(lines, i)[-1:] == ["attachments"] and root:
            full = os.path.join(root, *bare.split("/"))
            hit = full if os.path.isfile(full) else None
            out.append(_target(i, start, end, hit, bare, "Attachment"))
    return out


def _target(line: int, start: int, end: int, hit: str | None, value: str, what: str) -> Target:
    if hit is not None:
        return Target(line, start, end, os.path.abspath(hit), f"{what} `{value}` resolves to")
    return Target(line, start, end, "", f"{what} `{value}` resolves to no file of the app")


def _app_facts(root: str) -> list[FileFacts]:
    from ait_datasets.lint.discover import discover
    from ait_datasets.lint.project import read_facts

    out: list[FileFacts] = []
    for file in discover([root]):
        facts = read_facts(file)
        if facts is not None:
            out.append(facts)
    return out


def _suite_setup(root: str, path: str, name: str) -> str | None:
    """The suite-setup file of the app whose `name` (or file name) is ``name``."""
    from ait_datasets.dataset import shape as kinds
    from ait_datasets.dataset.app import group_name

    for facts in _app_facts(root):
        if (
            facts.kind == kinds.SUITE_SETUP
            and group_name(facts.path, facts.format, facts.name) == name
        ):
            return facts.path
    return None


def _dataset(root: str, value: str) -> str | None:
    """The dataset a `Dataset=` names: its group code, as the importer computes it."""
    from ait_datasets.dataset.app import code_field, dataset_code

    wanted = value.strip().upper()
    parent = None
    for facts in _app_facts(root):
        if facts.format == "xml":
            continue
        if dataset_code(facts.path) == wanted:
            return facts.path
        if parent is None and facts.language and facts.name and code_field(facts.name) == wanted:
            parent = facts.path  # a language variant names its parent group
    return parent

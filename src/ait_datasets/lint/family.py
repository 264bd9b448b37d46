"""A rule family describes itself: its prefix, what files it reads, its rules and checks.

Like yamllint's rule ``TYPE`` and ruff's registry, the engine never decides by module
name which family reads which file: it asks each family's :class:`Family` descriptor.
A family module defines its rules next to its ``check`` and ends with ``FAMILY``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from ait_datasets.dataset.shape import FileKind
from ait_datasets.diagnostics import Diagnostic
from ait_datasets.lint.rule import Checker, Rule
from ait_datasets.records import FrozenRecord

if TYPE_CHECKING:
    from ait_datasets.lint.config import LintConfig
    from ait_datasets.lint.project import Project
    from ait_datasets.source.document import Document

ProjectChecker = Callable[["Project", "LintConfig"], Iterable[Diagnostic]]

DATA_FORMATS = frozenset({"yaml", "json", "jsonl"})
XML_FORMATS = frozenset({"xml"})
ALL_FORMATS = DATA_FORMATS | XML_FORMATS
# The file kinds holding tests (a suite-setup file holds setup data, not tests).
TEST_KINDS = frozenset({FileKind.DATASET, FileKind.JSONL})
DATA_KINDS = frozenset({FileKind.DATASET, FileKind.JSONL, FileKind.SUITE_SETUP})


class Family(FrozenRecord, kw_only=True):
    """One rule family: which files it reads and how it checks them."""

    # The code prefix of its rules (`QRY`).
    prefix: str
    rules: tuple[Rule, ...]
    # Per file (None: the family only has cross-file or loader-made findings).
    check: Checker | None = None
    # Once per run, over the facts of every file (the cross-file phase).
    check_project: ProjectChecker | None = None
    # The formats (`yaml`, `json`, `jsonl`, `xml`) and file kinds (None: any) whose files
    # ``check`` reads.
    formats: frozenset[str] = DATA_FORMATS
    kinds: frozenset[FileKind] | None = None
    # Whether ``check`` also runs on a file that could not be parsed (it reads the name).
    unparsed: bool = False

    def reads(self, doc: Document, kind: FileKind) -> bool:
        """Whether ``check`` runs on ``doc`` (of file kind ``kind``)."""
        if self.check is None or doc.format not in self.formats:
            return False
        if not self.unparsed and not has_tree(doc):
            return False
        return self.kinds is None or kind in self.kinds


def has_tree(doc: Document) -> bool:
    """Whether the loader produced something to walk (a root, or JSONL rows)."""
    return doc.root is not None or (doc.format == "jsonl" and bool(doc.rows))

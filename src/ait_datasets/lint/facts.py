"""What one file tells the others: the facts cross-file rules need, as plain data.

Facts are extracted right after a file is linted, so no file is parsed twice, and they
are plain picklable values, so files can be linted in worker processes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ait_datasets.lint import kinds
from ait_datasets.source.document import Document
from ait_datasets.source.tree import Mapping, Scalar, Span


@dataclass(slots=True)
class Ref:
    """A value in a file that names something elsewhere, and where it is."""

    value: str
    span: Span


@dataclass(slots=True)
class FileFacts:
    path: str
    kind: str  # see ait_datasets.lint.kinds
    format: str  # yaml | json | jsonl | xml
    # Top-level `name:` and `language:` (scalars only, as the importer reads them).
    name: str | None = None
    language: str | None = None
    # `suite_setup: NAME` in a dataset (a reference to a suite-setup file's name).
    suite_setup_ref: Ref | None = None
    # Anything else a rule family wants to carry across files (plain data only).
    extra: dict[str, object] = field(default_factory=dict)


def extract_facts(doc: Document, kind: str) -> FileFacts:
    facts = FileFacts(doc.path, kind, doc.format)
    root = doc.root
    if isinstance(root, Mapping):
        name = root.get("name")
        if isinstance(name, Scalar):
            facts.name = kinds.scalar_text(name)
        language = root.get("language")
        if isinstance(language, Scalar):
            facts.language = kinds.scalar_text(language)
        setup = root.get("suite_setup")
        if kind == kinds.DATASET and isinstance(setup, Scalar):
            text = kinds.scalar_text(setup)
            if text is not None:
                facts.suite_setup_ref = Ref(text, setup.span)
    return facts

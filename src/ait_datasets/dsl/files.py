"""Writing datasets to disk and reading them back as model objects."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pydantic import BaseModel, TypeAdapter, ValidationError

from ait_datasets import atomic
from ait_datasets.dataset.shape import SUITE_SETUP, file_kind
from ait_datasets.diagnostics import Severity
from ait_datasets.dsl.canonical import to_jsonl, to_yaml
from ait_datasets.dsl.errors import DatasetBuildError
from ait_datasets.schema import models
from ait_datasets.source import find, load, load_text
from ait_datasets.source.document import Document

Loaded = models.DatasetFile | models.SuiteSetupFile | models.AgentTest | models.CopilotTest


def write(obj: BaseModel, path: str | os.PathLike[str]) -> Path:
    """Write ``obj`` as canonical YAML to ``path`` (a ``.yaml`` file), atomically.

    The framework imports only files whose name ends in ``.yaml`` exactly, so other
    suffixes are refused.
    """
    target = Path(path)
    if not target.name.endswith(".yaml"):
        raise DatasetBuildError(
            f"{target.name}: dataset files must end in '.yaml' (lower case); the importer "
            "silently skips .yml and .YAML"
        )
    _write_atomically(target, to_yaml(obj))
    return target


def write_jsonl(tests: Iterable[BaseModel], path: str | os.PathLike[str]) -> Path:
    """Write tests as a ``.jsonl`` dataset (one test per line), atomically."""
    target = Path(path)
    if not target.name.endswith(".jsonl"):
        raise DatasetBuildError(f"{target.name}: a JSONL dataset must end in '.jsonl'")
    _write_atomically(target, to_jsonl(list(tests)))
    return target


def read(path: str | os.PathLike[str]) -> Loaded:
    """Read a YAML dataset or suite-setup file back into model objects."""
    return _from_document(load(str(path)))


def from_yaml(text: str, path: str = "<text>") -> Loaded:
    """Parse YAML text (as written by :func:`write`) into model objects."""
    return _from_document(load_text(path, text))


def _from_document(doc: Document) -> Loaded:
    errors = [d for d in doc.diagnostics if d.severity is Severity.ERROR]
    if errors or doc.root is None:
        first = errors[0] if errors else None
        where = f"{first.path}:{first.line}:{first.column}: " if first else f"{doc.path}: "
        raise DatasetBuildError(where + (first.message if first else "nothing to read"))
    data = doc.data
    setup = file_kind(doc) is SUITE_SETUP
    adapter: TypeAdapter[Any] = TypeAdapter(models.SuiteSetupFile if setup else models.Dataset)
    try:
        result: Loaded = adapter.validate_python(data)
    except ValidationError as exc:
        raise DatasetBuildError(_located(doc, exc)) from None
    return result


def _located(doc: Document, exc: ValidationError) -> str:
    error = exc.errors()[0]
    keys = _keys(doc)
    loc = error["loc"]
    path = tuple(p for p in loc if isinstance(p, int) or p in keys)
    message = error["msg"].removeprefix("Value error, ")
    if error["type"] == "missing" and loc:
        message = f"'{loc[-1]}' is required here"
        path = tuple(p for p in loc[:-1] if isinstance(p, int) or p in keys)
    elif error["type"] == "extra_forbidden" and path:
        message = f"unknown key '{path[-1]}'"
    node = find(doc.root, path) if doc.root is not None else None
    while node is None and path:
        path = path[:-1]
        node = find(doc.root, path) if doc.root is not None else None
    line, column = (node.span.line, node.span.column) if node is not None else (1, 1)
    return f"{doc.path}:{line}:{column}: {_dotted(path)}{message}"


def _dotted(path: tuple[str | int, ...]) -> str:
    text = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".")
    return f"{text}: " if text else ""


def _keys(doc: Document) -> set[str]:
    keys: set[str] = set()

    def collect(value: Any) -> None:
        if isinstance(value, dict):
            keys.update(str(k) for k in value)
            for item in value.values():
                collect(item)
        elif isinstance(value, list):
            for item in value:
                collect(item)

    collect(doc.data)
    return keys


def _write_atomically(path: Path, text: str) -> None:
    """Write ``text`` as UTF-8 through a temporary file in the same folder, keeping
    permissions (the folder is made when missing)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic.write_text_atomically(str(path), text)

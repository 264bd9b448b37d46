"""The document model and its JSON Schema.

Importing this package is cheap: the pydantic models live in
``ait_datasets.schema.models`` and are imported only by code that needs them (the DSL,
the schema generator). ``datasets lint`` reads ``ait_datasets.schema.vocabulary`` only.
The shipped JSON Schema files are read from the package data by ``shipped_schema_text``.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

# kind -> file name under ait_datasets/schema/json/ (shipped in the wheel).
SCHEMA_FILES: dict[str, str] = {
    "dataset": "dataset.schema.json",
    "suite-setup": "suite-setup.schema.json",
    "jsonl-row": "jsonl-row.schema.json",
}
# kind -> file name of its editor variant (completion and hover only, no errors: see
# ``ait_datasets.schema.editor``), for the YAML files an editor's YAML extension reads.
EDITOR_SCHEMA_FILES: dict[str, str] = {
    "dataset": "dataset.editor.schema.json",
    "suite-setup": "suite-setup.editor.schema.json",
}


def shipped_schema_text(kind: str, editor: bool = False) -> str:
    """The text of the shipped JSON Schema for ``kind`` (see ``SCHEMA_FILES``), or of its
    editor variant (``EDITOR_SCHEMA_FILES``)."""
    name = (EDITOR_SCHEMA_FILES if editor else SCHEMA_FILES)[kind]
    return (resources.files(__name__) / "json" / name).read_text(encoding="utf-8")


def shipped_schema(kind: str, editor: bool = False) -> dict[str, Any]:
    """The shipped JSON Schema for ``kind`` (or its editor variant), parsed."""
    data: dict[str, Any] = json.loads(shipped_schema_text(kind, editor))
    return data


__all__ = ["EDITOR_SCHEMA_FILES", "SCHEMA_FILES", "shipped_schema", "shipped_schema_text"]
